/* The win table's dynamic programme (ck_win_table): chances/table.py's solve, over the deals
   chances/deals.py samples, for the board-playing search's table where numpy is not at hand (the Play
   page in the browser works a house ruleset's table out in WebAssembly with it).

   Side A's chance V from scores (a, b) with side d to deal is

       V(a, b, d) = P_d(A pegs out first in the deal | a, b)
                    + sum over the deal's totals (x, y) of P_d(x, y, nobody pegs out) * V(a + x, b + y, 1 - d),

   positions at or past the target being decided (table.py's docstring says how, with or without
   pegging out). numpy works each row of the board out from the rows above by FFT correlation, and the
   row's own positions (deals where side A scores nothing) by a power series; here the same sums are
   summed directly, position by position from the target back: a row (side A's score) from the rows
   above it, and along the row from side B's highest score down, where the deals in which neither side
   scores leave two equations in the two dealers' chances at the same position, solved at once. The
   deal's distribution is read as table.py's _distribution reads it (the same weights added in the same
   order), so that the chance of pegging out first and the totals' chances are numpy's to the bit; the
   rest differs from numpy's by rounding only (tests/test_wintable_kernel.py holds the two within 1e-9).

   The deals (int32): one after the other, each its dealing side (0 or 1), its number of runs, then the
   runs as (side, points): sides relative to the dealer (0 the dealer's side), points above 0, in the
   order they fell (chances.deals.Deal). With `mirrored` (the same bot on both sides) every deal serves
   both sides dealing, else each side's own deals. Out: 2 * target * target chances, side A's at
   (a * target + b) * 2 + dealer (game/wintable.py's layout), then side A's chance from equal scores
   at or past the target by who deals next (table.py's ties). */
#include "_kernel.h"

#define MAX_TARGET 100000 /* far past any game's; keeps the sizes below from overflowing */

typedef struct {
    int x, y;
    double p;
} Outcome; /* a deal's totals, side A's and side B's, and their chance (side A scoring) */

typedef struct {
    double *peg;      /* (target + 1) * (target + 1): [r][k] A reaches r with B at k or fewer before */
    double *joint;    /* width * width: [x][y] the totals, both short of the width */
    double *along;    /* target: [y] the totals (0, y) */
    Outcome *moves;   /* the totals with x > 0 and a chance */
    size_t n_moves;
    double gain, even; /* the chance of x > y, and of x == y (table.py's ties) */
} Dealt;

/* Check the deals and count each side's: -1 where the array is not a list of deals. */
static int read_deals(const int32_t *deals, size_t n, size_t count[2], int *widest) {
    size_t at = 0;
    count[0] = count[1] = 0;
    *widest = 0;
    while (at < n) {
        if (n - at < 2 || (deals[at] != 0 && deals[at] != 1) || deals[at + 1] < 0 ||
            (size_t)deals[at + 1] > (n - at - 2) / 2)
            return -1;
        long long totals[2] = {0, 0};
        for (int32_t i = 0; i < deals[at + 1]; i++) {
            int32_t side = deals[at + 2 + 2 * i], points = deals[at + 3 + 2 * i];
            if ((side != 0 && side != 1) || points < 1 || points > MAX_TARGET)
                return -1;
            totals[side] += points;
        }
        for (int s = 0; s < 2; s++)
            if (totals[s] > *widest)
                *widest = totals[s] > MAX_TARGET ? MAX_TARGET : (int)totals[s];
        count[deals[at]]++;
        at += 2 + 2 * (size_t)deals[at + 1];
    }
    return 0;
}

/* One dealing side's distribution (table.py's _prepare and _distribution): the deals it deals (or every
   deal, mirrored), side A's sides made absolute by `flip`. */
static int distribute(const int32_t *deals, size_t n, int dealer, int mirrored, size_t chosen, int t, int width,
                      Dealt *out) {
    size_t rows = (size_t)t + 1;
    out->peg = calloc(rows * rows, sizeof(double));
    out->joint = calloc((size_t)width * (size_t)width, sizeof(double));
    out->along = calloc((size_t)t, sizeof(double));
    if (out->peg == NULL || out->joint == NULL || out->along == NULL)
        return CK_NO_MEMORY;
    const double w = 1.0 / (double)chosen; /* numpy: ones(n) divided by their sum */
    for (size_t at = 0; at < n; at += 2 + 2 * (size_t)deals[at + 1]) {
        if (!mirrored && deals[at] != dealer)
            continue;
        long long done[2] = {0, 0};
        for (int32_t i = 0; i < deals[at + 1]; i++) {
            int side = deals[at + 2 + 2 * i] ^ dealer, points = deals[at + 3 + 2 * i];
            if (side == 0) { /* every score side A reaches in the run, up to the target, B's points before */
                long long reach = done[0] + points < t ? done[0] + points : t;
                size_t before = (size_t)(done[1] < t ? done[1] : t);
                for (long long r = done[0] + 1; r <= reach; r++)
                    out->peg[(size_t)r * rows + before] += w;
            }
            done[side] += points;
        }
        if (done[0] < width && done[1] < width)
            out->joint[(size_t)done[0] * (size_t)width + (size_t)done[1]] += w;
    }
    for (size_t r = 0; r < rows; r++) /* numpy's cumsum along B's points, in the same order */
        for (size_t k = 1; k < rows; k++)
            out->peg[r * rows + k] += out->peg[r * rows + k - 1];
    size_t support = 0;
    for (int x = 1; x < width; x++)
        for (int y = 0; y < width; y++)
            support += out->joint[(size_t)x * (size_t)width + (size_t)y] != 0.0;
    out->moves = malloc((support ? support : 1) * sizeof(Outcome));
    if (out->moves == NULL)
        return CK_NO_MEMORY;
    out->n_moves = 0;
    out->gain = out->even = 0.0;
    for (int x = 0; x < width; x++)
        for (int y = 0; y < width; y++) {
            double p = out->joint[(size_t)x * (size_t)width + (size_t)y];
            if (x > y)
                out->gain += p;
            else if (x == y)
                out->even += p;
            if (x > 0 && p != 0.0)
                out->moves[out->n_moves++] = (Outcome){x, y, p};
            else if (x == 0 && y < t)
                out->along[y] = p;
        }
    return CK_OK;
}

