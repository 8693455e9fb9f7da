/* The compiled kernel's the search: game/search.py (the search bot: its worlds, the play's minimax, the
   mog's model, the count to come). The same rules as the Python, step for step; tests/test_kernel.py holds
   the two to the same games. */
#include "_kernel.h"

/* ---- the search bot (game/search.py) ---------------------------------------------------------------

   For each choice, the sum of its values over worlds drawn with the seat's own generator: the unseen
   cards dealt into the other hands. In the play a world's value is the minimax of the rest of the deal
   (alpha-beta: the root values are exact, whatever is pruned, so they are search.py's); in the mog the
   others mog as the greedy bot does and the value is the score and the count to come. Whole numbers
   throughout, so the same sums and the same choices. */

#define PLAY_WORLDS 40
#define MOG_WORLDS 48
#define FOUR_HAND_WORLDS 8 /* in the play and the mog alike: four hands' worlds cost four times as much */
#define FOUR_HAND_BOARD_WORLDS 16 /* the four-hand board search's (search.FOUR_HAND_BOARD_WORLDS) */
#define WIN 10000

/* What every copy of a position for a search ends with: the cards played only as far as there are any (the
   last of the position: a search plays none into them), the rules, and a quiet copy's flags. */
static void copy_played_and_quiet(Game *dst, const Game *src) {
    memcpy(dst->played, src->played, (size_t)src->played_n * sizeof(int));
    dst->r = src->r;
    dst->items = src->items;
    dst->suit_items = src->suit_items;
    dst->quiet = 1;
    dst->failed = 0;
    dst->record_eldest = 0;
}

void copy_position(Game *dst, const Game *src) {
    memcpy(&dst->scores, &src->scores, offsetof(Game, played) - offsetof(Game, scores));
    copy_played_and_quiet(dst, src);
}

/* A card played in a search's world, from a position whose frame already holds the rest (see `ready`):
   only what the play changes is copied. */
static void copy_play(Game *dst, const Game *src) {
    /* the series as far as it goes: its first cards in a fixed copy (a series is most often short) */
    memcpy(&dst->scores, &src->scores, offsetof(Game, series_p) - offsetof(Game, scores));
    if (src->series_n <= 8) {
        memcpy(dst->series_p, src->series_p, 8 * sizeof(int));
        memcpy(dst->series_c, src->series_c, 8 * sizeof(int));
    } else { /* the two arrays side by side (asserted below) */
        memcpy(dst->series_p, src->series_p, sizeof src->series_p + sizeof src->series_c);
    }
    _Static_assert(offsetof(Game, series_c) == offsetof(Game, series_p) + SERIES_MAX * sizeof(int),
                   "the series' seats and cards side by side");
    dst->failed = 0;
}

typedef struct {
    Game *root; /* the real game: a failure in a search is its failure */
    int team, deal;
    char ready[SEARCH_DEPTH + 1]; /* which frames hold what the play leaves alone (copy_play); the last the
                                     root's child, which every world of the choice shares */
    int board; /* the board search (BOT_BOARD) of the two-hand game: the end of a deal valued by the win table */
    int tangent; /* the board search of the four-hand game: what it searches valued by the table's tangent */
    Tangent tan;
} Search;

/* The value of the end of what is searched, the one place the search values it (search._leaf_value):
   `won` 1 if the searching side has won, -1 if the other has, else 0; `side` the two sides' scores there,
   `dealer` the side to deal the next deal. By the board: the side's chance of winning from there, in
   millionths (the whole if won, nothing if lost); else the game won or lost is worth WIN, else the points
   between the two sides. */
long long search_leaf(const Rules *r, int team, int board, int won, const long long *side, int dealer) {
    if (!board)
        return won ? won * WIN : side[team] - side[1 - team];
    if (won)
        return won > 0 ? 1000000LL : 0;
    long long chance = board_chance(r, side[0], side[1], dealer);
    return team == 0 ? chance : 1000000LL - chance;
}

