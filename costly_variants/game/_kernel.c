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
        r->cards_each > 4 || r->limit < 1 || r->limit > 100 || r->n_ace < 1 || r->n_ace > 32) {
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
    return 0;
}

static PyObject *kernel_layout(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    PyObject *t = PyTuple_New(LAYOUT_SIZE);
    if (t == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < LAYOUT_SIZE; i++)
        PyTuple_SET_ITEM(t, i, PyUnicode_FromString(LAYOUT[i]));
    return t;
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
    PyObject *out = NULL, *seq = NULL;
    Game *g = NULL;
    Rules r;
    if (view.len % 4) {
        PyErr_SetString(PyExc_TypeError, "kernel: the rules must be an array of 32-bit ints");
        goto done;
    }
    int bots[4];
    if (read_rules((const int32_t *)view.buf, view.len / 4, &r) < 0 || read_bots(&r, bots_text, bots_len, bots) < 0)
        goto done;
    seq = PySequence_Fast(seeds, "kernel: the seeds must be a sequence");
    if (seq == NULL)
        goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    g = new_game(&r);
    if (g == NULL)
        goto done;
    out = PyList_New(n);
    if (out == NULL)
        goto done;
    g->record_eldest = eldest_counts;
    Trace trace = {NULL, 0, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t seed = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (seed == (uint64_t)-1 && PyErr_Occurred()) {
            Py_CLEAR(out);
            goto done;
        }
        trace.nactions = 0;
        int result = play_one(g, &r, bots, seed, traced ? &trace : NULL);
        PyObject *game;
        if (result < 0) {
            PyErr_NoMemory();
            Py_CLEAR(out);
            PyMem_Free(trace.actions);
            goto done;
        }
        if (result > 0) {
            game = Py_None;
            Py_INCREF(game);
        } else {
            game = measured(g, &r, traced ? &trace : NULL);
            if (game == NULL) {
                Py_CLEAR(out);
                PyMem_Free(trace.actions);
                goto done;
            }
        }
        PyList_SET_ITEM(out, i, game);
    }
    PyMem_Free(trace.actions);
done:
    free_game(g);
    Py_XDECREF(seq);
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