static void release(Dealt *d) {
    free(d->peg);
    free(d->joint);
    free(d->along);
    free(d->moves);
}

int ck_win_table(const int32_t *deals, size_t n_deals, int target, int peg_out, int mirrored, double *chances) {
    if (target < 1 || target > MAX_TARGET)
        return CK_BAD_DEALS;
    size_t count[2];
    int widest;
    if (read_deals(deals, n_deals, count, &widest) < 0)
        return CK_BAD_DEALS;
    size_t chosen[2] = {mirrored ? count[0] + count[1] : count[0], mirrored ? count[0] + count[1] : count[1]};
    if (chosen[0] == 0 || chosen[1] == 0)
        return CK_NO_DEALS;
    const int t = target;
    widest += 1;
    const int width = peg_out && widest > t ? t : widest;
    Dealt dealt[2] = {{0}, {0}};
    /* ext[d]: side A's chance at every position reached after a deal, d dealing next: the table's chances
       below the target, as they are worked out; past it, decided (table.py's terminal). */
    const size_t side = (size_t)t + (size_t)width, rows = (size_t)t + 1;
    if ((double)side * (double)side * 2 * sizeof(double) >= (double)SIZE_MAX)
        return CK_NO_MEMORY; /* (size_t is 32 bits in WebAssembly) */
    double *ext = calloc(2 * side * side, sizeof(double));
    int status = ext == NULL ? CK_NO_MEMORY : CK_OK;
    for (int d = 0; d < 2 && status == CK_OK; d++)
        status = distribute(deals, n_deals, d, mirrored, chosen[d], t, width, &dealt[d]);
    if (status == CK_OK) {
        double denominator = 1.0 - dealt[0].even * dealt[1].even;
        double ties[2] = {0.5, 0.5};
        if (denominator > 0) {
            ties[0] = (dealt[0].gain + dealt[0].even * dealt[1].gain) / denominator;
            ties[1] = (dealt[1].gain + dealt[1].even * dealt[0].gain) / denominator;
        }
        if (!peg_out) /* the higher score at or past the target wins; equal scores play on */
            for (int d = 0; d < 2; d++)
                for (size_t a = t; a < side; a++)
                    for (size_t b = 0; b < side; b++)
                        ext[(d * side + a) * side + b] = b < (size_t)t || a > b ? 1.0 : a == b ? ties[d] : 0.0;
        const double stay0 = dealt[0].along[0], stay1 = dealt[1].along[0]; /* neither side scores */
        const double still = 1.0 - stay0 * stay1;
        if (!(still > 0))
            status = CK_NO_DEALS;
        for (int a = t - 1; a >= 0 && status == CK_OK; a--)
            for (int b = t - 1; b >= 0; b--) {
                double known[2];
                for (int d = 0; d < 2; d++) {
                    const Dealt *dd = &dealt[d];
                    const double *next = ext + (size_t)(1 - d) * side * side; /* the other side deals next */
                    double sum = peg_out ? dd->peg[(size_t)(t - a) * rows + (size_t)(t - b - 1)] : 0.0;
                    for (size_t i = 0; i < dd->n_moves; i++)
                        sum += dd->moves[i].p * next[(size_t)(a + dd->moves[i].x) * side + (size_t)(b + dd->moves[i].y)];
                    const double *row = next + (size_t)a * side;
                    for (int y = 1; y < t - b; y++)
                        sum += dd->along[y] * row[b + y];
                    known[d] = sum;
                }
                double v0 = (known[0] + stay0 * known[1]) / still;
                double v1 = known[1] + stay1 * v0;
                ext[(size_t)a * side + (size_t)b] = v0;
                ext[(side + (size_t)a) * side + (size_t)b] = v1;
                chances[((size_t)a * (size_t)t + (size_t)b) * 2] = v0;
                chances[((size_t)a * (size_t)t + (size_t)b) * 2 + 1] = v1;
            }
        chances[2 * (size_t)t * (size_t)t] = ties[0];
        chances[2 * (size_t)t * (size_t)t + 1] = ties[1];
    }
    release(&dealt[0]);
    release(&dealt[1]);
    free(ext);
    return status;
}
