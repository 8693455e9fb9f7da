"""``costly play`` and ``replay``: a whole game in the terminal, and a game log checked by replaying it."""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any, TextIO

from .. import profiles
from ..game.actions import Action, Kind
from ..cards import Card
from ..game.bots import BOTS, make_bot
from ..profiles.display import dumps
from ..game.state import CHANCE, Game, State, replay
from ..errors import CostlyError, IllegalActionError
from ..outputs import check_target, write_text
from ..game.play import card_value
from ..profiles import Profile
from ..game.playout import check_invariants

EXIT_OK, EXIT_INVALID = 0, 1

WORDS = ["nought", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
         "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a game against the computer in the terminal")
    p.add_argument("--variant", metavar="ID|PATH", required=True, help="the profile to play")
    p.add_argument("--seed", type=int, default=None, help="seed for the shuffle and the computer's choices")
    p.add_argument("--partners", action="store_true", help="the four-hand partnership game (you and a computer partner)")
    p.add_argument("--bot", choices=sorted(BOTS), default="expert", help="the computer's play (default: expert)")
    p.add_argument("--log", metavar="FILE", help="write the game log (JSON) here when the game ends")
    p.set_defaults(handler=cmd_play)

    p = sub.add_parser("replay", help="re-run a game log through the engine and check every score")
    p.add_argument("log", metavar="FILE", help="a log written by costly play --log or costly simulate")
    p.add_argument("--variant", metavar="ID|PATH", help="the profile (default: the one named in the log)")
    p.set_defaults(handler=cmd_replay)


def say_number(n: int) -> str:
    tens = {20: "twenty", 30: "thirty"}
    if n < len(WORDS):
        return WORDS[n]
    if n in tens:
        return tens[n]
    if n < 40:
        return f"{tens[n // 10 * 10]}-{WORDS[n % 10]}"
    return str(n)


def say(points: int, name: str) -> str:
    """An announcement as a player says it: "fifteen two", "one for the latter", "four for his heels"."""
    words = say_number(points)
    return f"{words} {name}" if name.startswith("for ") else f"{name} {words}"


def _partnership_profile(profile: Profile) -> Profile:
    if profile.rules.partnerships:
        return profile
    candidate = f"{profile.id}-partners"
    if candidate in profiles.bundled_ids():
        return profiles.load(candidate)
    partnered = [p.id for p in profiles.load_all() if p.rules.partnerships]
    raise CostlyError(f"profile {profile.id!r} has no four-hand partnership game; try: {', '.join(partnered)}")


def _write_atomically(path: str, data: dict[str, Any]) -> None:
    write_text(path, dumps(data) + "\n", what="log")


def _check_log_target(path: str | None) -> None:
    if path is not None:
        check_target(path, what="log")