static long long leaf_value(const Search *s, const Game *g, int won, const long long *side, int dealer) {
    if (s->tangent) /* the four-hand board search (the compact two-hand play never reads it) */
        return tangent_value(&s->tan, won, side);
    return search_leaf(g->r, s->team, s->board, won, side, dealer);
}

static long long outcome(const Search *s, const Game *g) {
    int won = g->phase != P_OVER ? 0 : g->winner == s->team ? 1 : -1;
    long long side[2] = {g->scores[0], g->scores[1]};
    /* who deals next: a counted world's deal ends before the next dealer is set (count_counted) */
    return leaf_value(s, g, won, side, g->teams[g->dealer] ^ g->fast_count);
}

static long long at_the_count(const Search *s, const Game *g, const int (*hands)[HAND_MAX], const int *sizes);

/* `g` is the search's own (a frame, or the world's child): a move forced on it is made in it, in place. */
static long long play_value(Search *s, Game *g, int depth, long long alpha, long long beta) {
    Act legal[64];
    int actor, n;
    for (;;) {
        if (g->phase == P_OVER || g->deal_number != s->deal)
            return outcome(s, g);
        if (g->n == 4 && !g->series_n) /* four hands: searched to the end of the series, then counted */
            return at_the_count(s, g, (const int (*)[HAND_MAX])g->count_hands, g->count_n);
        if (depth >= SEARCH_DEPTH) {
            s->root->failed = 1;
            return 0;
        }
        actor = g->to_play;
        n = play_actions_unsorted(g, actor, legal); /* any order: the same value */
        if (n > 1)
            break;
        apply_play(g, actor, &legal[0]); /* the one move there is: no copy to try it on */
        if (g->failed) {
            s->root->failed = 1;
            return 0;
        }
        depth++;
    }
    int mine = g->teams[actor] == s->team;
    long long best = mine ? -SEARCH_INF : SEARCH_INF;
    Game *child = &s->root->frames[depth];
    int whole = !s->ready[depth] || !g->fast_count; /* the frame's rest to be copied too */
    if (whole && g->fast_count)
        s->ready[depth] = 1;
    for (int i = 0; i < n; i++) {
        /* A card the play's scores cannot tell from one tried before it (the same rank, and for a Jack or
           a Deuce the same suit role), at the same value: the same rest of the deal, the same value. */
        int same = 0;
        for (int j = 0; j < i && !same; j++)
            same = legal[j].kind == K_PLAY && legal[i].value == legal[j].value &&
                   PLAY_CODE[g->deck][legal[i].card] == PLAY_CODE[g->deck][legal[j].card];
        if (same)
            continue;
        /* the last card tried is played in `g` itself, which nothing reads after it (the caller copies its
           own position again: the play alone changes it) */
        Game *next = i == n - 1 ? g : child;
        if (next != g) {
            if (whole)
                copy_position(child, g);
            else
                copy_play(child, g);
        }
        apply_play(next, actor, &legal[i]);
        if (next->failed) {
            s->root->failed = 1;
            return 0;
        }
        long long value = play_value(s, next, depth + 1, alpha, beta);
        if (s->root->failed)
            return 0;
        if (take_child(mine, value, &best, &alpha, &beta))
            break;
    }
    return best;
}

/* The score difference now and what the count will add: each of `hands` (as they will be counted: the
   hands now in the mog, the hands the play began with once it has), the late claims, the heels. */
