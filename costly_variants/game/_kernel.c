/* The compiled self-play kernel of costly_variants.game.kernel: whole games, bot against bot, seeded.

   It plays exactly the games of the Python engine (game/state.py and the phases it extends, with the
   bots of game/bots.py and the loop of game/playout.py): the same chance draws from the same Mersenne
   Twister, seeded as CPython seeds random.Random with an int, the same legal actions in the same order,
   the same choices, the same score events in the same order. The rules are not written here: kernel.py
   compiles a Rules into one flat array of ints (its layout named by HEADER below), holding the count of
   every hand by its parts (filled from count.hand's tables), the points and names of every score as
   numbered kinds, and the play's scoring parameters; this file walks the game over them.

   What it cannot play the way the engine would (a game longer than the engine allows, a deal longer
   than MAX_DEAL_ACTIONS, a run the engine's tables would refuse), it does not guess: the game comes
   back as None and the Python engine plays it, raising what it raises.

   tests/test_kernel.py holds the two to the same games on every bundled profile, every bot pairing and
   random house profiles. FORMAT must equal kernel.KERNEL_FORMAT, or the module is not used. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define FORMAT 1

/* ---- the Mersenne Twister, as CPython's Modules/_randommodule.c ---------------------------------- */

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    int mti;
} MT;

static void mt_init_genrand(MT *m, uint32_t s) {
    m->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        m->mt[i] = 1812433253U * (m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) + (uint32_t)i;
    m->mti = MT_N;
}

static void mt_init_by_array(MT *m, const uint32_t *key, size_t length) {
    uint32_t *mt = m->mt;
    mt_init_genrand(m, 19650218U);
    size_t i = 1, j = 0;
    for (size_t k = MT_N > length ? MT_N : length; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= length)
            j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
}

