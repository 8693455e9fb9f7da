/* The compiled kernel's search in the play of the four-hand game: game/search.py's _play_value (the minimax
   of the rest of the series, every hand known), over a compact position instead of a game's copy.

   _kernel_search.c's play_value searches a world by copying the game's position at every node and playing
   each card with apply_play (_kernel_play.c). Four hands are searched to the end of the series only (then
   the count to come is valued as it stands: at_the_count), so a search is short and most of its cost was
   the copies and apply_play's generality. Here a world's position is held in a few bytes (each hand's
   cards, the series as the play's scores read it: its length, the ranks for the sequences, the last card's
   kind and how many of that kind end it, the count, the two sides' scores, the go flags), copied on the
   stack a node, and a card played is scored as play.py scores it (score_play, with the rules as
   _kernel_play.c reads them) and followed as apply_play follows it for four seats (the go and the latter
   to the last player's side, the next seat in turn that holds a card and has not said go, the end of the
   series). The end of what is searched is valued as play_value values it (leaf_value: the board's tangent,
   or the points), at the same leaves.

   The cards are tried in play_value's order (the hand's own, each hand kept in order as remove_card keeps
   it; an Ace once a value; a card the play's scores cannot tell from one tried before it left out) and
   alpha-beta cuts where play_value cuts, so the value returned is play_value's for every window: exact
   within it, the same bound beyond. The same values, so the same choices: the board search's record
   (tests/golden/board_search_choices.json) and tests/test_board.py / test_kernel.py hold it to the engine.

   Where a position is one the engine would refuse (five cards of one kind in a series), the search fails
   as play_value fails: the game goes to Python. Where the rules may score less than nothing in the play, the
   world's count is not known ahead or may score less than nothing (count_world), or the root's card is not
   in the hand, it says so and play_value's path is taken instead. */
#include "_kernel.h"

enum { GOING, WON, COUNTED }; /* FourPos.end: the play goes on; the game won in it; the play over, counted */

typedef struct {
    signed char hand[4][HAND_MAX], hand_n[4]; /* each hand's cards, in the order the engine holds them */
    signed char ranks[SERIES_MAX];             /* the series' cards' ranks, for the sequences */
    signed char series_n, run, last_kind;      /* its length; how many of the last card's kind end it */
    signed char last_player, said_go, go_awarded, go_paid, winner, end, failed;
    unsigned short in_series; /* the ranks in the series, as bits: a card with no neighbour there ends none */
    int count, scores[2];
} FourPos;

/* One world's search: the rules as the play reads them, each card of its hands as the play's scores see it,
   and what its leaves are valued by. */
typedef struct {
    const Rules *r;
    const Tangent *tan; /* the four-hand board search's, or NULL: the points */
    int team, board, next_dealer, teams[4];
    long long pegs_at;                  /* the target where reaching it in the play wins, else never */
    int seq_from;                       /* the sequences' least length, where they score; else 0 */
    int pair_for[5];                    /* the pairs' points by how many of a kind end the series */
    unsigned short next_to[14];         /* the ranks beside a rank in a sequence (an Ace high too, where it may) */
    long long add[2];                   /* what the count adds to each side (at_the_count's sum) */
    const Game *world;                  /* for the count made item by item near the target */
    int failed;
    signed char rank[52], kind[52]; /* of the hands' cards: kind, what the pairs match (Rules.alike); */
    unsigned char code[52];         /* code, PLAY_CODE (what tells two cards apart in the play) */
    int value[52], jd[52]; /* a card's value (not an Ace's) and its Jack's or Deuce's points in the play */
} Four;

/* -- the play, as play.py and _kernel_play.c make it for four seats -- */

/* score: the points to the seat's side, the game won where they reach the target and the rules peg out. */
static inline void add(const Four *f, FourPos *p, int seat, int points) {
    int team = f->teams[seat];
    if (points < 0)
        p->failed = 1; /* the engine's invariants refuse it */
    p->scores[team] += points;
    if (points && p->scores[team] >= f->pegs_at) {
        p->winner = (signed char)team;
        p->end = WON;
    }
}

/* end_series and count_or_next_series: the latter to the last player where it is due, then a new series
   (where the rules have one and a card is left: the search stops there, series_n 0) or the count. */
