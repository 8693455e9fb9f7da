"""``costly play`` and ``replay``: a whole game in the terminal, and a game log checked by replaying it."""
from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, Iterator, Sequence, TextIO

from .helptext import command

if TYPE_CHECKING:
    from ..game.actions import Action
    from ..game.state import Game, State
    from ..profiles import Profile
    from .teach import Point

EXIT_OK, EXIT_INVALID = 0, 1

WORDS = ["nought", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
         "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]


class _BotNames(Sequence[str]):
    """The bots' names for argparse's ``choices``, read from the engine only when a --bot is checked or shown."""

    def _names(self) -> list[str]:
        from ..game.bots import BOTS

        return sorted(BOTS)

    def __getitem__(self, index: Any) -> Any:
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name in self._names()


BOT_NAMES = _BotNames()


def register(sub: argparse._SubParsersAction) -> None:
    p = command(sub, "play", "play a game against the computer in the terminal; type help at any prompt",
                examples=["costly play --variant parlett-121", "costly play --variant cotton-1674 --seed 7 --log game.json"],
                details="At a prompt: a number from the list, or a card such as 5H (AC for the Ace of Clubs); "
                        "Enter when there is only one choice; help (or ?) explains what to do now; hint shows "
                        "what the computer would do and why; rules lists the profile's rules; score shows the "
                        "board; quit ends the game.")
    p.add_argument("--variant", metavar="ID|PATH", required=True, help="the profile to play (see costly variants)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed for the shuffle and the computer's choices (default: a new random seed, printed)")
    p.add_argument("--partners", action="store_true", help="the four-hand partnership game (you and a computer partner)")
    p.add_argument("--bot", choices=BOT_NAMES, default="expert", metavar="NAME",
                   help="how the computer plays: %(choices)s (search plays the board, search-points for points)")
    p.add_argument("--log", metavar="FILE", help="write the game log (JSON) here when the game ends")
    p.set_defaults(handler=cmd_play)

    p = command(sub, "replay", "re-run a game log through the engine and check every field of it",
                examples=["costly replay game.json", "costly replay game.json --variant parlett-121"],
                details="A log carries the rules it was played under, so no --variant is needed, even for a "
                        "house profile; every chance action, bot move, score and the result are checked.")
    p.add_argument("log", metavar="FILE", help="a game log (costly play --log, costly simulate --logs)")
    p.add_argument("--variant", metavar="ID|PATH",
                   help="replay under this profile instead of the rules the log records")
    p.set_defaults(handler=cmd_replay)


TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty",
        90: "ninety"}


def say_number(n: int) -> str:
    if n < len(WORDS):
        return WORDS[n]
    if n in TENS:
        return TENS[n]
    if n < 100:
        return f"{TENS[n // 10 * 10]}-{WORDS[n % 10]}"
    return str(n)


def say(points: int, name: str) -> str:
    """An announcement as a player says it: "fifteen two", "one for the latter", "four for his heels";
    a total a house profile names by its number in words ("forty-one four")."""
    words = say_number(points)
    if name.isdigit():
        name = say_number(int(name))
    return f"{words} {name}" if name.startswith("for ") else f"{name} {words}"


def _partnership_profile(profile: Profile) -> Profile:
    from .. import profiles
    from ..errors import CostlyError

    if profile.rules.partnerships:
        return profile
    candidate = f"{profile.id}-partners"
    if candidate in profiles.bundled_ids():
        return profiles.load(candidate)
    partnered = [p.id for p in profiles.load_all() if p.rules.partnerships]
    raise CostlyError(f"profile {profile.id!r} has no four-hand partnership game; try: {', '.join(partnered)}")


def _check_log_target(path: str | None) -> None:
    from ..outputs import check_target

    if path is not None:
        check_target(path, what="log")


