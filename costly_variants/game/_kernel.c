/* The compiled self-play kernel's module: what costly_variants.game.kernel (game/kernel.py) calls. The
   rules array read into a Rules (its header's layout, HEADER), and games played and reported one by one
   (play) or as a chunk's sums (tally, in _kernel_tally.c). The kernel as a whole is described in
   _kernel.h. */
#include "_kernel.h"

/* ---- the module ------------------------------------------------------------------------------------ */

static const char *const LAYOUT[] = {
#define NAME(name) #name,
    HEADER(NAME)
#undef NAME
};
#define LAYOUT_SIZE ((Py_ssize_t)(sizeof LAYOUT / sizeof LAYOUT[0]))

int read_rules(const int32_t *data, Py_ssize_t size, Rules *r) {
    if (size < LAYOUT_SIZE) {
        PyErr_SetString(PyExc_ValueError, "kernel: the rules array is shorter than its header");
        return -1;
    }
    int *fields = (int *)r;
    for (Py_ssize_t i = 0; i < LAYOUT_SIZE; i++)
        fields[i] = data[i];
    /* after the rules, the board search's win table where kernel.py appends one (_kernel_board.c) */
    r->win = size == (Py_ssize_t)r->size + 2 * (Py_ssize_t)r->target * r->target + 2 ? data + r->size : NULL;
    if ((r->size != size && r->win == NULL) || r->players < 2 || r->players > 4 || r->cards_each < 1 ||
        r->cards_each > 4 || r->limit < 1 || r->limit > 100 || r->n_ace < 1 || r->n_ace > ACE_VALUES_MAX) {
        PyErr_SetString(PyExc_ValueError, "kernel: the rules array is not one kernel.py made");
        return -1;
    }
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
    return 0;
}

/* A tuple of `n` items, item i made by `make` from `data` (ints, names); NULL with the error set if one
   cannot be made. */
PyObject *tuple_of(const void *data, Py_ssize_t n, PyObject *(*make)(const void *data, Py_ssize_t i)) {
    PyObject *t = PyTuple_New(n);
    if (t == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = make(data, i);
        if (item == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, item);
    }
    return t;
}

static PyObject *name_at(const void *names, Py_ssize_t i) {
    return PyUnicode_FromString(((const char *const *)names)[i]);
}

/* A tuple of `n` names (the rules array's header, a game's measures). */
PyObject *names_tuple(const char *const *names, Py_ssize_t n) { return tuple_of(names, n, name_at); }

static PyObject *kernel_layout(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return names_tuple(LAYOUT, LAYOUT_SIZE);
}

/* What play, tally and winners read alike: the rules array (a buffer of 32-bit ints), one bot a seat, the
   seeds as a sequence, and a game to play them in. 0, or -1 with the error set (close_run frees what was
   made). */
int open_run(Run *run, const Py_buffer *view, const char *bots_text, Py_ssize_t bots_len, PyObject *seeds) {
    run->seq = NULL;
    run->g = NULL;
    run->n = 0;
    if (view->len % 4) {
        PyErr_SetString(PyExc_TypeError, "kernel: the rules must be an array of 32-bit ints");
        return -1;
    }
    if (read_rules((const int32_t *)view->buf, view->len / 4, &run->r) < 0 ||
        read_bots(&run->r, bots_text, bots_len, run->bots) < 0)
        return -1;
    run->seq = PySequence_Fast(seeds, "kernel: the seeds must be a sequence");
    if (run->seq == NULL)
        return -1;
    run->n = PySequence_Fast_GET_SIZE(run->seq);
    run->g = new_game(&run->r);
    return run->g == NULL ? -1 : 0;
}

/* The game of the run's seed `i`: 0 when played as the engine would, 1 when it must go to Python, -1 with
   the error set (a seed that is not a 64-bit whole number, no memory). */
int run_game(Run *run, Py_ssize_t i, Trace *trace) {
    uint64_t seed = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(run->seq, i));
    if (seed == (uint64_t)-1 && PyErr_Occurred())
        return -1;
    int result = play_one(run->g, &run->r, run->bots, seed, trace);
    if (result < 0)
        PyErr_NoMemory();
    return result;
}

void close_run(Run *run) {
    free_game(run->g);
    Py_XDECREF(run->seq);
    run->g = NULL;
    run->seq = NULL;
}

/* play(rules, bots, seeds, eldest_counts, trace) -> a list with, for each seed, the game's measures (a
   tuple; with `trace` also its actions and events), or None where the Python engine must play it. */
static PyObject *kernel_play(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    const char *bots_text;
    Py_ssize_t bots_len;
    PyObject *seeds;
    int eldest_counts, traced;
    if (!PyArg_ParseTuple(args, "y*y#Opp", &view, &bots_text, &bots_len, &seeds, &eldest_counts, &traced))
        return NULL;
    PyObject *out = NULL;
    Run run;
    Trace trace = {NULL, 0, 0};
    if (open_run(&run, &view, bots_text, bots_len, seeds) < 0 || (out = PyList_New(run.n)) == NULL)
        goto done;
    run.g->record_eldest = eldest_counts;
    for (Py_ssize_t i = 0; i < run.n; i++) {
        trace.nactions = 0;
        int result = run_game(&run, i, traced ? &trace : NULL);
        PyObject *game = result < 0 ? NULL : result > 0 ? (Py_INCREF(Py_None), Py_None)
                                                       : measured(run.g, &run.r, traced ? &trace : NULL);
        if (game == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, i, game);
    }
done:
    PyMem_Free(trace.actions);
    close_run(&run);
    PyBuffer_Release(&view);
    return out;
}

static PyMethodDef methods[] = {
    {"layout", kernel_layout, METH_NOARGS, "The names of the rules array's header, in order."},
    {"play", kernel_play, METH_VARARGS, "play(rules, bots, seeds, eldest_counts, trace) -> list"},
    {"tally", kernel_tally, METH_VARARGS, "tally(rules, bots, seeds, eldest_counts, slots, n_slots, n_names, base, keep)"},
    {"winners", kernel_winners, METH_VARARGS, "winners(rules, bots, seeds) -> bytes"},
    {"measures", kernel_measures, METH_NOARGS, "The names of a game's whole-number measures, in slot order."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel", "The compiled self-play kernel.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__kernel(void) {
    fill_roles();
    fill_play_codes();
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "FORMAT", FORMAT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