static void end_series(const Four *f, FourPos *p, int hit) {
    const Rules *r = f->r;
    int any = p->hand_n[0] | p->hand_n[1] | p->hand_n[2] | p->hand_n[3];
    int last_of_play = !any || !r->new_series;
    if (!hit && r->latter_points && p->series_n && (r->latter_each || last_of_play) &&
        (r->go_and_latter || !p->go_paid)) {
        add(f, p, p->last_player, r->latter_points);
        if (p->end)
            return;
    }
    p->count = 0;
    p->series_n = 0;
    p->run = 0;
    p->in_series = 0;
    p->said_go = p->go_awarded = p->go_paid = 0;
    if (!(any && r->new_series))
        p->end = COUNTED;
}

/* advance: the next seat in turn that holds a card and has not said go (the player itself the last), else
   the series ends. */
static inline int advance(const Four *f, FourPos *p, int player) {
    for (int i = 1, seat = player; i <= 4; i++) {
        seat = (seat + 1) & 3;
        if (p->hand_n[seat] && !((p->said_go >> seat) & 1))
            return seat;
    }
    end_series(f, p, 0);
    return -1;
}

/* The longest sequence the series' last cards make (play.score_play's). */
static int sequence_of(const Four *f, const FourPos *p) {
    unsigned seen = 0;
    int longest = 0;
    for (int i = p->series_n - 1, length = 1; i >= 0; i--, length++) {
        unsigned bit = 1u << p->ranks[i];
        if (seen & bit)
            break;
        seen |= bit;
        if (length >= f->seq_from && ranks_run(seen, f->r->ace_high_or_low))
            longest = length;
    }
    return longest;
}

/* What the card just put on the series scores (play.score_play's points); the series' ranks before it
   `before`. */
static inline int scored(const Four *f, FourPos *p, int card, unsigned before) {
    const Rules *r = f->r;
    int n = p->series_n, points = f->jd[card];
    if (p->count <= 100 && r->play_total_kind[p->count] >= 0)
        points += n;
    if (r->play_pairs && p->run >= 2) {
        if (p->run > 4)
            p->failed = 1; /* the engine has no points for it and raises */
        else
            points += f->pair_for[p->run];
    }
    /* a sequence of two or more holds a rank beside the last card's */
    if (f->seq_from && n >= f->seq_from && (f->seq_from < 2 || (before & f->next_to[f->rank[card]])))
        points += sequence_of(f, p);
    return points;
}

/* apply_play: the card at `at` in the player's hand (at < 0: a go) played at `value`; the seat to play
   next, or -1 where the series or the game has ended. */
static int step(const Four *f, FourPos *p, int player, int at, int value) {
    const Rules *r = f->r;
    if (at < 0) {
        p->said_go |= (signed char)(1 << player);
        if (r->go_points && !p->go_awarded && p->series_n) {
            p->go_awarded = 1;
            if (f->teams[p->last_player] != f->teams[player]) {
                p->go_paid = 1;
                add(f, p, p->last_player, r->go_points);
                if (p->end)
                    return -1;
            }
        }
        return advance(f, p, player);
    }
    signed char *hand = p->hand[player];
    int card = hand[at], n = --p->hand_n[player];
    for (int i = at; i < n; i++) /* the rest kept in order: the next choices tried in play_value's order */
        hand[i] = hand[i + 1];
    p->count += value; /* a legal card never passes the limit; four hands never fill SERIES_MAX cards */
    int kind = f->kind[card];
    p->run = p->series_n && kind == p->last_kind ? p->run + 1 : 1;
    p->last_kind = (signed char)kind;
    p->ranks[p->series_n++] = f->rank[card];
    unsigned before = p->in_series;
    p->in_series = (unsigned short)(before | 1u << f->rank[card]);
    p->last_player = (signed char)player;
    int total = scored(f, p, card, before);
    if (total)
        add(f, p, player, total);
    if (p->end)
        return -1;
    if (p->count == r->limit) {
        end_series(f, p, 1);
        return -1;
    }
    return advance(f, p, player);
}

/* -- the leaves, valued where play_value values them -- */

static long long valued(const Four *f, int won, const long long *side) {
    if (f->tan) /* leaf_value: the four-hand board search */
        return tangent_value(f->tan, won, side);
    return search_leaf(f->r, f->team, f->board, won, side, f->next_dealer);
}

/* count_counted: the count of a world whose every item is known and none below nothing. Where neither side
   reaches the target by it, the order it is pegged in changes nothing; else it is pegged as count_counted
   pegs it (the claims, then each seat from the eldest: its claims, the heels, its hand), where the first
   to reach the target wins if the rules peg out, else the one side past it after the count. */
