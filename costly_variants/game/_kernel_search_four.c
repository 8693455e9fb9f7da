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
   world's count is not known ahead or may score less than nothing (draw_world), or the root's card is not
   in the hand, it says so and play_value's path is taken instead. */
#include "_kernel.h"
#include <limits.h>

enum { GOING, WON, COUNTED }; /* FourPos.end: the play goes on; the game won in it; the play over, counted */

/* A hand as bytes in a word, the first card the lowest byte: a card taken out with two shifts, the rest
   kept in order. The series' last ranks as nibbles, the last the lowest: a sequence is read back no further
   than a rank seen twice, so no further than 14 cards, and 16 are kept. */
_Static_assert(HAND_MAX <= 8, "a hand in a word");
#define CARD_AT(hand, i) ((int)(((hand) >> (8 * (i))) & 0xff))

typedef struct {
    uint64_t hand[4]; /* each hand's cards, in the order the engine holds them */
    uint64_t ranks;   /* the series' last ranks */
    int count, scores[2];
    short least[4];   /* the least value a card of each hand may be played at (none: SHRT_MAX) */
    signed char hand_n[4], series_n, run, last_kind; /* the series' length; how many of the last card's kind
                                                         end it, and that kind (-1 before its first card) */
    signed char last_player, said_go, go_awarded, go_paid, winner, end, failed;
    unsigned char holding;    /* the seats with a card, as bits */
    unsigned short in_series; /* the ranks in the series, as bits: a card with no neighbour there ends none */
} FourPos;

/* A card as the play's scores see it: its rank; its kind (what the pairs match: Rules.alike); its code
   (PLAY_CODE: what tells two cards apart); its value (not an Ace's) and the least it may be played at (an
   Ace's least); its Jack's or Deuce's points; the ranks beside it, one of which a sequence of two or more
   that it ends holds. */
typedef struct {
    signed char rank, kind;
    unsigned char code;
    short value, least, jd;
    unsigned short beside;
} CardView;

/* One world's search: the rules as the play reads them, each card of its hands, what its leaves are valued
   by. */
typedef struct {
    const Rules *r;
    const Tangent *tan; /* the four-hand board search's, or NULL: search_leaf */
    int team, board, next_dealer, teams[4], limit, go_points, pairs;
    long long pegs_at;           /* the target where reaching it in the play wins, else never */
    int seq_from, seq_always;    /* the sequences' least length (else past any series); whether one card is one */
    int pair_for[5];             /* the pairs' points by how many of a kind end the series */
    const int32_t *total_kind;   /* by the count: >= 0 where it scores the series' length (play_total_kind) */
    long long add[2];            /* what the count adds to each side (at_the_count's sum) */
    const Game *world;           /* for the count made item by item near the target */
    int failed;
    CardView card[52];           /* the hands' cards */
} Four;

/* -- the play, as play.py and _kernel_play.c make it for four seats -- */

/* score: the points to the seat's side, the game won where they reach the target and the rules peg out. */
HOT_INLINE void add(const Four *f, FourPos *p, int seat, int points) {
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
    int last_of_play = !p->holding || !r->new_series;
    if (!hit && r->latter_points && p->series_n && (r->latter_each || last_of_play) &&
        (r->go_and_latter || !p->go_paid)) {
        add(f, p, p->last_player, r->latter_points);
        if (p->end)
            return;
    }
    p->count = 0;
    p->series_n = 0;
    p->said_go = p->go_awarded = p->go_paid = 0;
    if (!(p->holding && r->new_series))
        p->end = COUNTED;
}

/* advance: the next seat in turn that holds a card and has not said go (the player itself the last), else
   the series ends (-1). */
HOT_INLINE int advance(const Four *f, FourPos *p, int player) {
    unsigned open = p->holding & ~(unsigned)p->said_go & 15u;
    if (open) {
        unsigned turn = (open | open << 4) >> (player + 1); /* the seats after the player's, in turn */
        return (player + 1 + __builtin_ctz(turn)) & 3;
    }
    end_series(f, p, 0);
    return -1;
}

/* Whether the seat holds a card that fits under the limit. */
HOT_INLINE int can_play(const Four *f, const FourPos *p, int seat) { return p->least[seat] <= f->limit - p->count; }

/* The longest sequence the series' last cards make (play.score_play's). */
HOT_INLINE int sequence_of(const Four *f, const FourPos *p) {
    unsigned seen = 0;
    int longest = 0, n = p->series_n < 16 ? p->series_n : 16;
    uint64_t ranks = p->ranks;
    for (int length = 1; length <= n; length++, ranks >>= 4) {
        unsigned bit = 1u << (ranks & 15);
        if (seen & bit)
            break;
        seen |= bit;
        if (length >= f->seq_from && ranks_run(seen, f->r->ace_high_or_low))
            longest = length;
    }
    return longest;
}

/* apply_play's go: the go's point to the last player's side where it is due (the series' first go, the
   last player of the other side), then the next seat. The seat to play next, or -1 where the series or
   the game has ended. */
