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

/* The expert model's weighing of a hand for the mog (ExpertBot._expected_for): the count to be expected
   after giving each card of it and taking one of the cards its seat has not seen, all alike likely; and
   the hand's count now. hand_total is a rank part and a suit part, so the sum over the unseen cards is
   summed a rank part for each rank and a suit part for each suit, each weighed by the unseen cards that
   share it. Whole numbers, so the same sum as card by card; the one division is the engine's.

   The rank part after giving `give` is, over the ranks r, the unseen cards of rank r times the total of
   `m` (the kept cards' ranks and the deck card's) with r: the unseen of rank r are 4 less those of `m`,
   less the card given and the cards played of that rank. The first, summed over r, depends on `m` alone
   (rank_sum: in a search, worked out once for each `m` of a run, Game.rank_sums); the card given adds r
   to `m` to make the hand's own ranks, the same whichever card is given. */

/* The code of the sorted rank digits `m` (k of them) with the digit `d` put in its place. */
static int code_with(const int *m, int k, int d) {
    int code = 0, j = k - 1;
    for (; j >= 0 && m[j] > d; j--)
        code = code * 13 + m[j];
    code = code * 13 + d;
    for (; j >= 0; j--)
        code = code * 13 + m[j];
    return code;
}

/* Over the ranks, 4 less the ranks `m` has of each, times the total of `m` with that rank (`totals`). */
static long long rank_sum(const int32_t *totals, const int *m, int k) {
    /* the code of `m` with a digit put above the `p` digits not above it: the digits above it, then its
       own, shifted past the `p` below; those parts worked out once for every place */
    int below[HAND_MAX + 3], above[HAND_MAX + 3], shift[HAND_MAX + 3];
    below[0] = 0;
    shift[0] = 1;
    for (int p = 1; p <= k; p++) {
        below[p] = m[p - 1] * shift[p - 1] + below[p - 1];
        shift[p] = shift[p - 1] * 13;
    }
    above[k] = 0;
    for (int p = k - 1; p >= 0; p--)
        above[p] = above[p + 1] * 13 + m[p];
    long long sum = 0;
    for (int d = 0, p = 0; d < 13; d++) {
        int weight = 4; /* less each digit of m equal to d (those below d were passed at their own) */
        for (; p < k && m[p] <= d; p++)
            weight--;
        if (weight > 0)
            sum += (long long)weight * totals[(above[p] * 13 + d) * shift[p] + below[p]];
    }
    return sum;
}

/* A seat's expert model cache (in a search, the one its positions share), and whether it holds the
   player's hand as it stands. */
HOT_INLINE const ExpectCache *seat_cache(const Game *g, int player, int *same) {
    const ExpectCache *cache = g->expect_shared != NULL ? &g->expect_shared[player] : &g->expect[player];
    const int *hand = g->hands[player];
    int n = g->hand_n[player];
    *same = cache->deal == g->deal_number && cache->n == n && cache->played == g->played_n && cache->deck == g->deck;
    for (int i = 0; *same && i < n; i++)
        *same = cache->cards[i] == hand[i];
    return cache;
}

/* The expert model's view of a player's hand as it stands (ExpectCache), worked out once: a player weighs
   the same hand to ask (or answer) and again to give, and in a search every position's seat shares its
   cache (Game.expect_shared). The hand weighed anew apart (weigh_hand, not inlined): a search's steps
   mostly find it weighed, and then pay for no more than the look. */
static ExpectCache *weigh_hand(Game *g, int player, ExpectCache *cache);

HOT_INLINE ExpectCache *expert_view(Game *g, int player) {
    int same;
    ExpectCache *cache = (ExpectCache *)seat_cache(g, player, &same); /* the game's own, or its search's */
    return same ? cache : weigh_hand(g, player, cache);
}