static uint32_t mt_next(MT *m) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = m->mt;
    uint32_t y;
    if (m->mti >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1U];
        m->mti = 0;
    }
    y = mt[m->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.Random(seed) for 0 <= seed < 2**64: the key is the seed's 32-bit words, low first, as many as
   its bits need (one for 0). */
static void mt_seed(MT *m, uint64_t seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    mt_init_by_array(m, key, key[1] ? 2 : 1);
}

static uint64_t mt_bits64(MT *m) { /* getrandbits(64): the first word is the low one */
    uint64_t low = mt_next(m);
    return low | ((uint64_t)mt_next(m) << 32);
}

static int mt_below(MT *m, int n) { /* _randbelow_with_getrandbits(n), 1 <= n < 2**31 */
    int k = 0;
    while ((n >> k) != 0)
        k++;
    uint32_t r = mt_next(m) >> (32 - k);
    while (r >= (uint32_t)n)
        r = mt_next(m) >> (32 - k);
    return (int)r;
}

/* ---- the compiled rules ------------------------------------------------------------------------- */

/* The header of the rules array, in order: kernel.py packs a value for every name (KERNEL_LAYOUT). */
#define HEADER(X)                                                                                       \
    X(players) X(partnerships) X(target) X(peg_out) X(first_lowest) X(cut_ace_high) X(cards_each)      \
    X(in_ones) X(heels_mask) X(heels_points) X(heels_before_play) X(kind_heels_jack) X(kind_heels_other) \
    X(procedure) X(refusal_points) X(kind_refusal) X(not_asking_pays) X(given_away_scores)              \
    X(late_claim) X(claim_own_count) X(challenger_elder) X(dealer_stock) X(stock_when_refused)          \
    X(limit) X(go_points) X(kind_go) X(latter_points) X(kind_latter) X(latter_each) X(go_and_latter)    \
    X(new_series) X(play_pairs) X(courts_alike) X(pair_points) X(prial_points) X(dprial_points)         \
    X(kind_pair2) X(kind_pair3) X(kind_pair4) X(play_sequences) X(seq_min) X(ace_high_or_low)           \
    X(kind_sequence) X(play_jd) X(deck_scores_jd) X(cocks_nest) X(kind_cocks) X(n_ace)                  \
    X(off_ace_values) X(off_card_value) X(off_play_total_kind) X(off_play_hitter_kind) X(off_jd_points) \
    X(off_jd_kind_play) X(off_jd_kind_give) X(off_jd_kind_claim) X(off_jd_place) X(off_jd_kind_count)   \
    X(off_colour_start) X(off_colour_count) X(off_colour_items) X(off_small_totals) X(off_full_totals)  \
    X(off_rank_start) X(off_rank_count) X(off_rank_items) X(max_rank_items) X(max_colour_items) X(n_kinds)     \
    X(size)

#define FIELD(name) int name;
typedef struct {
    HEADER(FIELD)
    const int32_t *ace_values, *card_value, *play_total_kind, *play_hitter_kind;
    const int32_t *jd_points, *jd_kind_play, *jd_kind_give, *jd_kind_claim, *jd_place, *jd_kind_count;
    const int32_t *colour_start, *colour_count, *colour_items;
    const int32_t *small_totals, *full_totals, *rank_start, *rank_count, *rank_items;
    int colour_total[64]; /* the colours' points by their key (colour_key), summed once */
} Rules;
#undef FIELD

enum { PROC_ELDEST_CHOOSES, PROC_ELDER_ASKS_DEALER, PROC_BOTH_PASS };

/* ---- cards ------------------------------------------------------------------------------------------
   A card is its index in cards.FULL_DECK: suit-major (clubs, diamonds, hearts, spades), Ace to King. */

#define RANK(c) ((c) % 13 + 1)
#define SUIT(c) ((c) / 13)
#define SORT_KEY(c) (RANK(c) * 4 + SUIT(c))
#define RED(s) ((s) == 1 || (s) == 2)

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

static unsigned char ROLES[52][52]; /* [deck][card]: filled once, at import (fill_roles) */

static void fill_roles(void) {
    for (int deck = 0; deck < 52; deck++)
        for (int card = 0; card < 52; card++) {
            int rank = RANK(card);
            int kind = rank == 11 ? 1 : rank == 2 ? 2 : 0;
            ROLES[deck][card] = (unsigned char)(kind * 4 + relation(SUIT(card), SUIT(deck)));
        }
}

static inline int role(int card, int deck) { return ROLES[deck][card]; }

/* [deck][card]: what the play's scores see of a card: its rank, and a Jack's or Deuce's suit role. */
static unsigned char PLAY_CODE[52][52];

static void fill_play_codes(void) {
    for (int deck = 0; deck < 52; deck++)
        for (int card = 0; card < 52; card++) {
            int x = role(card, deck);
            PLAY_CODE[deck][card] = (unsigned char)(RANK(card) * 4 + (x >= 4 ? (x & 3) : 0));
        }
}

typedef struct {
    int place, kind, points;
} Item;

/* ---- the count of a hand --------------------------------------------------------------------------- */

static int rank_code(const int *cards, int n, int deck) {
    int ranks[8];
    int k = 0;
    for (int i = 0; i < n; i++)
        ranks[k++] = RANK(cards[i]);
    if (deck >= 0)
        ranks[k++] = RANK(deck);
    for (int i = 1; i < k; i++) { /* insertion sort: at most six */
        int r = ranks[i], j = i - 1;
        while (j >= 0 && ranks[j] > r) {
            ranks[j + 1] = ranks[j];
            j--;
        }
        ranks[j + 1] = r;
    }
    int code = 0;
    for (int i = k - 1; i >= 0; i--)
        code = code * 13 + (ranks[i] - 1);
    return code;
}

/* The colours table's key: the most cards of one suit and of one colour among the hand and deck card. */
static int colour_key(const int *cards, int n, int deck) {
    int suits[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++)
        suits[SUIT(cards[i])]++;
    suits[SUIT(deck)]++;
    int top_suit = 0;
    for (int s = 0; s < 4; s++)
        if (suits[s] > top_suit)
            top_suit = suits[s];
    int red = suits[1] + suits[2], black = suits[0] + suits[3];
    return top_suit * 8 + (red > black ? red : black);
}

static int suit_total(const Rules *r, const int *cards, int n, int deck) {
    int total = 0;
    for (int i = 0; i < n; i++)
        total += r->jd_points[role(cards[i], deck)];
    if (r->deck_scores_jd)
        total += r->jd_points[role(deck, deck)];
    int key = colour_key(cards, n, deck);
    const int32_t *items = r->colour_items + 3 * r->colour_start[key];
    for (int i = 0; i < r->colour_count[key]; i++)
        total += items[3 * i + 2];
    return total;
}

/* HandCounter.total: `n` cards (cards_each or cards_each - 1 of them) and the deck card. */
static int hand_total(const Rules *r, const int *cards, int n, int deck) {
    const int32_t *ranks = n == r->cards_each ? r->full_totals : r->small_totals;
    return ranks[rank_code(cards, n, deck)] + suit_total(r, cards, n, deck);
}

/* HandCounter.items for a hand of cards_each cards in hand order: the rank part's items and the suit
   part's, each in declaration order, merged stably (the rank part first within a category). */
static int hand_items(const Rules *r, const int *cards, int n, int deck, Item *out, Item *suit) {
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

/* ---- the game --------------------------------------------------------------------------------------- */

enum { K_CUT, K_DEAL, K_TURN, K_STOCK_CARD, K_ASK, K_DECLINE, K_GIVE, K_STOCK, K_NO_STOCK, K_DISCARD, K_PLAY, K_GO };
enum { S_ASK, S_ANSWER, S_CONFIRM, S_OFFER, S_ASK_PARTNER, S_ANSWER_PARTNER, S_GIVE, S_STOCK, S_STOCK_CARD, S_DISCARD };
enum { P_CUT, P_DEAL, P_TURN, P_MOG, P_PLAY, P_COUNT, P_OVER };
enum { BOT_RANDOM, BOT_GREEDY, BOT_EXPERT, BOT_SEARCH };

#define MAX_ACTIONS 20000
#define MAX_DEAL_ACTIONS 200
#define HAND_MAX 6
#define SERIES_MAX 24

typedef struct {
    int kind, card, value, peg;
} Act;

typedef struct {
    int deal, player, team, points, kind;
} Event;

typedef struct {
    int deal, n, played, deck, cards[HAND_MAX], nu, unseen[52];
    double value[52];
    char known[52];
} ExpectCache;

typedef struct Game {
    const Rules *r;
    MT rng;
    MT seat_rng[4];
    int bot[4];
    /* The position as a card played changes it: a search's move copies this alone (copy_play). */
    int scores[2], phase, deal_number, winner;
    int hands[4][HAND_MAX], hand_n[4];
    int count, series_p[SERIES_MAX], series_c[SERIES_MAX], series_n, said_go, go_awarded, go_paid;
    int to_play, last_player, played_n;
    int counted[4], fast_count; /* a search's world: each hand's count, worked out once (count_world) */
    /* The rest of the position. */
    int n, teams[4];
    int stock[52], stock_n;
    int dealer, eldest, first_dealer;
    int cuts[4], ncuts;
    int count_hands[4][HAND_MAX], count_n[4];
    int dealt, deck;
    int pend_p[16], pend_s[16], npend;
    int give_p[2], give_card[2], give_peg[2], ngives;
    int offers[4];
    int exchanged, refused; /* seats, as bits */
    int claim_recv[8], claim_card[8], claim_points[8], claim_kind[8], nclaims;
    int played[52];
    Event *events;
    int nev, cap;
    ExpectCache expect[4];
    Item *items, *suit_items; /* room for a hand's items: its rank part and suit part, and the latter */
    int failed; /* what the engine would refuse, or memory: the game goes to Python */
    int *eldest_counts;
    int n_eldest, cap_eldest;
    int record_eldest;
    int quiet;                 /* a search's copy: scores kept, no events */
    int gave_deal[4], gave_card[4]; /* each search seat's card given in the mog, and in which deal */
    struct Game *frames;       /* a search's positions, one a level (heap) */
} Game;

/* Room for one more item in a buffer that doubles as it fills; 0, or -1 without memory. */
static int grow(void **buffer, int used, int *cap, size_t item, int first) {
    if (used < *cap)
        return 0;
    int size = *cap ? *cap * 2 : first;
    void *grown = PyMem_Realloc(*buffer, (size_t)size * item);
    if (grown == NULL)
        return -1;
    *buffer = grown;
    *cap = size;
    return 0;
}

static void score(Game *g, int player, int points, int kind) {
    if (g->winner >= 0)
        return;
    int team = g->teams[player];
    g->scores[team] += points;
    if (points < 0)
        g->failed = 1; /* the engine's invariants refuse it */
    if (!g->quiet) { /* a search's copy keeps the scores alone */
        if (grow((void **)&g->events, g->nev, &g->cap, sizeof(Event), 256) < 0) {
            g->failed = 1;
            return;
        }
        Event *e = &g->events[g->nev++];
        e->deal = g->deal_number;
        e->player = player;
        e->team = team;
        e->points = points;
        e->kind = kind;
    }
    if (points && g->r->peg_out && g->scores[team] >= g->r->target) {
        g->winner = team;
        g->phase = P_OVER;
    }
}

static void remove_at(int *cards, int *n, int at) {
    memmove(cards + at, cards + at + 1, (size_t)(*n - at - 1) * sizeof(int));
    (*n)--;
}

static void remove_card(int *cards, int *n, int card) {
    for (int i = 0; i < *n; i++)
        if (cards[i] == card) {
            remove_at(cards, n, i);
            return;
        }
}

static void sorted_hand(const Game *g, int player, int *out) {
    int n = g->hand_n[player];
    memcpy(out, g->hands[player], (size_t)n * sizeof(int));
    for (int i = 1; i < n; i++) {
        int c = out[i], j = i - 1;
        while (j >= 0 && SORT_KEY(out[j]) > SORT_KEY(c)) {
            out[j + 1] = out[j];
            j--;
        }
        out[j + 1] = c;
    }
}

/* -- the deal -- */

static void new_deal_state(Game *g) {
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

static void start_deal(Game *g) {
    g->deal_number++;
    for (int c = 0; c < 52; c++)
        g->stock[c] = c;
    g->stock_n = 52;
    new_deal_state(g);
    g->phase = P_DEAL;
}

static void set_dealer(Game *g, int dealer) {
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

/* -- the count, heels and the end of a deal -- */

static void heels(Game *g) {
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

/* The count in a search's world: each hand's count known (count_world), the scores as count_hands makes
   them, the deal then left (no next deal is dealt: the search stops at the end of this one). */
static void count_counted(Game *g) {
    const Rules *r = g->r;
    if (!r->claim_own_count)
        peg_claims(g, -1);
    for (int i = 0; i < g->n && g->phase != P_OVER; i++) {
        int player = (g->eldest + i) % g->n;
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

static void count_hands(Game *g) {
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

/* -- the play -- */

static int alike(const Rules *r, int rank) { return r->courts_alike && rank > 10 ? 100 : rank; }

/* Whether the cards of a series can add up to the limit, an Ace at any of its values (measures._reaches:
   what tells the hitter from a lesser total of the play). */
static int reaches_limit(const Rules *r, const int *series, int n) {
    int fixed = 0, aces = 0;
    for (int i = 0; i < n; i++) {
        if (RANK(series[i]) == 1)
            aces++;
        else
            fixed += r->card_value[series[i]];
    }
    int want = r->limit - fixed;
    if (want < 0 || want > 127)
        return 0; /* an Ace's values are none below 0: past 127 no sum comes back to the limit (at most 100) */
    uint64_t low = 1, high = 0; /* bit x: the Aces can make x (below 128) */
    for (int a = 0; a < aces; a++) {
        uint64_t next_low = 0, next_high = 0;
        for (int i = 0; i < r->n_ace; i++) {
            int v = r->ace_values[i];
            if (v == 0) {
                next_low |= low;
                next_high |= high;
            } else if (v < 64) {
                next_low |= low << v;
                next_high |= high << v | low >> (64 - v);
            } else if (v < 128) {
                next_high |= low << (v - 64);
            }
        }
        low = next_low;
        high = next_high;
    }
    return want < 64 ? (int)((low >> want) & 1) : (int)((high >> (want - 64)) & 1);
}

/* play.score_play: what the last card of `series` (n cards) scores, the count being `count` after it.
   With `items` NULL only the points are wanted (the bots'), and the hitter is not told apart. */
static int play_points(Game *g, const int *series, int n, int count, Item *items, int *nitems) {
    const Rules *r = g->r;
    int points = 0, k = 0;
    int last = series[n - 1];
    if (count <= 100 && r->play_total_kind[count] >= 0) {
        points += n;
        if (items) {
            /* the hitter told apart only where the kind is recorded: a search's copy keeps the points alone */
            int hitter = !g->quiet && (count == r->limit || reaches_limit(r, series, n));
            items[k].kind = hitter ? r->play_hitter_kind[count] : r->play_total_kind[count];
            items[k++].points = n;
        }
    }
    if (r->play_pairs && n > 1) {
        int rank = RANK(last), kind = alike(r, rank), run = 1;
        while (run < n && (RANK(series[n - run - 1]) == rank || alike(r, RANK(series[n - run - 1])) == kind))
            run++;
        if (run > 4) {
            g->failed = 1; /* the engine has no points for it and raises */
        } else if (run >= 2) {
            int p = run == 2 ? r->pair_points : run == 3 ? r->prial_points : r->dprial_points;
            points += p;
            if (items) {
                items[k].kind = run == 2 ? r->kind_pair2 : run == 3 ? r->kind_pair3 : r->kind_pair4;
                items[k++].points = p;
            }
        }
    }
    if (r->play_sequences && n >= r->seq_min) {
        /* The last cards of different ranks, and the lowest and highest rank of the last `length` of them
           (an Ace low, and high where it may be): the longest that are a sequence score. */
        int low[SERIES_MAX + 1], high[SERIES_MAX + 1], low_ace[SERIES_MAX + 1], high_ace[SERIES_MAX + 1];
        int distinct = 0, seen = 0, has_ace[SERIES_MAX + 1];
        low[0] = low_ace[0] = 99;
        high[0] = high_ace[0] = has_ace[0] = 0;
        for (int i = n - 1; i >= 0; i--) {
            int rank = RANK(series[i]), as_high = rank == 1 ? 14 : rank;
            if ((seen >> rank) & 1)
                break;
            seen |= 1 << rank;
            low[distinct + 1] = rank < low[distinct] ? rank : low[distinct];
            high[distinct + 1] = rank > high[distinct] ? rank : high[distinct];
            low_ace[distinct + 1] = as_high < low_ace[distinct] ? as_high : low_ace[distinct];
            high_ace[distinct + 1] = as_high > high_ace[distinct] ? as_high : high_ace[distinct];
            has_ace[distinct + 1] = has_ace[distinct] | (rank == 1);
            distinct++;
        }
        for (int length = distinct; length >= r->seq_min; length--)
            if (high[length] - low[length] == length - 1 ||
                (r->ace_high_or_low && has_ace[length] && high_ace[length] - low_ace[length] == length - 1)) {
                points += length;
                if (items) {
                    items[k].kind = r->kind_sequence;
                    items[k++].points = length;
                }
                break;
            }
    }
    if (r->play_jd) {
        int x = role(last, g->deck);
        if (r->jd_points[x] > 0) {
            points += r->jd_points[x];
            if (items) {
                items[k].kind = r->jd_kind_play[x];
                items[k++].points = r->jd_points[x];
            }
        }
    }
    if (nitems)
        *nitems = k;
    return points;
}

static int play_actions(const Game *g, int player, Act *out) {
    const Rules *r = g->r;
    int hand[HAND_MAX], k = 0, room = r->limit - g->count;
    sorted_hand(g, player, hand);
    for (int i = 0; i < g->hand_n[player]; i++) {
        int card = hand[i];
        if (RANK(card) == 1) {
            for (int v = 0; v < r->n_ace; v++)
                if (r->ace_values[v] <= room)
                    out[k++] = (Act){K_PLAY, card, r->ace_values[v], 0};
        } else if (r->card_value[card] <= room) {
            out[k++] = (Act){K_PLAY, card, -1, 0};
        }
    }
    if (!k)
        out[k++] = (Act){K_GO, -1, -1, 0};
    return k;
}

static int act_value(const Rules *r, const Act *a) { return a->value >= 0 ? a->value : r->card_value[a->card]; }

static void count_or_next_series(Game *g);

static void end_series(Game *g, int hit) {
    const Rules *r = g->r;
    int any = 0;
    for (int p = 0; p < g->n; p++)
        any |= g->hand_n[p] > 0;
    int last_of_play = !any || !r->new_series;
    int pays = !hit && r->latter_points && g->series_n && (r->latter_each || last_of_play) &&
               (r->go_and_latter || !g->go_paid);
    if (pays) {
        score(g, g->series_p[g->series_n - 1], r->latter_points, r->kind_latter);
        if (g->phase == P_OVER)
            return;
    }
    count_or_next_series(g);
}

static void count_or_next_series(Game *g) {
    int last = g->last_player;
    g->count = 0;
    g->series_n = 0;
    g->said_go = 0;
    g->go_awarded = g->go_paid = 0;
    int start = ((last + 1) % g->n + g->n) % g->n;
    for (int i = 0; i < g->n; i++) {
        int p = (start + i) % g->n;
        if (g->hand_n[p]) {
            if (g->r->new_series) {
                g->to_play = p;
                return;
            }
            break;
        }
    }
    count_hands(g);
}

static void advance(Game *g, int player) {
    for (int i = 1; i <= g->n; i++) {
        int candidate = (player + i) % g->n;
        if (g->hand_n[candidate] && !((g->said_go >> candidate) & 1)) {
            g->to_play = candidate;
            return;
        }
    }
    end_series(g, 0);
}

static void apply_play(Game *g, int player, const Act *a) {
    const Rules *r = g->r;
    if (a->kind == K_GO) {
        g->said_go |= 1 << player;
        if (r->go_points && !g->go_awarded && g->series_n) {
            g->go_awarded = 1;
            int last = g->series_p[g->series_n - 1];
            if (g->teams[last] != g->teams[player]) {
                g->go_paid = 1;
                score(g, last, r->go_points, r->kind_go);
            }
        }
        if (g->phase != P_OVER)
            advance(g, player);
        return;
    }
    remove_card(g->hands[player], &g->hand_n[player], a->card);
    g->played[g->played_n++] = a->card;
    g->count += act_value(r, a);
    if (g->count > r->limit || g->series_n >= SERIES_MAX) {
        g->failed = 1;
        g->phase = P_OVER;
        return;
    }
    g->series_p[g->series_n] = player;
    g->series_c[g->series_n++] = a->card;
    g->last_player = player;
    Item items[8];
    int k;
    play_points(g, g->series_c, g->series_n, g->count, items, &k);
    for (int i = 0; i < k; i++)
        score(g, player, items[i].points, items[i].kind);
    if (g->phase == P_OVER)
        return;
    if (g->count == r->limit)
        end_series(g, 1);
    else
        advance(g, player);
}

static void start_play(Game *g) {
    g->phase = P_PLAY;
    for (int p = 0; p < g->n; p++) {
        memcpy(g->count_hands[p], g->hands[p], sizeof g->hands[p]);
        g->count_n[p] = g->hand_n[p];
    }
    g->to_play = g->eldest;
}

/* -- the mog -- */

static void push_front(Game *g, int player, int step) {
    memmove(g->pend_p + 1, g->pend_p, (size_t)g->npend * sizeof(int));
    memmove(g->pend_s + 1, g->pend_s, (size_t)g->npend * sizeof(int));
    g->pend_p[0] = player;
    g->pend_s[0] = step;
    g->npend++;
}

static void pop_front(Game *g) {
    memmove(g->pend_p, g->pend_p + 1, (size_t)(g->npend - 1) * sizeof(int));
    memmove(g->pend_s, g->pend_s + 1, (size_t)(g->npend - 1) * sizeof(int));
    g->npend--;
}

static void mog_opening(Game *g) {
    const Rules *r = g->r;
    g->npend = 0;
    if (g->n == 4) {
        int second = r->challenger_elder ? (g->dealer + 2) % g->n : g->dealer;
        g->pend_p[0] = g->eldest, g->pend_s[0] = S_ASK_PARTNER;
        g->pend_p[1] = second, g->pend_s[1] = S_ASK_PARTNER;
        g->npend = 2;
        if (r->dealer_stock) {
            g->pend_p[2] = g->dealer, g->pend_s[2] = S_STOCK;
            g->npend = 3;
        }
        return;
    }
    g->pend_p[0] = g->eldest;
    g->pend_s[0] = r->procedure == PROC_BOTH_PASS ? S_OFFER : S_ASK;
    g->npend = 1;
}

static void turn_up(Game *g, int card) {
    g->deck = card;
    g->phase = P_MOG;
    if (g->r->heels_before_play) {
        heels(g);
        if (g->phase == P_OVER)
            return;
    }
    mog_opening(g);
    if (!g->npend)
        start_play(g);
}

static int mog_actions(const Game *g, int player, Act *out) {
    int step = g->pend_s[0], k = 0;
    if (step == S_GIVE || step == S_DISCARD) {
        int hand[HAND_MAX];
        sorted_hand(g, player, hand);
        for (int i = 0; i < g->hand_n[player]; i++) {
            int rank = RANK(hand[i]);
            out[k++] = (Act){step == S_GIVE ? K_GIVE : K_DISCARD, hand[i], -1, 0};
            if (step == S_GIVE && g->r->given_away_scores && (rank == 11 || rank == 2))
                out[k++] = (Act){K_GIVE, hand[i], -1, 1};
        }
        return k;
    }
    if (step == S_STOCK) {
        out[0] = (Act){K_STOCK, -1, -1, 0};
        out[1] = (Act){K_NO_STOCK, -1, -1, 0};
        return 2;
    }
    out[0] = (Act){K_ASK, -1, -1, 0};
    out[1] = (Act){K_DECLINE, -1, -1, 0};
    return 2;
}

static void refusal(Game *g, int refuser) {
    int points = g->r->refusal_points;
    if (!points)
        return;
    for (int i = 0; i < g->n; i++) {
        int p = (refuser + i) % g->n;
        if (g->teams[p] != g->teams[refuser]) {
            score(g, p, points, g->r->kind_refusal);
            return;
        }
    }
}

static void queue_exchange(Game *g, int first, int second) {
    push_front(g, second, S_GIVE);
    push_front(g, first, S_GIVE);
}

static void exchange(Game *g) {
    const Rules *r = g->r;
    for (int i = 0; i < 2; i++) {
        int giver = g->give_p[i], receiver = g->give_p[1 - i], card = g->give_card[i];
        remove_card(g->hands[giver], &g->hand_n[giver], card);
        g->hands[receiver][g->hand_n[receiver]++] = card;
        int x = role(card, g->deck);
        if (r->jd_points[x] > 0 && r->given_away_scores) {
            if (g->give_peg[i]) {
                score(g, giver, r->jd_points[x], r->jd_kind_give[x]);
            } else if (r->late_claim && g->nclaims < 8) {
                int c = g->nclaims++;
                g->claim_recv[c] = receiver;
                g->claim_card[c] = card;
                g->claim_points[c] = r->jd_points[x];
                g->claim_kind[c] = r->jd_kind_claim[x];
            }
        }
    }
    g->exchanged |= (1 << g->give_p[0]) | (1 << g->give_p[1]);
    g->ngives = 0;
}

static void apply_mog(Game *g, int player, const Act *a) {
    const Rules *r = g->r;
    int step = g->pend_s[0];
    pop_front(g);
    int other = player == g->eldest ? g->dealer : g->eldest;
    int agree = a->kind == K_ASK;
    switch (step) {
    case S_ASK:
        if (agree)
            push_front(g, other, S_ANSWER);
        else if (r->not_asking_pays)
            refusal(g, player);
        break;
    case S_ANSWER:
        if (!agree)
            refusal(g, player);
        else if (r->procedure == PROC_ELDER_ASKS_DEALER)
            push_front(g, other, S_CONFIRM);
        else
            queue_exchange(g, other, player);
        break;
    case S_CONFIRM:
        if (agree)
            queue_exchange(g, player, other);
        else
            refusal(g, player);
        break;
    case S_OFFER:
        g->offers[player] = agree;
        if (!agree && r->not_asking_pays)
            refusal(g, player);
        if (player == g->eldest)
            push_front(g, other, S_OFFER);
        else if (g->offers[g->eldest] != 0 && g->offers[g->dealer] != 0)
            queue_exchange(g, g->eldest, g->dealer);
        break;
    case S_ASK_PARTNER:
        if (agree)
            push_front(g, (player + 2) % g->n, S_ANSWER_PARTNER);
        else if (r->not_asking_pays)
            refusal(g, player);
        break;
    case S_ANSWER_PARTNER: {
        int asker = (player + 2) % g->n;
        if (agree) {
            queue_exchange(g, asker, player);
        } else {
            g->refused |= 1 << asker;
            refusal(g, player);
        }
        break;
    }
    case S_GIVE: {
        int i = g->ngives++;
        g->give_p[i] = player;
        g->give_card[i] = a->card;
        g->give_peg[i] = a->peg;
        int more = 0;
        for (int j = 0; j < g->npend; j++)
            more |= g->pend_s[j] == S_GIVE;
        if (!more)
            exchange(g);
        break;
    }
    case S_STOCK:
        if (a->kind == K_STOCK)
            push_front(g, g->dealer, S_STOCK_CARD);
        break;
    case S_DISCARD:
        remove_card(g->hands[player], &g->hand_n[player], a->card);
        break;
    }
    if (g->phase == P_OVER)
        return;
    if (g->npend && g->pend_s[0] == S_STOCK) { /* the stock is offered only as mog.stock_when says */
        int allowed = r->stock_when_refused ? (g->refused >> g->dealer) & 1 : !((g->exchanged >> g->dealer) & 1);
        if (!allowed)
            pop_front(g);
    }
    if (!g->npend)
        start_play(g);
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

static Act draw_chance(Game *g) {
    int at = mt_below(&g->rng, g->stock_n);
    int card = g->stock[at];
    remove_at(g->stock, &g->stock_n, at);
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

/* -- the bots (game/bots.py) -- */

static int unseen_cards(const Game *g, int player, int *out) {
    char seen[52];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < g->hand_n[player]; i++)
        seen[g->hands[player][i]] = 1;
    for (int i = 0; i < g->played_n; i++)
        seen[g->played[i]] = 1;
    if (g->deck >= 0)
        seen[g->deck] = 1;
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
static double expected_after(const Game *g, int player, int give, const int *unseen, int nu) {
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
    int rank_n[14] = {0}, role_n[12] = {0}, role_suit[12];
    for (int i = 0; i < nu; i++) {
        int c = unseen[i], x = role(c, deck);
        rank_n[RANK(c)]++;
        role_suit[x] = SUIT(c);
        role_n[x]++;
    }
    const int32_t *totals = nk + 1 == r->cards_each ? r->full_totals : r->small_totals;
    long long summed = 0;
    for (int rank = 1; rank <= 13; rank++)
        if (rank_n[rank]) {
            int code = 0, placed = 0; /* rank_code: the sorted ranks as base-13 digits, lowest first */
            for (int i = nr - 1; i >= -1; i--) {
                if (!placed && (i < 0 || ranks[i] <= rank)) {
                    code = code * 13 + (rank - 1);
                    placed = 1;
                }
                if (i >= 0)
                    code = code * 13 + (ranks[i] - 1);
            }
            summed += (long long)rank_n[rank] * totals[code];
        }
    for (int x = 0; x < 12; x++)
        if (role_n[x]) {
            suits[role_suit[x]]++;
            int top = 0;
            for (int t = 0; t < 4; t++)
                if (suits[t] > top)
                    top = suits[t];
            int red = suits[1] + suits[2], black = suits[0] + suits[3];
            int key = top * 8 + (red > black ? red : black); /* colour_key */
            suits[role_suit[x]]--;
            summed += (long long)role_n[x] * (jd + r->jd_points[x] + r->colour_total[key]);
        }
    return (double)summed / (double)nu;
}

/* expected_after for each card of a player's hand as it stands, each worked out once: a player weighs the
   same hand to ask (or answer) and again to give. */
static double expected_for(Game *g, int player, int give) {
    ExpectCache *cache = &g->expect[player];
    int same = cache->deal == g->deal_number && cache->n == g->hand_n[player] && cache->played == g->played_n &&
               cache->deck == g->deck && !memcmp(cache->cards, g->hands[player], (size_t)cache->n * sizeof(int));
    if (!same) {
        cache->deal = g->deal_number;
        cache->n = g->hand_n[player];
        cache->played = g->played_n;
        cache->deck = g->deck;
        memcpy(cache->cards, g->hands[player], (size_t)cache->n * sizeof(int));
        memset(cache->known, 0, sizeof cache->known);
        cache->nu = unseen_cards(g, player, cache->unseen);
    }
    if (!cache->known[give]) {
        cache->value[give] = expected_after(g, player, give, cache->unseen, cache->nu);
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
    int best = 0, best_points = -1;
    for (int i = 0; i < n; i++) {
        int series[SERIES_MAX + 1];
        memcpy(series, g->series_c, (size_t)g->series_n * sizeof(int));
        series[g->series_n] = legal[i].card;
        int points = play_points(g, series, g->series_n + 1, g->count + act_value(g->r, &legal[i]), NULL, NULL);
        if (points > best_points) {
            best = i;
            best_points = points;
        }
    }
    return best;
}

static int best_kept(Game *g, int player, const Act *legal, int n) {
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

static int choose_greedy(Game *g, int player, const Act *legal, int n) {
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
        int mine = play_points(g, series, g->series_n + 1, count, NULL, NULL);
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
                            int p = play_points(g, series, g->series_n + 2, count + r->ace_values[v], NULL, NULL);
                            if (p > top)
                                top = p;
                        }
                } else if (r->card_value[c] <= room) {
                    int p = play_points(g, series, g->series_n + 2, count + r->card_value[c], NULL, NULL);
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

static int choose_expert(Game *g, int player, const Act *legal, int n) {
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

/* ---- the search bot (game/search.py) ---------------------------------------------------------------

   For each choice, the sum of its values over worlds drawn with the seat's own generator: the unseen
   cards dealt into the other hands. In the play a world's value is the minimax of the rest of the deal
   (alpha-beta: the root values are exact, whatever is pruned, so they are search.py's); in the mog the
   others mog as the greedy bot does and the value is the score and the count to come. Whole numbers
   throughout, so the same sums and the same choices. */

#define PLAY_WORLDS 40
#define MOG_WORLDS 48
#define FOUR_HAND_WORLDS 8 /* in the play and the mog alike: four hands' worlds cost four times as much */
#define WIN 10000
#define SEARCH_INF (1LL << 40)
#define SEARCH_DEPTH 96

static void copy_position(Game *dst, const Game *src) {
    memcpy(&dst->scores, &src->scores, offsetof(Game, events) - offsetof(Game, scores));
    dst->r = src->r;
    dst->items = src->items;
    dst->suit_items = src->suit_items;
    dst->quiet = 1;
    dst->failed = 0;
    dst->record_eldest = 0;
}

/* A card played in a search's world, from a position whose frame already holds the rest (see `ready`):
   only what the play changes is copied. */
static void copy_play(Game *dst, const Game *src) {
    memcpy(&dst->scores, &src->scores, offsetof(Game, n) - offsetof(Game, scores));
    dst->failed = 0;
}

typedef struct {
    Game *root; /* the real game: a failure in a search is its failure */
    int team, deal;
    int ready; /* the frames below this depth hold what the play leaves alone (copy_play) */
} Search;

static long long outcome(const Game *g, int team) {
    if (g->phase == P_OVER)
        return g->winner == team ? WIN : -WIN;
    return (long long)g->scores[team] - g->scores[1 - team];
}

static long long at_the_count(const Game *g, int team, const int (*hands)[HAND_MAX], const int *sizes);

static long long play_value(Search *s, Game *g, int depth, long long alpha, long long beta) {
    if (g->phase == P_OVER || g->deal_number != s->deal)
        return outcome(g, s->team);
    if (g->n == 4 && !g->series_n) /* four hands: searched to the end of the series, then counted */
        return at_the_count(g, s->team, (const int (*)[HAND_MAX])g->count_hands, g->count_n);
    if (depth >= SEARCH_DEPTH) {
        s->root->failed = 1;
        return 0;
    }
    Act legal[64];
    int actor = g->to_play, n = play_actions(g, actor, legal);
    int mine = g->teams[actor] == s->team;
    long long best = mine ? -SEARCH_INF : SEARCH_INF;
    Game *child = &s->root->frames[depth];
    int whole = depth >= s->ready || !g->fast_count; /* the frame's rest to be copied too */
    if (whole && depth == s->ready && g->fast_count)
        s->ready++;
    for (int i = 0; i < n; i++) {
        /* A card the play's scores cannot tell from one tried before it (the same rank, and for a Jack or
           a Deuce the same suit role), at the same value: the same rest of the deal, the same value. */
        int same = 0;
        for (int j = 0; j < i && !same; j++)
            same = legal[j].kind == K_PLAY && legal[i].value == legal[j].value &&
                   PLAY_CODE[g->deck][legal[i].card] == PLAY_CODE[g->deck][legal[j].card];
        if (same)
            continue;
        if (whole)
            copy_position(child, g);
        else
            copy_play(child, g);
        apply_play(child, actor, &legal[i]);
        if (child->failed) {
            s->root->failed = 1;
            return 0;
        }
        long long value = play_value(s, child, depth + 1, alpha, beta);
        if (s->root->failed)
            return 0;
        if (mine) {
            if (value > best)
                best = value;
            if (best > alpha)
                alpha = best;
        } else {
            if (value < best)
                best = value;
            if (best < beta)
                beta = best;
        }
        if (alpha >= beta)
            break;
    }
    return best;
}

/* The score difference now and what the count will add: each of `hands` (as they will be counted: the
   hands now in the mog, the hands the play began with once it has), the late claims, the heels. */
static long long at_the_count(const Game *g, int team, const int (*hands)[HAND_MAX], const int *sizes) {
    const Rules *r = g->r;
    long long value = (long long)g->scores[team] - g->scores[1 - team];
    for (int p = 0; p < g->n; p++) { /* in a counted world (the play's), each hand counted once */
        int total = g->fast_count ? g->counted[p] : hand_total(r, hands[p], sizes[p], g->deck);
        value += g->teams[p] == team ? total : -total;
    }
    for (int i = 0; i < g->nclaims; i++)
        value += g->teams[g->claim_recv[i]] == team ? g->claim_points[i] : -g->claim_points[i];
    int rank = RANK(g->deck);
    if (!r->heels_before_play && ((r->heels_mask >> rank) & 1) && r->heels_points)
        value += g->teams[g->dealer] == team ? r->heels_points : -r->heels_points;
    return value;
}

static long long mog_value(Search *s, Game *g, int depth) {
    if (g->phase == P_OVER || g->deal_number != s->deal)
        return outcome(g, s->team);
    if (g->phase != P_MOG)
        return at_the_count(g, s->team, (const int (*)[HAND_MAX])g->hands, g->hand_n);
    if (depth >= SEARCH_DEPTH) {
        s->root->failed = 1;
        return 0;
    }
    Game *child = &s->root->frames[depth];
    int actor = g->pend_p[0], step = g->pend_s[0];
    if (step == S_STOCK_CARD) { /* the world's next stock card */
        copy_position(child, g);
        int card = child->stock[0];
        remove_at(child->stock, &child->stock_n, 0);
        child->hands[child->dealer][child->hand_n[child->dealer]++] = card;
        child->pend_s[0] = S_DISCARD;
        return mog_value(s, child, depth + 1);
    }
    Act legal[64];
    int n = mog_actions(g, actor, legal);
    /* Every later step, the seat's own included, as the expert bot mogs: each from what its seat sees,
       so that no step is chosen knowing the world's hidden hands. */
    int choice = n == 1 ? 0 : choose_expert(g, actor, legal, n);
    copy_position(child, g);
    apply_mog(child, actor, &legal[choice]);
    return mog_value(s, child, depth + 1);
}

/* A world's hands counted once, for every position of its search to read at the count (count_counted);
   not where an item would score less than nothing (the engine refuses it: the slow count says so). */
static void count_world(Game *world) {
    world->fast_count = 1;
    for (int p = 0; p < world->n; p++) {
        int k = hand_items(world->r, world->count_hands[p], world->count_n[p], world->deck, world->items,
                           world->suit_items), total = 0;
        for (int j = 0; j < k; j++) {
            total += world->items[j].points;
            if (world->items[j].points < 0)
                world->fast_count = 0;
        }
        world->counted[p] = total;
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

/* A world: this state with the cards `player` has not seen dealt at random into the other hands. */
static void draw_world(Game *g, int player, Game *world) {
    const Rules *r = g->r;
    char seen[52];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < g->hand_n[player]; i++)
        seen[g->hands[player][i]] = 1;
    for (int i = 0; i < g->played_n; i++)
        seen[g->played[i]] = 1;
    if (g->deck >= 0)
        seen[g->deck] = 1;
    int known_to = -1, known_card = -1;
    if (g->n == 2 && g->gave_deal[player] == g->deal_number) {
        int card = g->gave_card[player], receiver = 1 - player, held = 0;
        for (int i = 0; i < g->hand_n[receiver]; i++)
            held |= g->hands[receiver][i] == card;
        if (!seen[card] && held) {
            known_to = receiver;
            known_card = card;
            seen[card] = 1;
        }
    }
    int pool[52], npool = 0;
    for (int c = 0; c < 52; c++)
        if (!seen[c])
            pool[npool++] = c;
    int need[4], draws = 0;
    for (int i = 1; i < g->n; i++) {
        int q = (player + i) % g->n;
        need[q] = g->hand_n[q] - (q == known_to);
        draws += need[q];
    }
    if (g->phase == P_MOG && r->dealer_stock && npool > draws)
        draws++;
    MT *rng = &g->seat_rng[player];
    for (int i = 0; i < draws; i++) {
        int j = i + mt_below(rng, npool - i);
        int t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    copy_position(world, g);
    int at = 0;
    for (int i = 1; i < g->n; i++) {
        int q = (player + i) % g->n, k = 0;
        for (int j = 0; j < need[q]; j++)
            world->hands[q][k++] = pool[at++];
        if (q == known_to)
            world->hands[q][k++] = known_card;
        world->hand_n[q] = k;
        if (g->phase == P_PLAY) {
            int m = 0;
            for (int j = 0; j < g->played_n; j++)
                for (int h = 0; h < g->count_n[q]; h++)
                    if (g->count_hands[q][h] == g->played[j]) {
                        world->count_hands[q][m++] = g->played[j];
                        break;
                    }
            for (int j = 0; j < k; j++)
                world->count_hands[q][m++] = world->hands[q][j];
            world->count_n[q] = m;
        }
    }
    world->stock_n = 0;
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

static int choose_search(Game *g, int player, const Act *legal, int n) {
    if (g->frames == NULL) {
        g->frames = PyMem_Calloc(SEARCH_DEPTH + 2, sizeof(Game));
        if (g->frames == NULL) {
            g->failed = 1;
            return 0;
        }
    }
    int in_play = g->phase == P_PLAY;
    int worlds = g->n == 4 ? FOUR_HAND_WORLDS : in_play ? PLAY_WORLDS : MOG_WORLDS;
    long long sums[64];
    memset(sums, 0, sizeof sums);
    Search s = {g, g->teams[player], g->deal_number, 0};
    Game *world = &g->frames[SEARCH_DEPTH], *child = &g->frames[SEARCH_DEPTH + 1];
    for (int w = 0; w < worlds; w++) {
        draw_world(g, player, world);
        if (in_play)
            count_world(world);
        for (int i = 0; i < n; i++) {
            copy_position(child, world);
            if (in_play) {
                apply_play(child, player, &legal[i]);
                sums[i] += child->failed ? 0 : play_value(&s, child, 0, -SEARCH_INF, SEARCH_INF);
            } else {
                apply_mog(child, player, &legal[i]);
                sums[i] += child->failed ? 0 : mog_value(&s, child, 0);
            }
            if (child->failed)
                g->failed = 1;
        }
    }
    int best = 0;
    for (int i = 1; i < n; i++)
        if (sums[i] > sums[best])
            best = i;
    return best;
}

/* ---- one game, and its measures (compare/measures.py) --------------------------------------------- */

typedef struct {
    int *actions; /* the actions as codes, when traced */
    int nactions, cap;
} Trace;

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
static int play_one(Game *g, const Rules *r, const int *bots, uint64_t seed, Trace *trace) {
    memset(g, 0, offsetof(Game, events));
    g->nev = 0;
    g->n_eldest = 0;
    g->failed = 0;
    for (int p = 0; p < 4; p++)
        g->expect[p].deal = -1;
    g->r = r;
    g->n = r->players;
    for (int p = 0; p < g->n; p++) {
        g->teams[p] = r->partnerships ? p % 2 : p;
        g->bot[p] = bots[p];
    }
    mt_seed(&g->rng, seed);
    for (int p = 0; p < g->n; p++) {
        uint64_t bot_seed = mt_bits64(&g->rng);
        if (g->bot[p] == BOT_RANDOM || g->bot[p] == BOT_SEARCH)
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

static PyObject *int_tuple(const int *values, int n) {
    PyObject *t = PyTuple_New(n);
    if (t == NULL)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* What measures.measure reads of a finished game, worked out from its score events in the same way. */
/* What measures.measure reads of a finished game's score events: the lead's changes, the winner's worst
   deficit, the score that took him to the target, the deal he led from for good, the dealer's edge, and
   (in `gaps`, deals + 1 of them, the first 0) his lead after each deal. `per_deal` has room for two a deal. */
typedef struct {
    int lead_changes, drama, decided_kind, decisive_deal, edge;
} Walk;

static Walk walk_events(const Game *g, const Rules *r, int *per_deal, int *gaps) {
    int winner = g->winner, loser = 1 - g->winner, deals = g->deal_number;
    Walk w = {0, 0, -1, 0, 0};
    for (int d = 0; d < 2 * deals; d++)
        per_deal[d] = 0;
    int running[2] = {0, 0}, leader = -1, ahead_since = 0;
    for (int i = 0; i < g->nev; i++) {
        const Event *e = &g->events[i];
        if (!e->points)
            continue;
        per_deal[2 * (e->deal - 1) + e->team] += e->points;
        running[e->team] += e->points;
        if (running[0] != running[1]) {
            int ahead = running[0] > running[1] ? 0 : 1;
            if (ahead != leader) {
                w.lead_changes += leader >= 0;
                leader = ahead;
            }
        }
        if (running[loser] - running[winner] > w.drama)
            w.drama = running[loser] - running[winner];
        if (running[winner] <= running[loser])
            ahead_since = 0;
        else if (!ahead_since)
            ahead_since = e->deal;
        if (w.decided_kind < 0 && e->team == winner && running[winner] >= r->target)
            w.decided_kind = e->kind; /* the score that took the winner to the target */
    }
    int totals[2] = {0, 0};
    gaps[0] = 0;
    for (int d = 1; d <= deals; d++) {
        int side = g->teams[(g->first_dealer + d - 1) % g->n];
        w.edge += per_deal[2 * (d - 1) + side] - per_deal[2 * (d - 1) + 1 - side];
        totals[0] += per_deal[2 * (d - 1)];
        totals[1] += per_deal[2 * (d - 1) + 1];
        gaps[d] = totals[winner] - totals[loser];
    }
    w.decisive_deal = ahead_since ? ahead_since : deals;
    return w;
}

static PyObject *measured(const Game *g, const Rules *r, Trace *trace) {
    int winner = g->winner, deals = g->deal_number;
    int *per_deal = PyMem_Calloc((size_t)deals * 2 + 2, sizeof(int));
    int *kinds = PyMem_Calloc((size_t)r->n_kinds * 2 + 2, sizeof(int));
    int *gaps = PyMem_Calloc((size_t)deals + 2, sizeof(int));
    PyObject *out = NULL;
    if (per_deal == NULL || kinds == NULL || gaps == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (int i = 0; i < g->nev; i++) {
        kinds[2 * g->events[i].kind] += g->events[i].points;
        kinds[2 * g->events[i].kind + 1]++;
    }
    Walk w = walk_events(g, r, per_deal, gaps);
    int nk = 0;
    for (int k = 0; k < r->n_kinds; k++)
        nk += kinds[2 * k + 1] > 0;
    PyObject *kind_tuple = PyTuple_New(3 * nk);
    if (kind_tuple == NULL)
        goto done;
    for (int k = 0, at = 0; k < r->n_kinds; k++) {
        if (!kinds[2 * k + 1])
            continue;
        PyTuple_SET_ITEM(kind_tuple, at++, PyLong_FromLong(k));
        PyTuple_SET_ITEM(kind_tuple, at++, PyLong_FromLong(kinds[2 * k]));
        PyTuple_SET_ITEM(kind_tuple, at++, PyLong_FromLong(kinds[2 * k + 1]));
    }
    PyObject *gap_tuple = int_tuple(gaps + 1, deals);
    PyObject *eldest = int_tuple(g->eldest_counts, g->n_eldest);
    PyObject *actions = NULL, *events = NULL;
    if (trace != NULL) {
        actions = int_tuple(trace->actions, trace->nactions);
        events = PyTuple_New(4 * g->nev);
        if (events != NULL)
            for (int i = 0; i < g->nev; i++) {
                PyTuple_SET_ITEM(events, 4 * i, PyLong_FromLong(g->events[i].deal));
                PyTuple_SET_ITEM(events, 4 * i + 1, PyLong_FromLong(g->events[i].player));
                PyTuple_SET_ITEM(events, 4 * i + 2, PyLong_FromLong(g->events[i].points));
                PyTuple_SET_ITEM(events, 4 * i + 3, PyLong_FromLong(g->events[i].kind));
            }
    }
    int first_won = g->teams[g->first_dealer] == winner;
    if (gap_tuple && eldest && (trace == NULL || (actions && events))) {
        if (trace != NULL)
            out = Py_BuildValue("(iii(ii)iiiiiNNNNN)", winner, first_won, deals, g->scores[0], g->scores[1], w.edge,
                                w.decided_kind, w.lead_changes, w.drama, w.decisive_deal, gap_tuple, kind_tuple,
                                eldest, actions, events);
        else
            out = Py_BuildValue("(iii(ii)iiiiiNNN)", winner, first_won, deals, g->scores[0], g->scores[1], w.edge,
                                w.decided_kind, w.lead_changes, w.drama, w.decisive_deal, gap_tuple, kind_tuple,
                                eldest);
    } else {
        Py_XDECREF(gap_tuple);
        Py_DECREF(kind_tuple);
        Py_XDECREF(eldest);
        Py_XDECREF(actions);
        Py_XDECREF(events);
    }
done:
    PyMem_Free(per_deal);
    PyMem_Free(kinds);
    PyMem_Free(gaps);
    return out;
}

static int read_rules(const int32_t *data, Py_ssize_t size, Rules *r);

/* The bots named one a seat (``kernel.BOT_CODES``); -1 with the error set if they are not. */
static int read_bots(const Rules *r, const char *text, Py_ssize_t length, int *bots) {
    if (length != r->players) {
        PyErr_SetString(PyExc_ValueError, "kernel: one bot a seat");
        return -1;
    }
    for (int p = 0; p < r->players; p++) {
        bots[p] = text[p];
        if (bots[p] < BOT_RANDOM || bots[p] > BOT_SEARCH) {
            PyErr_SetString(PyExc_ValueError, "kernel: unknown bot");
            return -1;
        }
    }
    return 0;
}

/* A game to play seeds in, with room for a count's items; NULL (the error set) without memory. */
static Game *new_game(const Rules *r) {
    Game *g = PyMem_Calloc(1, sizeof(Game));
    if (g == NULL)
        return (Game *)PyErr_NoMemory();
    g->items = PyMem_Calloc((size_t)r->max_rank_items + (size_t)r->max_colour_items + 8, sizeof(Item));
    g->suit_items = PyMem_Calloc((size_t)r->max_colour_items + 8, sizeof(Item));
    if (g->items == NULL || g->suit_items == NULL) {
        PyMem_Free(g->items);
        PyMem_Free(g->suit_items);
        PyMem_Free(g);
        return (Game *)PyErr_NoMemory();
    }
    return g;
}

static void free_game(Game *g) {
    if (g == NULL)
        return;
    PyMem_Free(g->events);
    PyMem_Free(g->eldest_counts);
    PyMem_Free(g->items);
    PyMem_Free(g->suit_items);
    PyMem_Free(g->frames);
    PyMem_Free(g);
}

/* ---- a chunk of games as sums (compare/tally.py) ---------------------------------------------------

   What Sums.add does game by game, for a whole chunk: each game's whole-number measures (MEASURES, then
   the points of each source and each group of sources, at the slots compare.tally gives each kind of
   score) summed, squared and multiplied by the deals; the histograms; and, given the first rule set's
   games of the same seeds, the cross sums. All in 64-bit ints: exact, so the same as Python's sums. */

static const char *const MEASURES[] = {"deals", "first_dealer_won", "dealer_edge", "points", "won_in_play",
                                       "won_at_count", "margin", "lead_changes", "drama", "eldest", "eldest_n"};
#define N_MEASURES 11
#define LEAD_POINTS 11

typedef struct {
    uint64_t *keys;
    long long *counts;
    size_t size, used;
} Histogram; /* an open-addressed map of packed keys (never 0: every part is at least 1) to counts */

static int hist_add(Histogram *h, uint64_t key, long long n) {
    if (2 * (h->used + 1) > h->size) {
        size_t size = h->size ? h->size * 2 : 256;
        uint64_t *keys = PyMem_Calloc(size, sizeof(uint64_t));
        long long *counts = PyMem_Calloc(size, sizeof(long long));
        if (keys == NULL || counts == NULL) {
            PyMem_Free(keys);
            PyMem_Free(counts);
            return -1;
        }
        for (size_t i = 0; i < h->size; i++)
            if (h->keys[i]) {
                size_t at = (size_t)(h->keys[i] * 0x9E3779B97F4A7C15ULL) & (size - 1);
                while (keys[at])
                    at = (at + 1) & (size - 1);
                keys[at] = h->keys[i];
                counts[at] = h->counts[i];
            }
        PyMem_Free(h->keys);
        PyMem_Free(h->counts);
        h->keys = keys;
        h->counts = counts;
        h->size = size;
    }
    size_t at = (size_t)(key * 0x9E3779B97F4A7C15ULL) & (h->size - 1);
    while (h->keys[at] && h->keys[at] != key)
        at = (at + 1) & (h->size - 1);
    if (!h->keys[at]) {
        h->keys[at] = key;
        h->used++;
    }
    h->counts[at] += n;
    return 0;
}

static void hist_free(Histogram *h) {
    PyMem_Free(h->keys);
    PyMem_Free(h->counts);
}

/* The histogram as a list of tuples: the key's `parts` 16-bit fields, highest first, then the count. */
static PyObject *hist_list(const Histogram *h, int parts) {
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (size_t i = 0; i < h->size; i++) {
        if (!h->keys[i])
            continue;
        PyObject *t = PyTuple_New(parts + 1);
        if (t == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        for (int k = 0; k < parts; k++)
            PyTuple_SET_ITEM(t, k, PyLong_FromLong((long)((h->keys[i] >> (16 * (parts - 1 - k))) & 0xFFFF)));
        PyTuple_SET_ITEM(t, parts, PyLong_FromLongLong(h->counts[i]));
        if (PyList_Append(out, t) < 0) {
            Py_DECREF(t);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(t);
    }
    return out;
}

static PyObject *ll_list(const long long *values, int n) {
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(out, i, PyLong_FromLongLong(values[i]));
    return out;
}

/* One finished game's measures: `v` (n_slots), its decisive deal, the names' points and events. */
static void game_measures(const Game *g, const Rules *r, const int32_t *slots, long long *v, int *decisive,
                          int *per_deal, int *gaps, long long *lead, long long *names, long long *named) {
    int winner = g->winner, loser = 1 - g->winner, deals = g->deal_number;
    for (int i = 0; i < g->nev; i++) {
        const Event *e = &g->events[i];
        const int32_t *slot = slots + 4 * e->kind;
        if (e->points) {
            v[slot[0]] += e->points;
            v[slot[1]] += e->points;
        }
        names[slot[2]] += e->points;
        named[slot[2]]++;
    }
    Walk w = walk_events(g, r, per_deal, gaps);
    int decided = w.decided_kind >= 0 ? slots[4 * w.decided_kind + 3] : -1;
    for (int i = 0; i < LEAD_POINTS; i++) { /* tally.lead_tenths */
        int low = i * deals / (LEAD_POINTS - 1), tenths = i * deals % (LEAD_POINTS - 1);
        int high = low + 1 < deals ? low + 1 : deals;
        lead[i] += 10LL * gaps[low] + (long long)(gaps[high] - gaps[low]) * tenths;
    }
    long long eldest = 0;
    for (int i = 0; i < g->n_eldest; i++)
        eldest += g->eldest_counts[i];
    v[0] = deals;
    v[1] = g->teams[g->first_dealer] == winner;
    v[2] = w.edge;
    v[3] = g->scores[0] + g->scores[1];
    v[4] = decided == 1;
    v[5] = decided == 2;
    v[6] = g->scores[winner] - g->scores[loser];
    v[7] = w.lead_changes;
    v[8] = w.drama;
    v[9] = eldest;
    v[10] = g->n_eldest;
    *decisive = w.decisive_deal;
}

/* tally(rules, bots, seeds, eldest_counts, slots, n_slots, n_names, base, keep) -> the chunk's sums, or
   None where a game must go to the Python engine (see compare/runner.py). `slots` holds four ints a kind:
   its source's slot, its group's slot, its name's place, and 1 if it scores in the play, 2 at the count. */
static PyObject *kernel_tally(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view, slot_view, base_view = {0};
    const char *bots_text;
    Py_ssize_t bots_len;
    PyObject *seeds, *base_obj;
    int eldest_counts, n_slots, n_names, keep;
    if (!PyArg_ParseTuple(args, "y*y#Opy*iiOp", &view, &bots_text, &bots_len, &seeds, &eldest_counts, &slot_view,
                          &n_slots, &n_names, &base_obj, &keep))
        return NULL;
    PyObject *out = NULL, *seq = NULL;
    Game *g = NULL;
    long long *v = NULL, *sums = NULL, *kept = NULL, *names = NULL;
    int *per_deal = NULL, *gaps = NULL;
    const long long *base = NULL;
    Histogram deals_hist = {0}, decisive_hist = {0}, decisive_cross = {0};
    Rules r;
    int have_base = base_obj != Py_None;
    if (have_base && PyObject_GetBuffer(base_obj, &base_view, PyBUF_SIMPLE) < 0)
        goto done;
    if (view.len % 4 || read_rules((const int32_t *)view.buf, view.len / 4, &r) < 0)
        goto fail_rules;
    if (n_slots < N_MEASURES || n_names < 1 || slot_view.len != 16 * r.n_kinds) {
        PyErr_SetString(PyExc_ValueError, "kernel: tally's arguments do not fit the rules");
        goto done;
    }
    int bots[4];
    if (read_bots(&r, bots_text, bots_len, bots) < 0)
        goto done;
    const int32_t *slots = (const int32_t *)slot_view.buf;
    for (int k = 0; k < r.n_kinds; k++)
        if (slots[4 * k] < N_MEASURES || slots[4 * k] >= n_slots || slots[4 * k + 1] < N_MEASURES ||
            slots[4 * k + 1] >= n_slots || slots[4 * k + 2] < 0 || slots[4 * k + 2] >= n_names) {
            PyErr_SetString(PyExc_ValueError, "kernel: a kind's slot is out of range");
            goto done;
        }
    seq = PySequence_Fast(seeds, "kernel: the seeds must be a sequence");
    if (seq == NULL)
        goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    Py_ssize_t width = n_slots + 1; /* a game's measures and its decisive deal */
    if (have_base && base_view.len != (Py_ssize_t)sizeof(long long) * n * width) {
        PyErr_SetString(PyExc_ValueError, "kernel: the first rule set's games do not fit these seeds");
        goto done;
    }
    base = have_base ? (const long long *)base_view.buf : NULL;
    /* sums: total, squares, by_deals, cross ab, ad, da (n_slots each); ee, en, nn; lead; wins */
    size_t n_sums = 6 * (size_t)n_slots + 3 + LEAD_POINTS + 2;
    g = new_game(&r);
    if (g == NULL)
        goto done;
    v = PyMem_Calloc((size_t)n_slots, sizeof(long long));
    sums = PyMem_Calloc(n_sums, sizeof(long long));
    names = PyMem_Calloc(2 * (size_t)n_names, sizeof(long long));
    kept = keep ? PyMem_Calloc((size_t)(n * width) + 1, sizeof(long long)) : NULL;
    if (v == NULL || sums == NULL || names == NULL || (keep && kept == NULL)) {
        PyErr_NoMemory();
        goto done;
    }
    g->record_eldest = eldest_counts;
    long long *total = sums, *squares = sums + n_slots, *by_deals = sums + 2 * n_slots;
    long long *cross_ab = sums + 3 * n_slots, *cross_ad = sums + 4 * n_slots, *cross_da = sums + 5 * n_slots;
    long long *eldest_pair = sums + 6 * n_slots, *lead = eldest_pair + 3, *wins = lead + LEAD_POINTS;
    int failed = 0;
    for (Py_ssize_t i = 0; i < n && !failed; i++) {
        uint64_t seed = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (seed == (uint64_t)-1 && PyErr_Occurred())
            goto done;
        int result = play_one(g, &r, bots, seed, NULL);
        if (result < 0) {
            PyErr_NoMemory();
            goto done;
        }
        if (result > 0 || g->deal_number > 0xFFFF) {
            failed = 1;
            break;
        }
        int deals = g->deal_number;
        int *grown_pd = PyMem_Realloc(per_deal, (size_t)(2 * deals + 2) * sizeof(int));
        int *grown_gaps = grown_pd == NULL ? NULL : PyMem_Realloc(gaps, (size_t)(deals + 2) * sizeof(int));
        if (grown_pd != NULL)
            per_deal = grown_pd;
        if (grown_gaps == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        gaps = grown_gaps;
        memset(v, 0, (size_t)n_slots * sizeof(long long));
        int decisive;
        game_measures(g, &r, slots, v, &decisive, per_deal, gaps, lead, names, names + n_names);
        for (int k = 0; k < n_slots; k++) {
            total[k] += v[k];
            squares[k] += v[k] * v[k];
            by_deals[k] += v[k] * deals;
        }
        if (v[10]) {
            eldest_pair[0] += v[9] * v[9];
            eldest_pair[1] += v[9] * v[10];
            eldest_pair[2] += v[10] * v[10];
        }
        wins[g->winner]++;
        if (hist_add(&deals_hist, (uint64_t)deals, 1) < 0 ||
            hist_add(&decisive_hist, (uint64_t)decisive << 16 | (uint64_t)deals, 1) < 0) {
            PyErr_NoMemory();
            goto done;
        }
        if (base != NULL) {
            const long long *a = base + i * width;
            for (int k = 0; k < n_slots; k++) {
                cross_ab[k] += a[k] * v[k];
                cross_ad[k] += a[k] * deals;
                cross_da[k] += a[0] * v[k];
            }
            uint64_t key = (uint64_t)a[n_slots] << 48 | (uint64_t)a[0] << 32 | (uint64_t)decisive << 16 | (uint64_t)deals;
            if (hist_add(&decisive_cross, key, 1) < 0) {
                PyErr_NoMemory();
                goto done;
            }
        }
        if (kept != NULL) {
            memcpy(kept + i * width, v, (size_t)n_slots * sizeof(long long));
            kept[i * width + n_slots] = decisive;
        }
    }
    if (failed) {
        out = Py_None;
        Py_INCREF(out);
        goto done;
    }
    {
        PyObject *vectors = kept != NULL ? PyBytes_FromStringAndSize((const char *)kept,
                                                                     (Py_ssize_t)(n * width * sizeof(long long)))
                                         : (Py_INCREF(Py_None), Py_None);
        out = Py_BuildValue("{s:n,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N}", "games", n,
                            "total", ll_list(total, n_slots), "squares", ll_list(squares, n_slots),
                            "by_deals", ll_list(by_deals, n_slots), "cross_ab", ll_list(cross_ab, n_slots),
                            "cross_ad", ll_list(cross_ad, n_slots), "cross_da", ll_list(cross_da, n_slots),
                            "eldest_pair", ll_list(eldest_pair, 3), "lead", ll_list(lead, LEAD_POINTS),
                            "wins", ll_list(wins, 2), "names", ll_list(names, n_names),
                            "named", ll_list(names + n_names, n_names), "deals", hist_list(&deals_hist, 1),
                            "decisive", hist_list(&decisive_hist, 2), "decisive_cross", hist_list(&decisive_cross, 4),
                            "vectors", vectors);
    }
done:
    free_game(g);
    PyMem_Free(v);
    PyMem_Free(sums);
    PyMem_Free(names);
    PyMem_Free(kept);
    PyMem_Free(per_deal);
    PyMem_Free(gaps);
    hist_free(&deals_hist);
    hist_free(&decisive_hist);
    hist_free(&decisive_cross);
    Py_XDECREF(seq);
fail_rules:
    if (have_base && base_view.obj != NULL)
        PyBuffer_Release(&base_view);
    PyBuffer_Release(&slot_view);
    PyBuffer_Release(&view);
    return out;
}

/* winners(rules, bots, seeds) -> bytes: each game's winning side, or 255 where the engine must play it. */
static PyObject *kernel_winners(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    const char *bots_text;
    Py_ssize_t bots_len;
    PyObject *seeds, *out = NULL, *seq = NULL;
    if (!PyArg_ParseTuple(args, "y*y#O", &view, &bots_text, &bots_len, &seeds))
        return NULL;
    Game *g = NULL;
    char *won = NULL;
    Rules r;
    int bots[4];
    if (view.len % 4 || read_rules((const int32_t *)view.buf, view.len / 4, &r) < 0 ||
        read_bots(&r, bots_text, bots_len, bots) < 0)
        goto done;
    seq = PySequence_Fast(seeds, "kernel: the seeds must be a sequence");
    if (seq == NULL)
        goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    g = new_game(&r);
    if (g == NULL)
        goto done;
    won = PyMem_Calloc((size_t)n + 1, 1);
    if (won == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t seed = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (seed == (uint64_t)-1 && PyErr_Occurred())
            goto done;
        int result = play_one(g, &r, bots, seed, NULL);
        if (result < 0) {
            PyErr_NoMemory();
            goto done;
        }
        won[i] = (char)(result > 0 ? 255 : g->winner);
    }
    out = PyBytes_FromStringAndSize(won, n);
done:
    free_game(g);
    PyMem_Free(won);
    Py_XDECREF(seq);
    PyBuffer_Release(&view);
    return out;
}

static PyObject *kernel_measures(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    PyObject *t = PyTuple_New(N_MEASURES);
    if (t == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < N_MEASURES; i++)
        PyTuple_SET_ITEM(t, i, PyUnicode_FromString(MEASURES[i]));
    return t;
}

/* ---- the module ------------------------------------------------------------------------------------ */

static const char *const LAYOUT[] = {
#define NAME(name) #name,
    HEADER(NAME)
#undef NAME
};
#define LAYOUT_SIZE ((Py_ssize_t)(sizeof LAYOUT / sizeof LAYOUT[0]))

static int read_rules(const int32_t *data, Py_ssize_t size, Rules *r) {
    if (size < LAYOUT_SIZE) {
        PyErr_SetString(PyExc_ValueError, "kernel: the rules array is shorter than its header");
        return -1;
    }
    int *fields = (int *)r;
    for (Py_ssize_t i = 0; i < LAYOUT_SIZE; i++)
        fields[i] = data[i];
    if (r->size != size || r->players < 2 || r->players > 4 || r->cards_each < 1 || r->cards_each > 4 ||
        r->limit < 1 || r->limit > 100 || r->n_ace < 1 || r->n_ace > 32) {
        PyErr_SetString(PyExc_ValueError, "kernel: the rules array is not one kernel.py made");
        return -1;
    }
#define AT(name) (data + r->off_##name)
    r->ace_values = AT(ace_values);
    r->card_value = AT(card_value);
    r->play_total_kind = AT(play_total_kind);
    r->play_hitter_kind = AT(play_hitter_kind);
    r->jd_points = AT(jd_points);
    r->jd_kind_play = AT(jd_kind_play);
    r->jd_kind_give = AT(jd_kind_give);
    r->jd_kind_claim = AT(jd_kind_claim);
    r->jd_place = AT(jd_place);
    r->jd_kind_count = AT(jd_kind_count);
    r->colour_start = AT(colour_start);
    r->colour_count = AT(colour_count);
    r->colour_items = AT(colour_items);
    r->small_totals = AT(small_totals);
    r->full_totals = AT(full_totals);
    r->rank_start = AT(rank_start);
    r->rank_count = AT(rank_count);
    r->rank_items = AT(rank_items);
    for (int key = 0; key < 64; key++) {
        r->colour_total[key] = 0;
        for (int i = 0; i < r->colour_count[key]; i++)
            r->colour_total[key] += r->colour_items[3 * (r->colour_start[key] + i) + 2];
    }
#undef AT
    return 0;
}

static PyObject *kernel_layout(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    PyObject *t = PyTuple_New(LAYOUT_SIZE);
    if (t == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < LAYOUT_SIZE; i++)
        PyTuple_SET_ITEM(t, i, PyUnicode_FromString(LAYOUT[i]));
    return t;
}

/* play(rules, bots, seeds, eldest_counts, trace) -> a list with, for each seed, the game's measures (a
   tuple; with `trace` also its actions and events), or None where the Python engine must play it. */
static PyObject *kernel_play(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    const char *bots_text;
    Py_ssize_t bots_len;
    PyObject *seeds;
    int eldest_counts, traced;
    if (!PyArg_ParseTuple(args, "y*y#Opp", &view, &bots_text, &bots_len, &seeds, &eldest_counts, &traced))
        return NULL;
    PyObject *out = NULL, *seq = NULL;
    Game *g = NULL;
    Rules r;
    if (view.len % 4) {
        PyErr_SetString(PyExc_TypeError, "kernel: the rules must be an array of 32-bit ints");
        goto done;
    }
    int bots[4];
    if (read_rules((const int32_t *)view.buf, view.len / 4, &r) < 0 || read_bots(&r, bots_text, bots_len, bots) < 0)
        goto done;
    seq = PySequence_Fast(seeds, "kernel: the seeds must be a sequence");
    if (seq == NULL)
        goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    g = new_game(&r);
    if (g == NULL)
        goto done;
    out = PyList_New(n);
    if (out == NULL)
        goto done;
    g->record_eldest = eldest_counts;
    Trace trace = {NULL, 0, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t seed = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (seed == (uint64_t)-1 && PyErr_Occurred()) {
            Py_CLEAR(out);
            goto done;
        }
        trace.nactions = 0;
        int result = play_one(g, &r, bots, seed, traced ? &trace : NULL);
        PyObject *game;
        if (result < 0) {
            PyErr_NoMemory();
            Py_CLEAR(out);
            PyMem_Free(trace.actions);
            goto done;
        }
        if (result > 0) {
            game = Py_None;
            Py_INCREF(game);
        } else {
            game = measured(g, &r, traced ? &trace : NULL);
            if (game == NULL) {
                Py_CLEAR(out);
                PyMem_Free(trace.actions);
                goto done;
            }
        }
        PyList_SET_ITEM(out, i, game);
    }
    PyMem_Free(trace.actions);
done:
    free_game(g);
    Py_XDECREF(seq);
    PyBuffer_Release(&view);
    return out;
}

static PyMethodDef methods[] = {
    {"layout", kernel_layout, METH_NOARGS, "The names of the rules array's header, in order."},
    {"play", kernel_play, METH_VARARGS, "play(rules, bots, seeds, eldest_counts, trace) -> list"},
    {"tally", kernel_tally, METH_VARARGS, "tally(rules, bots, seeds, eldest_counts, slots, n_slots, n_names, base, keep)"},
    {"winners", kernel_winners, METH_VARARGS, "winners(rules, bots, seeds) -> bytes"},
    {"measures", kernel_measures, METH_NOARGS, "The names of a game's whole-number measures, in slot order."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel", "The compiled self-play kernel.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__kernel(void) {
    fill_roles();
    fill_play_codes();
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "FORMAT", FORMAT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
