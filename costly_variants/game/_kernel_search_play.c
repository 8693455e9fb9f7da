/* The compiled kernel's search in the play of the two-hand game: game/search.py's _play_value (the minimax
   of the rest of the deal, every hand known), over a compact position instead of a game's copy.

   _kernel_search.c's play_value searches a world by copying the game's position at every node and playing
   each card with apply_play (_kernel_play.c), as the engine plays it. Here a world's position is held in a
   few bytes (the cards each hand still holds, as bits of the world's hand; the series as the play's scores
   read it: its length, the ranks for the sequences, the last card's kind and how many of that kind end it;
   the count, the scores, the go flags), copied on the stack a node. What a world's hands are, and which of
   their cards the scores cannot tell apart, is worked out once a world (fast_play_world). A card played is
   scored as play.py scores it (score_play, with the rules as _kernel_play.c reads them) and followed as
   apply_play follows it (the go and the latter, advance, the end of the series, the count). The end of the
   deal is valued as play_value values it (search_leaf: the count added, the board's chance or the points).
   The same values, so the same choices: the board search's and the point search's records (tests/golden/)
   and tests/test_kernel.py hold it to the engine.

   Where a position is one the engine would refuse (five cards of one kind in a series), the search fails
   as play_value fails: the game goes to Python. Where the rules may score less than nothing in the play,
   or the world's count is not known ahead (draw_world), the search takes play_value's path instead. */
#include "_kernel.h"

#define WON (-1)   /* PlayPos.end: the game won in the play (winner set) */
#define COUNTED 1  /* the play over: the count to make */
#define MOVES_MAX (2 * HAND_MAX + 1) /* a node's moves at most (else play_value searches: fast_play_begin) */

typedef struct {
    int count, scores[2];
    unsigned short in_series; /* the ranks in the series, as bits: a card with no neighbour there ends none */
    unsigned char held[2];    /* each hand's cards still held, as bits of the world's hand (FastPlay.cards) */
    signed char series_n, run, last_kind; /* the series' length; how many of the last card's kind end it */
    signed char to_play, last_player, said_go, go_awarded, go_paid, winner, end, failed;
    signed char ranks[2 * HAND_MAX]; /* the series' cards' ranks (PLAY_RANK), for the sequences */
} PlayPos;

/* One decision's tables (the deck card is the same in every world), its position and its worlds' hands. */
struct FastPlay {
    const Rules *r;
    int team, board, usable, new_series, dealer_team, limit;
    long long pegs_at;                     /* the target where reaching it wins the game, else never */
    int seq_from;                          /* the sequences' least length, where they score; else 0 */
    int seq_need;                          /* the least series that may score one (past any, where none scores) */
    signed char rank[52], code[52];        /* code: PLAY_CODE, what tells two cards apart in the play */
    signed char alike[52];                 /* the kind the play's pairs match (Rules.alike of the rank) */
    char totals[101];                      /* the counts that score the series' length (play_total_kind) */
    int pair_for[2 * HAND_MAX + 1];        /* the pairs' points by how many of a kind end the series */
    int run_most;                          /* the most of a kind the pairs score (more: the engine raises) */
    int value[52], jd[52];                 /* a card's value (an Ace's first) and its Jack's or Deuce's points */
    unsigned short beside[52];             /* a card's ranks that may end a sequence with it in the series: those
                                              beside its own, or any where one card is a sequence */
    int add[2], sure;                      /* the world's count to come (draw_world) */
    const Game *world;                     /* the world searched, the `at`th */
    int at, failed;
    const signed char (*cards)[HAND_MAX];  /* the world's hands, as they were dealt to it (world_cards[w]) */
    const unsigned char (*distinct)[1 << HAND_MAX]; /* world_distinct[w], or none where no two are alike */
    int multi;                             /* an Ace has more than one value */
    Game *scratch; /* the count made the slow way, where a side may reach the target (count_hands) */
    int scratch_of;
    PlayPos pos;   /* the decision's position, every world's (draw_world deals only the hidden hands again) */
    int pos_made;
    signed char world_cards[64][2][HAND_MAX];
    char alike_cards[64];                  /* whether a hand of the world holds two cards the scores cannot tell
                                              apart (else every card held is one to try) */
    /* by the cards held (bits of the world's hand), those the play's scores can tell apart: the first of
       each (play code, value), so that each world's hands are sorted out once, not at every node */
    unsigned char world_distinct[64][2][1 << HAND_MAX];
    short killer[64][2][1 << HAND_MAX]; /* each world's move that was best the last time a seat held those cards */
};

