/* The compiled kernel's one game: game/playout.py (play_game: one seeded game bot against bot) and what
   kernel.py asks of a game. The same rules as the Python, step for step; tests/test_kernel.py holds the two
   to the same games. */
#include "_kernel.h"

/* ---- one game, and its measures (runs/measures.py) --------------------------------------------- */

static int trace_action(Trace *t, const Act *a) {
    if (t == NULL)
        return 0;
    if (grow((void **)&t->actions, t->nactions, &t->cap, sizeof(int), 512) < 0)
        return -1;
    /* kind, card + 1, value + 1, peg: kernel.action_code makes the same of an Action */
    t->actions[t->nactions++] = a->kind | (a->card + 1) << 4 | (a->value + 1) << 10 | a->peg << 16;
    return 0;
}

/* Play one game; 0 when it ended as the engine's would, 1 when it must go to Python, -1 on no memory. */
int play_one(Game *g, const Rules *r, const int *bots, uint64_t seed, Trace *trace) {
    /* the generators are seeded below (a seat's only where its bot draws): not cleared first */
    memset(&g->bot, 0, offsetof(Game, events) - offsetof(Game, bot));
    g->nev = 0;
    g->n_eldest = 0;
    g->failed = 0;
    for (int p = 0; p < 4; p++) {
        g->expect[p].deal = -1;
        if (g->frames != NULL) /* a search's, from the last game */
            g->frames[0].expect[p].deal = -1;
    }
    g->r = r;
    g->n = r->players;
    for (int p = 0; p < g->n; p++) {
        g->teams[p] = r->partnerships ? p % 2 : p;
        g->bot[p] = bots[p];
    }
    mt_seed(&g->rng, seed);
    for (int p = 0; p < g->n; p++) {
        uint64_t bot_seed = mt_bits64(&g->rng);
        if (g->bot[p] == BOT_RANDOM || g->bot[p] >= BOT_SEARCH)
            mt_seed(&g->seat_rng[p], bot_seed);
        g->gave_deal[p] = -1;
    }
    for (int c = 0; c < 52; c++)
        g->stock[c] = c;
    g->stock_n = 52;
    g->winner = -1;
    g->dealer = -1;
    g->eldest = 0;
    g->phase = P_CUT;
    new_deal_state(g);
    int deal_start = 0;
    Act legal[64];
    for (int step = 0; step < MAX_ACTIONS; step++) {
        if (g->phase == P_OVER) {
            if (g->failed)
                return 1;
            if (g->deal_number && step - deal_start > MAX_DEAL_ACTIONS)
                return 1;
            return 0;
        }
        int deal = g->deal_number;
        Act a;
        int player = -1;
        if (g->phase == P_PLAY)
            player = g->to_play;
        else if (g->phase == P_MOG && g->pend_s[0] != S_STOCK_CARD)
            player = g->pend_p[0];
        if (player < 0) {
            a = draw_chance(g);
        } else {
            int n = g->phase == P_PLAY ? play_actions(g, player, legal) : mog_actions(g, player, legal);
            int choice;
            switch (g->bot[player]) {
            case BOT_RANDOM:
                choice = mt_below(&g->seat_rng[player], n);
                break;
            case BOT_GREEDY:
                choice = choose_greedy(g, player, legal, n);
                break;
            case BOT_EXPERT:
                choice = choose_expert(g, player, legal, n);
                break;
            default:
                choice = n == 1 ? 0 : choose_search(g, player, legal, n);
                if (legal[choice].kind == K_GIVE && g->n == 2) {
                    g->gave_deal[player] = g->deal_number;
                    g->gave_card[player] = legal[choice].card;
                }
                break;
            }
            if (g->failed)
                return 1;
            a = legal[choice];
            if (g->phase == P_PLAY)
                apply_play(g, player, &a);
            else
                apply_mog(g, player, &a);
        }
        if (trace_action(trace, &a) < 0)
            return -1;
        if (g->failed)
            return g->failed;
        if (g->deal_number != deal) {
            if (deal && step + 1 - deal_start > MAX_DEAL_ACTIONS)
                return 1;
            deal_start = step + 1;
        }
    }
    return 1; /* the engine gives up on a game this long */
}

/* The bots named one a seat (``kernel.BOT_CODES``): CK_OK, or the error. */
int read_bots(const Rules *r, const uint8_t *codes, size_t length, int *bots) {
    if (length != (size_t)r->players)
        return CK_BAD_SEATS;
    for (int p = 0; p < r->players; p++) {
        bots[p] = codes[p];
        if (bots[p] < BOT_RANDOM || bots[p] > BOT_BOARD)
            return CK_BAD_BOT;
        if (bots[p] == BOT_BOARD && r->win == NULL)
            return CK_NO_BOARD;
    }
    return CK_OK;
}

/* A game to play seeds in, with room for a count's items; NULL without memory. */
Game *new_game(const Rules *r) {
    Game *g = calloc(1, sizeof(Game));
    if (g == NULL)
        return NULL;
    g->items = calloc((size_t)r->max_rank_items + (size_t)r->max_colour_items + 8, sizeof(Item));
    g->suit_items = calloc((size_t)r->max_colour_items + 8, sizeof(Item));
    if (g->items == NULL || g->suit_items == NULL) {
        free_game(g);
        return NULL;
    }
    return g;
}

void free_game(Game *g) {
    if (g == NULL)
        return;
    free(g->events);
    free(g->eldest_counts);
    free(g->items);
    free(g->suit_items);
    free(g->frames);
    free(g->fast_play);
    free(g);
}