static long long counted(const Four *f, const FourPos *p) {
    const Rules *r = f->r;
    const Game *g = f->world;
    long long side[2] = {p->scores[0] + f->add[0], p->scores[1] + f->add[1]};
    if (side[0] < r->target && side[1] < r->target)
        return valued(f, 0, side);
    long long sc[2] = {p->scores[0], p->scores[1]};
    int winner = -1, player = g->eldest;
#define PEG(seat, points)                                                                                  \
    do {                                                                                                   \
        int team_ = f->teams[seat];                                                                        \
        if (winner < 0 && (sc[team_] += (points), (points) && r->peg_out && sc[team_] >= r->target))      \
            winner = team_;                                                                                \
    } while (0)
    for (int i = 0; !r->claim_own_count && i < g->nclaims; i++)
        PEG(g->claim_recv[i], g->claim_points[i]);
    for (int k = 0; k < 4 && winner < 0; k++, player = (player + 1) & 3) {
        for (int i = 0; r->claim_own_count && i < g->nclaims; i++)
            if (g->claim_recv[i] == player)
                PEG(player, g->claim_points[i]);
        if (player == g->dealer && !r->heels_before_play && ((r->heels_mask >> RANK(g->deck)) & 1) && r->heels_points)
            PEG(player, r->heels_points);
        if (g->counted[player])
            PEG(player, g->counted[player]);
    }
#undef PEG
    if (winner < 0) { /* count_won: the one side past the target, if one is */
        long long best = sc[0] > sc[1] ? sc[0] : sc[1];
        if (best >= r->target && sc[0] != sc[1])
            winner = sc[0] == best ? 0 : 1;
    }
    return valued(f, winner < 0 ? 0 : winner == f->team ? 1 : -1, sc);
}

static long long leaf(const Four *f, const FourPos *p) {
    if (p->end == WON) {
        long long side[2] = {p->scores[0], p->scores[1]};
        return valued(f, p->winner == f->team ? 1 : -1, side);
    }
    if (p->end == COUNTED)
        return counted(f, p);
    /* a new series to come: at_the_count, the count to come added as it stands */
    long long side[2] = {p->scores[0] + f->add[0], p->scores[1] + f->add[1]};
    return valued(f, 0, side);
}

/* -- the search -- */

typedef struct {
    signed char at, card; /* the card's place in the hand (-1: a go), the card */
    short value, ace;     /* its value; an Ace's (as play_actions gives it, else -1: what tells two apart) */
} Move;

/* plays_of: the cards that may be played, in the hand's order (an Ace once for each value that fits);
   a go if none may. */
static inline int moves_of(const Four *f, const FourPos *p, int player, Move *out) {
    const Rules *r = f->r;
    int k = 0, room = r->limit - p->count;
    for (int i = 0; i < p->hand_n[player]; i++) {
        int card = p->hand[player][i];
        if (f->rank[card] == 1) {
            for (int v = 0; v < r->n_ace; v++)
                if (r->ace_values[v] <= room)
                    out[k++] = (Move){(signed char)i, (signed char)card, (short)r->ace_values[v], (short)r->ace_values[v]};
        } else if (f->value[card] <= room) {
            out[k++] = (Move){(signed char)i, (signed char)card, (short)f->value[card], -1};
        }
    }
    if (!k)
        out[k++] = (Move){-1, -1, -1, -1};
    return k;
}

/* play_value over the compact position: alpha-beta, fail-soft, exact between alpha and beta; the seat
   `actor` to play. */
