/* The compiled kernel's the bots: game/bots.py (the greedy and expert bots; the random bot is a draw in
   playout). The same rules as the Python, step for step; tests/test_kernel.py holds the two to the same
   games. */
#include "_kernel.h"

/* -- the bots (game/bots.py) -- */

/* The cards `player` has seen (base.unseen_by's complement): his hand, the cards played, the deck card. */
void seen_by(const Game *g, int player, char *seen) {
    memset(seen, 0, 52);
    for (int i = 0; i < g->hand_n[player]; i++)
        seen[g->hands[player][i]] = 1;
    for (int i = 0; i < g->played_n; i++)
        seen[g->played[i]] = 1;
    if (g->deck >= 0)
        seen[g->deck] = 1;
}

static int unseen_cards(const Game *g, int player, int *out) {
    char seen[52];
    seen_by(g, player, seen);
    int k = 0;
    for (int c = 0; c < 52; c++)
        if (!seen[c])
            out[k++] = c;
    return k;
}

/* The count to be expected from the hand after giving `give` and taking one of the unseen cards: the sum
   over them of hand_total, which is a rank part and a suit part, so summed a rank part for each unseen
   rank and a suit part for each unseen suit role, each weighed by the cards that share it. Whole
   numbers, so the same sum as card by card; the one division is the engine's. */
static double expected_after(const Game *g, int player, int give, const ExpectCache *cache) {
    const Rules *r = g->r;
    int deck = g->deck;
    /* The kept cards' ranks with the deck card's, sorted, each unseen rank put in its place; their Jacks'
       and Deuces' points and their suits, each unseen suit role's card added: the parts hand_total adds. */
    int ranks[HAND_MAX + 2], nr = 0, suits[4] = {0, 0, 0, 0}, jd = 0;
    for (int i = 0; i < g->hand_n[player]; i++) {
        int c = g->hands[player][i];
        if (c == give)
            continue;
        ranks[nr++] = RANK(c);
        suits[SUIT(c)]++;
        jd += r->jd_points[role(c, deck)];
    }
    int nk = nr;
    ranks[nr++] = RANK(deck);
    suits[SUIT(deck)]++;
    if (r->deck_scores_jd)
        jd += r->jd_points[role(deck, deck)];
    for (int i = 1; i < nr; i++) {
        int x = ranks[i], j = i - 1;
        while (j >= 0 && ranks[j] > x) {
            ranks[j + 1] = ranks[j];
            j--;
        }
        ranks[j + 1] = x;
    }
    const int *rank_n = cache->rank_n;
    const int32_t *totals = nk + 1 == r->cards_each ? r->full_totals : r->small_totals;
    long long summed = 0;
    /* rank_code: the sorted ranks as base-13 digits, lowest first. With a rank put above the `p` ranks not
       above it, the code is the digits above it, then its own, shifted past the `p` below: those parts
       worked out once for every place, not once for every rank. */
    int below[HAND_MAX + 3], above[HAND_MAX + 3], shift[HAND_MAX + 3];
    below[0] = 0;
    shift[0] = 1;
    for (int p = 1; p <= nr; p++) {
        below[p] = (ranks[p - 1] - 1) * shift[p - 1] + below[p - 1];
        shift[p] = shift[p - 1] * 13;
    }
    above[nr] = 0;
    for (int p = nr - 1; p >= 0; p--)
        above[p] = above[p + 1] * 13 + (ranks[p] - 1);
    int p = 0;
    for (int rank = 1; rank <= 13; rank++) {
        while (p < nr && ranks[p] <= rank)
            p++;
        if (rank_n[rank]) {
            int code = (above[p] * 13 + (rank - 1)) * shift[p] + below[p];
            summed += (long long)rank_n[rank] * totals[code];
        }
    }
    int key_of[4]; /* colour_key with one more card of each suit */
    for (int t = 0; t < 4; t++) {
        suits[t]++;
        int top = 0;
        for (int u = 0; u < 4; u++)
            if (suits[u] > top)
                top = suits[u];
        int red = suits[1] + suits[2], black = suits[0] + suits[3];
        key_of[t] = top * 8 + (red > black ? red : black);
        suits[t]--;
    }
    /* each unseen card's suit part: the kept cards' Jacks' and Deuces' points, its own, its suit's colours */
    summed += (long long)cache->nu * jd + cache->jd_unseen;
    for (int t = 0; t < 4; t++)
        summed += (long long)cache->suit_n[t] * r->colour_total[key_of[t]];
    return (double)summed / (double)cache->nu;
}

