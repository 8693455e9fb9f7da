/* The compiled kernel's win table: game/wintable.py's Board (the board-playing search's table), and
   game/tangent.py's Tangent (the four-hand board search's reading of it). The same
   rules as the Python, step for step; tests/test_board.py holds the two searches to the same games. */
#include "_kernel.h"

#define SCALE 1000000LL /* wintable.SCALE: a chance in millionths */

/* Side A's chance in millionths from the scores reached at the end of a deal, `dealer` the side to deal
   the next (Board.chance): the table's (after the rules array: (a * target + b) * 2 + dealer, then the
   chances from equal scores past the target, by who deals) while both are below the target; else the
   game is decided, and where both reach the target at the count and that ends the game, the side that
   counts first (the one to deal the next) has won. */
long long board_chance(const Rules *r, long long a, long long b, int dealer) {
    long long t = r->target;
    if (a < t && b < t)
        return r->win[(a * t + b) * 2 + dealer];
    if (r->peg_out) {
        if (a >= t && b >= t)
            return dealer == 0 ? SCALE : 0;
        return a >= t ? SCALE : 0;
    }
    if (a == b)
        return r->win[t * t * 2 + dealer];
    return a > b ? SCALE : 0;
}

/* ---- the four-hand board search's tangent (game/tangent.py) --------------------------------------- */

#define SPAN 3 /* tangent.SPAN: the points each way over which a rate is read from the table */

/* `team`'s chance in millionths from its own score `own` and the other side's `their`, `dealer` to deal. */
static long long side_chance(const Rules *r, int team, long long own, long long their, int dealer) {
    return team == 0 ? board_chance(r, own, their, dealer) : SCALE - board_chance(r, their, own, dealer);
}

/* tangent._rate: millionths a point, how the chance rises over SPAN points each way of `at` (kept on the
   board), at least one; `own` says which score moves (the side's own, else the other's, whose rise it loses). */
static long long rate(const Tangent *t, const Rules *r, int own, int dealer) {
    long long at = own ? t->own : t->their, low = at - SPAN > 0 ? at - SPAN : 0;
    long long high = at + SPAN < r->target - 1 ? at + SPAN : r->target - 1;
    if (high <= low)
        return 1;
    long long rise = own ? side_chance(r, t->team, high, t->their, dealer) -
                               side_chance(r, t->team, low, t->their, dealer)
                         : side_chance(r, t->team, t->own, low, dealer) - side_chance(r, t->team, t->own, high, dealer);
    long long per = (rise > 0 ? rise : 0) / (high - low); /* not below 0: the same quotient as Python's // */
    return per > 1 ? per : 1;
}

/* Tangent.at: the side's chance at the decision's scores and what a point more is worth to it there. */
void tangent_at(Tangent *t, const Rules *r, int team, const int *scores, int dealer) {
    t->team = team;
    t->own = scores[team];
    t->their = scores[1 - team];
    t->chance = side_chance(r, team, t->own, t->their, dealer);
    t->per_own = rate(t, r, 1, dealer);
    t->per_their = rate(t, r, 0, dealer);
}

/* Tangent.value: a game won the whole, lost nothing; else the chance plus each side's points since, at
   their rates. */
long long tangent_value(const Tangent *t, int won, const long long *side) {
    if (won)
        return won > 0 ? SCALE : 0;
    return t->chance + t->per_own * (side[t->team] - t->own) - t->per_their * (side[1 - t->team] - t->their);
}
