/* The compiled kernel's calls (costly_kernel.h): the rules array read into a Rules (its header's layout,
   HEADER), a call's games played seed by seed, and each game's record appended to a ck_out (ck_play; the
   tally's sums and the winners are _kernel_tally.c's). No Python here: _kernel.c binds these calls to
   CPython, site/wasm_kernel.py compiles them to WebAssembly. */
#include "_kernel.h"

/* ---- the output: a growable array of int64 ------------------------------------------------------- */

struct ck_out {
    int64_t *data;
    size_t length, cap;
};

ck_out *ck_out_new(void) { return calloc(1, sizeof(ck_out)); }

void ck_out_free(ck_out *out) {
    if (out == NULL)
        return;
    free(out->data);
    free(out);
}

const int64_t *ck_out_data(const ck_out *out) { return out->data; }
size_t ck_out_length(const ck_out *out) { return out->length; }
void ck_out_clear(ck_out *out) { out->length = 0; }

int out_room(ck_out *out, size_t more) {
    if (out->length + more <= out->cap)
        return 0;
    size_t cap = out->cap ? out->cap : 256;
    while (cap < out->length + more)
        cap *= 2;
    int64_t *grown = realloc(out->data, cap * sizeof(int64_t));
    if (grown == NULL)
        return -1;
    out->data = grown;
    out->cap = cap;
    return 0;
}

int out_push(ck_out *out, int64_t value) {
    if (out_room(out, 1) < 0)
        return -1;
    out->data[out->length++] = value;
    return 0;
}

/* ---- names and messages ---------------------------------------------------------------------------- */

static const char *const LAYOUT[] = {
#define NAME(name) #name,
    HEADER(NAME)
#undef NAME
};
#define LAYOUT_SIZE ((int)(sizeof LAYOUT / sizeof LAYOUT[0]))

int ck_format(void) { return CK_FORMAT; }
int ck_layout_size(void) { return LAYOUT_SIZE; }
const char *ck_layout_name(int i) { return i >= 0 && i < LAYOUT_SIZE ? LAYOUT[i] : NULL; }

const char *ck_message(int status) {
    switch (status) {
    case CK_NO_MEMORY:
        return "kernel: out of memory";
    case CK_SHORT_RULES:
        return "kernel: the rules array is shorter than its header";
    case CK_BAD_RULES:
        return "kernel: the rules array is not one kernel.py made";
    case CK_BAD_SEATS:
        return "kernel: one bot a seat";
    case CK_BAD_BOT:
        return "kernel: unknown bot";
    case CK_NO_BOARD:
        return "kernel: the board search needs the win table after the rules";
    case CK_BAD_TALLY:
        return "kernel: tally's arguments do not fit the rules";
    case CK_BAD_SLOT:
        return "kernel: a kind's slot is out of range";
    case CK_BAD_BASE:
        return "kernel: the first rule set's games do not fit these seeds";
    case CK_BAD_DEALS:
        return "kernel: the deals array is not one kernel.py made, or the target is out of range";
    case CK_NO_DEALS:
        return "kernel: the deals sampled leave a side without a deal dealt, or nobody scores in any";
    default:
        return status < 0 ? "kernel: an unknown error" : NULL;
    }
}

/* ---- the rules, and a call's games ------------------------------------------------------------------- */

int read_rules(const int32_t *data, size_t size, Rules *r) {
    if (size < (size_t)LAYOUT_SIZE)
        return CK_SHORT_RULES;
    int *fields = (int *)r;
    for (int i = 0; i < LAYOUT_SIZE; i++)
        fields[i] = data[i];
    /* after the rules, the board search's win table where kernel.py appends one (_kernel_board.c) */
    r->win = r->size >= 0 && r->target >= 0 &&
                     size == (size_t)r->size + 2 * (size_t)r->target * (size_t)r->target + 2
                 ? data + r->size
                 : NULL;
    if (((size_t)r->size != size && r->win == NULL) || r->players < 2 || r->players > 4 || r->cards_each < 1 ||
        r->cards_each > 4 || r->limit < 1 || r->limit > 100 || r->n_ace < 1 || r->n_ace > ACE_VALUES_MAX)
        return CK_BAD_RULES;
#define AT(name) (data + r->off_##name)
    r->ace_values = AT(ace_values);
    r->card_value = AT(card_value);
    r->play_total_kind = AT(play_total_kind);
    r->play_hitter_kind = AT(play_hitter_kind);
    r->jd_points = AT(jd_points);
    r->jd_kind_play = AT(jd_kind_play);
    r->jd_kind_give = AT(jd_kind_give);
    r->jd_kind_claim = AT(jd_kind_claim);
    r->jd_place = AT(jd_place);
    r->jd_kind_count = AT(jd_kind_count);
    r->colour_start = AT(colour_start);
    r->colour_count = AT(colour_count);
    r->colour_items = AT(colour_items);
    r->small_totals = AT(small_totals);
    r->full_totals = AT(full_totals);
    r->rank_start = AT(rank_start);
    r->rank_count = AT(rank_count);
    r->rank_items = AT(rank_items);
    for (int key = 0; key < 64; key++) {
        r->colour_total[key] = 0;
        for (int i = 0; i < r->colour_count[key]; i++)
            r->colour_total[key] += r->colour_items[3 * (r->colour_start[key] + i) + 2];
    }
#undef AT
    for (int rank = 0; rank < 14; rank++)
        r->alike[rank] = r->courts_alike && rank > 10 ? 100 : rank;
    r->play_never_below = r->pair_points >= 0 && r->prial_points >= 0 && r->dprial_points >= 0;
    return CK_OK;
}

/* The tables every game reads (_kernel_count.c), filled once, before the first call's games. */
static void fill_tables(void) {
    static int filled;
    if (!filled) {
        fill_roles();
        fill_play_codes();
        filled = 1;
    }
}

int open_run(Run *run, const int32_t *rules, size_t n_rules, const uint8_t *bots, size_t n_bots,
             const uint64_t *seeds, size_t n_seeds) {
    run->g = NULL;
    run->seeds = seeds;
    run->n = n_seeds;
    fill_tables();
    int status = read_rules(rules, n_rules, &run->r);
    if (status == CK_OK)
        status = read_bots(&run->r, bots, n_bots, run->bots);
    if (status != CK_OK)
        return status;
    run->g = new_game(&run->r);
    return run->g == NULL ? CK_NO_MEMORY : CK_OK;
}

/* The game of the run's seed `i`: 0 when played as the engine would, 1 when it must go to Python, -1 without
   memory. */
int run_game(Run *run, size_t i, Trace *trace) { return play_one(run->g, &run->r, run->bots, run->seeds[i], trace); }

void close_run(Run *run) {
    free_game(run->g);
    run->g = NULL;
}

int ck_play(const int32_t *rules, size_t n_rules, const uint8_t *bots, size_t n_bots, const uint64_t *seeds,
            size_t n_seeds, int eldest_counts, int trace, ck_out *out) {
    Run run;
    Trace traced = {NULL, 0, 0};
    int status = open_run(&run, rules, n_rules, bots, n_bots, seeds, n_seeds);
    if (status == CK_OK) {
        run.g->record_eldest = eldest_counts;
        for (size_t i = 0; i < run.n && status == CK_OK; i++) {
            traced.nactions = 0;
            int result = run_game(&run, i, trace ? &traced : NULL);
            if (result < 0 || (result > 0 ? out_push(out, 0) : write_record(out, run.g, &run.r, trace ? &traced : NULL)) < 0)
                status = CK_NO_MEMORY;
        }
    }
    free(traced.actions);
    close_run(&run);
    return status;
}