static long long at_the_count(const Search *s, const Game *g, const int (*hands)[HAND_MAX], const int *sizes) {
    const Rules *r = g->r;
    long long side[2] = {g->scores[0], g->scores[1]}; /* each side's score once the count is made */
    for (int p = 0; p < g->n; p++) /* in a counted world (the play's), each hand counted once; in the mog, a
                                       hand the expert model has weighed as it stands is counted there, but
                                       one exchanged, which it has seldom weighed, at once (the same count) */
        side[g->teams[p]] += g->fast_count ? g->counted[p]
                             : hands != (const int (*)[HAND_MAX])g->hands || ((g->exchanged >> p) & 1)
                                 ? hand_total(r, hands[p], sizes[p], g->deck)
                                 : hand_now(g, p);
    for (int i = 0; i < g->nclaims; i++)
        side[g->teams[g->claim_recv[i]]] += g->claim_points[i];
    int rank = RANK(g->deck);
    if (!r->heels_before_play && ((r->heels_mask >> rank) & 1) && r->heels_points)
        side[g->teams[g->dealer]] += r->heels_points;
    return leaf_value(s, g, 0, side, 1 - g->teams[g->dealer]);
}

/* A copy of a mog's position for its search to step on (copy_position less what the mog never reads: the
   series, and the stock unless the dealer may take its card). */
static void copy_mog(Game *dst, const Game *src) {
    size_t series_end = offsetof(Game, series_c) + sizeof src->series_c;
    memcpy(&dst->scores, &src->scores, offsetof(Game, series_p) - offsetof(Game, scores));
    memcpy((char *)dst + series_end, (const char *)src + series_end, offsetof(Game, stock) - series_end);
    if (src->r->dealer_stock)
        memcpy(dst->stock, src->stock, sizeof src->stock);
    memcpy(&dst->stock_n, &src->stock_n, offsetof(Game, played) - offsetof(Game, stock_n));
    copy_played_and_quiet(dst, src);
}

/* The same copy into a position that holds a copy_mog of the same decision, whose choice the mog's steps
   have since played out: only what they change (apply_mog, mog_value's stock card, a score) is copied
   again. The rest (the seats, the dealer, the deck card, the cards played) they only read; what they only
   write before reading (start_play's counted hands, the seat to play) is left; of the steps to come and
   the claims, only as many as there are are ever read (the steps four at least: _kernel_mog.c moves four). */
static void recopy_mog(Game *dst, const Game *src) {
    _Static_assert(offsetof(Game, hand_n) + sizeof src->hand_n - offsetof(Game, scores) ==
                       sizeof src->scores + 3 * sizeof(int) + sizeof src->hands + sizeof src->hand_n,
                   "the scores to the hands side by side");
    _Static_assert(offsetof(Game, refused) + sizeof(int) - offsetof(Game, npend) == 14 * sizeof(int),
                   "the steps' number to the refusals side by side");
    _Static_assert(offsetof(Game, nclaims) - offsetof(Game, claim_recv) == 4 * 8 * sizeof(int),
                   "the claims side by side");
    memcpy(&dst->scores, &src->scores, offsetof(Game, hand_n) + sizeof src->hand_n - offsetof(Game, scores));
    if (src->npend <= 4) {
        memcpy(dst->pend_p, src->pend_p, 4 * sizeof(int));
        memcpy(dst->pend_s, src->pend_s, 4 * sizeof(int));
    } else {
        memcpy(dst->pend_p, src->pend_p, sizeof src->pend_p);
        memcpy(dst->pend_s, src->pend_s, sizeof src->pend_s);
    }
    memcpy(&dst->npend, &src->npend, offsetof(Game, refused) + sizeof(int) - offsetof(Game, npend));
    if (src->nclaims)
        memcpy(dst->claim_recv, src->claim_recv, offsetof(Game, nclaims) - offsetof(Game, claim_recv));
    dst->nclaims = src->nclaims;
    if (src->r->dealer_stock)
        memcpy(dst->stock, src->stock, sizeof src->stock);
    dst->stock_n = src->stock_n;
    dst->failed = 0;
}

