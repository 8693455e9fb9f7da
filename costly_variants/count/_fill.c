/* The optional C filler of costly_variants.count.batch_scorer: a block's JSON lines from its entries.

   It does what BatchScorer._fill_in_python does, and nothing more: for each deal, join the seven parts
   its rank entry and suit entry pick, and fill them as Python's bytes % would with the mapping
   {n: line number, t: total, a b c d: the cards as given, w x y z: the cards sorted by rank}. The parts
   are made in Python (batch_scorer), so that the count itself is never written twice; this file only
   copies bytes and writes two decimal numbers. Where a part holds anything but "%%", "%(K)s" or "%(K)d"
   with K one of those keys, or an entry is not shaped as batch_scorer makes it, it raises an error
   rather than guess (the tests run both fillers on the same deals and compare every byte).

   Built by hatch_build.py when a C compiler is there; without one, the package runs in pure Python.
   FORMAT must equal batch_scorer.FILL_FORMAT, or the module is not used. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define FORMAT 2

typedef struct {
    char *data;
    Py_ssize_t size, used;
} Buffer;

static int reserve(Buffer *buffer, Py_ssize_t more) {
    if (buffer->used + more <= buffer->size)
        return 0;
    Py_ssize_t size = buffer->size ? buffer->size : 1 << 16;
    while (size < buffer->used + more)
        size *= 2;
    char *data = PyMem_Realloc(buffer->data, (size_t)size);
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    buffer->data = data;
    buffer->size = size;
    return 0;
}

static int put(Buffer *buffer, const char *bytes, Py_ssize_t length) {
    if (reserve(buffer, length) < 0)
        return -1;
    memcpy(buffer->data + buffer->used, bytes, (size_t)length);
    buffer->used += length;
    return 0;
}

static int put_number(Buffer *buffer, long long number) {
    /* what %d writes; snprintf would take longer than the rest of a line */
    char digits[24];
    char *at = digits + sizeof digits;
    unsigned long long magnitude = number < 0 ? 0ULL - (unsigned long long)number : (unsigned long long)number;
    do {
        *--at = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (number < 0)
        *--at = '-';
    return put(buffer, at, digits + sizeof digits - at);
}

/* Item `index` of `tuple`, which must be a tuple of at least `index + 1` items. */
static PyObject *item(PyObject *tuple, Py_ssize_t index, const char *what) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) <= index) {
        PyErr_Format(PyExc_TypeError, "fill: %s is not a tuple of more than %zd items", what, index);
        return NULL;
    }
    return PyTuple_GET_ITEM(tuple, index);
}

static int small_int(PyObject *object, long low, long high, long *out, const char *what) {
    long value = PyLong_AsLong(object);
    if (value == -1 && PyErr_Occurred())
        return -1;
    if (value < low || value > high) {
        PyErr_Format(PyExc_ValueError, "fill: %s is %ld, not within %ld..%ld", what, value, low, high);
        return -1;
    }
    *out = value;
    return 0;
}

/* One part: its text copied, each slot filled. */
static int fill_part(Buffer *buffer, PyObject *part, long long number, long long total, PyObject *const *given,
                     PyObject *const *sorted) {
    if (!PyBytes_Check(part)) {
        PyErr_SetString(PyExc_TypeError, "fill: a part is not bytes");
        return -1;
    }
    const char *at = PyBytes_AS_STRING(part);
    const char *end = at + PyBytes_GET_SIZE(part);
    while (at < end) {
        const char *sign = memchr(at, '%', (size_t)(end - at));
        if (sign == NULL)
            return put(buffer, at, end - at);
        if (put(buffer, at, sign - at) < 0)
            return -1;
        if (end - sign >= 2 && sign[1] == '%') {
            if (put(buffer, "%", 1) < 0)
                return -1;
            at = sign + 2;
            continue;
        }
        if (end - sign < 5 || sign[1] != '(' || sign[3] != ')') {
            PyErr_SetString(PyExc_ValueError, "fill: a part has a '%' that is neither %% nor %(K)s nor %(K)d");
            return -1;
        }
        char key = sign[2], kind = sign[4];
        PyObject *name = NULL;
        if (key == 'n' && kind == 'd') {
            if (put_number(buffer, number) < 0)
                return -1;
        } else if (key == 't' && kind == 'd') {
            if (put_number(buffer, total) < 0)
                return -1;
        } else if (key >= 'a' && key <= 'd' && kind == 's') {
            name = given[key - 'a'];
        } else if (key >= 'w' && key <= 'z' && kind == 's') {
            name = sorted[key - 'w'];
        } else {
            PyErr_Format(PyExc_ValueError, "fill: unknown slot %%(%c)%c", key, kind);
            return -1;
        }
        if (name != NULL) {
            if (!PyBytes_Check(name)) {
                PyErr_SetString(PyExc_TypeError, "fill: a card's name is not bytes");
                return -1;
            }
            if (put(buffer, PyBytes_AS_STRING(name), PyBytes_GET_SIZE(name)) < 0)
                return -1;
        }
        at = sign + 5;
    }
    return 0;
}