/* expected_after for each card of a player's hand as it stands, each worked out once: a player weighs the
   same hand to ask (or answer) and again to give. */
static double expected_for(Game *g, int player, int give) {
    /* in a search, every position's: a seat weighs the same hand at several steps of a world's mog */
    ExpectCache *cache = g->expect_shared != NULL ? &g->expect_shared[player] : &g->expect[player];
    int same = cache->deal == g->deal_number && cache->n == g->hand_n[player] && cache->played == g->played_n &&
               cache->deck == g->deck && !memcmp(cache->cards, g->hands[player], (size_t)cache->n * sizeof(int));
    if (!same) {
        cache->deal = g->deal_number;
        cache->n = g->hand_n[player];
        cache->played = g->played_n;
        cache->deck = g->deck;
        memcpy(cache->cards, g->hands[player], (size_t)cache->n * sizeof(int));
        memset(cache->known, 0, sizeof cache->known);
        /* the unseen cards by rank and by suit role, counted once for every card the hand may give: all the
           deck's less those seen (the hand, the cards played, the deck card); a suit role is one suit */
        int deck = g->deck, seen = 0;
        for (int rank = 1; rank <= 13; rank++)
            cache->rank_n[rank] = 4;
        int role_n[12];
        for (int x = 0; x < 12; x++)
            role_n[x] = x < 4 ? 11 : 1; /* the other ranks of a suit; its Jack; its Deuce */
        for (int i = 0; i <= g->hand_n[player] + g->played_n; i++) {
            int c = i < g->hand_n[player] ? g->hands[player][i]
                    : i < g->hand_n[player] + g->played_n ? g->played[i - g->hand_n[player]] : deck;
            cache->rank_n[RANK(c)]--;
            role_n[role(c, deck)]--;
            seen++;
        }
        cache->nu = 52 - seen;
        /* by suit role, summed once a hand: their Jacks' and Deuces' points, and how many of each suit */
        cache->jd_unseen = 0;
        memset(cache->suit_n, 0, sizeof cache->suit_n);
        for (int x = 0; x < 12; x++) {
            cache->jd_unseen += (long long)role_n[x] * g->r->jd_points[x];
            cache->suit_n[ROLE_SUIT[SUIT(deck)][x & 3]] += role_n[x];
        }
    }
    if (!cache->known[give]) {
        cache->value[give] = expected_after(g, player, give, cache);
        cache->known[give] = 1;
    }
    return cache->value[give];
}

static int hand_without(const Game *g, int player, int card, int *out) {
    int k = 0;
    for (int i = 0; i < g->hand_n[player]; i++)
        if (g->hands[player][i] != card)
            out[k++] = g->hands[player][i];
    return k;
}

static int greedy_best_play(Game *g, const Act *legal, int n) {
    if (n == 1)
        return 0;
    int best = 0, best_points = -1, series[SERIES_MAX + 1];
    memcpy(series, g->series_c, (size_t)g->series_n * sizeof(int));
    for (int i = 0; i < n; i++) {
        series[g->series_n] = legal[i].card; /* the series with each card in turn */
        int points = play_sum(g, series, g->series_n + 1, g->count + act_value(g->r, &legal[i]));
        if (points > best_points) {
            best = i;
            best_points = points;
        }
    }
    return best;
}

int best_kept(Game *g, int player, const Act *legal, int n) {
    int best = 0, best_total = -1, best_peg = 0;
    for (int i = 0; i < n; i++) {
        int kept[HAND_MAX];
        int k = hand_without(g, player, legal[i].card, kept);
        int total = hand_total(g->r, kept, k, g->deck);
        if (total > best_total || (total == best_total && legal[i].peg > best_peg)) {
            best = i;
            best_total = total;
            best_peg = legal[i].peg;
        }
    }
    return best;
}