/* -- the play, as play.py and _kernel_play.c make it -- */

static inline void add(const FastPlay *f, PlayPos *p, int seat, int points) {
    if (points < 0)
        p->failed = 1; /* the engine's invariants refuse it */
    p->scores[seat] += points;
    if (points && p->scores[seat] >= f->pegs_at) {
        p->winner = (signed char)seat;
        p->end = WON;
    }
}

/* count_or_next_series: a new series from the seat after the last to play, or the count. */
static inline void next_series(const FastPlay *f, PlayPos *p) {
    p->count = 0;
    p->series_n = 0;
    p->run = 0;
    p->last_kind = -1;
    p->in_series = 0;
    p->said_go = p->go_awarded = p->go_paid = 0;
    int seat = p->last_player + 1 < 2 ? p->last_player + 1 : 0;
    for (int i = 0; i < 2; i++, seat = 1 - seat)
        if (p->held[seat]) {
            if (f->new_series) {
                p->to_play = (signed char)seat;
                return;
            }
            break;
        }
    p->end = COUNTED;
}

static inline void end_series(const FastPlay *f, PlayPos *p, int hit) {
    const Rules *r = f->r;
    int last_of_play = !(p->held[0] | p->held[1]) || !r->new_series;
    if (!hit && r->latter_points && p->series_n && (r->latter_each || last_of_play) &&
        (r->go_and_latter || !p->go_paid)) {
        add(f, p, p->last_player, r->latter_points);
        if (p->end)
            return;
    }
    next_series(f, p);
}

HOT_INLINE void advance(const FastPlay *f, PlayPos *p, int player) {
    int other = 1 - player;
    if (p->held[other] && !((p->said_go >> other) & 1))
        p->to_play = (signed char)other;
    else if (p->held[player] && !((p->said_go >> player) & 1))
        p->to_play = (signed char)player;
    else
        end_series(f, p, 0);
}

/* The longest sequence the series' last cards make (play.score_play's), the last card the series' last. */
static int sequence_of(const FastPlay *f, const PlayPos *p) {
    unsigned seen = 0;
    int longest = 0;
    for (int i = p->series_n - 1, length = 1; i >= 0; i--, length++) {
        unsigned bit = 1u << p->ranks[i];
        if (seen & bit)
            break;
        seen |= bit;
        if (length < f->seq_from)
            continue;
        if (ranks_run(seen, f->r->ace_high_or_low))
            longest = length;
    }
    return longest;
}

/* What the card just put on the series scores (play.score_play's points), the count being p->count. */
static inline int scored(const FastPlay *f, PlayPos *p, int card) {
    int n = p->series_n, points = f->jd[card];
    if (f->totals[p->count]) /* the count never passes the limit, 100 at most (_kernel.c) */
        points += n;
    points += f->pair_for[p->run]; /* none for one of a kind, or where pairs do not score */
    if (p->run > f->run_most)
        p->failed = 1; /* the engine has no points for it and raises */
    /* a sequence of two or more holds a rank beside the last card's (its own is not beside it) */
    if (n >= f->seq_need && (p->in_series & f->beside[card]))
        points += sequence_of(f, p);
    return points;
}

/* apply_play: the card at `at` in the player's hand (at < 0: a go) played at `value`. */
HOT_INLINE void step(const FastPlay *f, PlayPos *p, int player, int at, int value) {
    if (at < 0) {
        const Rules *r = f->r;
        p->said_go |= (signed char)(1 << player);
        if (r->go_points && !p->go_awarded && p->series_n) {
            p->go_awarded = 1;
            if (p->last_player != player) {
                p->go_paid = 1;
                add(f, p, p->last_player, r->go_points);
                if (p->end)
                    return;
            }
        }
        advance(f, p, player);
        return;
    }
    int card = f->cards[player][at];
    p->held[player] &= (unsigned char)~(1u << at);
    p->count += value; /* a legal card never passes the limit; two hands never fill SERIES_MAX cards */
    /* the pair run: how many cards of the last one's kind end the series */
    int rank = f->rank[card], kind = f->alike[card];
    p->run = kind == p->last_kind ? p->run + 1 : 1; /* no kind (-1) before a series' first card */
    p->last_kind = (signed char)kind;
    p->ranks[p->series_n++] = (signed char)rank;
    p->in_series = (unsigned short)(p->in_series | 1u << rank);
    p->last_player = (signed char)player;
    int total = scored(f, p, card);
    if (total)
        add(f, p, player, total);
    if (p->end)
        return;
    if (p->count == f->limit)
        end_series(f, p, 1);
    else
        advance(f, p, player);
}

