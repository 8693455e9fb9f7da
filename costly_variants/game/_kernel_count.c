/* The compiled kernel's the count: count/hand.py (HandCounter: a hand's count by its rank part and suit
   part; ROLE_BESIDE) and game/count.py (CountPhase: the claims, the heels, each hand counted, the end of
   the game at the count). The same rules as the Python, step for step; tests/test_kernel.py holds the two
   to the same games. */
#include "_kernel.h"

/* count.hand.ROLE_BESIDE: Jack (1), Deuce (2) or neither (0), times 4, plus the suit's relation to the
   deck card's: the same (0), its mate (1), or one of the other colour (2, 3, in suit order). */
static int relation(int suit, int deck_suit) {
    if (suit == deck_suit)
        return 0;
    if (RED(suit) == RED(deck_suit))
        return 1;
    int other = 0;
    for (int s = 0; s < suit; s++)
        if (RED(s) != RED(deck_suit))
            other++;
    return 2 + other;
}

unsigned char ROLES[52][52]; /* [deck][card]: filled once, at import (fill_roles) */
unsigned char ROLE_SUIT[4][4]; /* [deck's suit][relation]: the one suit that stands so to it */
unsigned char RANK_DIGIT[52];  /* a card's rank less one: its digit in a rank code */
int SUIT_BIT[52];              /* a card's place in a suit shape (SHAPE_BITS bits a suit) */
unsigned char COLOUR_KEY[1 << (4 * SHAPE_BITS)];

/* The colours table's key of a suit shape (each suit's cards, SHAPE_BITS bits each): the most cards of one
   suit, and of one colour (colour_key). */
static int shape_key(int shape) {
    int suits[4], top = 0;
    for (int s = 0; s < 4; s++) {
        suits[s] = (shape >> (SHAPE_BITS * s)) & ((1 << SHAPE_BITS) - 1);
        if (suits[s] > top)
            top = suits[s];
    }
    int red = suits[1] + suits[2], black = suits[0] + suits[3];
    return top * 8 + (red > black ? red : black);
}

void fill_roles(void) {
    for (int card = 0; card < 52; card++) {
        RANK_DIGIT[card] = (unsigned char)(RANK(card) - 1);
        SUIT_BIT[card] = 1 << (SHAPE_BITS * SUIT(card));
    }
    for (int shape = 0; shape < 1 << (4 * SHAPE_BITS); shape++)
        COLOUR_KEY[shape] = (unsigned char)shape_key(shape);
    for (int deck_suit = 0; deck_suit < 4; deck_suit++)
        for (int suit = 0; suit < 4; suit++)
            ROLE_SUIT[deck_suit][relation(suit, deck_suit)] = (unsigned char)suit;
    for (int deck = 0; deck < 52; deck++)
        for (int card = 0; card < 52; card++) {
            int rank = RANK(card);
            int kind = rank == 11 ? 1 : rank == 2 ? 2 : 0;
            ROLES[deck][card] = (unsigned char)(kind * 4 + relation(SUIT(card), SUIT(deck)));
        }
}

/* [deck][card]: what the play's scores see of a card: its rank, and a Jack's or Deuce's suit role. */
unsigned char PLAY_CODE[52][52];

void fill_play_codes(void) {
    for (int deck = 0; deck < 52; deck++)
        for (int card = 0; card < 52; card++) {
            int x = role(card, deck);
            PLAY_CODE[deck][card] = (unsigned char)(RANK(card) * 4 + (x >= 4 ? (x & 3) : 0));
        }
}

/* ---- the count of a hand --------------------------------------------------------------------------- */

#define SWAP_IF(a, b)                                                                                    \
    do {                                                                                                 \
        int lo = a < b ? a : b, hi = a < b ? b : a;                                                      \
        a = lo;                                                                                          \
        b = hi;                                                                                          \
    } while (0)

/* The hand's ranks and the deck card's, sorted, as base-13 digits (the highest first): the rank tables'
   index. Three or four ranks (the common hands) sorted by a fixed network, without branches. */
HOT_INLINE int rank_code4(const int *cards, int deck) { /* three cards and the deck card */
    int a = RANK_DIGIT[cards[0]], b = RANK_DIGIT[cards[1]], c = RANK_DIGIT[cards[2]], d = RANK_DIGIT[deck];
    SWAP_IF(a, b);
    SWAP_IF(c, d);
    SWAP_IF(a, c);
    SWAP_IF(b, d);
    SWAP_IF(b, c);
    return ((d * 13 + c) * 13 + b) * 13 + a;
}