# What a player does in the mog, as (you do it, another does it), by step and choice.
MOG_WORDS = {
    ("ask", "ask"): ("ask to mog", "asks to mog"), ("ask", "decline"): ("do not ask to mog", "does not ask to mog"),
    ("answer", "ask"): ("agree to mog", "agrees to mog"), ("answer", "decline"): ("refuse to mog", "refuses to mog"),
    ("confirm", "ask"): ("hold to the mog", "holds to the mog"), ("confirm", "decline"): ("withdraw", "withdraws"),
    ("offer", "ask"): ("mog", "will mog"), ("offer", "decline"): ("refuse to mog", "refuses to mog"),
    ("ask-partner", "ask"): ("ask your partner to mog", "asks {partner} to mog"),
    ("ask-partner", "decline"): ("do not ask your partner", "does not ask {partner} to mog"),
    ("answer-partner", "ask"): ("agree to mog with your partner", "agrees to mog"),
    ("answer-partner", "decline"): ("refuse", "refuses"),
}

# What each phase's points are called in a deal's summary.
PHASE_WORDS = {"turn": "the turn-up", "mog": "the mog", "play": "the play", "count": "the count"}

QUIT = "quit"
# Between a choice's words and what the hint says of it (its worth, or why the search chooses it).
VALUE_MARK = "\u2014"


class PlayerQuit(Exception):
    """The player typed quit: the game ends there, as they asked (exit status 0, the log written)."""


