/* The compiled kernel's the state and the deal: game/base.py (the scores and their events), game/deal.py
   (the cut and the deal) and the chance of game/state.py (a card drawn from the stock). The same rules as
   the Python, step for step; tests/test_kernel.py holds the two to the same games. */
#include "_kernel.h"

/* Room for one more item in a buffer that doubles as it fills; 0, or -1 without memory. */
int grow(void **buffer, int used, int *cap, size_t item, int first) {
    if (used < *cap)
        return 0;
    int size = *cap ? *cap * 2 : first;
    void *grown = realloc(*buffer, (size_t)size * item);
    if (grown == NULL)
        return -1;
    *buffer = grown;
    *cap = size;
    return 0;
}

/* score's event (_kernel.h), in a game that records them: 0, or -1 without memory (the game fails). */
int record_event(Game *g, int player, int team, int points, int kind) {
    if (grow((void **)&g->events, g->nev, &g->cap, sizeof(Event), 256) < 0) {
        g->failed = 1;
        return -1;
    }
    Event *e = &g->events[g->nev++];
    e->deal = g->deal_number;
    e->player = player;
    e->team = team;
    e->points = points;
    e->kind = kind;
    return 0;
}

/* -- the deal -- */

void new_deal_state(Game *g) {
    for (int p = 0; p < g->n; p++) {
        g->hand_n[p] = 0;
        g->count_n[p] = 0;
        g->offers[p] = -1;
    }
    g->dealt = 0;
    g->deck = -1;
    g->npend = 0;
    g->ngives = 0;
    g->exchanged = g->refused = 0;
    g->nclaims = 0;
    g->count = 0;
    g->series_n = 0;
    g->said_go = 0;
    g->go_awarded = g->go_paid = 0;
    g->to_play = -1;
    g->last_player = -1;
    g->played_n = 0;
}

void start_deal(Game *g) {
    g->deal_number++;
    for (int c = 0; c < 52; c++)
        g->stock[c] = c;
    g->stock_n = 52;
    new_deal_state(g);
    g->phase = P_DEAL;
}

void set_dealer(Game *g, int dealer) {
    g->dealer = dealer;
    g->eldest = (dealer + 1) % g->n;
}

static void settle_cut(Game *g) {
    const Rules *r = g->r;
    int ranks[4], best = -1, ties = 0;
    for (int p = 0; p < g->n; p++) {
        int rank = RANK(g->cuts[p]);
        ranks[p] = rank == 1 && r->cut_ace_high ? 14 : rank;
    }
    for (int p = 0; p < g->n; p++)
        if (best < 0 || (r->first_lowest ? ranks[p] < best : ranks[p] > best))
            best = ranks[p];
    for (int p = 0; p < g->n; p++)
        ties += ranks[p] == best;
    if (ties > 1) { /* cut again: the cards go back under the stock, in the order cut */
        for (int p = 0; p < g->n; p++)
            g->stock[g->stock_n++] = g->cuts[p];
        g->ncuts = 0;
        return;
    }
    for (int p = 0; p < g->n; p++)
        if (ranks[p] == best) {
            set_dealer(g, p);
            break;
        }
    g->first_dealer = g->dealer;
    g->ncuts = 0;
    start_deal(g);
}

static int deal_receiver(const Game *g) {
    int each = g->r->cards_each;
    if (g->r->in_ones)
        return (g->eldest + g->dealt) % g->n;
    return (g->eldest + g->dealt / each) % g->n;
}

/* -- chance -- */

static void record_eldest(Game *g) {
    if (!g->record_eldest || g->hand_n[g->eldest] != g->r->cards_each)
        return;
    if (grow((void **)&g->eldest_counts, g->n_eldest, &g->cap_eldest, sizeof(int), 64) < 0) {
        g->failed = 1;
        return;
    }
    g->eldest_counts[g->n_eldest++] = hand_total(g->r, g->hands[g->eldest], g->hand_n[g->eldest], g->deck);
}

Act draw_chance(Game *g) {
    int at = mt_below(&g->rng, g->stock_n);
    int card = g->stock[at];
    g->stock_n--;
    memmove(g->stock + at, g->stock + at + 1, (size_t)(g->stock_n - at) * sizeof(int));
    Act a = {K_DEAL, card, -1, 0};
    switch (g->phase) {
    case P_DEAL: {
        int to = deal_receiver(g);
        g->hands[to][g->hand_n[to]++] = card;
        g->dealt++;
        if (g->dealt == g->n * g->r->cards_each)
            g->phase = P_TURN;
        break;
    }
    case P_CUT:
        a.kind = K_CUT;
        g->cuts[g->ncuts++] = card;
        if (g->ncuts == g->n)
            settle_cut(g);
        break;
    case P_TURN:
        a.kind = K_TURN;
        g->deck = card;
        record_eldest(g);
        turn_up(g, card);
        break;
    default: /* the stock card, taken by the dealer */
        a.kind = K_STOCK_CARD;
        g->hands[g->dealer][g->hand_n[g->dealer]++] = card;
        g->pend_s[0] = S_DISCARD;
        break;
    }
    return a;
}