static int rank_code(const int *cards, int n, int deck) {
    if (deck >= 0 && n == 3)
        return rank_code4(cards, deck);
    if (deck >= 0 && n == 2) {
        int a = RANK_DIGIT[cards[0]], b = RANK_DIGIT[cards[1]], c = RANK_DIGIT[deck];
        SWAP_IF(a, b);
        SWAP_IF(b, c);
        SWAP_IF(a, b);
        return (c * 13 + b) * 13 + a;
    }
    int ranks[8];
    int k = 0;
    for (int i = 0; i < n; i++)
        ranks[k++] = RANK_DIGIT[cards[i]];
    if (deck >= 0)
        ranks[k++] = RANK_DIGIT[deck];
    for (int i = 1; i < k; i++) { /* insertion sort: at most seven */
        int r = ranks[i], j = i - 1;
        while (j >= 0 && ranks[j] > r) {
            ranks[j + 1] = ranks[j];
            j--;
        }
        ranks[j + 1] = r;
    }
    int code = 0;
    for (int i = k - 1; i >= 0; i--)
        code = code * 13 + ranks[i];
    return code;
}

/* The colours table's key: the most cards of one suit and of one colour among the hand and deck card. */
static int colour_key(const int *cards, int n, int deck) {
    int shape = SUIT_BIT[deck];
    for (int i = 0; i < n; i++)
        shape += SUIT_BIT[cards[i]];
    return COLOUR_KEY[shape];
}

/* HandCounter.total: `n` cards (cards_each or cards_each - 1 of them) and the deck card: the rank part's
   total, the Jacks' and Deuces' points, the colours' (summed once a shape: Rules.colour_total). */
int hand_total(const Rules *r, const int *cards, int n, int deck) {
    const int32_t *ranks = n == r->cards_each ? r->full_totals : r->small_totals, *jd = r->jd_points;
    const unsigned char *roles = ROLES[deck];
    int total = r->deck_scores_jd ? jd[roles[deck]] : 0, shape = SUIT_BIT[deck];
    if (n == 3) /* the common hand, unrolled */
        return ranks[rank_code4(cards, deck)] + total + jd[roles[cards[0]]] + jd[roles[cards[1]]] +
               jd[roles[cards[2]]] +
               r->colour_total[COLOUR_KEY[shape + SUIT_BIT[cards[0]] + SUIT_BIT[cards[1]] + SUIT_BIT[cards[2]]]];
    for (int i = 0; i < n; i++) {
        total += jd[roles[cards[i]]];
        shape += SUIT_BIT[cards[i]];
    }
    return ranks[rank_code(cards, n, deck)] + total + r->colour_total[COLOUR_KEY[shape]];
}

/* HandCounter.items for a hand of cards_each cards in hand order: the rank part's items and the suit
   part's, each in declaration order, merged stably (the rank part first within a category). */
int hand_items(const Rules *r, const int *cards, int n, int deck, Item *out, Item *suit) {
    int ns = 0;
    for (int i = 0; i <= n; i++) {
        if (i == n && !r->deck_scores_jd)
            break;
        int x = role(i < n ? cards[i] : deck, deck);
        if (r->jd_points[x] > 0) {
            suit[ns].place = r->jd_place[x];
            suit[ns].kind = r->jd_kind_count[x];
            suit[ns].points = r->jd_points[x];
            ns++;
        }
    }
    int key = colour_key(cards, n, deck);
    const int32_t *colours = r->colour_items + 3 * r->colour_start[key];
    for (int i = 0; i < r->colour_count[key]; i++, ns++) {
        suit[ns].place = colours[3 * i];
        suit[ns].kind = colours[3 * i + 1];
        suit[ns].points = colours[3 * i + 2];
    }
    for (int i = 1; i < ns; i++) { /* stable, by place */
        Item it = suit[i];
        int j = i - 1;
        while (j >= 0 && suit[j].place > it.place) {
            suit[j + 1] = suit[j];
            j--;
        }
        suit[j + 1] = it;
    }
    int code = rank_code(cards, n, deck);
    const int32_t *ranked = r->rank_items + 3 * r->rank_start[code];
    int nr = r->rank_count[code], a = 0, b = 0, k = 0;
    while (a < nr || b < ns) {
        if (b >= ns || (a < nr && ranked[3 * a] <= suit[b].place)) {
            out[k].place = ranked[3 * a];
            out[k].kind = ranked[3 * a + 1];
            out[k].points = ranked[3 * a + 2];
            a++;
        } else {
            out[k] = suit[b++];
        }
        k++;
    }
    return k;
}

/* Whether no item of the count scores below nothing (the Jacks' and Deuces' points, the colours', the rank
   part's): then a hand's count is its items' sum, hand_total, with no item to be refused. */
