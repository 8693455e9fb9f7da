/* The compiled kernel's CPython module, costly_variants.game._kernel: the one unit that includes Python.h.
   It binds the calls of costly_kernel.h to what game/kernel.py passes (Python buffers: the rules as int32,
   the bots as bytes, the seeds as uint64, the slots as int32, a base as int64) and hands their output back
   as bytes of native int64, which kernel.py reads (kernel.Records), the same reader as for the WebAssembly
   kernel in the browser. Nothing of the game is here. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "costly_kernel.h"

/* A status of costly_kernel.h as Python's error; NULL. */
static PyObject *set_error(int status) {
    if (status == CK_NO_MEMORY)
        return PyErr_NoMemory();
    PyErr_SetString(PyExc_ValueError, ck_message(status));
    return NULL;
}

/* The buffer's items, each `size` bytes; -1 with the error set if its length is not a whole number of them. */
static Py_ssize_t items(const Py_buffer *view, Py_ssize_t size, const char *what) {
    if (view->len % size) {
        PyErr_Format(PyExc_TypeError, "kernel: %s must be an array of %d-bit ints", what, (int)(8 * size));
        return -1;
    }
    return view->len / size;
}

/* The output's int64 as bytes, and the output freed; NULL with the error set. */
static PyObject *output(ck_out *out, int status) {
    PyObject *result = status == CK_ENGINE ? (Py_INCREF(Py_None), Py_None)
                       : status != CK_OK  ? set_error(status)
                                           : PyBytes_FromStringAndSize((const char *)ck_out_data(out),
                                                                       (Py_ssize_t)(ck_out_length(out) * sizeof(int64_t)));
    ck_out_free(out);
    return result;
}

static PyObject *names(int n, const char *(*name)(int)) {
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t != NULL && i < n; i++) {
        PyObject *item = PyUnicode_FromString(name(i));
        if (item == NULL)
            Py_CLEAR(t);
        else
            PyTuple_SET_ITEM(t, i, item);
    }
    return t;
}

static PyObject *kernel_layout(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return names(ck_layout_size(), ck_layout_name);
}

static PyObject *kernel_measures(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return names(ck_measures_size(), ck_measure_name);
}

/* play(rules, bots, seeds, eldest_counts, trace) -> bytes: ck_play's records */
static PyObject *kernel_play(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer rules, bots, seeds;
    int eldest_counts, trace;
    if (!PyArg_ParseTuple(args, "y*y*y*pp", &rules, &bots, &seeds, &eldest_counts, &trace))
        return NULL;
    PyObject *result = NULL;
    Py_ssize_t n_rules = items(&rules, 4, "the rules"), n_seeds = items(&seeds, 8, "the seeds");
    ck_out *out = n_rules < 0 || n_seeds < 0 ? NULL : ck_out_new();
    if (out == NULL) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
    } else {
        int status = ck_play(rules.buf, (size_t)n_rules, bots.buf, (size_t)bots.len, seeds.buf, (size_t)n_seeds,
                         eldest_counts, trace, out);
        result = output(out, status);
    }
    PyBuffer_Release(&rules);
    PyBuffer_Release(&bots);
    PyBuffer_Release(&seeds);
    return result;
}

/* tally(rules, bots, seeds, eldest_counts, slots, n_slots, n_names, base, keep) -> bytes: ck_tally's
   record, or None where a game must go to the Python engine */
