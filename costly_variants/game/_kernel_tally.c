/* The compiled kernel's the tally: runs/measures.py (what is read of a finished game) and
   runs/tally.py (a chunk of games as sums). The same rules as the Python, step for step;
   tests/test_kernel.py holds the two to the same games. */
#include "_kernel.h"

/* What measures.measure reads of a finished game, worked out from its score events in the same way. */
/* What measures.measure reads of a finished game's score events: the lead's changes, the winner's worst
   deficit, the score that took him to the target, the deal he led from for good, the dealer's edge, and
   (in `gaps`, deals + 1 of them, the first 0) his lead after each deal. `per_deal` has room for two a deal. */
typedef struct {
    int lead_changes, drama, decided_kind, decisive_deal, edge;
} Walk;

static Walk walk_events(const Game *g, const Rules *r, int *per_deal, int *gaps) {
    int winner = g->winner, loser = 1 - g->winner, deals = g->deal_number;
    Walk w = {0, 0, -1, 0, 0};
    for (int d = 0; d < 2 * deals; d++)
        per_deal[d] = 0;
    int running[2] = {0, 0}, leader = -1, ahead_since = 0;
    for (int i = 0; i < g->nev; i++) {
        const Event *e = &g->events[i];
        if (!e->points)
            continue;
        per_deal[2 * (e->deal - 1) + e->team] += e->points;
        running[e->team] += e->points;
        if (running[0] != running[1]) {
            int ahead = running[0] > running[1] ? 0 : 1;
            if (ahead != leader) {
                w.lead_changes += leader >= 0;
                leader = ahead;
            }
        }
        if (running[loser] - running[winner] > w.drama)
            w.drama = running[loser] - running[winner];
        if (running[winner] <= running[loser])
            ahead_since = 0;
        else if (!ahead_since)
            ahead_since = e->deal;
        if (w.decided_kind < 0 && e->team == winner && running[winner] >= r->target)
            w.decided_kind = e->kind; /* the score that took the winner to the target */
    }
    int totals[2] = {0, 0};
    gaps[0] = 0;
    for (int d = 1; d <= deals; d++) {
        int side = g->teams[(g->first_dealer + d - 1) % g->n];
        w.edge += per_deal[2 * (d - 1) + side] - per_deal[2 * (d - 1) + 1 - side];
        totals[0] += per_deal[2 * (d - 1)];
        totals[1] += per_deal[2 * (d - 1) + 1];
        gaps[d] = totals[winner] - totals[loser];
    }
    w.decisive_deal = ahead_since ? ahead_since : deals;
    return w;
}

/* n, then the n ints of `values` */
static int push_ints(ck_out *out, const int *values, int n) {
    if (out_room(out, (size_t)n + 1) < 0)
        return -1;
    out_push(out, n);
    for (int i = 0; i < n; i++)
        out_push(out, values[i]);
    return 0;
}

/* A finished game's record (ck_play, costly_kernel.h): 0, or -1 without memory. */
int write_record(ck_out *out, const Game *g, const Rules *r, const Trace *trace) {
    int winner = g->winner, deals = g->deal_number, status = -1;
    int *per_deal = calloc((size_t)deals * 2 + 2, sizeof(int));
    int *kinds = calloc((size_t)r->n_kinds * 2 + 2, sizeof(int));
    int *gaps = calloc((size_t)deals + 2, sizeof(int));
    if (per_deal == NULL || kinds == NULL || gaps == NULL)
        goto done;
    for (int i = 0; i < g->nev; i++) {
        kinds[2 * g->events[i].kind] += g->events[i].points;
        kinds[2 * g->events[i].kind + 1]++;
    }
    Walk w = walk_events(g, r, per_deal, gaps);
    int nk = 0;
    for (int k = 0; k < r->n_kinds; k++)
        nk += kinds[2 * k + 1] > 0;
    if (out_room(out, 12 + 3 * (size_t)nk) < 0)
        goto done;
    int64_t head[] = {1, winner, g->teams[g->first_dealer] == winner, deals, g->scores[0], g->scores[1], w.edge,
                      w.decided_kind, w.lead_changes, w.drama, w.decisive_deal};
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        out_push(out, head[i]);
    if (push_ints(out, gaps + 1, deals) < 0)
        goto done;
    out_push(out, 3 * nk);
    for (int k = 0; k < r->n_kinds; k++)
        if (kinds[2 * k + 1]) {
            out_push(out, k);
            out_push(out, kinds[2 * k]);
            out_push(out, kinds[2 * k + 1]);
        }
    if (push_ints(out, g->eldest_counts, g->n_eldest) < 0)
        goto done;
    if (trace != NULL) {
        if (push_ints(out, trace->actions, trace->nactions) < 0 || out_room(out, 4 * (size_t)g->nev + 1) < 0)
            goto done;
        out_push(out, 4 * g->nev);
        for (int i = 0; i < g->nev; i++) {
            out_push(out, g->events[i].deal);
            out_push(out, g->events[i].player);
            out_push(out, g->events[i].points);
            out_push(out, g->events[i].kind);
        }
    }
    status = 0;
done:
    free(per_deal);
    free(kinds);
    free(gaps);
    return status;
}

