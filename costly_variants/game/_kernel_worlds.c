/* The compiled kernel's search worlds: game/search.py (SearchBot._world: the cards a seat has not seen dealt
   at random into the other hands, by the seat's own generator, and a give not yet seen made as the greedy
   bot makes it; _count_world: each hand of a world counted once). The same rules as the Python, step for
   step; tests/test_kernel.py and tests/test_search.py hold the two to the same games. */
#include "_kernel.h"

/* A world's hands counted once, for every position of its search to read at the count (count_counted);
   not where an item would score less than nothing (the engine refuses it: the slow count says so). The
   hand of seat `known` (or none, -1) is counted already (`known_count`): the searching seat's own, the same
   in every world of a choice (unseen_by). */
static void count_hands_of(Game *world, int known, int known_count) {
    world->fast_count = 1;
    for (int p = 0; p < world->n; p++) {
        if (p == known) {
            world->counted[p] = known_count;
            continue;
        }
        if (world->never_below && world->count_n[p] == world->r->cards_each) { /* the items' sum, at once */
            world->counted[p] = hand_total(world->r, world->count_hands[p], world->count_n[p], world->deck);
            continue;
        }
        int k = hand_items(world->r, world->count_hands[p], world->count_n[p], world->deck, world->items,
                           world->suit_items), total = 0;
        for (int j = 0; j < k; j++) {
            total += world->items[j].points;
            if (world->items[j].points < 0)
                world->fast_count = 0;
        }
        world->counted[p] = total;
    }
    /* what the count adds to each side, pegged as count_counted pegs it: the hands, the late claims, the
       heels; summed ahead only where nothing is below 0 (a score below 0 is refused where it is made) */
    const Rules *r = world->r;
    world->count_add[0] = world->count_add[1] = 0;
    world->count_sure = world->fast_count;
    for (int p = 0; p < world->n; p++)
        world->count_add[world->teams[p]] += world->counted[p];
    for (int i = 0; i < world->nclaims; i++) {
        world->count_add[world->teams[world->claim_recv[i]]] += world->claim_points[i];
        world->count_sure &= world->claim_points[i] >= 0;
    }
    if (!r->heels_before_play && ((r->heels_mask >> RANK(world->deck)) & 1) && r->heels_points) {
        world->count_add[world->teams[world->dealer]] += r->heels_points;
        world->count_sure &= r->heels_points >= 0;
    }
}

static int give_options(const Game *g, int player, Act *out) {
    int hand[HAND_MAX], k = 0;
    sorted_hand(g, player, hand);
    for (int i = 0; i < g->hand_n[player]; i++) {
        int rank = RANK(hand[i]);
        out[k++] = (Act){K_GIVE, hand[i], -1, 0};
        if (g->r->given_away_scores && (rank == 11 || rank == 2))
            out[k++] = (Act){K_GIVE, hand[i], -1, 1};
    }
    return k;
}

void unseen_by(const Game *g, int player, Unseen *u) {
    const Rules *r = g->r;
    char seen[52];
    seen_by(g, player, seen);
    u->known_to = u->known_card = -1;
    if (g->n == 2 && g->gave_deal[player] == g->deal_number) {
        int card = g->gave_card[player], receiver = 1 - player, held = 0;
        for (int i = 0; i < g->hand_n[receiver]; i++)
            held |= g->hands[receiver][i] == card;
        if (!seen[card] && held) {
            u->known_to = receiver;
            u->known_card = card;
            seen[card] = 1;
        }
    }
    u->npool = 0;
    for (int c = 0; c < 52; c++)
        if (!seen[c])
            u->pool[u->npool++] = c;
    u->draws = 0;
    for (int i = 1; i < g->n; i++) {
        int q = (player + i) % g->n, m = 0;
        u->need[q] = g->hand_n[q] - (q == u->known_to);
        u->draws += u->need[q];
        if (g->phase == P_PLAY)
            for (int j = 0; j < g->played_n; j++)
                for (int h = 0; h < g->count_n[q]; h++)
                    if (g->count_hands[q][h] == g->played[j]) {
                        u->played[q][m++] = g->played[j];
                        break;
                    }
        u->played_n[q] = m;
    }
    if (g->phase == P_MOG && r->dealer_stock && u->npool > u->draws)
        u->draws++;
    /* the seat's own hand as the count will see it, the same in every world: counted here once, where
       count_hands_of would sum its items at once */
    u->known = -1;
    if (g->phase == P_PLAY && g->never_below && g->count_n[player] == r->cards_each) {
        u->known = player;
        u->known_count = hand_total(r, g->count_hands[player], g->count_n[player], g->deck);
    }
}

/* A world's cards: those `player` has not seen (`u`) dealt at random into the other hands of `world`, a copy
   of this state (g), and what follows from them; all else of the copy left as it is, so that the worlds of
   one choice are dealt into one copy, each in turn. */
void deal_world(Game *g, int player, const Unseen *u, Game *world) {
    int pool[52], npool = u->npool;
    memcpy(pool, u->pool, sizeof pool);
    mt_deal(&g->seat_rng[player], pool, npool, u->draws); /* the seat's own generator */
    int at = 0;
    for (int i = 1; i < g->n; i++) {
        int q = (player + i) % g->n, k = 0;
        for (int j = 0; j < u->need[q]; j++)
            world->hands[q][k++] = pool[at++];
        if (q == u->known_to)
            world->hands[q][k++] = u->known_card;
        world->hand_n[q] = k;
        if (g->phase == P_PLAY) {
            int m = u->played_n[q];
            memcpy(world->count_hands[q], u->played[q], (size_t)m * sizeof(int));
            for (int j = 0; j < k; j++)
                world->count_hands[q][m++] = world->hands[q][j];
            world->count_n[q] = m;
        }
    }
    world->stock_n = 0;
    if (g->phase == P_MOG && g->r->dealer_stock) /* the rest the stock (its first card the dealer's to take) */
        while (at < npool)
            world->stock[world->stock_n++] = pool[at++];
    for (int i = 0; i < world->ngives; i++) { /* a give not yet seen: as the greedy bot gives */
        int q = world->give_p[i];
        if (q == player)
            continue;
        Act options[16];
        int n = give_options(world, q, options);
        int best = best_kept(world, q, options, n);
        world->give_card[i] = options[best].card;
        world->give_peg[i] = options[best].peg;
    }
}

/* A world of the play: this state with the cards `player` has not seen (`u`) dealt at random into the other
   hands, and counted (count_hands_of), the seat's own hand as `u` counted it. */
void draw_world(Game *g, int player, const Unseen *u, Game *world) {
    copy_position(world, g);
    deal_world(g, player, u, world);
    count_hands_of(world, u->known, u->known_count);
}
