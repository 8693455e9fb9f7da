/* The compiled kernel's the mog: game/turnup.py (the deck card turned) and game/mog.py (the asking, the
   refusal, the exchange, the stock). The same rules as the Python, step for step; tests/test_kernel.py
   holds the two to the same games. */
#include "_kernel.h"

/* -- the mog -- */

/* The steps to come, first first. Moved at every step of a search: where there are four or fewer, by one
   move of four of each (a fixed size, made inline: the compiler would make the loop a memmove call, which
   costs more than the two or three steps there most often are). The places past the steps are never read. */
#define FEW_STEPS 4
static void push_front(Game *g, int player, int step) {
    if (g->npend <= FEW_STEPS) {
        memmove(g->pend_p + 1, g->pend_p, FEW_STEPS * sizeof(int));
        memmove(g->pend_s + 1, g->pend_s, FEW_STEPS * sizeof(int));
    } else {
        for (int i = g->npend; i > 0; i--) {
            g->pend_p[i] = g->pend_p[i - 1];
            g->pend_s[i] = g->pend_s[i - 1];
        }
    }
    g->pend_p[0] = player;
    g->pend_s[0] = step;
    g->npend++;
}

static void pop_front(Game *g) {
    g->npend--;
    if (g->npend <= FEW_STEPS) {
        memmove(g->pend_p, g->pend_p + 1, FEW_STEPS * sizeof(int));
        memmove(g->pend_s, g->pend_s + 1, FEW_STEPS * sizeof(int));
        return;
    }
    for (int i = 0; i < g->npend; i++) {
        g->pend_p[i] = g->pend_p[i + 1];
        g->pend_s[i] = g->pend_s[i + 1];
    }
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

void turn_up(Game *g, int card) {
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

int mog_actions(const Game *g, int player, Act *out) {
    int step = g->pend_s[0], k = 0;
    if (step == S_GIVE || step == S_DISCARD) {
        int hand[HAND_MAX];
        sorted_hand(g, player, hand);
        int kind = step == S_GIVE ? K_GIVE : K_DISCARD, peg = step == S_GIVE && g->r->given_away_scores;
        for (int i = 0; i < g->hand_n[player]; i++) {
            int digit = RANK_DIGIT[hand[i]];
            out[k++] = (Act){kind, hand[i], -1, 0};
            if (peg && (digit == 10 || digit == 1)) /* a Jack or a Deuce, pegged as given or not */
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
    for (int i = 0, p = refuser; i < g->n; i++, p = p + 1 < g->n ? p + 1 : 0) /* each seat from the refuser's,
                                                                                   without a division */
        if (g->teams[p] != g->teams[refuser]) {
            score(g, p, points, g->r->kind_refusal);
            return;
        }
}

HOT_INLINE void queue_exchange(Game *g, int first, int second) {
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

void apply_mog(Game *g, int player, const Act *a) {
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