static long long mog_value(Search *s, Game *g, int depth) {
    /* `g` is the search's own copy, which nothing reads after this: each step is made in it, in place, one
       after another (a failure in a later step is not the search's: nothing reads it, as when each step
       had its copy) */
    for (;; depth++) {
        if (g->phase == P_OVER || g->deal_number != s->deal)
            return outcome(s, g);
        if (g->phase != P_MOG)
            return at_the_count(s, g, (const int (*)[HAND_MAX])g->hands, g->hand_n);
        if (depth >= SEARCH_DEPTH) {
            s->root->failed = 1;
            return 0;
        }
        int actor = g->pend_p[0], step = g->pend_s[0];
        if (step == S_STOCK_CARD) { /* the world's next stock card */
            int card = g->stock[0];
            remove_at(g->stock, &g->stock_n, 0);
            g->hands[g->dealer][g->hand_n[g->dealer]++] = card;
            g->pend_s[0] = S_DISCARD;
            continue;
        }
        /* Every later step, the seat's own included, as the expert bot mogs: each from what its seat sees,
           so that no step is chosen knowing the world's hidden hands. */
        Act chosen;
        if (!expert_mog_step(g, actor, &chosen)) {
            Act legal[64];
            int n = mog_actions(g, actor, legal);
            chosen = legal[n == 1 ? 0 : choose_expert(g, actor, legal, n)];
        }
        apply_mog(g, actor, &chosen);
    }
}

/* The value in `world` of the root's action `a`, searched with the window (alpha, beta): exact between
   them, a bound beyond (alpha-beta, fail-soft). */
static long long root_value(Search *s, Game *world, Game *child, int player, const Act *a, long long alpha,
                            long long beta) {
    long long value; /* four hands: over the compact positions of _kernel_search_four.c where it takes the world */
    int four = world->n == 4 ? four_play_value(world, player, a, s->team, s->board, s->tangent ? &s->tan : NULL,
                                               alpha, beta, &value) : 0;
    if (four) {
        if (four < 0)
            s->root->failed = 1;
        return four < 0 ? 0 : value;
    }
    if (!s->ready[SEARCH_DEPTH] || !world->fast_count) { /* a counted world's rest is the choice's */
        copy_position(child, world);
        s->ready[SEARCH_DEPTH] = (char)world->fast_count;
    } else {
        copy_play(child, world);
    }
    apply_play(child, player, a);
    if (child->failed) {
        s->root->failed = 1;
        return 0;
    }
    return play_value(s, child, 0, alpha, beta);
}

/* The same value, over the compact positions of _kernel_search_play.c where the world has them (`fast`). */
static long long world_value(Search *s, FastPlay *f, const char *fast, int w, Game *worlds, Game *child, int player,
                             const Act *a, long long alpha, long long beta) {
    if (!fast[w]) {
        fast_play_forget_scratch(f); /* `child` is play_value's again */
        return root_value(s, &worlds[w], child, player, a, alpha, beta);
    }
    int failed;
    long long value = fast_play_value(f, w, &worlds[w], player, a, alpha, beta, &failed);
    if (failed)
        s->root->failed = 1;
    return value;
}

/* Whether the root's action `i` is one the play's scores cannot tell from an earlier one (as play_value
   skips them): the same value in every world, so the same sum, and the first of equals is chosen. */
static int same_as_earlier(const Game *g, const Act *legal, int i) {
    for (int j = 0; j < i; j++)
        if (legal[i].kind == K_PLAY && legal[j].kind == K_PLAY && legal[i].value == legal[j].value &&
            PLAY_CODE[g->deck][legal[i].card] == PLAY_CODE[g->deck][legal[j].card])
            return 1;
    return 0;
}

/* In the two-hand game, the first world before `w` whose rest of the deal is the same (the other hand's
   cards as the play's scores and the count see them: each card's play code and value, the hand's count),
   so the same value for every action; or -1. */