/* ---- a chunk of games as sums (runs/tally.py) ---------------------------------------------------

   What Sums.add does game by game, for a whole chunk: each game's whole-number measures (MEASURES, then
   the points of each source and each group of sources, at the slots runs.tally gives each kind of
   score) summed, squared and multiplied by the deals; the histograms; and, given the first rule set's
   games of the same seeds, the cross sums. All in 64-bit ints: exact, so the same as Python's sums. */

static const char *const MEASURES[] = {"deals", "first_dealer_won", "dealer_edge", "points", "won_in_play",
                                       "won_at_count", "margin", "lead_changes", "drama", "eldest", "eldest_n",
                                       "won_at_turnup", "won_at_mog"};
#define N_MEASURES 13
#define LEAD_POINTS 11

typedef struct {
    uint64_t *keys;
    long long *counts;
    size_t size, used;
} Histogram; /* an open-addressed map of packed keys (never 0: every part is at least 1) to counts */

static int hist_add(Histogram *h, uint64_t key, long long n) {
    if (2 * (h->used + 1) > h->size) {
        size_t size = h->size ? h->size * 2 : 256;
        uint64_t *keys = calloc(size, sizeof(uint64_t));
        long long *counts = calloc(size, sizeof(long long));
        if (keys == NULL || counts == NULL) {
            free(keys);
            free(counts);
            return -1;
        }
        for (size_t i = 0; i < h->size; i++)
            if (h->keys[i]) {
                size_t at = (size_t)(h->keys[i] * 0x9E3779B97F4A7C15ULL) & (size - 1);
                while (keys[at])
                    at = (at + 1) & (size - 1);
                keys[at] = h->keys[i];
                counts[at] = h->counts[i];
            }
        free(h->keys);
        free(h->counts);
        h->keys = keys;
        h->counts = counts;
        h->size = size;
    }
    size_t at = (size_t)(key * 0x9E3779B97F4A7C15ULL) & (h->size - 1);
    while (h->keys[at] && h->keys[at] != key)
        at = (at + 1) & (h->size - 1);
    if (!h->keys[at]) {
        h->keys[at] = key;
        h->used++;
    }
    h->counts[at] += n;
    return 0;
}

static void hist_free(Histogram *h) {
    free(h->keys);
    free(h->counts);
}

/* The histogram: n, then each key's `parts` 16-bit fields, highest first, and its count, in the table's order. */
static int push_hist(ck_out *out, const Histogram *h, int parts) {
    if (out_room(out, h->used * (size_t)(parts + 1) + 1) < 0)
        return -1;
    out_push(out, (int64_t)h->used);
    for (size_t i = 0; i < h->size; i++) {
        if (!h->keys[i])
            continue;
        for (int k = 0; k < parts; k++)
            out_push(out, (int64_t)((h->keys[i] >> (16 * (parts - 1 - k))) & 0xFFFF));
        out_push(out, h->counts[i]);
    }
    return 0;
}

