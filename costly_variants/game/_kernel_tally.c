/* The compiled kernel's the tally: compare/measures.py (what is read of a finished game) and
   compare/tally.py (a chunk of games as sums). The same rules as the Python, step for step;
   tests/test_kernel.py holds the two to the same games. */
#include "_kernel.h"

static PyObject *int_at(const void *values, Py_ssize_t i) { return PyLong_FromLong(((const int *)values)[i]); }

static PyObject *int_tuple(const int *values, int n) { return tuple_of(values, n, int_at); }

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

PyObject *measured(const Game *g, const Rules *r, Trace *trace) {
    int winner = g->winner, deals = g->deal_number;
    int *per_deal = PyMem_Calloc((size_t)deals * 2 + 2, sizeof(int));
    int *kinds = PyMem_Calloc((size_t)r->n_kinds * 2 + 2, sizeof(int));
    int *gaps = PyMem_Calloc((size_t)deals + 2, sizeof(int));
    PyObject *out = NULL;
    if (per_deal == NULL || kinds == NULL || gaps == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (int i = 0; i < g->nev; i++) {
        kinds[2 * g->events[i].kind] += g->events[i].points;
        kinds[2 * g->events[i].kind + 1]++;
    }
    Walk w = walk_events(g, r, per_deal, gaps);
    int nk = 0;
    for (int k = 0; k < r->n_kinds; k++)
        nk += kinds[2 * k + 1] > 0;
    PyObject *kind_tuple = PyTuple_New(3 * nk);
    if (kind_tuple == NULL)
        goto done;
    for (int k = 0, at = 0; k < r->n_kinds; k++) {
        if (!kinds[2 * k + 1])
            continue;
        PyTuple_SET_ITEM(kind_tuple, at++, PyLong_FromLong(k));
        PyTuple_SET_ITEM(kind_tuple, at++, PyLong_FromLong(kinds[2 * k]));
        PyTuple_SET_ITEM(kind_tuple, at++, PyLong_FromLong(kinds[2 * k + 1]));
    }
    PyObject *gap_tuple = int_tuple(gaps + 1, deals);
    PyObject *eldest = int_tuple(g->eldest_counts, g->n_eldest);
    PyObject *actions = NULL, *events = NULL;
    if (trace != NULL) {
        actions = int_tuple(trace->actions, trace->nactions);
        events = PyTuple_New(4 * g->nev);
        if (events != NULL)
            for (int i = 0; i < g->nev; i++) {
                PyTuple_SET_ITEM(events, 4 * i, PyLong_FromLong(g->events[i].deal));
                PyTuple_SET_ITEM(events, 4 * i + 1, PyLong_FromLong(g->events[i].player));
                PyTuple_SET_ITEM(events, 4 * i + 2, PyLong_FromLong(g->events[i].points));
                PyTuple_SET_ITEM(events, 4 * i + 3, PyLong_FromLong(g->events[i].kind));
            }
    }
    int first_won = g->teams[g->first_dealer] == winner;
    if (gap_tuple && eldest && (trace == NULL || (actions && events))) {
        if (trace != NULL)
            out = Py_BuildValue("(iii(ii)iiiiiNNNNN)", winner, first_won, deals, g->scores[0], g->scores[1], w.edge,
                                w.decided_kind, w.lead_changes, w.drama, w.decisive_deal, gap_tuple, kind_tuple,
                                eldest, actions, events);
        else
            out = Py_BuildValue("(iii(ii)iiiiiNNN)", winner, first_won, deals, g->scores[0], g->scores[1], w.edge,
                                w.decided_kind, w.lead_changes, w.drama, w.decisive_deal, gap_tuple, kind_tuple,
                                eldest);
    } else {
        Py_XDECREF(gap_tuple);
        Py_DECREF(kind_tuple);
        Py_XDECREF(eldest);
        Py_XDECREF(actions);
        Py_XDECREF(events);
    }
done:
    PyMem_Free(per_deal);
    PyMem_Free(kinds);
    PyMem_Free(gaps);
    return out;
}

/* ---- a chunk of games as sums (compare/tally.py) ---------------------------------------------------

   What Sums.add does game by game, for a whole chunk: each game's whole-number measures (MEASURES, then
   the points of each source and each group of sources, at the slots compare.tally gives each kind of
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
        uint64_t *keys = PyMem_Calloc(size, sizeof(uint64_t));
        long long *counts = PyMem_Calloc(size, sizeof(long long));
        if (keys == NULL || counts == NULL) {
            PyMem_Free(keys);
            PyMem_Free(counts);
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
        PyMem_Free(h->keys);
        PyMem_Free(h->counts);
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
    PyMem_Free(h->keys);
    PyMem_Free(h->counts);
}

/* The histogram as a list of tuples: the key's `parts` 16-bit fields, highest first, then the count. */
static PyObject *hist_list(const Histogram *h, int parts) {
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (size_t i = 0; i < h->size; i++) {
        if (!h->keys[i])
            continue;
        PyObject *t = PyTuple_New(parts + 1);
        if (t == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        for (int k = 0; k < parts; k++)
            PyTuple_SET_ITEM(t, k, PyLong_FromLong((long)((h->keys[i] >> (16 * (parts - 1 - k))) & 0xFFFF)));
        PyTuple_SET_ITEM(t, parts, PyLong_FromLongLong(h->counts[i]));
        if (PyList_Append(out, t) < 0) {
            Py_DECREF(t);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(t);
    }
    return out;
}

static PyObject *ll_list(const long long *values, int n) {
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(out, i, PyLong_FromLongLong(values[i]));
    return out;
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

/* tally(rules, bots, seeds, eldest_counts, slots, n_slots, n_names, base, keep) -> the chunk's sums, or
   None where a game must go to the Python engine (see compare/runner.py). `slots` holds four ints a kind:
   its source's slot, its group's slot, its name's place, and where it wins a game (tally.DECIDED: 1 in the
   play, 2 at the count, 3 at the turn-up, 4 at the mog). */
PyObject *kernel_tally(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view, slot_view, base_view = {0};
    const char *bots_text;
    Py_ssize_t bots_len;
    PyObject *seeds, *base_obj;
    int eldest_counts, n_slots, n_names, keep;
    if (!PyArg_ParseTuple(args, "y*y#Opy*iiOp", &view, &bots_text, &bots_len, &seeds, &eldest_counts, &slot_view,
                          &n_slots, &n_names, &base_obj, &keep))
        return NULL;
    PyObject *out = NULL;
    Run run = {.seq = NULL, .g = NULL};
    long long *v = NULL, *sums = NULL, *kept = NULL, *names = NULL;
    int *per_deal = NULL, *gaps = NULL;
    const long long *base = NULL;
    Histogram deals_hist = {0}, decisive_hist = {0}, decisive_cross = {0};
    int have_base = base_obj != Py_None;
    if (have_base && PyObject_GetBuffer(base_obj, &base_view, PyBUF_SIMPLE) < 0)
        goto done;
    if (open_run(&run, &view, bots_text, bots_len, seeds) < 0)
        goto done;
    Game *g = run.g;
    const Rules *r = &run.r;
    if (n_slots < N_MEASURES || n_names < 1 || slot_view.len != 16 * r->n_kinds) {
        PyErr_SetString(PyExc_ValueError, "kernel: tally's arguments do not fit the rules");
        goto done;
    }
    const int32_t *slots = (const int32_t *)slot_view.buf;
    for (int k = 0; k < r->n_kinds; k++)
        if (slots[4 * k] < N_MEASURES || slots[4 * k] >= n_slots || slots[4 * k + 1] < N_MEASURES ||
            slots[4 * k + 1] >= n_slots || slots[4 * k + 2] < 0 || slots[4 * k + 2] >= n_names) {
            PyErr_SetString(PyExc_ValueError, "kernel: a kind's slot is out of range");
            goto done;
        }
    Py_ssize_t n = run.n;
    Py_ssize_t width = n_slots + 1; /* a game's measures and its decisive deal */
    if (have_base && base_view.len != (Py_ssize_t)sizeof(long long) * n * width) {
        PyErr_SetString(PyExc_ValueError, "kernel: the first rule set's games do not fit these seeds");
        goto done;
    }
    base = have_base ? (const long long *)base_view.buf : NULL;
    /* sums: total, squares, by_deals, cross ab, ad, da (n_slots each); ee, en, nn; lead; wins */
    size_t n_sums = 6 * (size_t)n_slots + 3 + LEAD_POINTS + 2;
    v = PyMem_Calloc((size_t)n_slots, sizeof(long long));
    sums = PyMem_Calloc(n_sums, sizeof(long long));
    names = PyMem_Calloc(2 * (size_t)n_names, sizeof(long long));
    kept = keep ? PyMem_Calloc((size_t)(n * width) + 1, sizeof(long long)) : NULL;
    if (v == NULL || sums == NULL || names == NULL || (keep && kept == NULL)) {
        PyErr_NoMemory();
        goto done;
    }
    g->record_eldest = eldest_counts;
    long long *total = sums, *squares = sums + n_slots, *by_deals = sums + 2 * n_slots;
    long long *cross_ab = sums + 3 * n_slots, *cross_ad = sums + 4 * n_slots, *cross_da = sums + 5 * n_slots;
    long long *eldest_pair = sums + 6 * n_slots, *lead = eldest_pair + 3, *wins = lead + LEAD_POINTS;
    int failed = 0;
    for (Py_ssize_t i = 0; i < n && !failed; i++) {
        int result = run_game(&run, i, NULL);
        if (result < 0)
            goto done;
        if (result > 0 || g->deal_number > 0xFFFF) {
            failed = 1;
            break;
        }
        int deals = g->deal_number;
        int *grown_pd = PyMem_Realloc(per_deal, (size_t)(2 * deals + 2) * sizeof(int));
        int *grown_gaps = grown_pd == NULL ? NULL : PyMem_Realloc(gaps, (size_t)(deals + 2) * sizeof(int));
        if (grown_pd != NULL)
            per_deal = grown_pd;
        if (grown_gaps == NULL) {
            PyErr_NoMemory();
            goto done;
        }
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
            hist_add(&decisive_hist, (uint64_t)decisive << 16 | (uint64_t)deals, 1) < 0) {
            PyErr_NoMemory();
            goto done;
        }
        if (base != NULL) {
            const long long *a = base + i * width;
            for (int k = 0; k < n_slots; k++) {
                cross_ab[k] += a[k] * v[k];
                cross_ad[k] += a[k] * deals;
                cross_da[k] += a[0] * v[k];
            }
            uint64_t key = (uint64_t)a[n_slots] << 48 | (uint64_t)a[0] << 32 | (uint64_t)decisive << 16 | (uint64_t)deals;
            if (hist_add(&decisive_cross, key, 1) < 0) {
                PyErr_NoMemory();
                goto done;
            }
        }
        if (kept != NULL) {
            memcpy(kept + i * width, v, (size_t)n_slots * sizeof(long long));
            kept[i * width + n_slots] = decisive;
        }
    }
    if (failed) {
        out = Py_None;
        Py_INCREF(out);
        goto done;
    }
    {
        PyObject *vectors = kept != NULL ? PyBytes_FromStringAndSize((const char *)kept,
                                                                     (Py_ssize_t)(n * width * sizeof(long long)))
                                         : (Py_INCREF(Py_None), Py_None);
        out = Py_BuildValue("{s:n,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N}", "games", n,
                            "total", ll_list(total, n_slots), "squares", ll_list(squares, n_slots),
                            "by_deals", ll_list(by_deals, n_slots), "cross_ab", ll_list(cross_ab, n_slots),
                            "cross_ad", ll_list(cross_ad, n_slots), "cross_da", ll_list(cross_da, n_slots),
                            "eldest_pair", ll_list(eldest_pair, 3), "lead", ll_list(lead, LEAD_POINTS),
                            "wins", ll_list(wins, 2), "names", ll_list(names, n_names),
                            "named", ll_list(names + n_names, n_names), "deals", hist_list(&deals_hist, 1),
                            "decisive", hist_list(&decisive_hist, 2), "decisive_cross", hist_list(&decisive_cross, 4),
                            "vectors", vectors);
    }
done:
    close_run(&run);
    PyMem_Free(v);
    PyMem_Free(sums);
    PyMem_Free(names);
    PyMem_Free(kept);
    PyMem_Free(per_deal);
    PyMem_Free(gaps);
    hist_free(&deals_hist);
    hist_free(&decisive_hist);
    hist_free(&decisive_cross);
    if (have_base && base_view.obj != NULL)
        PyBuffer_Release(&base_view);
    PyBuffer_Release(&slot_view);
    PyBuffer_Release(&view);
    return out;
}

/* winners(rules, bots, seeds) -> bytes: each game's winning side, or 255 where the engine must play it. */
PyObject *kernel_winners(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    const char *bots_text;
    Py_ssize_t bots_len;
    PyObject *seeds, *out = NULL;
    if (!PyArg_ParseTuple(args, "y*y#O", &view, &bots_text, &bots_len, &seeds))
        return NULL;
    Run run;
    char *won = NULL;
    if (open_run(&run, &view, bots_text, bots_len, seeds) < 0)
        goto done;
    won = PyMem_Calloc((size_t)run.n + 1, 1);
    if (won == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < run.n; i++) {
        int result = run_game(&run, i, NULL);
        if (result < 0)
            goto done;
        won[i] = (char)(result > 0 ? 255 : run.g->winner);
    }
    out = PyBytes_FromStringAndSize(won, run.n);
done:
    close_run(&run);
    PyMem_Free(won);
    PyBuffer_Release(&view);
    return out;
}

PyObject *kernel_measures(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return names_tuple(MEASURES, N_MEASURES);
}
