/* The compiled self-play kernel of costly_variants.game.kernel: whole games, bot against bot, seeded.

   It plays exactly the games of the Python engine (game/state.py and the phases it extends, with the
   bots of game/bots.py and the loop of game/playout.py): the same chance draws from the same Mersenne
   Twister, seeded as CPython seeds random.Random with an int, the same legal actions in the same order,
   the same choices, the same score events in the same order. The rules are not written here: kernel.py
   compiles a Rules into one flat array of ints (its layout named by HEADER below), holding the count of
   every hand by its parts (filled from count.hand's tables), the points and names of every score as
   numbered kinds, and the play's scoring parameters; these files walk the game over them.

   What it cannot play the way the engine would (a game longer than the engine allows, a deal longer
   than MAX_DEAL_ACTIONS, a run the engine's tables would refuse), it does not guess: the game comes
   back as None and the Python engine plays it, raising what it raises.

   tests/test_kernel.py holds the two to the same games on every bundled profile, every bot pairing and
   random house profiles. CK_FORMAT (costly_kernel.h) must equal kernel.KERNEL_FORMAT, or the kernel is not
   used.

   The units follow the Python they mirror, one a module of game/ (and of runs/ for the tally):
     _kernel_random.c  random numbers: Python's random.Random as game/playout.py seeds and draws from it
       (CPython's Modules/_randommodule.c).
     _kernel_deal.c  the state and the deal: game/base.py (the scores and their events), game/deal.py (the
       cut and the deal) and the chance of game/state.py (a card drawn from the stock).
     _kernel_mog.c  the mog: game/turnup.py (the deck card turned) and game/mog.py (the asking, the refusal,
       the exchange, the stock).
     _kernel_play.c  the play: game/play.py (score_play, the legal cards, the go, the latter, the series).
     _kernel_count.c  the count: count/hand.py (HandCounter: a hand's count by its rank part and suit part;
       ROLE_BESIDE) and game/count.py (CountPhase: the claims, the heels, each hand counted, the end of the
       game at the count).
     _kernel_bots.c  the bots: game/bots.py (the greedy and expert bots; the random bot is a draw in
       playout).
     _kernel_search.c  the search: game/search.py (the search bot: the play's minimax, the mog's model, the
       count to come).
     _kernel_search_play.c  the search's minimax in the two-hand play over compact positions: search.py's
       _play_value, with play.py's scores and steps as _kernel_play.c makes them.
     _kernel_search_four.c  the same in the four-hand play (searched to the end of the series).
     _kernel_worlds.c  the search's worlds: game/search.py (SearchBot._world, _count_world).
     _kernel_board.c  the board search's win table: game/wintable.py (Board: a chance from the scores) and
       game/tangent.py (Tangent: the table to first order, for the four-hand search).
     _kernel_playout.c  one game: game/playout.py (play_game: one seeded game bot against bot) and what
       kernel.py asks of a game.
     _kernel_tally.c  the tally: runs/measures.py (what is read of a finished game) and runs/tally.py
       (a chunk of games as sums).
     _kernel_wintable.c  the win table's dynamic programme: chances/table.py's solve over sampled deals
       (the board search's table worked out where numpy is not at hand: the Play page).
     _kernel_api.c  the calls of costly_kernel.h: the rules array read, a call's games played, their records.
     _kernel.c  the CPython module (the one unit that includes Python.h): costly_kernel.h's calls over
       Python's buffers, as game/kernel.py calls them (layout, play, tally, winners, measures, win_table).
   Nothing here includes Python.h: the same units compile to WebAssembly (site/wasm_kernel.py).
   This header holds what they share: the compiled rules, the cards, the game's state, and each
   unit's functions that the others call. */
#ifndef COSTLY_KERNEL_H
#define COSTLY_KERNEL_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "costly_kernel.h"

/* ---- random numbers: the Mersenne Twister's state (_kernel_random.c) ------------------------------- */

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    int mti, twisted; /* the next word to use; the words of this round twisted so far */
} MT;

/* ---- the compiled rules ------------------------------------------------------------------------- */