/* -- the search -- */

/* The end of what is searched, as play_value reaches it (outcome, after count_hands): the game won in the
   play; or the count made, at once where neither side can reach the target by it (count_counted's own
   shortcut), else the slow way in a copy of the world (count_hands, which pegs it item by item). */
static long long leaf(FastPlay *f, const PlayPos *p) {
    const Rules *r = f->r;
    long long side[2] = {p->scores[0], p->scores[1]};
    if (p->failed) /* a position the engine refuses on the way here: the whole search fails */
        f->failed = 1;
    if (p->end == WON)
        return search_leaf(r, f->team, f->board, p->winner == f->team ? 1 : -1, side, 0);
    if (f->new_series && (p->held[0] | p->held[1])) {
        f->failed = 1; /* a card left dead: the engine's watch refuses it */
        return 0;
    }
    if (f->sure && side[0] + f->add[0] < r->target && side[1] + f->add[1] < r->target) {
        side[0] += f->add[0];
        side[1] += f->add[1];
        return search_leaf(r, f->team, f->board, 0, side, f->dealer_team ^ 1);
    }
    Game *g = f->scratch;
    if (f->scratch_of != f->at) {
        copy_position(g, f->world);
        f->scratch_of = f->at;
    }
    g->scores[0] = p->scores[0];
    g->scores[1] = p->scores[1];
    g->winner = -1;
    g->phase = P_PLAY;
    g->deal_number = f->world->deal_number;
    g->failed = 0;
    g->hand_n[0] = __builtin_popcount(p->held[0]);
    g->hand_n[1] = __builtin_popcount(p->held[1]);
    count_hands(g);
    if (g->failed) {
        f->failed = 1;
        return 0;
    }
    side[0] = g->scores[0];
    side[1] = g->scores[1];
    int won = g->phase != P_OVER ? 0 : g->winner == f->team ? 1 : -1;
    return search_leaf(r, f->team, f->board, won, side, g->teams[g->dealer] ^ g->fast_count);
}

typedef struct {
    int at, value; /* the card's place in the world's hand (-1: a go), its value */
} Move;

/* plays_of: the cards that may be played (an Ace once for each value that fits), less any the play's
   scores cannot tell from one before it at the same value (the same rest of the deal, the same value:
   the world's `distinct` cards); a go if none may. */
static inline int moves_of(const FastPlay *f, const PlayPos *p, int player, Move *out) {
    int k = 0, room = f->limit - p->count;
    unsigned held = p->held[player];
    for (unsigned m = f->distinct ? f->distinct[player][held] : held; m; m &= m - 1) {
        int at = __builtin_ctz(m), card = f->cards[player][at];
        if (f->multi && f->rank[card] == 1) {
            const Rules *r = f->r;
            for (int v = 0; v < r->n_ace; v++)
                if (r->ace_values[v] <= room)
                    out[k++] = (Move){at, r->ace_values[v]};
        } else if (f->value[card] <= room) {
            out[k++] = (Move){at, f->value[card]};
        }
    }
    if (!k)
        out[k++] = (Move){-1, -1};
    return k;
}

/* play_value over the compact position: alpha-beta, fail-soft, exact between alpha and beta. No deeper
   than play_value may go: a deal of two hands has at most a card and two goes a card. A position the
   engine refuses is marked (PlayPos.failed, copied to its children) and read at the leaf: every node's
   first move is searched to one, so the mark reaches f->failed and the search's value is thrown away, as
   when each step was tested. */