int choose_greedy(Game *g, int player, const Act *legal, int n) {
    int kind = legal[0].kind;
    if (kind == K_PLAY)
        return greedy_best_play(g, legal, n);
    if (kind == K_GIVE || kind == K_DISCARD)
        return best_kept(g, player, legal, n);
    return 0;
}

static int expert_best_play(Game *g, int player, const Act *legal, int n) {
    const Rules *r = g->r;
    if (n == 1)
        return 0;
    int unseen[52];
    int nu = unseen_cards(g, player, unseen);
    /* The unseen cards grouped by what a play score sees of them (rank, and a Jack's or Deuce's suit
       beside the deck card's), each weighed once by its size: sums of ints, so the same sums. */
    int group_card[64], group_size[64], ng = 0, group_of_key[64];
    for (int i = 0; i < 64; i++)
        group_of_key[i] = -1;
    for (int i = 0; i < nu; i++) {
        int c = unseen[i], x = role(c, g->deck);
        int key = RANK(c) * 4 + (x >= 4 ? (x & 3) : 0);
        if (group_of_key[key] < 0) {
            group_of_key[key] = ng;
            group_card[ng] = c;
            group_size[ng++] = 0;
        }
        group_size[group_of_key[key]]++;
    }
    int best = 0, have = 0;
    double best_worth = 0;
    int series[SERIES_MAX + 2];
    memcpy(series, g->series_c, (size_t)g->series_n * sizeof(int));
    for (int i = 0; i < n; i++) {
        series[g->series_n] = legal[i].card;
        int count = g->count + act_value(r, &legal[i]);
        int mine = play_sum(g, series, g->series_n + 1, count);
        double worth;
        if (count == r->limit) {
            worth = (double)mine;
        } else {
            long long summed = 0;
            int room = r->limit - count;
            for (int j = 0; j < ng; j++) {
                int c = group_card[j], top = 0;
                series[g->series_n + 1] = c;
                if (RANK(c) == 1) {
                    for (int v = 0; v < r->n_ace; v++)
                        if (r->ace_values[v] <= room) {
                            int p = play_sum(g, series, g->series_n + 2, count + r->ace_values[v]);
                            if (p > top)
                                top = p;
                        }
                } else if (r->card_value[c] <= room) {
                    int p = play_sum(g, series, g->series_n + 2, count + r->card_value[c]);
                    if (p > top)
                        top = p;
                }
                summed += (long long)group_size[j] * top;
            }
            worth = nu ? (double)mine - (double)summed / (double)nu : (double)mine - 0.0;
        }
        if (!have || worth > best_worth) {
            best = i;
            best_worth = worth;
            have = 1;
        }
    }
    return best;
}

int choose_expert(Game *g, int player, const Act *legal, int n) {
    const Rules *r = g->r;
    int kind = legal[0].kind;
    if (kind == K_GIVE) {
        int best = 0;
        double best_worth = 0;
        for (int i = 0; i < n; i++) {
            double worth = expected_for(g, player, legal[i].card) + (legal[i].peg ? 0.5 : 0);
            if (i == 0 || worth > best_worth) {
                best = i;
                best_worth = worth;
            }
        }
        return best;
    }
    if (kind == K_DISCARD) {
        int best = 0, best_total = 0;
        for (int i = 0; i < n; i++) {
            int kept[HAND_MAX];
            int k = hand_without(g, player, legal[i].card, kept);
            int total = hand_total(r, kept, k, g->deck);
            if (i == 0 || total > best_total) {
                best = i;
                best_total = total;
            }
        }
        return best;
    }
    if (kind == K_ASK || kind == K_STOCK) {
        if (kind == K_STOCK || !g->hand_n[player])
            return 0;
        int now = hand_total(r, g->hands[player], g->hand_n[player], g->deck);
        double best_after = 0;
        for (int i = 0; i < g->hand_n[player]; i++) {
            double e = expected_for(g, player, g->hands[player][i]);
            if (i == 0 || e > best_after)
                best_after = e;
        }
        return best_after + (double)r->refusal_points >= (double)now ? 0 : 1;
    }
    return expert_best_play(g, player, legal, n);
}