static int twin_of(Game *worlds, int w, int player, long long *keys) {
    Game *x = &worlds[w];
    int q = 1 - player, k = x->hand_n[q], codes[HAND_MAX];
    keys[w] = -1;
    if (x->n != 2 || !x->fast_count || k > 4 || x->counted[q] < 0 || x->counted[q] > 255)
        return -1;
    for (int a = 0; a < k; a++) {
        int card = x->hands[q][a], value = x->r->card_value[card];
        if (value < 0 || value > 127)
            return -1;
        int code = PLAY_CODE[x->deck][card] << 7 | value, b = a;
        for (; b > 0 && codes[b - 1] > code; b--)
            codes[b] = codes[b - 1];
        codes[b] = code;
    }
    long long key = x->counted[q];
    for (int a = 0; a < k; a++)
        key = key << 13 | codes[a];
    keys[w] = key << 3 | k;
    for (int v = 0; v < w; v++)
        if (keys[v] == keys[w])
            return v;
    return -1;
}

/* The play's choice: the action with the greatest sum of values over the worlds, the first of equals, as
   search.py finds it by valuing every action exactly in every world. Here a world that is another's twin
   (twin_of) takes its values, and only the best action so far is valued exactly in every world. The
   actions are valued exactly in the first SAMPLE_WORLDS worlds (not twins) and then taken in the order of
   those values (the likely best first); each after the first is searched in each other world with the
   window's floor at the best's value there (alpha) raised by what the action already falls short of the
   best in the worlds before (the sample's first), which gives its value where it does better than that
   and a bound above it where it does not; where those bounds already sum to too little for it to be chosen
   (no more than the best's sum, or less where it comes before the best among the legal actions: the
   first of equals is chosen) it is ruled out, else the bounded worlds are searched again, each with a
   window that shows either its value or that the sum falls short, until it is ruled out or known whole.
   The same choice, with fewer positions visited. */
#define SAMPLE_WORLDS 8
#define MAX_PLAY_ACTIONS (2 * HAND_MAX + 2)