static PyObject *kernel_tally(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer rules, bots, seeds, slots, base = {0};
    PyObject *base_obj;
    int eldest_counts, n_slots, n_names, keep;
    if (!PyArg_ParseTuple(args, "y*y*y*py*iiOp", &rules, &bots, &seeds, &eldest_counts, &slots, &n_slots, &n_names,
                          &base_obj, &keep))
        return NULL;
    PyObject *result = NULL;
    int have_base = base_obj != Py_None;
    Py_ssize_t n_rules = items(&rules, 4, "the rules"), n_seeds = n_rules < 0 ? -1 : items(&seeds, 8, "the seeds");
    Py_ssize_t n_slot_ints = n_seeds < 0 ? -1 : items(&slots, 4, "the slots"), n_base = 0;
    if (n_slot_ints >= 0 && have_base && PyObject_GetBuffer(base_obj, &base, PyBUF_SIMPLE) == 0)
        n_base = items(&base, 8, "the base");
    ck_out *out = n_slot_ints < 0 || n_base < 0 || PyErr_Occurred() ? NULL : ck_out_new();
    if (out == NULL) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
    } else {
        int status = ck_tally(rules.buf, (size_t)n_rules, bots.buf, (size_t)bots.len, seeds.buf, (size_t)n_seeds,
                          eldest_counts, slots.buf, (size_t)n_slot_ints, n_slots, n_names,
                          have_base ? base.buf : NULL, (size_t)n_base, keep, out);
        result = output(out, status);
    }
    if (base.obj != NULL)
        PyBuffer_Release(&base);
    PyBuffer_Release(&rules);
    PyBuffer_Release(&bots);
    PyBuffer_Release(&seeds);
    PyBuffer_Release(&slots);
    return result;
}

/* winners(rules, bots, seeds) -> bytes: each game's winning side, or 255 where the engine must play it */
static PyObject *kernel_winners(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer rules, bots, seeds;
    if (!PyArg_ParseTuple(args, "y*y*y*", &rules, &bots, &seeds))
        return NULL;
    PyObject *result = NULL;
    Py_ssize_t n_rules = items(&rules, 4, "the rules"), n_seeds = n_rules < 0 ? -1 : items(&seeds, 8, "the seeds");
    if (n_seeds >= 0 && (result = PyBytes_FromStringAndSize(NULL, n_seeds)) != NULL) {
        uint8_t *won = (uint8_t *)PyBytes_AS_STRING(result);
        int status = ck_winners(rules.buf, (size_t)n_rules, bots.buf, (size_t)bots.len, seeds.buf, (size_t)n_seeds, won);
        if (status != CK_OK) {
            Py_CLEAR(result);
            set_error(status);
        }
    }
    PyBuffer_Release(&rules);
    PyBuffer_Release(&bots);
    PyBuffer_Release(&seeds);
    return result;
}

/* win_table(deals, target, peg_out, mirrored) -> bytes: ck_win_table's chances, native doubles */
static PyObject *kernel_win_table(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer deals;
    int target, peg_out, mirrored;
    if (!PyArg_ParseTuple(args, "y*ipp", &deals, &target, &peg_out, &mirrored))
        return NULL;
    PyObject *result = NULL;
    Py_ssize_t n_deals = items(&deals, 4, "the deals");
    if (n_deals >= 0 && (target < 1 || target > 100000))
        set_error(CK_BAD_DEALS);
    else if (n_deals >= 0 &&
             (result = PyBytes_FromStringAndSize(NULL, (2 * (Py_ssize_t)target * target + 2) * sizeof(double))) != NULL) {
        int status = ck_win_table(deals.buf, (size_t)n_deals, target, peg_out, mirrored,
                                  (double *)PyBytes_AS_STRING(result));
        if (status != CK_OK) {
            Py_CLEAR(result);
            set_error(status);
        }
    }
    PyBuffer_Release(&deals);
    return result;
}

static PyMethodDef methods[] = {
    {"layout", kernel_layout, METH_NOARGS, "The names of the rules array's header, in order."},
    {"measures", kernel_measures, METH_NOARGS, "The names of a game's whole-number measures, in slot order."},
    {"play", kernel_play, METH_VARARGS, "play(rules, bots, seeds, eldest_counts, trace) -> bytes (int64 records)"},
    {"tally", kernel_tally, METH_VARARGS,
     "tally(rules, bots, seeds, eldest_counts, slots, n_slots, n_names, base, keep) -> bytes (int64) or None"},
    {"winners", kernel_winners, METH_VARARGS, "winners(rules, bots, seeds) -> bytes"},
    {"win_table", kernel_win_table, METH_VARARGS,
     "win_table(deals, target, peg_out, mirrored) -> bytes (doubles: side A's chances, then the two ties)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel", "The compiled self-play kernel (costly_kernel.h).",
                                    -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "FORMAT", ck_format()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