/* The header of the rules array, in order: kernel.py packs a value for every name (KERNEL_LAYOUT). */
#define HEADER(X)                                                                                       \
    X(players) X(partnerships) X(target) X(peg_out) X(first_lowest) X(cut_ace_high) X(cards_each)      \
    X(in_ones) X(heels_mask) X(heels_points) X(heels_before_play) X(kind_heels_jack) X(kind_heels_other) \
    X(procedure) X(refusal_points) X(kind_refusal) X(not_asking_pays) X(given_away_scores)              \
    X(late_claim) X(claim_own_count) X(challenger_elder) X(dealer_stock) X(stock_when_refused)          \
    X(limit) X(go_points) X(kind_go) X(latter_points) X(kind_latter) X(latter_each) X(go_and_latter)    \
    X(new_series) X(play_pairs) X(courts_alike) X(pair_points) X(prial_points) X(dprial_points)         \
    X(kind_pair2) X(kind_pair3) X(kind_pair4) X(play_sequences) X(seq_min) X(ace_high_or_low)           \
    X(kind_sequence) X(play_jd) X(deck_scores_jd) X(cocks_nest) X(kind_cocks) X(n_ace)                  \
    X(off_ace_values) X(off_card_value) X(off_play_total_kind) X(off_play_hitter_kind) X(off_jd_points) \
    X(off_jd_kind_play) X(off_jd_kind_give) X(off_jd_kind_claim) X(off_jd_place) X(off_jd_kind_count)   \
    X(off_colour_start) X(off_colour_count) X(off_colour_items) X(off_small_totals) X(off_full_totals)  \
    X(off_rank_start) X(off_rank_count) X(off_rank_items) X(max_rank_items) X(max_colour_items) X(n_kinds)     \
    X(size)

#define FIELD(name) int name;
typedef struct {
    HEADER(FIELD)
    const int32_t *ace_values, *card_value, *play_total_kind, *play_hitter_kind;
    const int32_t *jd_points, *jd_kind_play, *jd_kind_give, *jd_kind_claim, *jd_place, *jd_kind_count;
    const int32_t *colour_start, *colour_count, *colour_items;
    const int32_t *small_totals, *full_totals, *rank_start, *rank_count, *rank_items;
    int colour_total[64]; /* the colours' points by their key (colour_key), summed once */
    int alike[14];        /* a rank as the play's pairs match it: the courts one rank where they are alike */
    int play_never_below; /* no score of the play below nothing: a quiet copy sums a card's points at once */
    const int32_t *win; /* the board search's win table after the array, or NULL (_kernel_board.c) */
} Rules;
#undef FIELD

enum { PROC_ELDEST_CHOOSES, PROC_ELDER_ASKS_DEALER, PROC_BOTH_PASS };

/* ---- cards ------------------------------------------------------------------------------------------
   A card is its index in cards.FULL_DECK: suit-major (clubs, diamonds, hearts, spades), Ace to King. */

#define RANK(c) ((c) % 13 + 1)
#define SUIT(c) ((c) / 13)
#define SORT_KEY(c) (RANK(c) * 4 + SUIT(c))
#define RED(s) ((s) == 1 || (s) == 2)

/* [deck][card], filled once at import (_kernel_count.c): count.hand.ROLE_BESIDE, and what the play's
   scores see of a card (its rank, and a Jack's or Deuce's suit role). */
extern unsigned char ROLES[52][52], PLAY_CODE[52][52];
extern unsigned char ROLE_SUIT[4][4]; /* [deck's suit][relation]: the suit (ROLES' relation, its role & 3) */

static inline int role(int card, int deck) { return ROLES[deck][card]; }

/* A small function inlined where it is called, whatever the optimiser weighs (a search's inner steps). */
#if defined(__GNUC__) || defined(__clang__)
#define HOT_INLINE static inline __attribute__((always_inline))
#else
#define HOT_INLINE static inline
#endif

/* Whether the ranks in `seen` (bit r for rank r, an Ace bit 1) run without a gap, an Ace low, and high where
   `ace_high_or_low` lets it (play.score_play's sequence): the play's scores and the search's compact play
   walk the series back and ask this of each length. */