HOT_INLINE int say_go(const Four *f, FourPos *p, int player) {
    p->said_go |= (signed char)(1 << player);
    if (f->go_points && !p->go_awarded && p->series_n) {
        p->go_awarded = 1;
        if (f->teams[p->last_player] != f->teams[player]) {
            p->go_paid = 1;
            add(f, p, p->last_player, f->go_points);
            if (p->end)
                return -1;
        }
    }
    return advance(f, p, player);
}

/* The goes from `seat`'s (which cannot play) on: each seat in turn that cannot play says go, until one can
   (the seat returned) or the series or the game ends (-1). */
HOT_INLINE int goes(const Four *f, FourPos *p, int seat) {
    do
        seat = say_go(f, p, seat);
    while (seat >= 0 && !can_play(f, p, seat));
    return seat;
}

/* apply_play's card: the card at `at` in the player's hand played at `value`, scored as play.score_play
   scores it. The seat to play next, or -1 where the series or the game has ended. */
HOT_INLINE int play_card(const Four *f, FourPos *p, int player, int at, int value) {
    uint64_t hand = p->hand[player], below = (1ull << (8 * at)) - 1;
    const CardView *c = &f->card[CARD_AT(hand, at)];
    hand = (hand & below) | ((hand >> 8) & ~below);
    p->hand[player] = hand;
    int left = --p->hand_n[player];
    if (c->least == p->least[player]) { /* the hand's least again, from the cards left */
        int least = SHRT_MAX;
        for (int i = 0; i < left; i++, hand >>= 8)
            least = f->card[hand & 0xff].least < least ? f->card[hand & 0xff].least : least;
        p->least[player] = (short)least;
        if (!left)
            p->holding &= (unsigned char)~(1u << player);
    }
    p->count += value; /* a legal card never passes the limit; four hands never fill SERIES_MAX cards */
    unsigned before = p->in_series; /* nothing before a series' first card */
    int n = ++p->series_n, points = c->jd;
    p->run = c->kind == p->last_kind ? p->run + 1 : 1;
    p->last_kind = c->kind;
    p->ranks = p->ranks << 4 | (uint64_t)c->rank;
    p->in_series = (unsigned short)(before | 1u << c->rank);
    p->last_player = (signed char)player;
    if (f->total_kind[p->count] >= 0) /* the count is at most the limit, at most 100 */
        points += n;
    if (p->run >= 2 && f->pairs) {
        if (p->run > 4)
            p->failed = 1; /* the engine has no points for it and raises */
        else
            points += f->pair_for[p->run];
    }
    if (n >= f->seq_from && (f->seq_always || (before & c->beside)))
        points += sequence_of(f, p);
    if (points) {
        add(f, p, player, points);
        if (p->end)
            return -1;
    }
    if (p->count == f->limit) {
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

HOT_INLINE long long leaf(const Four *f, const FourPos *p) {
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
    signed char at; /* the card's place in the hand */
    short value;    /* the value it is played at */
} Move;

/* play_value's moves where the seat can play (plays_of: the cards that may be played, in the hand's order,
   an Ace once for each value that fits), less each card the play's scores cannot tell from one before it
   at the same value (the same code; an Ace at the same value), which play_value skips: the same value. */
HOT_INLINE int moves_of(const Four *f, const FourPos *p, int player, Move *out) {
    const Rules *r = f->r;
    int k = 0, room = f->limit - p->count, n = p->hand_n[player];
    uint64_t hand = p->hand[player], codes = 0; /* the codes of the cards (not Aces) taken, as bits */
    for (int i = 0; i < n; i++) {
        const CardView *c = &f->card[CARD_AT(hand, i)];
        if (c->rank != 1) {
            uint64_t bit = 1ull << (c->code & 63);
            if (c->value <= room && !(codes & bit)) {
                codes |= bit;
                out[k++] = (Move){(signed char)i, c->value};
            }
            continue;
        }
        for (int v = 0; v < r->n_ace; v++) {
            int value = r->ace_values[v], same = 0;
            if (value > room)
                continue;
            for (int j = 0; j < k && !same; j++)
                same = out[j].value == value && f->card[CARD_AT(hand, out[j].at)].code == c->code;
            if (!same)
                out[k++] = (Move){(signed char)i, (short)value};
        }
    }
    return k;
}

/* play_value over the compact position, from a position inside the series (not a leaf): alpha-beta,
   fail-soft, exact between alpha and beta; the seat `actor` to play. A position with one move (to be told
   apart) has it made in place: one child's value, as play_value finds it. No deeper than play_value may go:
   a series holds each card once and each seat's go once. */
_Static_assert(4 * HAND_MAX + 4 < SEARCH_DEPTH, "a four-hand series within the search's depth");
static long long solve(Four *f, FourPos *p, int actor, long long alpha, long long beta) {
    Move moves[HAND_MAX * HAND_MAX]; /* a card a value: at most a hand's cards times the Ace's values */
    int n;
    for (;;) {
        if (!can_play(f, p, actor)) { /* a go, the one move there is: made in place, and the goes after it */
            actor = goes(f, p, actor);
        } else {
            n = moves_of(f, p, actor, moves);
            if (n > 1)
                break;
            actor = play_card(f, p, actor, moves[0].at, moves[0].value);
        }
        if (p->failed) {
            f->failed = 1;
            return 0;
        }
        if (actor < 0)
            return leaf(f, p);
    }
    int mine = f->teams[actor] == f->team;
    long long best = mine ? -SEARCH_INF : SEARCH_INF;
    for (int i = 0; i < n; i++) {
        FourPos child = *p;
        int next = play_card(f, &child, actor, moves[i].at, moves[i].value);
        if (child.failed) {
            f->failed = 1;
            return 0;
        }
        long long value = next < 0 ? leaf(f, &child) : solve(f, &child, next, alpha, beta);
        if (f->failed)
            return 0;
        if (take_child(mine, value, &best, &alpha, &beta))
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
    f.limit = r->limit;
    f.go_points = r->go_points;
    f.pairs = r->play_pairs;
    f.total_kind = r->play_total_kind;
    f.pegs_at = r->peg_out ? r->target : SEARCH_INF;
    f.seq_from = r->play_sequences ? (r->seq_min > 1 ? r->seq_min : 1) : SERIES_MAX + 1;
    f.seq_always = f.seq_from < 2; /* a card alone a sequence: no neighbour wanted */
    const unsigned short *next_to = NEXT_TO[r->ace_high_or_low != 0];
    f.pair_for[0] = f.pair_for[1] = 0;
    f.pair_for[2] = r->pair_points;
    f.pair_for[3] = r->prial_points;
    f.pair_for[4] = r->dprial_points;
    int ace_least = r->ace_values[0];
    for (int v = 1; v < r->n_ace; v++)
        ace_least = r->ace_values[v] < ace_least ? r->ace_values[v] : ace_least;
    const unsigned char *roles = ROLES[world->deck], *codes = PLAY_CODE[world->deck];
    memset(&p, 0, sizeof p);
    f.add[0] = world->count_add[0]; /* at_the_count's sum (the hands, the late claims, the heels), as the */
    f.add[1] = world->count_add[1]; /* world was counted when drawn (count_sure: nothing below 0) */
    for (int s = 0; s < 4; s++) {
        f.teams[s] = world->teams[s];
        if (f.teams[s] != 0 && f.teams[s] != 1)
            return 0; /* four sides: not a shape searched here */
        int n = world->hand_n[s], least = SHRT_MAX;
        p.hand_n[s] = (signed char)n;
        p.holding |= (unsigned char)((n > 0) << s);
        for (int i = 0; i < n; i++) {
            int card = world->hands[s][i], rank = RANK_DIGIT[card] + 1, worth = r->card_value[card];
            int jd = r->play_jd ? r->jd_points[roles[card]] : 0;
            CardView *c = &f.card[card];
            c->rank = (signed char)rank;
            c->kind = (signed char)r->alike[rank];
            c->code = codes[card];
            c->value = (short)worth;
            c->least = (short)(rank == 1 ? ace_least : worth);
            c->jd = (short)(jd > 0 ? jd : 0);
            c->beside = next_to[rank];
            least = c->least < least ? c->least : least;
            p.hand[s] |= (uint64_t)card << (8 * i);
        }
        p.least[s] = (short)least;
    }
    p.scores[0] = world->scores[0];
    p.scores[1] = world->scores[1];
    p.series_n = (signed char)world->series_n;
    p.last_kind = -1;
    for (int i = 0; i < world->series_n; i++) {
        int rank = RANK_DIGIT[world->series_c[i]] + 1, kind = r->alike[rank];
        p.run = kind == p.last_kind ? p.run + 1 : 1;
        p.last_kind = (signed char)kind;
        p.ranks = p.ranks << 4 | (uint64_t)rank;
        p.in_series |= (unsigned short)(1u << rank);
    }
    p.count = world->count;
    p.last_player = (signed char)world->last_player;
    p.said_go = (signed char)world->said_go;
    p.go_awarded = (signed char)world->go_awarded;
    p.go_paid = (signed char)world->go_paid;
    p.winner = -1;
    /* the root's action, as root_value plays it with apply_play */
    int next;
    if (a->kind == K_GO) {
        next = say_go(&f, &p, player);
    } else {
        int at = -1;
        for (int i = 0; i < p.hand_n[player] && at < 0; i++)
            if (CARD_AT(p.hand[player], i) == a->card)
                at = i;
        if (at < 0)
            return 0; /* not in the hand: apply_play's own path */
        next = play_card(&f, &p, player, at, act_value(r, a));
    }
    /* (a go that begins a series, where no card fits under the limit, leaves the series empty: a leaf) */
    *value = p.failed ? 0 : next < 0 || !p.series_n ? leaf(&f, &p) : solve(&f, &p, next, alpha, beta);
    return p.failed || f.failed ? -1 : 1;
}