/* One finished game's measures: `v` (n_slots), its decisive deal, the names' points and events. */
static void game_measures(const Game *g, const Rules *r, const int32_t *slots, long long *v, int *decisive,
                          int *per_deal, int *gaps, long long *lead, long long *names, long long *named) {
    int winner = g->winner, loser = 1 - g->winner, deals = g->deal_number;
    for (int i = 0; i < g->nev; i++) {
        const Event *e = &g->events[i];
        const int32_t *slot = slots + 4 * e->kind;
        if (e->points) {
            v[slot[0]] += e->points;
            v[slot[1]] += e->points;
        }
        names[slot[2]] += e->points;
        named[slot[2]]++;
    }
    Walk w = walk_events(g, r, per_deal, gaps);
    int decided = w.decided_kind >= 0 ? slots[4 * w.decided_kind + 3] : -1;
    for (int i = 0; i < LEAD_POINTS; i++) { /* tally.lead_tenths */
        int low = i * deals / (LEAD_POINTS - 1), tenths = i * deals % (LEAD_POINTS - 1);
        int high = low + 1 < deals ? low + 1 : deals;
        lead[i] += 10LL * gaps[low] + (long long)(gaps[high] - gaps[low]) * tenths;
    }
    long long eldest = 0;
    for (int i = 0; i < g->n_eldest; i++)
        eldest += g->eldest_counts[i];
    v[0] = deals;
    v[1] = g->teams[g->first_dealer] == winner;
    v[2] = w.edge;
    v[3] = g->scores[0] + g->scores[1];
    v[4] = decided == 1;
    v[5] = decided == 2;
    v[6] = g->scores[winner] - g->scores[loser];
    v[7] = w.lead_changes;
    v[8] = w.drama;
    v[9] = eldest;
    v[10] = g->n_eldest;
    v[11] = decided == 3;
    v[12] = decided == 4;
    *decisive = w.decisive_deal;
}

/* ck_tally (costly_kernel.h): a chunk's sums, or CK_ENGINE where a game must go to the Python engine (see
   runs/runner.py). `slots` holds four ints a kind: its source's slot, its group's slot, its name's place,
   and where it wins a game (tally.DECIDED: 1 in the play, 2 at the count, 3 at the turn-up, 4 at the mog). */
