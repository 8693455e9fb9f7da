/* The compiled kernel's the play: game/play.py (score_play, the legal cards, the go, the latter, the
   series). The same rules as the Python, step for step; tests/test_kernel.py holds the two to the same
   games. */
#include "_kernel.h"

/* -- the play -- */

/* RANK(card) read from a table in the play's scores (a search reads the series at every node). */
static const unsigned char RANK_OF[52] = {
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
#define PLAY_RANK(c) ((int)RANK_OF[c])


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
   With `items` NULL only the points are wanted (the bots', a search's), and the hitter is not told apart:
   inline, so that that case is compiled on its own (play_sum). */
HOT_INLINE int score_play(Game *g, const int *series, int n, int count, Item *items, int *nitems) {
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
        int kind = r->alike[PLAY_RANK(last)], run = 1; /* the same rank is the same kind */
        while (run < n && r->alike[PLAY_RANK(series[n - run - 1])] == kind)
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
        /* The last cards of different ranks, as bits: the longest of them whose ranks run without a gap (an
           Ace low, and high where it may be) scores, found in one walk back (each length is tried as it is
           reached; the last that is a sequence is the longest). */
        unsigned seen = 0;
        int longest = 0;
        for (int i = n - 1, length = 1; i >= 0; i--, length++) {
            unsigned bit = 1u << PLAY_RANK(series[i]);
            if (seen & bit)
                break;
            seen |= bit;
            if (length < r->seq_min)
                continue;
            if (ranks_run(seen, r->ace_high_or_low))
                longest = length;
        }
        if (longest) {
            points += longest;
            if (items) {
                items[k].kind = r->kind_sequence;
                items[k++].points = longest;
            }
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

int play_points(Game *g, const int *series, int n, int count, Item *items, int *nitems) {
    return score_play(g, series, n, count, items, nitems);
}

int play_sum(Game *g, const int *series, int n, int count) { return score_play(g, series, n, count, NULL, NULL); }

int play_actions(const Game *g, int player, Act *out) {
    int hand[HAND_MAX];
    sorted_hand(g, player, hand);
    return plays_of(g, hand, g->hand_n[player], out);
}

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
    int p = last + 1 < g->n ? last + 1 : 0; /* each seat from the one after the last to play (-1, none: seat 0) */
    for (int i = 0; i < g->n; i++, p = p + 1 < g->n ? p + 1 : 0) { /* (no division a step: a search's every series) */
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

HOT_INLINE void advance(Game *g, int player) {
    if (g->n == 2) { /* the other seat, then this one (a search's every card: no loop) */
        int other = 1 - player;
        if (g->hand_n[other] && !((g->said_go >> other) & 1))
            g->to_play = other;
        else if (g->hand_n[player] && !((g->said_go >> player) & 1))
            g->to_play = player;
        else
            end_series(g, 0);
        return;
    }
    int candidate = player;
    for (int i = 1; i <= g->n; i++) {
        candidate = candidate + 1 < g->n ? candidate + 1 : 0; /* (player + i) % n, without a division */
        if (g->hand_n[candidate] && !((g->said_go >> candidate) & 1)) {
            g->to_play = candidate;
            return;
        }
    }
    end_series(g, 0);
}

void apply_play(Game *g, int player, const Act *a) {
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
    if (!g->quiet) /* a search's copy reads no card played but its series */
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
    if (g->quiet && r->play_never_below) {
        /* a search's copy keeps the scores alone: the items' points as one score, the same win (none is
           below nothing, so the sum reaches the target where the last of them would) */
        int total = score_play(g, g->series_c, g->series_n, g->count, NULL, NULL);
        if (total)
            score(g, player, total, 0);
    } else {
        Item items[8];
        int k;
        play_points(g, g->series_c, g->series_n, g->count, items, &k);
        for (int i = 0; i < k; i++)
            score(g, player, items[i].points, items[i].kind);
    }
    if (g->phase == P_OVER)
        return;
    if (g->count == r->limit)
        end_series(g, 1);
    else
        advance(g, player);
}

void start_play(Game *g) {
    g->phase = P_PLAY;
    /* every seat's hand as it will be counted, in one fixed copy (inlined: a search's mog ends here at
       every leaf); a seat past the players has none in either */
    memcpy(g->count_hands, g->hands, sizeof g->hands);
    memcpy(g->count_n, g->hand_n, sizeof g->hand_n);
    g->to_play = g->eldest;
}