class Terminal:
    """A person at seat 0 playing against bots, reading moves from ``stdin``."""

    def __init__(self, state: State, profile: Profile, stdin: TextIO, stdout: TextIO) -> None:
        self.state = state
        self.profile = profile
        self.stdin = stdin
        self.out = stdout
        self.shown = 0
        self.deal_shown = 0

    def name(self, player: int) -> str:
        if player == 0:
            return "You"
        if self.state.rules.partnerships and player == 2:
            return "Partner"
        return "Computer" if self.state.n == 2 else f"Computer {player}"

    def print(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def new_deal(self) -> None:
        """Head each deal once: who deals and the deck card."""
        state = self.state
        if state.deal_number == self.deal_shown or state.deck_card is None:
            return
        self.deal_shown = state.deal_number
        dealer = "you deal" if state.dealer == 0 else f"{self.name(state.dealer).lower()} deals"
        self.print(f"\n-- Deal {state.deal_number}: {dealer}; the deck card is {state.deck_card.pretty()} --")
        self.announce()

    def narrate(self, player: int, action: Action, step: str, count_before: int) -> None:
        """Say what a player did, as far as the others may see it."""
        who = self.name(player)
        if action.kind is Kind.PLAY and action.card is not None:
            value = action.value if action.value is not None else card_value(self.state.rules, action.card)
            self.print(f"  {who}: {action.card.pretty()}" + (f" as {action.value}" if action.value is not None else "")
                       + f", {say_number(count_before + value)}")
        elif action.kind is Kind.GO:
            self.print(f"  {who}: go")
        elif action.kind is Kind.GIVE:
            verb = "pass" if player == 0 else "passes"
            self.print(f"  {who} {verb} a card" + (f" ({action.card.pretty()}, pegged)" if action.peg and action.card else ""))
        elif action.kind is Kind.DISCARD:
            self.print(f"  {who} {'put' if player == 0 else 'puts'} a card under the deck card")
        elif player != 0:
            self.print(f"  {who}: {self.describe(action, step).replace('your partner', 'partner')}")

    def announce(self) -> None:
        counted = set()
        for event in self.state.events[self.shown:]:
            if event.phase == "count" and event.player not in counted and self.state.shown_hands:
                hands, deck = self.state.shown_hands
                counted.add(event.player)
                self.print(f"  {self.name(event.player)} count{'s' if event.player else ''} "
                           f"{' '.join(c.pretty() for c in hands[event.player])} with {deck.pretty()}:")
            self.print(f"  {self.name(event.player)}: {say(event.points, event.name)}"
                       + (f" ({' '.join(event.cards)})" if event.cards and event.phase != "play" else "")
                       + f"   [{event.rule}]")
        self.shown = len(self.state.events)

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
        if action.kind is Kind.PLAY:
            assert action.card is not None
            return f"play {action.card.pretty()}" + (f" as {action.value}" if action.value is not None else "")
        if action.kind is Kind.GIVE:
            assert action.card is not None
            return f"pass {action.card.pretty()}" + (" and peg it first" if action.peg else "")
        if action.kind is Kind.DISCARD:
            assert action.card is not None
            return f"put {action.card.pretty()} in the stock"
        labels = {
            ("ask", Kind.ASK): "ask to mog", ("ask", Kind.DECLINE): "don't ask",
            ("answer", Kind.ASK): "agree to mog", ("answer", Kind.DECLINE): "refuse",
            ("confirm", Kind.ASK): "mog", ("confirm", Kind.DECLINE): "withdraw",
            ("offer", Kind.ASK): "mog", ("offer", Kind.DECLINE): "refuse to mog",
            ("ask-partner", Kind.ASK): "ask your partner to mog", ("ask-partner", Kind.DECLINE): "don't ask",
            ("answer-partner", Kind.ASK): "agree to mog with your partner", ("answer-partner", Kind.DECLINE): "refuse",
        }
        if action.kind is Kind.GO:
            return "go (you cannot play)"
        if action.kind is Kind.STOCK:
            return "mog the stock"
        if action.kind is Kind.NO_STOCK:
            return "keep your hand"
        return labels.get((step, action.kind), str(action))

    def ask(self) -> Action:
        state = self.state
        legal = state.legal_actions()
        step = state.pending[0][1] if state.phase.value == "mog" else "play"
        self.print(self.board())
        if state.phase.value == "play":
            series = " ".join(c.pretty() for _, c in state.series) or "-"
            self.print(f"  Count {state.count}   this series: {series}")
        self.print(f"  Your hand: {' '.join(c.pretty() for c in sorted(state.hands[0]))}")
        options = [self.describe(a, step) for a in legal]
        self.print("  " + "   ".join(f"[{i}] {text}" for i, text in enumerate(options, 1)))
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.stdin.readline()
            if not line:
                raise EOFError
            choice = self._parse(line.strip(), legal)
            if choice is not None:
                return choice
            self.print(f"  Not a legal choice here: {line.strip()!r}. Type a number from 1 to {len(legal)}"
                       + (", or a card such as " + str(legal[0].card) if legal[0].card else "") + ".")

    @staticmethod
    def _parse(text: str, legal: list[Action]) -> Action | None:
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        lowered = text.lower().removeprefix("play ").strip()
        for action in legal:
            if lowered in (str(action).lower(), action.kind.value):
                return action
            if action.card is not None and action.value is None and not action.peg:
                try:
                    if Card.from_str(lowered) == action.card:
                        return action
                except ValueError:
                    continue
        return None


def cmd_play(args: argparse.Namespace, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    profile = profiles.load(args.variant)
    if args.partners:
        profile = _partnership_profile(profile)
    _check_log_target(args.log)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    game = Game(profile.rules, variant=profile.id)
    state = game.new_initial_state()
    ui = Terminal(state, profile, stdin or sys.stdin, stdout or sys.stdout)
    rng = random.Random(seed)
    bots = {p: make_bot(args.bot, random.Random(rng.getrandbits(64))) for p in range(1, game.num_players)}
    ui.print(f"Costly Colours - {profile.title}. Game to {profile.rules.target}. Seed {seed}.")
    ui.print("Type the number of your choice (or a card such as 5H). Ctrl-C ends the game.")
    finished = False
    try:
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                ui.new_deal()
                step = state.pending[0][1] if state.phase.value == "mog" else "play"
                action = ui.ask() if player == 0 else bots[player].choose(state, player)
                count_before = state.count
                state.apply_action(action)
                ui.narrate(player, action, step, count_before)
                ui.announce()
        ui.announce()
        finished = True
    except (KeyboardInterrupt, EOFError):
        ui.print("\nGame abandoned.")
    if finished:
        ui.print()
        ui.print(ui.board())
        winner = "You win" if state.winner == 0 else ("The computer wins" if not profile.rules.partnerships
                                                      else "The computers win")
        ui.print(f"{winner}, {state.scores[0]} to {state.scores[1]}.")
    if args.log:
        log = state.log() | {"seed": seed, "bots": args.bot, "finished": finished}
        try:
            _write_atomically(args.log, log)
        except OSError as exc:
            raise CostlyError(f"cannot write the log {args.log!r}: {exc.strerror or exc}") from None
        ui.print(f"Log written to {args.log}.")
    return EXIT_OK if finished else 130


def cmd_replay(args: argparse.Namespace) -> int:
    path = Path(args.log)
    try:
        log = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CostlyError(f"{path}: cannot read: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CostlyError(f"{path}: not a JSON game log: {exc}") from None
    if not isinstance(log, dict) or not isinstance(log.get("actions"), list):
        raise CostlyError(f"{path}: not a game log (no list of actions)")
    profile = profiles.load(args.variant or log.get("variant", ""))
    try:
        state = replay(Game(profile.rules, variant=profile.id), log["actions"])
    except IllegalActionError as exc:
        raise CostlyError(f"{path}: {exc}") from None
    events = [e.as_dict() for e in state.events]
    if events != log.get("events") or state.scores != log.get("scores") or state.winner != log.get("winner"):
        first = next((i for i, (a, b) in enumerate(zip(events, log.get("events") or [])) if a != b),
                     min(len(events), len(log.get("events") or [])))
        raise CostlyError(f"{path}: replay differs from the log at event {first + 1}")
    if state.is_terminal():
        check_invariants(state)
    print(f"{path}: {len(log['actions'])} actions replayed under {profile.id}; {len(events)} scores and the result "
          f"({state.scores[0]} to {state.scores[1]}) reproduced")
    return EXIT_OK


__all__ = ["register", "say"]