static int choose_in_play(Game *g, int player, const Act *legal, int n, Search *s) {
    Game *child = &g->frames[SEARCH_DEPTH];
    Game *worlds = g->frames + SEARCH_DEPTH + 1;
    long long best_values[PLAY_WORLDS], values[PLAY_WORLDS], keys[PLAY_WORLDS], best_sum = 0, sum;
    long long sampled[MAX_PLAY_ACTIONS][SAMPLE_WORLDS], sample_sum[MAX_PLAY_ACTIONS];
    char exact[PLAY_WORLDS];
    int twin[PLAY_WORLDS], sample[SAMPLE_WORLDS], in_sample[PLAY_WORLDS], order[MAX_PLAY_ACTIONS];
    int count = g->n == 4 ? (s->tangent ? FOUR_HAND_BOARD_WORLDS : FOUR_HAND_WORLDS) : PLAY_WORLDS, samples = 0, tried = 0;
    if (n > MAX_PLAY_ACTIONS) {
        g->failed = 1; /* more cards than a hand holds */
        return 0;
    }
    Unseen unseen;
    unseen_by(g, player, &unseen);
    for (int w = 0; w < count; w++) { /* the worlds drawn in order, as the engine draws them */
        draw_world(g, player, &unseen, &worlds[w]); /* and counted */
    }
    for (int w = 0; w < count; w++) { /* the other hand's, once the worlds are drawn (its counts known) */
        twin[w] = twin_of(worlds, w, player, keys);
        in_sample[w] = -1;
        if (twin[w] < 0 && samples < SAMPLE_WORLDS) {
            in_sample[w] = samples;
            sample[samples++] = w;
        }
    }
    FastPlay *f = g->fast_play;
    char fast[PLAY_WORLDS];
    fast_play_begin(f, g, s->team, s->board, child);
    for (int w = 0; w < count; w++)
        fast[w] = (char)fast_play_world(f, w, &worlds[w]);
    /* each action (but those the play's scores cannot tell from an earlier one) valued in the sample */
    for (int i = 0; i < n && !g->failed; i++) {
        if (same_as_earlier(g, legal, i))
            continue;
        sample_sum[i] = 0;
        for (int k = 0; k < samples; k++) {
            sampled[i][k] = world_value(s, f, fast, sample[k], worlds, child, player, &legal[i], -SEARCH_INF,
                                        SEARCH_INF);
            sample_sum[i] += sampled[i][k];
        }
        int at = tried++; /* in the order of the sample's sums, the greatest first (a stable sort) */
        for (; at > 0 && sample_sum[order[at - 1]] < sample_sum[i]; at--)
            order[at] = order[at - 1];
        order[at] = i;
    }
    int best = -1;
    for (int t = 0; t < tried && !g->failed; t++) {
        int i = order[t];
        if (best < 0) {
            for (int w = 0; w < count; w++) {
                best_values[w] = twin[w] >= 0 ? best_values[twin[w]]
                                 : in_sample[w] >= 0 ? sampled[i][in_sample[w]]
                                 : world_value(s, f, fast, w, worlds, child, player, &legal[i], -SEARCH_INF, SEARCH_INF);
                best_sum += best_values[w];
            }
            best = i;
            continue;
        }
        /* what the action falls short of the best by in the worlds valued so far (the sample's first): a
           world's floor is raised by it, so that the sum may still be ruled out if it is not reached */
        long long slack = 0;
        sum = 0;
        for (int w = 0; w < count; w++)
            if (in_sample[w] >= 0) {
                values[w] = sampled[i][in_sample[w]];
                exact[w] = 1;
                slack += best_values[w] - values[w];
            }
        for (int w = 0; w < count; w++) {
            if (twin[w] >= 0) {
                values[w] = values[twin[w]];
                exact[w] = exact[twin[w]];
                slack += best_values[w] - values[w];
            } else if (in_sample[w] < 0) {
                long long floor = best_values[w] + (slack > 0 ? slack : 0);
                values[w] = world_value(s, f, fast, w, worlds, child, player, &legal[i], floor, SEARCH_INF);
                exact[w] = values[w] > floor;
                slack += best_values[w] - values[w];
            }
            sum += values[w];
        }
        /* how far the sum must fall for the action to be ruled out: to the best's (it comes after the best),
           or below it (it comes before: an equal sum would be chosen) */
        int before = i < best;
        for (int w = 0; w < count && !g->failed && sum - best_sum + before > 0; w++) {
            if (exact[w])
                continue;
            long long value, fall = sum - best_sum + before;
            if (twin[w] >= 0) { /* its earlier world's searched by now: exact, or the action ruled out */
                value = values[twin[w]];
            } else {
                /* below the floor, a bound that rules the action out; above it, the value */
                long long floor = values[w] - fall;
                value = world_value(s, f, fast, w, worlds, child, player, &legal[i], floor, values[w] + 1);
                if (value <= floor) {
                    sum += value - values[w];
                    values[w] = value;
                    break;
                }
            }
            sum += value - values[w];
            values[w] = value;
            exact[w] = 1;
        }
        if (sum - best_sum + before > 0) { /* every world's value exact, and the action chosen over the best */
            best = i;
            best_sum = sum;
            memcpy(best_values, values, sizeof values);
        }
    }
    return best < 0 ? 0 : best;
}