int count_never_below(const Rules *r) {
    for (int x = 0; x < 12; x++)
        if (r->jd_points[x] < 0)
            return 0;
    for (int key = 0; key < 64; key++)
        for (int i = 0; i < r->colour_count[key]; i++)
            if (r->colour_items[3 * (r->colour_start[key] + i) + 2] < 0)
                return 0;
    int codes = 1;
    for (int i = 0; i <= r->cards_each; i++)
        codes *= 13;
    for (int code = 0; code < codes; code++)
        for (int i = 0; i < r->rank_count[code]; i++)
            if (r->rank_items[3 * (r->rank_start[code] + i) + 2] < 0)
                return 0;
    return 1;
}

/* -- the count, heels and the end of a deal -- */

void heels(Game *g) {
    const Rules *r = g->r;
    int rank = RANK(g->deck);
    if (((r->heels_mask >> rank) & 1) && r->heels_points)
        score(g, g->dealer, r->heels_points, rank == 11 ? r->kind_heels_jack : r->kind_heels_other);
}

static void peg_claims(Game *g, int only) {
    for (int i = 0; i < g->nclaims; i++)
        if (only < 0 || g->claim_recv[i] == only)
            score(g, g->claim_recv[i], g->claim_points[i], g->claim_kind[i]);
}

/* After the count: the one side past the target, if one is, has won. */
static int count_won(Game *g) {
    int best = -1, leaders = 0, leader = -1;
    for (int t = 0; t < 2; t++)
        if (g->scores[t] >= g->r->target && g->scores[t] > best)
            best = g->scores[t];
    for (int t = 0; t < 2; t++)
        if (g->scores[t] >= g->r->target && g->scores[t] == best) {
            leaders++;
            leader = t;
        }
    if (leaders != 1)
        return 0;
    g->winner = leader;
    g->phase = P_OVER;
    return 1;
}

/* The count in a search's world: each hand's count known (draw_world), the scores as count_hands makes
   them, the deal then left (no next deal is dealt: the search stops at the end of this one). */
static void count_counted(Game *g) {
    const Rules *r = g->r;
    if (g->count_sure && g->scores[0] + g->count_add[0] < r->target && g->scores[1] + g->count_add[1] < r->target) {
        /* neither side reaches the target: the same scores, whatever the order they are pegged in */
        g->scores[0] += g->count_add[0];
        g->scores[1] += g->count_add[1];
        g->deal_number++;
        g->phase = P_DEAL;
        return;
    }
    if (!r->claim_own_count)
        peg_claims(g, -1);
    int player = g->eldest; /* each seat from the eldest, without a division a step (a search's every deal) */
    for (int i = 0; i < g->n && g->phase != P_OVER; i++, player = player + 1 < g->n ? player + 1 : 0) {
        if (r->claim_own_count)
            peg_claims(g, player);
        if (player == g->dealer && !r->heels_before_play)
            heels(g);
        if (g->phase != P_OVER && g->counted[player])
            score(g, player, g->counted[player], 0);
    }
    if (g->phase == P_OVER || count_won(g))
        return;
    g->deal_number++;
    g->phase = P_DEAL;
}

void count_hands(Game *g) {
    const Rules *r = g->r;
    g->phase = P_COUNT;
    if (g->fast_count) {
        if (r->new_series)
            for (int p = 0; p < g->n; p++)
                if (g->hand_n[p])
                    g->failed = 1; /* a card left dead: the engine's watch refuses it */
        count_counted(g);
        return;
    }
    if (r->new_series)
        for (int p = 0; p < g->n; p++)
            if (g->hand_n[p])
                g->failed = 1; /* a card left dead: the engine's watch refuses it */
    if (!r->claim_own_count)
        peg_claims(g, -1);
    for (int i = 0; i < g->n; i++) {
        int player = (g->eldest + i) % g->n;
        if (g->phase == P_OVER)
            return;
        if (r->claim_own_count)
            peg_claims(g, player);
        if (player == g->dealer && !r->heels_before_play)
            heels(g);
        if (g->phase == P_OVER)
            return;
        Item *items = g->items;
        int k = hand_items(r, g->count_hands[player], g->count_n[player], g->deck, items, g->suit_items), total = 0;
        for (int j = 0; j < k; j++) {
            score(g, player, items[j].points, items[j].kind);
            total += items[j].points;
        }
        if (r->cocks_nest && !total)
            score(g, player, 0, r->kind_cocks);
    }
    if (g->phase == P_OVER || count_won(g))
        return;
    set_dealer(g, (g->dealer + 1) % g->n);
    start_deal(g);
}