/* The weighing of a hand of `n` cards (weigh_hand makes it for three cards apart: the loops then unrolled). */
HOT_INLINE ExpectCache *weigh_cards(Game *g, int player, ExpectCache *cache, int n) {
    cache->give_card = -1; /* the give it chooses, worked out when it gives (expert_mog_step) */
    const Rules *r = g->r;
    const int32_t *jd = r->jd_points;
    const int *hand = g->hands[player];
    int deck = g->deck;
    const unsigned char *roles = ROLES[deck];
    cache->deal = g->deal_number;
    cache->n = n;
    cache->played = g->played_n;
    cache->deck = deck;
    for (int i = 0; i < n; i++)
        cache->cards[i] = hand[i];
    if (cache->jd_of != jd) { /* all the deck's Jacks' and Deuces' points, by suit role: 11 of a suit's other
                                 cards, its Jack and its Deuce */
        cache->jd_of = jd;
        cache->jd_all = 0;
        for (int x = 0; x < 12; x++)
            cache->jd_all += (long long)(x < 4 ? 11 : 1) * jd[x];
    }
    /* The unseen cards: all the deck's less those seen (the hand, the cards played, the deck card): their
       Jacks' and Deuces' points, and how many of each suit. With them the hand's ranks and the deck card's,
       sorted, each with the card it is (its place in the hand, the deck card's n) in its low bits. */
    int hand_shape = 0, jd_hand = 0, k = n + 1, sorted[HAND_MAX + 1], at[HAND_MAX + 1];
    for (int i = 0; i < n; i++) {
        hand_shape += SUIT_BIT[hand[i]];
        jd_hand += jd[roles[hand[i]]];
    }
    if (k == 4) { /* three cards and the deck card: sorted by a fixed network, without branches (the keys
                     differ in their low bits, so any sort gives the one order) */
        int a = RANK_DIGIT[hand[0]] << 3, b = RANK_DIGIT[hand[1]] << 3 | 1, c = RANK_DIGIT[hand[2]] << 3 | 2,
            d = RANK_DIGIT[deck] << 3 | 3, lo, hi;
#define ORDER(x, y) (lo = x < y ? x : y, hi = x < y ? y : x, x = lo, y = hi)
        ORDER(a, b);
        ORDER(c, d);
        ORDER(a, c);
        ORDER(b, d);
        ORDER(b, c);
#undef ORDER
        sorted[0] = a, sorted[1] = b, sorted[2] = c, sorted[3] = d;
    } else {
        for (int i = 0; i < k; i++) {
            int key = RANK_DIGIT[i < n ? hand[i] : deck] << 3 | i, j = i - 1;
            for (; j >= 0 && sorted[j] > key; j--)
                sorted[j + 1] = sorted[j];
            sorted[j + 1] = key;
        }
    }
    long long jd_unseen = cache->jd_all - jd_hand - jd[roles[deck]];
    for (int j = 0; j < g->played_n; j++)
        jd_unseen -= jd[roles[g->played[j]]];
    long long nu = 52 - (n + g->played_n + 1);
    cache->nu = (int)nu;
    /* the code of the ranks less the one at place p: the digits below p (low), those above shifted down one
       (high); all of them, the hand's own ranks (whole) */
    int ranks[HAND_MAX + 1], low[HAND_MAX + 2], high[HAND_MAX + 2], power[HAND_MAX + 2];
    low[0] = 0;
    power[0] = 1;
    for (int j = 0; j < k; j++) {
        ranks[j] = sorted[j] >> 3;
        at[sorted[j] & 7] = j;
        low[j + 1] = low[j] + ranks[j] * power[j];
        power[j + 1] = power[j] * 13;
    }
    high[k - 1] = 0;
    for (int p = k - 2; p >= 0; p--)
        high[p] = high[p + 1] + ranks[p + 1] * power[p];
    const int32_t *totals = n == r->cards_each ? r->full_totals : r->small_totals;
    int whole = totals[low[k]], deck_jd = r->deck_scores_jd ? jd[roles[deck]] : 0;
    int seen_shape = hand_shape + SUIT_BIT[deck];
    cache->now = whole + jd_hand + deck_jd + r->colour_total[COLOUR_KEY[seen_shape]];
    long long *memo = n == r->cards_each ? g->rank_sums : NULL; /* its size: cards_each digits */
    /* the colours' part by the suit given: with no card played, the same for every hand of the same shape
       (its unseen suits are the shape's complement: Game.shape_sums) */
    long long *by_shape = g->played_n == 0 && g->shape_sums != NULL ? g->shape_sums + (seen_shape << 2) : NULL;
    long long by_suit[4] = {LLONG_MIN, LLONG_MIN, LLONG_MIN, LLONG_MIN}, *colours = by_shape ? by_shape : by_suit;
    for (int i = 0; i < n; i++) {
        int give = hand[i], p = at[i], code = low[p] + high[p], m[HAND_MAX + 1];
        long long summed = memo != NULL ? memo[code] : LLONG_MIN;
        if (summed == LLONG_MIN || g->played_n) { /* the kept ranks themselves */
            for (int j = 0, q = 0; j < k; j++)
                if (j != p)
                    m[q++] = ranks[j];
            if (summed == LLONG_MIN)
                summed = rank_sum(totals, m, n);
            if (memo != NULL)
                memo[code] = summed;
            for (int j = 0; j < g->played_n; j++)
                summed -= totals[code_with(m, n, RANK_DIGIT[g->played[j]])];
        }
        summed -= whole;
        /* each unseen card's suit part: the kept cards' Jacks' and Deuces' points, its own, its suit's colours */
        int suit = SUIT(give);
        if (colours[suit] == LLONG_MIN) { /* over the unseen cards of each suit (13 less those seen) */
            int shape = seen_shape - SUIT_BIT[give], unseen[4];
            for (int t = 0; t < 4; t++)
                unseen[t] = 13 - ((seen_shape >> (SHAPE_BITS * t)) & ((1 << SHAPE_BITS) - 1));
            for (int j = 0; j < g->played_n; j++)
                unseen[SUIT(g->played[j])]--;
            colours[suit] = 0;
            for (int t = 0; t < 4; t++)
                colours[suit] += (long long)unseen[t] * r->colour_total[COLOUR_KEY[shape + (1 << (SHAPE_BITS * t))]];
        }
        summed += nu * (jd_hand - jd[roles[give]] + deck_jd) + jd_unseen + colours[suit];
        cache->value[give] = (double)summed / (double)nu;
        if (i == 0 || cache->value[give] > cache->best)
            cache->best = cache->value[give];
    }
    return cache;
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static ExpectCache *weigh_hand(Game *g, int player, ExpectCache *cache) {
    int n = g->hand_n[player];
    return n == 3 ? weigh_cards(g, player, cache, 3) : weigh_cards(g, player, cache, n);
}

/* The count of a player's hand as it stands (hand_total): the expert model's, where it has weighed that
   hand (a search's mog counts the hands its steps have weighed). */
int hand_now(const Game *g, int player) {
    int same;
    const ExpectCache *cache = seat_cache(g, player, &same);
    return same ? cache->now : hand_total(g->r, g->hands[player], g->hand_n[player], g->deck);
}

/* The expert bot's action at the mog's next step, as choose_expert chooses among mog_actions' legal
   actions, from its view of the hand without listing them: 1, or 0 for a step it leaves to those two (a
   discard). A search's mog takes every later step so. */
int expert_mog_step(Game *g, int player, Act *out) {
    int step = g->pend_s[0];
    if (step == S_DISCARD || step == S_STOCK_CARD)
        return 0;
    if (step == S_STOCK) { /* the stock taken (choose_expert's first) */
        *out = (Act){K_STOCK, -1, -1, 0};
        return 1;
    }
    if (step != S_GIVE) { /* to ask or agree, or not: mog when the best exchange is worth its refusal */
        int ask = !g->hand_n[player];
        if (!ask) {
            const ExpectCache *view = expert_view(g, player);
            ask = view->best + (double)g->r->refusal_points >= (double)view->now;
        }
        *out = (Act){ask ? K_ASK : K_DECLINE, -1, -1, 0};
        return 1;
    }
    ExpectCache *view = expert_view(g, player);
    if (view->give_card < 0) { /* the first give worth most, in mog_actions' order: by sort key, each Jack
                                  or Deuce given then pegged where that scores; the hand taken as it lies,
                                  of equal worths the one first in that order kept (no sort needed) */
        const int *hand = g->hands[player];
        int peg = g->r->given_away_scores, best_key = 0;
        double best_worth = 0;
        for (int i = 0; i < g->hand_n[player]; i++) {
            int digit = RANK_DIGIT[hand[i]], ways = peg && (digit == 10 || digit == 1) ? 2 : 1;
            for (int w = 0; w < ways; w++) {
                double worth = view->value[hand[i]] + (w ? 0.5 : 0);
                int key = SORT_KEY(hand[i]) * 2 + w;
                if (view->give_card < 0 || worth > best_worth || (worth == best_worth && key < best_key)) {
                    view->give_card = hand[i];
                    view->give_peg = w;
                    best_worth = worth;
                    best_key = key;
                }
            }
        }
    }
    *out = (Act){K_GIVE, view->give_card, -1, view->give_peg};
    return view->give_card >= 0;
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
        const double *expected = expert_view(g, player)->value;
        int best = 0;
        double best_worth = 0;
        for (int i = 0; i < n; i++) {
            double worth = expected[legal[i].card] + (legal[i].peg ? 0.5 : 0);
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
        const ExpectCache *view = expert_view(g, player); /* the best exchange against the count now */
        return view->best + (double)r->refusal_points >= (double)view->now ? 0 : 1;
    }
    return expert_best_play(g, player, legal, n);
}