int choose_search(Game *g, int player, const Act *legal, int n) {
    if (g->frames == NULL) {
        /* a frame a level, the root's child, and the play's worlds; after them the expert model's rank sums
           (rank_sum: one for each code of cards_each ranks), for the run's games */
        size_t frames = SEARCH_DEPTH + 1 + PLAY_WORLDS, sums = 1, shapes = 4 << (4 * SHAPE_BITS);
        for (int i = 0; i < g->r->cards_each; i++)
            sums *= 13;
        g->frames = calloc(1, frames * sizeof(Game) + (sums + shapes) * sizeof(long long));
        if (g->frames == NULL) {
            g->failed = 1;
            return 0;
        }
        g->rank_sums = (long long *)(g->frames + frames);
        g->shape_sums = g->rank_sums + sums;
        for (size_t i = 0; i < sums + shapes; i++)
            g->rank_sums[i] = LLONG_MIN;
        g->never_below = count_never_below(g->r);
        for (size_t i = 0; i < frames; i++) { /* the expert model's, one cache a seat */
            g->frames[i].expect_shared = g->frames[0].expect;
            g->frames[i].rank_sums = g->rank_sums;
            g->frames[i].shape_sums = g->shape_sums;
            g->frames[i].never_below = g->never_below;
        }
        for (int p = 0; p < 4; p++)
            g->frames[0].expect[p].deal = -1;
    }
    if (g->fast_play == NULL && (g->fast_play = fast_play_new()) == NULL) {
        g->failed = 1;
        return 0;
    }
    Search s = {g, g->teams[player], g->deal_number, {0}, g->bot[player] == BOT_BOARD && g->n == 2};
    if (g->bot[player] == BOT_BOARD && g->n == 4 && g->r->win != NULL) { /* the other side deals the next */
        s.tangent = 1;
        tangent_at(&s.tan, g->r, s.team, g->scores, 1 - g->teams[g->dealer]);
    }
    if (g->phase == P_PLAY)
        return choose_in_play(g, player, legal, n, &s);
    int worlds = g->n == 4 ? (s.tangent ? FOUR_HAND_BOARD_WORLDS : FOUR_HAND_WORLDS) : MOG_WORLDS;
    long long sums[64];
    memset(sums, 0, sizeof sums);
    Game *world = &g->frames[SEARCH_DEPTH + 1], *child = &g->frames[SEARCH_DEPTH];
    Unseen unseen;
    unseen_by(g, player, &unseen);
    copy_mog(world, g); /* once: the worlds are dealt into it in turn, and only read */
    copy_mog(child, g);  /* once: each choice then copies what the steps of the one before changed */
    /* A choice to ask, answer, offer or take the stock, or to give first, with no give made yet, is made
       the same in every world (it moves the steps to come, the offers, the gives and the scores, never a
       hand: start_play copies the hands only to count them later, which the mog's leaves do not read):
       made once, each in a frame of its own (the play's worlds after the first, not in use in the mog),
       each world then taking its position and its own hands and stock. */
    int step = g->pend_s[0], gives_after = 0;
    for (int j = 1; j < g->npend; j++)
        gives_after |= g->pend_s[j] == S_GIVE;
    int ahead = n < PLAY_WORLDS && g->ngives == 0 && step != S_DISCARD && step != S_STOCK_CARD &&
                (step != S_GIVE || gives_after);
    Game *after = &g->frames[SEARCH_DEPTH + 2];
    char after_failed[PLAY_WORLDS];
    for (int i = 0; ahead && i < n; i++) {
        copy_mog(&after[i], g);
        apply_mog(&after[i], player, &legal[i]);
        after_failed[i] = (char)after[i].failed;
    }
    for (int w = 0; w < worlds; w++) {
        deal_world(g, player, &unseen, world);
        for (int i = 0; i < n; i++) {
            int failed;
            if (ahead) {
                recopy_mog(child, &after[i]);
                memcpy(child->hands, world->hands, sizeof world->hands);
                memcpy(child->hand_n, world->hand_n, sizeof world->hand_n);
                if (world->r->dealer_stock) {
                    memcpy(child->stock, world->stock, sizeof world->stock);
                    child->stock_n = world->stock_n;
                }
                failed = after_failed[i];
            } else {
                recopy_mog(child, world);
                apply_mog(child, player, &legal[i]);
                failed = child->failed; /* the root's step's (mog_value makes the later steps in `child`) */
            }
            sums[i] += failed ? 0 : mog_value(&s, child, 0);
            if (failed)
                g->failed = 1;
        }
    }
    int best = 0;
    for (int i = 1; i < n; i++)
        if (sums[i] > sums[best])
            best = i;
    return best;
}