static long long solve(Four *f, FourPos *p, int actor, int depth, long long alpha, long long beta) {
    Move moves[HAND_MAX * HAND_MAX + 1]; /* a card a value: at most a hand's cards times the Ace's values */
    int n;
    for (;;) {
        if (p->end || !p->series_n)
            return leaf(f, p);
        if (depth >= SEARCH_DEPTH) {
            f->failed = 1;
            return 0;
        }
        n = moves_of(f, p, actor, moves);
        if (n > 1)
            break;
        actor = step(f, p, actor, moves[0].at, moves[0].value); /* the one move there is: made in place */
        if (p->failed) {
            f->failed = 1;
            return 0;
        }
        depth++;
    }
    int mine = f->teams[actor] == f->team;
    long long best = mine ? -SEARCH_INF : SEARCH_INF;
    for (int i = 0; i < n; i++) {
        /* a card the play's scores cannot tell from one tried before it, at the same value: the same value */
        int same = 0;
        for (int j = 0; j < i && !same; j++)
            same = moves[i].ace == moves[j].ace && f->code[moves[i].card] == f->code[moves[j].card];
        if (same)
            continue;
        FourPos child = *p;
        int next = step(f, &child, actor, moves[i].at, moves[i].value);
        if (child.failed) {
            f->failed = 1;
            return 0;
        }
        long long value = solve(f, &child, next, depth + 1, alpha, beta);
        if (f->failed)
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

/* -- what _kernel_search.c's root_value asks -- */

int four_play_value(const Game *world, int player, const Act *a, int team, int board, const Tangent *tan,
                    long long alpha, long long beta, long long *value) {
    const Rules *r = world->r;
    if (world->n != 4 || !r->play_never_below || !world->fast_count || !world->count_sure ||
        world->phase != P_PLAY || world->winner >= 0 || r->n_ace > HAND_MAX)
        return 0;
    Four f;
    FourPos p;
    f.r = r;
    f.tan = tan;
    f.team = team;
    f.board = board;
    f.next_dealer = 1 - world->teams[world->dealer]; /* at_the_count's, and outcome's in a counted world */
    f.world = world;
    f.failed = 0;
    f.pegs_at = r->peg_out ? r->target : SEARCH_INF;
    f.seq_from = r->play_sequences ? (r->seq_min > 1 ? r->seq_min : 1) : 0;
    for (int rank = 1; rank <= 13; rank++)
        f.next_to[rank] = (unsigned short)((rank > 1 ? 1u << (rank - 1) : 0) | (rank < 13 ? 1u << (rank + 1) : 0) |
                                           (r->ace_high_or_low && rank == 1 ? 1u << 13 : 0) |
                                           (r->ace_high_or_low && rank == 13 ? 1u << 1 : 0));
    f.pair_for[0] = f.pair_for[1] = 0;
    f.pair_for[2] = r->pair_points;
    f.pair_for[3] = r->prial_points;
    f.pair_for[4] = r->dprial_points;
    f.add[0] = f.add[1] = 0;
    memset(&p, 0, sizeof p);
    for (int s = 0; s < 4; s++) {
        f.teams[s] = world->teams[s];
        if (f.teams[s] != 0 && f.teams[s] != 1)
            return 0; /* four sides: not a shape searched here */
        f.add[f.teams[s]] += world->counted[s];
        p.hand_n[s] = (signed char)world->hand_n[s];
        for (int i = 0; i < world->hand_n[s]; i++) {
            int c = world->hands[s][i];
            p.hand[s][i] = (signed char)c;
            f.rank[c] = (signed char)RANK(c);
            f.kind[c] = (signed char)r->alike[RANK(c)];
            f.code[c] = (signed char)PLAY_CODE[world->deck][c];
            f.value[c] = r->card_value[c];
            f.jd[c] = r->play_jd && r->jd_points[role(c, world->deck)] > 0 ? r->jd_points[role(c, world->deck)] : 0;
        }
    }
    /* at_the_count's sum: the hands, the late claims, the heels */
    for (int i = 0; i < world->nclaims; i++)
        f.add[f.teams[world->claim_recv[i]]] += world->claim_points[i];
    if (!r->heels_before_play && ((r->heels_mask >> RANK(world->deck)) & 1) && r->heels_points)
        f.add[f.teams[world->dealer]] += r->heels_points;
    p.scores[0] = world->scores[0];
    p.scores[1] = world->scores[1];
    p.series_n = (signed char)world->series_n;
    for (int i = 0; i < world->series_n; i++) {
        p.ranks[i] = (signed char)RANK(world->series_c[i]);
        p.in_series |= (unsigned short)(1u << p.ranks[i]);
    }
    if (world->series_n) {
        p.last_kind = (signed char)r->alike[p.ranks[world->series_n - 1]];
        for (int i = world->series_n - 1; i >= 0 && r->alike[p.ranks[i]] == p.last_kind; i--)
            p.run++;
    }
    p.count = world->count;
    p.last_player = (signed char)world->last_player;
    p.said_go = (signed char)world->said_go;
    p.go_awarded = (signed char)world->go_awarded;
    p.go_paid = (signed char)world->go_paid;
    p.winner = -1;
    /* the root's action, as root_value plays it with apply_play */
    int at = -1;
    for (int i = 0; a->kind != K_GO && i < p.hand_n[player] && at < 0; i++)
        if (p.hand[player][i] == a->card)
            at = i;
    if (a->kind != K_GO && at < 0)
        return 0; /* not in the hand: apply_play's own path */
    int next = step(&f, &p, player, at, a->kind == K_GO ? -1 : act_value(r, a));
    *value = p.failed ? 0 : solve(&f, &p, next, 0, alpha, beta);
    return p.failed || f.failed ? -1 : 1;
}