/* fill(ranks, suits, names, numbers) -> bytes: see batch_scorer.BatchScorer._fill_in_python. */
static PyObject *fill(PyObject *module, PyObject *args) {
    PyObject *ranks_in, *suits_in, *names_in, *numbers_in;
    if (!PyArg_ParseTuple(args, "OOOO:fill", &ranks_in, &suits_in, &names_in, &numbers_in))
        return NULL;
    PyObject *ranks = NULL, *suits = NULL, *names = NULL, *numbers = NULL, *result = NULL;
    Buffer buffer = {NULL, 0, 0};
    ranks = PySequence_Fast(ranks_in, "fill: ranks must be a sequence");
    suits = ranks ? PySequence_Fast(suits_in, "fill: suits must be a sequence") : NULL;
    names = suits ? PySequence_Fast(names_in, "fill: names must be a sequence") : NULL;
    numbers = names ? PySequence_Fast(numbers_in, "fill: numbers must be a sequence") : NULL;
    if (numbers == NULL)
        goto done;
    Py_ssize_t deals = PySequence_Fast_GET_SIZE(ranks);
    if (PySequence_Fast_GET_SIZE(suits) != deals || PySequence_Fast_GET_SIZE(numbers) != deals
            || PySequence_Fast_GET_SIZE(names) != 4 * deals) {
        PyErr_SetString(PyExc_ValueError, "fill: ranks, suits, numbers and names (four a deal) differ in length");
        goto done;
    }
    PyObject **rank_items = PySequence_Fast_ITEMS(ranks), **suit_items = PySequence_Fast_ITEMS(suits);
    PyObject **name_items = PySequence_Fast_ITEMS(names), **number_items = PySequence_Fast_ITEMS(numbers);
    if (reserve(&buffer, deals * 640) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < deals; i++) {
        PyObject *rank = rank_items[i], *suit = suit_items[i];
        /* a rank entry: (leading empty runs, total, getter, variants by the suit entry's number, order);
           a suit entry: (its number, total, variants by the rank entry's leading empty runs) */
        PyObject *rank_leading = item(rank, 0, "a rank entry"), *rank_total = item(rank, 1, "a rank entry");
        PyObject *rank_variants = item(rank, 3, "a rank entry"), *order = item(rank, 4, "a rank entry");
        PyObject *suit_number = item(suit, 0, "a suit entry"), *suit_total = item(suit, 1, "a suit entry");
        PyObject *suit_variants = item(suit, 2, "a suit entry");
        if (!rank_leading || !rank_total || !rank_variants || !order || !suit_number || !suit_total
                || !suit_variants)
            goto done;
        long leading, number_of_suits, position;
        if (small_int(rank_leading, 0, 4, &leading, "a rank entry's leading runs") < 0
                || small_int(suit_number, 0, 7, &number_of_suits, "a suit entry's number") < 0)
            goto done;
        PyObject *rank_parts = item(rank_variants, number_of_suits, "a rank entry's variants");
        PyObject *suit_parts = rank_parts ? item(suit_variants, leading, "a suit entry's variants") : NULL;
        if (!suit_parts || !item(rank_parts, 3, "a rank variant") || !item(suit_parts, 2, "a suit variant"))
            goto done;
        long long number = PyLong_AsLongLong(number_items[i]);
        long long total = PyLong_AsLongLong(rank_total);
        total += PyLong_AsLongLong(suit_total);
        if (PyErr_Occurred())
            goto done;
        PyObject *const *given = name_items + 4 * i;
        PyObject *sorted[4];
        for (int k = 0; k < 4; k++) {
            PyObject *at = item(order, k, "a rank entry's order");
            if (!at || small_int(at, 0, 3, &position, "a position in a rank entry's order") < 0)
                goto done;
            sorted[k] = given[position];
        }
        PyObject *parts[7] = {PyTuple_GET_ITEM(rank_parts, 0), PyTuple_GET_ITEM(suit_parts, 0),
                              PyTuple_GET_ITEM(rank_parts, 1), PyTuple_GET_ITEM(suit_parts, 1),
                              PyTuple_GET_ITEM(rank_parts, 2), PyTuple_GET_ITEM(suit_parts, 2),
                              PyTuple_GET_ITEM(rank_parts, 3)};
        for (int k = 0; k < 7; k++)
            if (fill_part(&buffer, parts[k], number, total, given, sorted) < 0)
                goto done;
    }
    result = PyBytes_FromStringAndSize(buffer.data, buffer.used);
done:
    PyMem_Free(buffer.data);
    Py_XDECREF(ranks);
    Py_XDECREF(suits);
    Py_XDECREF(names);
    Py_XDECREF(numbers);
    return result;
}

static PyMethodDef methods[] = {
    {"fill", fill, METH_VARARGS, "fill(ranks, suits, names, numbers) -> bytes: a block's JSON lines."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fill", "A block's JSON lines, filled in C.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__fill(void) {
    PyObject *created = PyModule_Create(&module);
    if (created != NULL && PyModule_AddIntConstant(created, "FORMAT", FORMAT) < 0) {
        Py_DECREF(created);
        return NULL;
    }
    return created;
}