_Static_assert(2 * HAND_MAX * 3 < SEARCH_DEPTH, "two hands' play within the search's depth");
_Static_assert(2 * HAND_MAX <= SERIES_MAX, "two hands' cards within a series");
static long long solve(FastPlay *f, PlayPos *p, long long alpha, long long beta) {
    Move moves[MOVES_MAX];
    int actor, n;
    for (;;) {
        if (p->end)
            return leaf(f, p);
        actor = p->to_play;
        unsigned held = p->held[actor];
        if (!(held & (held - 1))) { /* one card (none: never asked), most often of one value: played, or a go */
            int at = __builtin_ctz(held), card = f->cards[actor][at];
            if (!f->multi || f->rank[card] != 1) {
                step(f, p, actor, f->value[card] <= f->limit - p->count ? at : -1, f->value[card]);
                continue;
            }
        }
        n = moves_of(f, p, actor, moves);
        if (n > 1)
            break;
        step(f, p, actor, moves[0].at, moves[0].value); /* the one move there is: made in place */
    }
    int mine = actor == f->team;
    long long best = mine ? -SEARCH_INF : SEARCH_INF;
    /* the move that was best the last time this seat held these cards in this world, tried first: more
       often the best again than the one best at the same depth, whatever cards were left there */
    short *killer = &f->killer[f->at][actor][p->held[actor]];
    int best_key = -1;
    if (*killer >= 0)
        for (int i = 1; i < n; i++)
            if ((moves[i].at << 8 | (moves[i].value & 255)) == *killer) {
                Move m = moves[i]; /* first, the one it was in its place: any order, the same value */
                moves[i] = moves[0];
                moves[0] = m;
                break;
            }
    for (int i = 0; i < n; i++) {
        PlayPos child = *p;
        step(f, &child, actor, moves[i].at, moves[i].value);
        long long value = solve(f, &child, alpha, beta);
        if (mine ? value > best : value < best) {
            best = value;
            best_key = moves[i].at << 8 | (moves[i].value & 255);
        }
        if (mine && best > alpha)
            alpha = best;
        if (!mine && best < beta)
            beta = best;
        if (alpha >= beta)
            break;
    }
    *killer = (short)best_key;
    return best;
}

/* -- what _kernel_search.c's choose_in_play asks -- */

FastPlay *fast_play_new(void) { return calloc(1, sizeof(FastPlay)); }

void fast_play_begin(FastPlay *f, const Game *g, int team, int board, Game *scratch) {
    const Rules *r = g->r;
    f->r = r;
    f->team = team;
    f->board = board;
    f->new_series = r->new_series;
    f->dealer_team = g->teams[g->dealer];
    f->scratch = scratch;
    f->scratch_of = -1;
    f->pos_made = 0;
    /* two hands, no score below nothing, and a node's moves within its list: each card once, and each Ace
       (four at most) once a value */
    f->usable = g->n == 2 && r->play_never_below && g->teams[1] == 1 && HAND_MAX + 4 * (r->n_ace - 1) < MOVES_MAX;
    if (!f->usable)
        return; /* play_value searches every world (fast_play_world says so): no tables to make */
    f->limit = r->limit;
    f->pegs_at = r->peg_out ? r->target : SEARCH_INF;
    f->seq_from = r->play_sequences ? (r->seq_min > 1 ? r->seq_min : 1) : 0;
    f->seq_need = f->seq_from ? f->seq_from : 2 * HAND_MAX + 1;
    memset(f->pair_for, 0, sizeof f->pair_for);
    f->run_most = r->play_pairs ? 4 : 2 * HAND_MAX;
    if (r->play_pairs) {
        f->pair_for[2] = r->pair_points;
        f->pair_for[3] = r->prial_points;
        f->pair_for[4] = r->dprial_points;
    }
    for (int c = 0; c <= 100; c++)
        f->totals[c] = (char)(r->play_total_kind[c] >= 0);
    for (int c = 0; c < 52; c++) {
        int x = role(c, g->deck);
        f->alike[c] = (signed char)r->alike[RANK(c)];
        f->value[c] = RANK(c) == 1 && r->n_ace ? r->ace_values[0] : r->card_value[c];
        f->rank[c] = (signed char)RANK(c);
        f->code[c] = (signed char)PLAY_CODE[g->deck][c];
        f->jd[c] = r->play_jd && r->jd_points[x] > 0 ? r->jd_points[x] : 0;
        f->beside[c] = f->seq_from < 2 ? 0xffff : NEXT_TO[r->ace_high_or_low != 0][RANK(c)];
    }
    f->multi = r->n_ace > 1;
}