HOT_INLINE int ranks_run(unsigned seen, int ace_high_or_low) {
    unsigned low = seen >> __builtin_ctz(seen);
    if ((low & (low + 1)) == 0)
        return 1;
    if (!ace_high_or_low || !(seen & 2u))
        return 0;
    unsigned high = (seen & ~2u) | 1u << 14;
    high >>= __builtin_ctz(high);
    return (high & (high + 1)) == 0;
}

/* [card], filled once at import (_kernel_count.c): a card's rank less one (its digit in a rank code), and
   its place in a suit shape, the count of each suit in SHAPE_BITS bits (a hand and its deck card, and one
   card more, at most seven of a suit); COLOUR_KEY: the colours table's key of a shape (colour_key). */
#define SHAPE_BITS 3
extern unsigned char RANK_DIGIT[52], COLOUR_KEY[1 << (4 * SHAPE_BITS)];
extern int SUIT_BIT[52];

typedef struct {
    int place, kind, points;
} Item;

/* ---- the game --------------------------------------------------------------------------------------- */

enum { K_CUT, K_DEAL, K_TURN, K_STOCK_CARD, K_ASK, K_DECLINE, K_GIVE, K_STOCK, K_NO_STOCK, K_DISCARD, K_PLAY, K_GO };
enum { S_ASK, S_ANSWER, S_CONFIRM, S_OFFER, S_ASK_PARTNER, S_ANSWER_PARTNER, S_GIVE, S_STOCK, S_STOCK_CARD, S_DISCARD };
enum { P_CUT, P_DEAL, P_TURN, P_MOG, P_PLAY, P_COUNT, P_OVER };
enum { BOT_RANDOM, BOT_GREEDY, BOT_EXPERT, BOT_SEARCH, BOT_BOARD }; /* BOT_SEARCH: search-points; BOT_BOARD: search */

#define MAX_ACTIONS 20000
#define MAX_DEAL_ACTIONS 200
#define HAND_MAX 6
/* The most values an Ace may have (kernel.py's ACE_VALUES_MAX): a seat's moves, a hand's cards and four
   Aces once a value each, fit a list of 64 (play_value's, play_one's) */
#define ACE_VALUES_MAX 15
_Static_assert(HAND_MAX - 4 + 4 * ACE_VALUES_MAX + 1 <= 64, "a seat's moves within a list of 64");
#define SERIES_MAX 24

typedef struct {
    int kind, card, value, peg;
} Act;

typedef struct {
    int deal, player, team, points, kind;
} Event;

typedef struct {
    int deal, n, played, deck, cards[HAND_MAX], nu; /* the hand weighed (expert_view), and its unseen cards */
    int now;       /* the hand's count now */
    double best;   /* the most to be expected after an exchange: of value, over the hand's cards */
    double value[52]; /* by the card given: the count to be expected after the exchange */
    const int32_t *jd_of; /* the rules' Jacks' and Deuces' points by suit role, and their sum over the */
    long long jd_all;     /* whole deck: worked out once a game */
    int give_card, give_peg; /* the give chosen (expert_mog_step), or -1 not yet */
} ExpectCache;