class Terminal:
    """A person at seat 0 playing against bots, reading moves from ``stdin``; ``help`` and ``hint`` teach."""

    board_hint = True  # the hint by the search that plays the board (False: by the one that plays for points)

    def __init__(self, state: State, profile: Profile, stdin: TextIO, stdout: TextIO, *, bot: str = "expert") -> None:
        self.state = state
        self.profile = profile
        self.stdin = stdin
        self.out = stdout
        self.bot = bot
        self.shown = 0
        self.deal_shown = 0
        self.hand_seen: set[Any] = set()

    def name(self, player: int) -> str:
        """The subject of a sentence: "You", "The computer", "Your partner", "Computer 3"."""
        if player == 0:
            return "You"
        if self.state.rules.partnerships and player == 2:
            return "Your partner"
        return "The computer" if self.state.n == 2 else f"Computer {player}"

    def noun(self, player: int) -> str:
        """The name inside a sentence: "the computer", "your partner", "Computer 3", "you"."""
        name = self.name(player)
        return name[0].lower() + name[1:] if name.startswith(("The ", "Your ", "You")) else name

    def verb(self, player: int, you: str, other: str) -> str:
        return f"{self.name(player)} {you if player == 0 else other}"

    def print(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def tell(self, text: str, *, indent: str = "  ", hang: str = "    ") -> None:
        """Prose wrapped to the window at spaces, so that no id or card is ever split."""
        import textwrap

        from .render import output_width

        width = max(40, output_width(self.out)) - 1
        self.print(textwrap.fill(text, width, initial_indent=indent, subsequent_indent=hang,
                                 break_long_words=False, break_on_hyphens=False))

    def explain(self, points: list[Point]) -> None:
        """Sentences, each followed by the rules and passages it rests on."""
        from .teach import citation

        for point in points:
            self.tell(f"{point.text} {citation(self.profile, point)}".strip())

    def chance(self, rng: Any) -> None:
        """Chance's move, drawn from ``rng`` as every seeded game draws it (the Play page's too), the cut told."""
        from ..game.actions import Kind

        state = self.state
        outcomes = state.chance_outcomes()
        action = outcomes[rng.randrange(len(outcomes))][0]
        cutter = len(state.cuts)
        state.apply_action(action)
        if action.kind is Kind.CUT:
            self.cut(cutter, action.card)
            if state.dealer >= 0:
                self.dealer_chosen()
            elif not state.cuts:
                self.cut_again()

    def move(self, player: int, action: Action) -> None:
        """A player's move made and told, and the scores it makes."""
        step = self.step()
        count_before = self.state.count
        self.state.apply_action(action)
        self.narrate(player, action, step, count_before)
        self.received()
        self.announce()

    def cut(self, player: int, card: Any) -> None:
        self.print(f"  {self.verb(player, 'cut', 'cuts')} {card.pretty()}.")

    def dealer_chosen(self) -> None:
        from ..profiles.rules import CutAce
        from .teach import Point

        rules = self.state.rules
        lowest = "lowest" if rules.first_dealer.value == "cut-lowest" else "highest"
        aces = "low" if rules.cut_ace is CutAce.LOW else "high"  # the rule in force, a house rule's too
        who = f"{self.noun(self.state.dealer)} {'deal' if self.state.dealer == 0 else 'deals'}"
        self.explain([Point(f"The {lowest} cut deals first (Aces {aces}): {who}.",
                            ("deal.first_dealer", "deal.cut_ace"))])

    def cut_again(self) -> None:
        self.print("  A tie: cut again.")

    def new_deal(self) -> None:
        """Head each deal once: who deals, who plays first, and the deck card."""
        state = self.state
        if state.deal_number == self.deal_shown or state.deck_card is None:
            return
        if self.deal_shown:
            self.deal_summary(self.deal_shown)
        self.deal_shown = state.deal_number
        self.hand_seen = set(state.hands[0])
        eldest = "you are the eldest hand and play" if state.eldest == 0 else \
            f"{self.noun(state.eldest)} is the eldest hand and plays"
        self.print(f"\n-- Deal {state.deal_number} --")
        self.tell(f"{self.verb(state.dealer, 'deal', 'deals')}, so {eldest} first. The deck card, turned up from "
                  f"the stock, is {state.deck_card.pretty()}.")
        self.announce()

    def received(self) -> None:
        """Name the card that came into the player's hand in the mog."""
        hand = set(self.state.hands[0])
        for card in sorted(hand - self.hand_seen):
            self.print(f"  You receive {card.pretty()}.")
        self.hand_seen = hand

    def narrate(self, player: int, action: Action, step: str, count_before: int) -> None:
        """Say what a player did, as far as the others may see it."""
        from ..game.actions import Kind
        from ..game.play import card_value

        if action.kind is Kind.PLAY and action.card is not None:
            value = action.value if action.value is not None else card_value(self.state.rules, action.card)
            shown = action.card.pretty() + self._as(action)
            self.print(f"  {self.verb(player, 'play', 'plays')} {shown}: {say_number(count_before + value)}.")
        elif action.kind is Kind.GO:
            self.print(f"  {self.verb(player, 'say', 'says')} go.")
        elif action.kind is Kind.GIVE:
            given = action.card.pretty() if player == 0 and action.card else "a card"
            pegged = f" ({action.card.pretty()}, pegged first)" if action.peg and action.card and player else ""
            self.print(f"  {self.verb(player, 'pass', 'passes')} {given}{pegged}" +
                       (", pegging it first" if action.peg and player == 0 else "") + ".")
        elif action.kind is Kind.DISCARD:
            self.print(f"  {self.verb(player, 'put', 'puts')} a card under the deck card.")
        elif action.kind is Kind.STOCK:
            self.print(f"  {self.verb(player, 'mog', 'mogs')} the stock.")
        elif action.kind is Kind.NO_STOCK:
            self.print(f"  {self.verb(player, 'keep', 'keeps')} the hand.")
        else:
            you, other = MOG_WORDS.get((step, action.kind.value), (str(action), str(action)))
            partner = (player + 2) % self.state.n
            other = other.format(partner=self.noun(partner))
            self.print(f"  {self.verb(player, you, other)}.")

    def announce(self) -> None:
        counted = set()
        events = self.state.events[self.shown:]
        total = 0
        for at, event in enumerate(events):
            if event.phase == "count" and event.player not in counted and self.state.shown_hands:
                hands, deck = self.state.shown_hands
                counted.add(event.player)
                total = 0
                self.print(f"  {self.verb(event.player, 'count', 'counts')} "
                           f"{' '.join(c.pretty() for c in hands[event.player])} with {deck.pretty()}:")
            self.tell(f"{self.name(event.player)}: {say(event.points, event.name)}"
                      + (f" ({_pretty(event.cards)})" if event.cards and event.phase != "play" else "")
                      + f"   [{event.rule}]")
            if event.phase == "count":  # the hand's total once its last score is said
                total += event.points
                after = events[at + 1] if at + 1 < len(events) else None
                if after is None or after.phase != "count" or after.player != event.player:
                    whose = "Your hand" if event.player == 0 else f"{self.name(event.player)}'s hand"
                    self.print(f"  {whose}: {total} in all.")
        self.shown = len(self.state.events)

    def deal_summary(self, deal: int) -> None:
        """What each side scored in a deal, part by part: said as the next deal starts, or the game ends."""
        sides: dict[int, dict[str, int]] = {}
        for event in self.state.events:
            if event.deal == deal and event.points:
                parts = sides.setdefault(event.team, {})
                parts[event.phase] = parts.get(event.phase, 0) + event.points
        said = []
        for team in range(2):
            parts = sides.get(team, {})
            who = ("you" if not self.state.rules.partnerships else "your side") if team == 0 else \
                ("the computer" if not self.state.rules.partnerships else "the computers")
            detail = ", ".join(f"{PHASE_WORDS.get(phase, phase)} {points}" for phase, points in parts.items())
            said.append(f"{who} {sum(parts.values())}" + (f" ({detail})" if len(parts) > 1 else ""))
        self.tell(f"Deal {deal} scored: {'; '.join(said)}.")

    def board(self) -> str:
        target = self.state.rules.target
        lines = []
        for team, score in enumerate(self.state.scores):
            who = "You" if team == 0 else "Computer"
            if self.state.rules.partnerships:
                who = "You & partner" if team == 0 else "Computers"
            filled = min(30, round(30 * score / target))
            lines.append(f"  {who:<14} |{'#' * filled}{'.' * (30 - filled)}| {score}/{target}")
        return "\n".join(lines)

    def describe(self, action: Action, step: str) -> str:
        from ..game.actions import Kind

        if action.kind is Kind.PLAY:
            assert action.card is not None
            return f"play {action.card.pretty()}{self._as(action)}"
        if action.kind is Kind.GIVE:
            assert action.card is not None
            return f"pass {action.card.pretty()}" + self._pegging(action)
        if action.kind is Kind.DISCARD:
            assert action.card is not None
            return f"put {action.card.pretty()} in the stock"
        if action.kind is Kind.GO:
            return "go (you cannot play)"
        if action.kind is Kind.STOCK:
            return "mog the stock"
        if action.kind is Kind.NO_STOCK:
            return "keep your hand"
        return MOG_WORDS.get((step, action.kind.value), (str(action), ""))[0]

    def _pegging(self, action: Action) -> str:
        """What pegging a Jack or Deuce given in the mog gains, or not pegging it costs: the choice between
        them is only a choice where given-away cards score."""
        from ..count.hand import jack_deuce_value

        state = self.state
        value = (jack_deuce_value(state.rules, action.card, state.deck_card)
                 if action.card is not None and state.deck_card is not None else None)
        if value is None or not state.rules.mog_given_away_scores:
            return ""
        points = value[0]
        if action.peg:
            return f" and peg it first: {points} for you"
        if state.rules.mog_late_claim:
            who = "the computer" if state.n == 2 else "whoever receives it"
            return f" unpegged: {who} then claims its {points}"
        return f" unpegged: its {points} lost"

    def offered(self, legal: list[Action]) -> list[Action]:
        """The choices in the order shown: a Jack or Deuce pegged as it is given before the same card given
        unpegged, so that the first choice is never the one that throws points away."""
        first: dict[tuple[Any, Any], int] = {}
        for index, action in enumerate(legal):
            first.setdefault((action.kind, action.card), index)
        return sorted(legal, key=lambda a: (first[a.kind, a.card], not a.peg))

    def _as(self, action: Action) -> str:
        """" as 11" for an Ace whose value its holder chose; nothing where the profile allows one value."""
        chosen = action.value is not None and len(self.state.rules.ace_values) > 1
        return f" as {action.value}" if chosen else ""

    def step(self) -> str:
        return self.state.pending[0][1] if self.state.phase.value == "mog" else "play"

    def situation(self) -> str:
        """Whose turn it is and what is being decided."""
        state = self.state
        if state.phase.value == "play":
            return f"Your turn to play. The count is {state.count}."
        step = self.step()
        asked = self.asked(step)
        if asked:
            return f"Your turn: {asked}"
        return {"give": "Your turn: choose the card to pass in the mog.",
                "discard": "Your turn: choose the card to put under the deck card.",
                "stock": "Your turn: mog the stock (take the card under the deck card), or keep your hand?",
                }.get(step, "Your turn: the mog (exchanging a card). Do you mog?")

    def asked(self, step: str) -> str:
        """Where another player has asked to mog (or said he will), what was asked of you: the question
        answered is the one put ("the computer asks to mog: agree, or refuse?"), not a new one."""
        state = self.state
        if step == "answer":
            return f"{self.noun(state.eldest)} asks to mog (to exchange a card with you). Agree, or refuse?"
        if step == "answer-partner":
            return "your partner asks to mog with you (to exchange a card). Agree, or refuse?"
        if step == "confirm":
            return (f"{self.noun(state.dealer)} agreed to mog. Hold to it, or withdraw (paying as for a "
                    "refusal)?")
        if step == "offer" and state.offers.get(state.eldest):
            return f"{self.noun(state.eldest)} will pass a card. Will you?"
        return ""

    def show_choices(self, legal: list[Action]) -> None:
        self.print(self.board())
        self.remind(legal)

    def remind(self, legal: list[Action]) -> None:
        """What is asked, the cards and the choices: after the board, and again after help, hint, rules or
        score, whose text has scrolled them away."""
        state = self.state
        self.tell(self.situation())
        if state.phase.value == "play":
            series = " ".join(c.pretty() for _, c in state.series) or "-"
            self.print(f"  Cards laid in this series: {series}")
        self.print(f"  Your hand: {' '.join(c.pretty() for c in sorted(state.hands[0]))}"
                   f"   deck card: {state.deck_card.pretty() if state.deck_card else '-'}")
        step = self.step()
        if len(legal) == 1:
            self.print(f"  [Enter] {self.describe(legal[0], step)}")
        else:
            self.choices([f"[{i}] {self.describe(a, step)}" for i, a in enumerate(legal, 1)])

    def choices(self, items: list[str]) -> None:
        """The numbered choices, as many to a line as fit the window, never one split across lines."""
        from .render import output_width

        width = max(40, output_width(self.out)) - 1
        line = ""
        for item in items:
            if line and len(line) + 3 + len(item) > width:
                self.print(line)
                line = ""
            line = f"{line}   {item}" if line else f"  {item}"
        self.print(line)

    def ask(self) -> Action:
        legal = self.offered(self.state.legal_actions())
        self.show_choices(legal)
        while True:
            line = self.read("> ")
            text = line.strip()
            word = text.lower()
            if word in ("help", "?", "h"):
                from .teach import phase_help

                self.explain(phase_help(self.profile, self.state))
                self.print("  Commands: a number or a card to choose; hint; rules; score; quit.")
            elif word == "hint":
                self.hint(legal)
            elif word == "rules":
                self.rules()
            elif word in ("score", "board"):
                self.print(self.board())
            elif word in (QUIT, "exit"):
                raise PlayerQuit
            elif word == "" and len(legal) == 1:
                return legal[0]
            else:
                choice = self._parse(text, legal)
                if choice is not None:
                    return choice
                self.tell(self._unknown(text, legal))
                continue
            self.remind(legal)  # what was asked, again, below the text that scrolled it away

    def read(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            raise EOFError
        return line

    def _refused(self, text: str) -> str:
        """Why ``text`` is no choice here: a card not in the hand says so, not that it is illegal."""
        from ..cards import Card

        try:
            card = Card.from_str(text.lower().removeprefix("play ").removeprefix("pass ").strip())
        except ValueError:
            return f"Not a legal choice here: {text!r}."
        if card not in self.state.hands[0]:
            return f"You do not hold {card.pretty()}."
        return f"{card.pretty()} is not a legal choice here."

    def _unknown(self, text: str, legal: list[Action]) -> str:
        if len(legal) == 1:
            return (f"{self._refused(text) + ' ' if text else ''}Press Enter to "
                    f"{self.describe(legal[0], self.step())}, or type help.")
        if not text:
            return f"Type a number from 1 to {len(legal)}, or help."
        example = next((a.card for a in legal if a.card is not None), None)
        return (f"{self._refused(text)} Type a number from 1 to {len(legal)}"
                + (f", or a card such as {example}" if example else "") + "; help explains what to do.")

    def _parse(self, text: str, legal: list[Action]) -> Action | None:
        from ..cards import Card

        if text.isascii() and text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        lowered = text.lower().removeprefix("play ").removeprefix("pass ").strip()
        for action in legal:
            if lowered in (str(action).lower(), action.kind.value):
                return action
        try:
            card = Card.from_str(lowered)
        except ValueError:
            return None
        pegged = [a for a in legal if a.card == card and a.peg]
        if pegged:  # a Jack or Deuce given in the mog: typed, it is pegged first (the choice that scores)
            return pegged[0]
        same = [a for a in legal if a.card == card]
        if len(same) <= 1:
            return same[0] if same else None
        return self._ace_value(card, same)

    def _ace_value(self, card: Any, options: list[Action]) -> Action | None:
        """An Ace whose value the profile lets its holder choose: ask which."""
        values = [a.value for a in options]
        while True:
            answer = self.read(f"  Count {card.pretty()} as {' or '.join(map(str, values))}? ").strip()
            if answer.isascii() and answer.isdigit() and int(answer) in values:
                return options[values.index(int(answer))]
            if not answer:
                return None
            self.print(f"  Type {' or '.join(map(str, values))}.")

    def hint(self, legal: list[Action]) -> None:
        import random

        from ..game.search import WIN, PointSearchBot, SearchBot
        from ..game.wintable import SCALE
        from .teach import hint

        # The search bot, with a seed of its own: a hint must not change the computer's own choices later.
        # Each choice is tried in worlds drawn from what your seat sees (the cards you have not seen dealt
        # at random into the other hands), searched to the end of the deal. It plays the board (and says
        # each choice's chance of winning) where the rules have a win table; elsewhere it values points
        # (and says them).
        bot = (SearchBot if self.board_hint else PointSearchBot)(random.Random(0))
        values = bot.values(self.state, 0)
        sums = [sum(v) for _, v in values]
        best = max(range(len(values)), key=lambda i: (sums[i], -i))
        choice = values[best][0]
        lines = [_point(f"The search bot would choose [{legal.index(choice) + 1}] "
                        f"{self.describe(choice, self.step())} {VALUE_MARK} {hint(self.profile, self.state, choice)}.")]
        # The choices in the order of the numbers typed (the search tries them in the engine's order), each
        # one's worth after a dash: a choice's words may hold a colon of their own ("unpegged: ...").
        values = sorted(values, key=lambda value: legal.index(value[0]))
        board = bot.board_for(self.state, self.state.team_of(0))  # None: it values points (no table here)
        if len(values) > 1 and board is not None:
            read = ("from the scores at the end of the deal" if self.state.n == 2 else
                    "estimated from the win table (costly odds) at the scores now")
            lines.append(_point("Each choice, on average over the hands the others may hold (your side's chance "
                                f"of winning the game, {read}):"))
            for action, worlds in values:
                text = f"[{legal.index(action) + 1}] {self.describe(action, self.step())} {VALUE_MARK} "
                chance = min(max(sum(worlds) / len(worlds) / SCALE, 0.0), 1.0)
                lines.append(_point(text + f"{chance:.1%}"))
        elif len(values) > 1:
            lines.append(_point("Each choice, on average over the hands the others may hold (your "
                                "side's points less the other's by the end of the deal):"))
            for action, worlds in values:
                won = sum(v >= WIN for v in worlds)
                lost = sum(v <= -WIN for v in worlds)
                points = [v for v in worlds if -WIN < v < WIN]
                text = f"[{legal.index(action) + 1}] {self.describe(action, self.step())} {VALUE_MARK} "
                text += f"{sum(points) / len(points):+.1f}" if points else "decided"
                if won or lost:
                    text += f" (the game won in {won} and lost in {lost} of {len(worlds)} worlds)"
                lines.append(_point(text))
        self.explain(lines)

    def rules(self) -> None:
        from .teach import key_rules

        self.tell(f"The key rules of {self.profile.title} ({self.profile.id}); every rule: costly show "
                  f"{self.profile.id}")
        for title, value, cite in key_rules(self.profile):
            self.tell(f"{title}: {value}  {cite}", hang="      ")


def _pretty(cards: Sequence[str]) -> str:
    from ..cards import Card

    return " ".join(Card.from_str(c).pretty() for c in cards)


def _point(text: str) -> Point:
    from .teach import Point

    return Point(text)


def cmd_play(args: argparse.Namespace, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    import random

    from ..chances import store as _chances_store  # noqa: F401  (it works out the win tables the board-playing search reads)
    from .. import profiles
    from ..errors import CostlyError
    from ..game.bots import make_bot
    from ..game.state import CHANCE, Game
    from .gamelogs import write_play_log
    from .signals import exit_code, stop_signals_raise
    from .teach import overview

    profile = profiles.load(args.variant)
    if args.partners:
        profile = _partnership_profile(profile)
    _check_log_target(args.log)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    game = Game(profile.rules, variant=profile.id)
    state = game.new_initial_state()
    ui = Terminal(state, profile, stdin or sys.stdin, stdout or sys.stdout, bot=args.bot)
    rng = random.Random(seed)
    bots = {p: make_bot(args.bot, random.Random(rng.getrandbits(64))) for p in range(1, game.num_players)}
    ui.tell(f"Costly Colours: {profile.title} ({profile.id}). Seed {seed}.", indent="", hang="  ")
    for point in overview(profile):
        ui.tell(point.text)
    ui.explain([_point(
        "At each prompt type the number of your choice, or a card such as 5H (AC is the Ace of Clubs); Enter "
        "takes the only choice. Or type help (what to do now), hint (what the computer would do), rules, score "
        "or quit.")])
    finished = False
    stopped: BaseException | None = None
    restore_signals = stop_signals_raise()
    try:
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                ui.chance(rng)
            else:
                ui.new_deal()
                ui.move(player, ui.ask() if player == 0 else bots[player].choose(state, player))
        ui.announce()
        finished = True
    except (KeyboardInterrupt, EOFError, PlayerQuit) as exc:  # Ctrl-C, SIGTERM, SIGHUP, end of input, quit
        stopped = exc
        ui.print("\nGame abandoned.")
    except BaseException:  # an unexpected error: keep the game so far, then let the error be reported
        if args.log:
            write_play_log(args.log, state, seed=seed, bot=args.bot, say=ui.print)
        raise
    finally:
        restore_signals()
    if finished:
        ui.deal_summary(state.deal_number)
        ui.print()
        ui.print(ui.board())
        winner = "You win" if state.winner == 0 else ("The computer wins" if not profile.rules.partnerships
                                                      else "The computers win")
        assert state.winner is not None
        won = state.scores[state.winner]  # the winner's score first, as a result is read out
        ui.print(f"{winner}, {won} to {max(s for t, s in enumerate(state.scores) if t != state.winner)}.")
    if args.log:
        try:
            write_play_log(args.log, state, seed=seed, bot=args.bot, say=ui.print)
        except OSError as exc:
            raise CostlyError(f"cannot write the log {args.log!r}: {exc.strerror or exc}") from None
    if finished or isinstance(stopped, PlayerQuit):
        return EXIT_OK
    if isinstance(stopped, KeyboardInterrupt):
        return exit_code(stopped)
    # The input ran out (Ctrl-D, or a file of moves too short): not an interruption, so not 130.
    kept = f"; the moves so far are in {args.log}" if args.log else ""
    raise CostlyError(f"costly play: the input ended before the game did{kept}")


def cmd_replay(args: argparse.Namespace) -> int:
    from .gamelogs import replay_command

    return replay_command(args.log, args.variant)


__all__ = ["register", "say"]