int fast_play_world(FastPlay *f, int w, const Game *world) {
    const Rules *r = f->r;
    PlayPos *p = &f->pos;
    if (!f->usable || !world->fast_count || world->phase != P_PLAY || world->winner >= 0 || w >= 64 ||
        world->series_n + world->hand_n[0] + world->hand_n[1] > 2 * HAND_MAX)
        return 0;
    memset(f->killer[w], 0xff, sizeof f->killer[w]);
    unsigned char later[2][HAND_MAX], any = 0;
    for (int s = 0; s < 2; s++) {
        int n = world->hand_n[s];
        signed char *cards = f->world_cards[w][s];
        for (int i = 0; i < n; i++)
            cards[i] = (signed char)world->hands[s][i];
        for (int i = 0; i < n; i++) { /* the later cards the play's scores cannot tell from this one */
            later[s][i] = 0;
            for (int j = i + 1; j < n; j++)
                if (f->code[cards[j]] == f->code[cards[i]] && f->value[cards[j]] == f->value[cards[i]])
                    later[s][i] |= (unsigned char)(1u << j);
            any |= later[s][i];
        }
    }
    f->alike_cards[w] = (char)(any != 0);
    for (int s = 0; s < 2 && any; s++) {
        /* of the cards held, those hidden by one before them held too: a subset's from the one without its
           first card */
        unsigned char *distinct = f->world_distinct[w][s], hidden[1 << HAND_MAX];
        hidden[0] = distinct[0] = 0;
        for (unsigned held = 1; held < 1u << world->hand_n[s]; held++) {
            hidden[held] = hidden[held & (held - 1)] | later[s][__builtin_ctz(held)];
            distinct[held] = (unsigned char)(held & ~hidden[held]);
        }
    }
    if (f->pos_made) /* the position the same in every world: only the hidden hands differ */
        return 1;
    f->pos_made = 1;
    memset(p, 0, sizeof *p);
    for (int s = 0; s < 2; s++) {
        p->held[s] = (unsigned char)((1u << world->hand_n[s]) - 1);
        p->scores[s] = world->scores[s];
    }
    p->series_n = (signed char)world->series_n;
    for (int i = 0; i < world->series_n; i++) {
        p->ranks[i] = f->rank[world->series_c[i]];
        p->in_series |= (unsigned short)(1u << p->ranks[i]);
    }
    for (int i = world->series_n - 1; i >= 0 && r->alike[p->ranks[i]] == r->alike[p->ranks[world->series_n - 1]]; i--)
        p->run++;
    p->last_kind = (signed char)(world->series_n ? r->alike[p->ranks[world->series_n - 1]] : -1);
    p->count = world->count;
    p->to_play = (signed char)world->to_play;
    p->last_player = (signed char)world->last_player;
    p->said_go = (signed char)world->said_go;
    p->go_awarded = (signed char)world->go_awarded;
    p->go_paid = (signed char)world->go_paid;
    p->winner = -1;
    return 1;
}

void fast_play_forget_scratch(FastPlay *f) { f->scratch_of = -1; }

long long fast_play_value(FastPlay *f, int w, const Game *world, int player, const Act *a, long long alpha,
                          long long beta, int *failed) {
    PlayPos p = f->pos;
    f->world = world;
    f->at = w;
    f->cards = (const signed char (*)[HAND_MAX])f->world_cards[w];
    f->distinct = f->alike_cards[w] ? (const unsigned char (*)[1 << HAND_MAX])f->world_distinct[w] : NULL;
    f->add[0] = world->count_add[0];
    f->add[1] = world->count_add[1];
    f->sure = world->count_sure;
    f->failed = 0;
    int at = -1;
    for (unsigned m = a->kind != K_GO ? p.held[player] : 0; m; m &= m - 1)
        if (f->cards[player][__builtin_ctz(m)] == a->card)
            at = __builtin_ctz(m);
    if (a->kind != K_GO && at < 0) {
        *failed = 1; /* not in the hand: the engine refuses it */
        return 0;
    }
    step(f, &p, player, at, a->kind == K_GO ? -1 : act_value(f->r, a));
    long long value = p.failed ? 0 : solve(f, &p, alpha, beta);
    *failed = p.failed || f->failed;
    return *failed ? 0 : value;
}