typedef struct Game {
    const Rules *r;
    MT rng;
    MT seat_rng[4];
    int bot[4];
    /* The position as a card played changes it: a search's move copies this alone (copy_play). */
    int scores[2], phase, deal_number, winner;
    int hands[4][HAND_MAX], hand_n[4];
    int count, series_n, said_go, go_awarded, go_paid;
    int to_play, last_player, played_n;
    int counted[4], fast_count; /* a search's world: each hand's count, worked out once (draw_world) */
    int count_add[2], count_sure; /* and what the whole count adds to each side, if nothing it adds is below 0 */
    int series_p[SERIES_MAX], series_c[SERIES_MAX]; /* the series' seats and cards: the play's part's last */
    /* The rest of the position. */
    int n, teams[4];
    int stock[52], stock_n;
    int dealer, eldest, first_dealer;
    int cuts[4], ncuts;
    int count_hands[4][HAND_MAX], count_n[4];
    int dealt, deck;
    int pend_p[16], pend_s[16], npend;
    int give_p[2], give_card[2], give_peg[2], ngives;
    int offers[4];
    int exchanged, refused; /* seats, as bits */
    int claim_recv[8], claim_card[8], claim_points[8], claim_kind[8], nclaims;
    int played[52];
    Event *events;
    int nev, cap;
    ExpectCache expect[4];
    ExpectCache *expect_shared; /* in a search's frames: one cache a seat for all of them (the first frame's) */
    Item *items, *suit_items; /* room for a hand's items: its rank part and suit part, and the latter */
    int failed; /* what the engine would refuse, or memory: the game goes to Python */
    int *eldest_counts;
    int n_eldest, cap_eldest;
    int record_eldest;
    int quiet;                 /* a search's copy: scores kept, no events */
    int gave_deal[4], gave_card[4]; /* each search seat's card given in the mog, and in which deal */
    struct Game *frames;       /* a search's positions, one a level (heap) */
    struct FastPlay *fast_play; /* a search's compact positions in the two-hand play (heap) */
    long long *rank_sums;      /* the expert model's rank sums by the kept ranks' code (rank_sum), or NULL:
                                  a search's, after its frames, for the run; LLONG_MIN where not yet made */
    int never_below;           /* no item of the count scores below nothing (count_never_below): a search's
                                  world sums a hand's count at once (draw_world) */
    long long *shape_sums;     /* the expert model's colours' part by the seen suit shape and the suit given
                                  (shape << 2 | suit), or NULL: a search's, after its rank sums */
} Game;

/* A hand's cards, held here that every unit's inner loops have them inline (a search makes them at every
   node): a card taken out at `at`, the rest kept in order; a card taken out; a hand sorted as the engine
   sorts it (cards.sort_key). */
/* A score: the points to the player's side, the event recorded (record_event, _kernel_deal.c) unless the
   game is a search's quiet copy, the game won where they reach the target and the rules peg out. Inline:
   a search scores at every node. */
int record_event(Game *g, int player, int team, int points, int kind);

static inline void score(Game *g, int player, int points, int kind) {
    if (g->winner >= 0)
        return;
    int team = g->teams[player];
    g->scores[team] += points;
    if (points < 0)
        g->failed = 1; /* the engine's invariants refuse it */
    if (!g->quiet && record_event(g, player, team, points, kind) < 0)
        return;
    if (points && g->r->peg_out && g->scores[team] >= g->r->target) {
        g->winner = team;
        g->phase = P_OVER;
    }
}

static inline void remove_at(int *cards, int *n, int at) {
    for (int i = at; i < *n - 1; i++)
        cards[i] = cards[i + 1];
    (*n)--;
}

static inline void remove_card(int *cards, int *n, int card) {
    for (int i = 0; i < *n; i++)
        if (cards[i] == card) {
            remove_at(cards, n, i);
            return;
        }
}

static inline void sorted_hand(const Game *g, int player, int *out) {
    int n = g->hand_n[player];
    for (int i = 0; i < n; i++) {
        int c = g->hands[player][i], j = i - 1;
        while (j >= 0 && SORT_KEY(out[j]) > SORT_KEY(c)) {
            out[j + 1] = out[j];
            j--;
        }
        out[j + 1] = c;
    }
}

/* The play's legal actions (play.py): the cards of `hand` that may be played (an Ace once for each value
   that fits), in its order; a go if none may. Inline: a search asks at every node. */
static inline int plays_of(const Game *g, const int *hand, int n, Act *out) {
    const Rules *r = g->r;
    int k = 0, room = r->limit - g->count;
    for (int i = 0; i < n; i++) {
        int card = hand[i];
        if (RANK(card) == 1) {
            for (int v = 0; v < r->n_ace; v++)
                if (r->ace_values[v] <= room)
                    out[k++] = (Act){K_PLAY, card, r->ace_values[v], 0};
        } else if (r->card_value[card] <= room) {
            out[k++] = (Act){K_PLAY, card, -1, 0};
        }
    }
    if (!k)
        out[k++] = (Act){K_GO, -1, -1, 0};
    return k;
}

