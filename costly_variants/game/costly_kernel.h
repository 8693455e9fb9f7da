/* costly_kernel.h: the compiled self-play kernel's C interface. No Python: flat arrays in, flat arrays out.

   The kernel plays whole seeded games of Costly Colours bot against bot, exactly the games of the Python
   engine (see _kernel.h). It is compiled twice from the same units (_kernel_*.c):
     - for CPython, with _kernel.c (the one file that includes Python.h), as costly_variants.game._kernel;
     - for the browser and Node, to WebAssembly (costly_variants/site/wasm_kernel.py builds
       costly_kernel.wasm; costly_kernel.mjs loads it and documents its JavaScript calls).
   Both are held to the Python engine's games by the tests (tests/test_kernel.py, tests/test_wasm_kernel.py).

   What goes in (every array is made by costly_variants/game/kernel.py; nothing here is meant to be
   written by hand):
     rules  int32[n_rules]: kernel._rules_array(rules, bots): the compiled rules (its header's names in the
            order ck_layout_name gives), with the board search's win table after them where a seat plays
            "search".
     bots   uint8[n_bots]: one bot a seat (kernel._seats: 0 random, 1 greedy, 2 expert, 3 search-points,
            4 search).
     seeds  uint64[n_seeds]: one game a seed, seeded as Python's random.Random(seed) would be.
   What comes out: a ck_out, a growable array of int64 the caller makes (ck_out_new) and frees
   (ck_out_free); each call appends to it. Its records:

   ck_play: for each seed, one record: 0 where the Python engine must play that game (it is not guessed
     here), else 1 followed by
       winner, first_dealer_won, deals, score0, score1, dealer_edge, decided_by, lead_changes, drama,
       decisive_deal,
       n, then the n gaps (the winner's lead after each deal),
       n, then n ints: (kind, points, events) for every kind of score that scored,
       n, then the n eldest counts (with eldest_counts; else n = 0),
     and with `trace`:
       n, then the n actions (kernel.action_code's codes),
       n, then n ints: (deal, player, points, kind) for every score event.
   ck_tally: one record of the chunk's sums, in this order (n_slots, n_names as given; LEAD_POINTS 11):
       games,
       total[n_slots], squares[n_slots], by_deals[n_slots], cross_ab[n_slots], cross_ad[n_slots],
       cross_da[n_slots], eldest_pair[3], lead[11], wins[2], names[n_names], named[n_names],
       n, then n pairs (deals, games): the histogram of deals,
       n, then n triples (decisive deal, deals, games),
       n, then n quintuples (the base's decisive deal, the base's deals, decisive deal, deals, games),
       then, with `keep`, n_seeds * (n_slots + 1) ints: each game's measures and its decisive deal (what a
       later tally takes as `base`).
     Its status is CK_ENGINE (and nothing is appended) where any game is the Python engine's to play.
   ck_winners: won[i], each game's winning side (0 or 1), or 255 where the engine must play it.
   ck_win_table: the win table's dynamic programme (chances/table.py's solve) over sampled deals
     (chances.deals.Deal), for the board-playing search where numpy is not at hand:
       deals  int32[n_deals]: deal after deal, each its dealing side (0 or 1), its number of runs n, then n
              runs (side, points), sides relative to the dealer, in the order the points fell;
       chances double[2 * target * target + 2], written: side A's chance at (a * target + b) * 2 + dealer,
              then side A's chance from equal scores at or past the target, side A dealing next and side B.

   Every call returns a status: CK_OK (0), CK_ENGINE (1, ck_tally only), or a negative error, which
   ck_message names. Same arguments, same output, on every machine. */
#ifndef COSTLY_KERNEL_API_H
#define COSTLY_KERNEL_API_H

#include <stddef.h>
#include <stdint.h>

/* The version of these arrays' layouts: must equal kernel.KERNEL_FORMAT, or the kernel is not used. */
#define CK_FORMAT 3

enum {
    CK_OK = 0,
    CK_ENGINE = 1,        /* a game the Python engine must play (ck_tally) */
    CK_NO_MEMORY = -1,
    CK_SHORT_RULES = -2,  /* the rules array is shorter than its header */
    CK_BAD_RULES = -3,    /* the rules array is not one kernel.py made */
    CK_BAD_SEATS = -4,    /* not one bot a seat */
    CK_BAD_BOT = -5,      /* a bot code it does not know */
    CK_NO_BOARD = -6,     /* the board search without its win table after the rules */
    CK_BAD_TALLY = -7,    /* ck_tally's slots or sizes do not fit the rules */
    CK_BAD_SLOT = -8,     /* a kind's slot out of range */
    CK_BAD_BASE = -9,     /* the base does not fit the seeds */
    CK_BAD_DEALS = -10,   /* ck_win_table's deals are not a list of deals, or its target is out of range */
    CK_NO_DEALS = -11,    /* ck_win_table: no deal dealt by one side, or none in which anybody scores */
};

/* A growable array of int64 that the calls append their records to. */
typedef struct ck_out ck_out;
ck_out *ck_out_new(void);
void ck_out_free(ck_out *out);
const int64_t *ck_out_data(const ck_out *out);
size_t ck_out_length(const ck_out *out);
void ck_out_clear(ck_out *out);

/* The message of a status ("kernel: ..."), or NULL for CK_OK and CK_ENGINE. */
const char *ck_message(int status);

int ck_format(void);
/* The names of the rules array's header, in order (kernel.py packs a value for each). */
int ck_layout_size(void);
const char *ck_layout_name(int i);
/* The names of a game's whole-number measures, in slot order (runs.tally.MEASURES). */
int ck_measures_size(void);
const char *ck_measure_name(int i);

int ck_play(const int32_t *rules, size_t n_rules, const uint8_t *bots, size_t n_bots, const uint64_t *seeds,
            size_t n_seeds, int eldest_counts, int trace, ck_out *out);
/* slots: four int32 a kind of score (4 * n_kinds): its source's slot, its group's slot, its name's place,
   and 1 if it scores in the play, 2 at the count (runs.tally.KernelLayout). base: NULL, or
   n_seeds * (n_slots + 1) int64, a tally's kept games of the first rule set over the same seeds. */
int ck_tally(const int32_t *rules, size_t n_rules, const uint8_t *bots, size_t n_bots, const uint64_t *seeds,
             size_t n_seeds, int eldest_counts, const int32_t *slots, size_t n_slot_ints, int n_slots, int n_names,
             const int64_t *base, size_t n_base, int keep, ck_out *out);
int ck_winners(const int32_t *rules, size_t n_rules, const uint8_t *bots, size_t n_bots, const uint64_t *seeds,
               size_t n_seeds, uint8_t *won);
/* mirrored: every deal serves both sides dealing (the same bot on both sides), else each side's own. */
int ck_win_table(const int32_t *deals, size_t n_deals, int target, int peg_out, int mirrored, double *chances);

#endif
