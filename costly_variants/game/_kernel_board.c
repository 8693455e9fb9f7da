/* The compiled kernel's win table: game/wintable.py's Board (the board-playing search's table). The same
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