/* The same actions in the hand's own order, for a search's inner positions: the minimax of a position is
   the same whatever order its moves are tried in (alpha-beta prunes only what cannot change it). */
/* An action's value in the play: an Ace's as chosen, another card's own (inline: a search's every card). */
static inline int act_value(const Rules *r, const Act *a) { return a->value >= 0 ? a->value : r->card_value[a->card]; }

static inline int play_actions_unsorted(const Game *g, int player, Act *out) {
    return plays_of(g, g->hands[player], g->hand_n[player], out);
}

/* The actions of one game as codes, when traced (kernel.play with trace). */
typedef struct {
    int *actions; /* the actions as codes, when traced */
    int nactions, cap;
} Trace;

/* _kernel_random.c */
void mt_seed(MT *m, uint64_t seed);
uint64_t mt_bits64(MT *m);
int mt_below(MT *m, int n);
void mt_deal(MT *m, int *pool, int n, int draws);

/* _kernel_deal.c */
int grow(void **buffer, int used, int *cap, size_t item, int first);
int record_event(Game *g, int player, int team, int points, int kind);
void new_deal_state(Game *g);
void start_deal(Game *g);
void set_dealer(Game *g, int dealer);
Act draw_chance(Game *g);

/* _kernel_mog.c */
void turn_up(Game *g, int card);
int mog_actions(const Game *g, int player, Act *out);
void apply_mog(Game *g, int player, const Act *a);

/* _kernel_play.c */
int play_points(Game *g, const int *series, int n, int count, Item *items, int *nitems);
int play_sum(Game *g, const int *series, int n, int count); /* play_points' sum alone */
int play_actions(const Game *g, int player, Act *out);
void apply_play(Game *g, int player, const Act *a);
void start_play(Game *g);

/* _kernel_count.c */
void fill_roles(void);
void fill_play_codes(void);
int hand_total(const Rules *r, const int *cards, int n, int deck);
int hand_items(const Rules *r, const int *cards, int n, int deck, Item *out, Item *suit);
void heels(Game *g);
void count_hands(Game *g);
int count_never_below(const Rules *r);

/* _kernel_bots.c */
void seen_by(const Game *g, int player, char *seen);
int best_kept(Game *g, int player, const Act *legal, int n);
int choose_greedy(Game *g, int player, const Act *legal, int n);
int choose_expert(Game *g, int player, const Act *legal, int n);
int hand_now(const Game *g, int player);
int expert_mog_step(Game *g, int player, Act *out);

/* _kernel_board.c */
long long board_chance(const Rules *r, long long a, long long b, int dealer);
/* The four-hand board search's reading of the table (game/tangent.py): a side's chance at a decision's
   scores and what a point more of its own, or of the other side's, is worth to it there. */
typedef struct {
    int team;
    long long own, their, chance, per_own, per_their;
} Tangent;
void tangent_at(Tangent *t, const Rules *r, int team, const int *scores, int dealer);
long long tangent_value(const Tangent *t, int won, const long long *side);

/* _kernel_search.c */
int choose_search(Game *g, int player, const Act *legal, int n);
#define SEARCH_INF (1LL << 40)

/* The play's two compact searches (_kernel_search_play.c, _kernel_search_four.c): a sequence is looked for
   only where the series holds a rank beside the card's. */
/* The ranks beside each rank, as bits; [1]: an Ace high too (beside a King), where the rules let it be. */
#define BESIDE(rank) ((unsigned short)((1u << ((rank) - 1) | 1u << ((rank) + 1)) & 0x3ffe))
static const unsigned short NEXT_TO[2][14] = {
    {0, BESIDE(1), BESIDE(2), BESIDE(3), BESIDE(4), BESIDE(5), BESIDE(6), BESIDE(7), BESIDE(8), BESIDE(9),
     BESIDE(10), BESIDE(11), BESIDE(12), BESIDE(13)},
    {0, BESIDE(1) | 1u << 13, BESIDE(2), BESIDE(3), BESIDE(4), BESIDE(5), BESIDE(6), BESIDE(7), BESIDE(8),
     BESIDE(9), BESIDE(10), BESIDE(11), BESIDE(12), BESIDE(13) | 1u << 1}};