int ck_tally(const int32_t *rules, size_t n_rules, const uint8_t *bots, size_t n_bots, const uint64_t *seeds,
             size_t n_seeds, int eldest_counts, const int32_t *slots, size_t n_slot_ints, int n_slots, int n_names,
             const int64_t *base, size_t n_base, int keep, ck_out *out) {
    Run run;
    long long *v = NULL, *sums = NULL, *kept = NULL, *names = NULL;
    int *per_deal = NULL, *gaps = NULL;
    Histogram deals_hist = {0}, decisive_hist = {0}, decisive_cross = {0};
    int status = open_run(&run, rules, n_rules, bots, n_bots, seeds, n_seeds);
    if (status != CK_OK)
        goto done;
    Game *g = run.g;
    const Rules *r = &run.r;
    status = CK_BAD_TALLY;
    if (n_slots < N_MEASURES || n_names < 1 || n_slot_ints != 4 * (size_t)r->n_kinds)
        goto done;
    status = CK_BAD_SLOT;
    for (int k = 0; k < r->n_kinds; k++)
        if (slots[4 * k] < N_MEASURES || slots[4 * k] >= n_slots || slots[4 * k + 1] < N_MEASURES ||
            slots[4 * k + 1] >= n_slots || slots[4 * k + 2] < 0 || slots[4 * k + 2] >= n_names)
            goto done;
    size_t n = run.n;
    size_t width = (size_t)n_slots + 1; /* a game's measures and its decisive deal */
    status = CK_BAD_BASE;
    if (base != NULL && n_base != n * width)
        goto done;
    /* sums: total, squares, by_deals, cross ab, ad, da (n_slots each); ee, en, nn; lead; wins */
    size_t n_sums = 6 * (size_t)n_slots + 3 + LEAD_POINTS + 2;
    status = CK_NO_MEMORY;
    v = calloc((size_t)n_slots, sizeof(long long));
    sums = calloc(n_sums, sizeof(long long));
    names = calloc(2 * (size_t)n_names, sizeof(long long));
    kept = keep ? calloc(n * width + 1, sizeof(long long)) : NULL;
    if (v == NULL || sums == NULL || names == NULL || (keep && kept == NULL))
        goto done;
    g->record_eldest = eldest_counts;
    long long *total = sums, *squares = sums + n_slots, *by_deals = sums + 2 * n_slots;
    long long *cross_ab = sums + 3 * n_slots, *cross_ad = sums + 4 * n_slots, *cross_da = sums + 5 * n_slots;
    long long *eldest_pair = sums + 6 * n_slots, *lead = eldest_pair + 3, *wins = lead + LEAD_POINTS;
    for (size_t i = 0; i < n; i++) {
        int result = run_game(&run, i, NULL);
        if (result < 0)
            goto done;
        if (result > 0 || g->deal_number > 0xFFFF) {
            status = CK_ENGINE;
            goto done;
        }
        int deals = g->deal_number;
        int *grown_pd = realloc(per_deal, (size_t)(2 * deals + 2) * sizeof(int));
        int *grown_gaps = grown_pd == NULL ? NULL : realloc(gaps, (size_t)(deals + 2) * sizeof(int));
        if (grown_pd != NULL)
            per_deal = grown_pd;
        if (grown_gaps == NULL)
            goto done;
        gaps = grown_gaps;
        memset(v, 0, (size_t)n_slots * sizeof(long long));
        int decisive;
        game_measures(g, r, slots, v, &decisive, per_deal, gaps, lead, names, names + n_names);
        for (int k = 0; k < n_slots; k++) {
            total[k] += v[k];
            squares[k] += v[k] * v[k];
            by_deals[k] += v[k] * deals;
        }
        if (v[10]) {
            eldest_pair[0] += v[9] * v[9];
            eldest_pair[1] += v[9] * v[10];
            eldest_pair[2] += v[10] * v[10];
        }
        wins[g->winner]++;
        if (hist_add(&deals_hist, (uint64_t)deals, 1) < 0 ||
            hist_add(&decisive_hist, (uint64_t)decisive << 16 | (uint64_t)deals, 1) < 0)
            goto done;
        if (base != NULL) {
            const int64_t *a = base + i * width;
            for (int k = 0; k < n_slots; k++) {
                cross_ab[k] += a[k] * v[k];
                cross_ad[k] += a[k] * deals;
                cross_da[k] += a[0] * v[k];
            }
            uint64_t key = (uint64_t)a[n_slots] << 48 | (uint64_t)a[0] << 32 | (uint64_t)decisive << 16 | (uint64_t)deals;
            if (hist_add(&decisive_cross, key, 1) < 0)
                goto done;
        }
        if (kept != NULL) {
            memcpy(kept + i * width, v, (size_t)n_slots * sizeof(long long));
            kept[i * width + n_slots] = decisive;
        }
    }
    /* the record: games, the sums in their order (the header's), the names' points and events, the
       histograms, and the kept games */
    if (out_room(out, 1 + n_sums + 2 * (size_t)n_names + (kept != NULL ? n * width : 0)) < 0 ||
        out_push(out, (int64_t)n) < 0)
        goto done;
    for (size_t k = 0; k < n_sums; k++)
        out_push(out, sums[k]);
    for (int k = 0; k < 2 * n_names; k++)
        out_push(out, names[k]);
    if (push_hist(out, &deals_hist, 1) < 0 || push_hist(out, &decisive_hist, 2) < 0 ||
        push_hist(out, &decisive_cross, 4) < 0 || (kept != NULL && out_room(out, n * width) < 0))
        goto done;
    for (size_t k = 0; kept != NULL && k < n * width; k++)
        out_push(out, kept[k]);
    status = CK_OK;
done:
    close_run(&run);
    free(v);
    free(sums);
    free(names);
    free(kept);
    free(per_deal);
    free(gaps);
    hist_free(&deals_hist);
    hist_free(&decisive_hist);
    hist_free(&decisive_cross);
    return status;
}

/* ck_winners (costly_kernel.h): each game's winning side, or 255 where the engine must play it. */
int ck_winners(const int32_t *rules, size_t n_rules, const uint8_t *bots, size_t n_bots, const uint64_t *seeds,
               size_t n_seeds, uint8_t *won) {
    Run run;
    int status = open_run(&run, rules, n_rules, bots, n_bots, seeds, n_seeds);
    for (size_t i = 0; status == CK_OK && i < run.n; i++) {
        int result = run_game(&run, i, NULL);
        if (result < 0)
            status = CK_NO_MEMORY;
        else
            won[i] = (uint8_t)(result > 0 ? 255 : run.g->winner);
    }
    close_run(&run);
    return status;
}

int ck_measures_size(void) { return N_MEASURES; }
const char *ck_measure_name(int i) { return i >= 0 && i < N_MEASURES ? MEASURES[i] : NULL; }