/* A child's value taken into its node's minimax (alpha-beta, fail-soft): the best so far for the side to
   move (the searching side's, `mine`, the greatest; the other's the least) and the window it narrows.
   Whether the window has closed (the node's other moves are cut). play_value and the four-hand compact
   search share it (the two-hand one keeps its best move too, and takes its values its own way). */
static inline int take_child(int mine, long long value, long long *best, long long *alpha, long long *beta) {
    if (mine) {
        if (value > *best)
            *best = value;
        if (*best > *alpha)
            *alpha = *best;
    } else {
        if (value < *best)
            *best = value;
        if (*best < *beta)
            *beta = *best;
    }
    return *alpha >= *beta;
}
#define SEARCH_DEPTH 96
void copy_position(Game *dst, const Game *src);
long long search_leaf(const Rules *r, int team, int board, int won, const long long *side, int dealer);

/* _kernel_search_play.c: the play's search over compact positions (two hands) */
typedef struct FastPlay FastPlay;
FastPlay *fast_play_new(void);
void fast_play_begin(FastPlay *f, const Game *g, int team, int board, Game *scratch);
int fast_play_world(FastPlay *f, int w, const Game *world);
void fast_play_forget_scratch(FastPlay *f);
long long fast_play_value(FastPlay *f, int w, const Game *world, int player, const Act *a, long long alpha,
                          long long beta, int *failed);

/* _kernel_search_four.c: the play's search over compact positions (four hands): a world's value for the
   root's action `a` (exact within (alpha, beta), play_value's bound beyond) in *value, and 1; -1 where the
   engine would refuse the position; 0 where the world is not one it searches (play_value's path then). */
int four_play_value(const Game *world, int player, const Act *a, int team, int board, const Tangent *tan,
                    long long alpha, long long beta, long long *value);

/* _kernel_worlds.c: a search's worlds */
/* What every world of one choice starts from: the cards `player` has not seen (in deck order), how many
   each other hand is dealt of them, the card it knows another holds, and each other hand's cards played
   (in the order played: the start of its hand as it will be counted); in the play, the seat's own hand's
   count where a world's count would sum it at once (`known` the seat, else -1). */
typedef struct {
    int pool[52], npool, need[4], draws, known_to, known_card;
    int played[4][HAND_MAX], played_n[4];
    int known, known_count;
} Unseen;
void unseen_by(const Game *g, int player, Unseen *u);
void deal_world(Game *g, int player, const Unseen *u, Game *world);
void draw_world(Game *g, int player, const Unseen *u, Game *world);

/* _kernel_playout.c */
int play_one(Game *g, const Rules *r, const int *bots, uint64_t seed, Trace *trace);
int read_bots(const Rules *r, const uint8_t *codes, size_t length, int *bots);
Game *new_game(const Rules *r);
void free_game(Game *g);

/* _kernel_api.c: ck_out's growth, and a call's games (ck_play, ck_tally, ck_winners): its rules and bots
   read, the game they are played in, and its seeds. */
int out_push(ck_out *out, int64_t value); /* 0, or -1 without memory */
int out_room(ck_out *out, size_t more);    /* room for `more` values: 0, or -1 without memory */
int read_rules(const int32_t *data, size_t size, Rules *r);
typedef struct {
    Rules r;
    int bots[4];
    const uint64_t *seeds;
    size_t n;
    Game *g;
} Run;
int open_run(Run *run, const int32_t *rules, size_t n_rules, const uint8_t *bots, size_t n_bots,
             const uint64_t *seeds, size_t n_seeds); /* CK_OK or an error (close_run frees what was made) */
int run_game(Run *run, size_t i, Trace *trace); /* play_one of the run's seed i */
void close_run(Run *run);

/* _kernel_tally.c: a finished game's record as ck_play writes it (costly_kernel.h) */
int write_record(ck_out *out, const Game *g, const Rules *r, const Trace *trace);

#endif
