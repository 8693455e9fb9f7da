"""``costly play`` in a web page: the Play page of the reference site runs this module in Pyodide.

It is the terminal game with its lines collected instead of printed: the same ``Terminal`` names the
choices, narrates every move and gives the hint; the seed drives the cut, the deal and the computer's
choices exactly as ``costly play --seed`` does, so that the same seed and rules deal the same game; the
log it offers is the one ``costly play --log`` writes, which ``costly replay`` checks. The rules are the
bundled profiles as the docs build resolved them (JSON), or one of them with house rules taken from the
values and readings ``costly design`` draws on; the house profile is offered as a file that ``costly
validate`` accepts. The search bot plays the board as in ``costly play``, from the win tables the docs
build shipped (``wintables.json``, ``game.page_tables``) for the bundled rules; under any other rules (house
rules) the page works the table out when it is first needed, as ``costly play`` does, in the page's
WebAssembly kernel (``chances.board``: the same deals, the same dynamic programme, the same table to the
millionth), telling the page how far it has got. Where no table can be worked out (no kernel in the page,
rules the kernel cannot play, rules no table can be sampled under), the search plays for points
(``search-points``, so named in the log).

Everything here uses the standard library and the engine only: no YAML, JSON Schema, numpy or rich.
"""
from __future__ import annotations

import io
import json
import random
import re
from typing import Any, Callable, Mapping, Sequence

from typing import TYPE_CHECKING

from ..game.actions import Action
from ..game.bots import make_bot
from ..game.page_tables import ShippedTables, rules_key
from ..game.state import CHANCE, Game, State
from ..game.wintable import Board, NoTableError, providing
from ..profiles import Profile, rule_titles
from ..profiles.display import dumps, format_value, plain, short_title, source_words
from ..profiles.resolved import HouseRule, house_profile, house_rule, house_yaml, profile_from_json
from ..profiles.rules import Rules, Status
from .games import Terminal, say

if TYPE_CHECKING:
    from ..questions.design import Move
    from .teach import Point

BOTS = ("greedy", "expert", "search")  # the easy opponent, the default, the strongest
# Where the page has no win table for the rules in force and can work none out (``PageTables``), its search is
# the one that plays for points.
NO_TABLE_BOT = "search-points"
Progress = Callable[[int, str], None]  # (percent done, what the page is doing, in words)


class PageTables:
    """The board search's tables on the page (a ``wintable`` source): those the docs build shipped, and those
    the page works out for other rules (``work_out``), each once. ``NoTableError`` for rules it has none for,
    with the reason where working one out failed."""

    def __init__(self, shipped: ShippedTables, progress: Progress | None = None) -> None:
        self.shipped = shipped
        self.progress = progress
        self.worked: dict[str, Board] = {}  # by rules_key
        self.missing: dict[str, str] = {}  # rules_key -> why no table could be worked out

    def has(self, rules: Rules) -> bool:
        return self.shipped.has(rules) or rules_key(rules) in self.worked

    def why_not(self, rules: Rules) -> str:
        """Why there is no table for ``rules`` (it was never asked for, or working it out failed)."""
        return self.missing.get(rules_key(rules), "the page has not worked one out")

    def work_out(self, rules: Rules) -> bool:
        """Whether the page has the table of ``rules``, after working it out where it had none (as ``costly
        play`` does: ``chances.board``, in the page's WebAssembly kernel) and had not failed to before."""
        key = rules_key(rules)
        if self.has(rules) or key in self.missing:
            return self.has(rules)
        from ..chances.board import board
        from ..game import kernel

        if not kernel.available():  # said in a player's words: the page shows it beside the opponent
            self.missing[key] = "the game's WebAssembly kernel, which works it out, did not load in this browser"
            return False

        def sampled(done: int, count: int) -> None:
            if self.progress is not None:
                self.progress(round(90 * done / count), "Working out the computer's chance of winning from every "
                              f"score under these rules: {done:,} of {count:,} deals played")

        try:
            self.worked[key] = board(rules, progress=sampled)
        except NoTableError as exc:
            self.missing[key] = str(exc)
        else:
            if self.progress is not None:  # the last tenth, the chances solved: the bar ends full
                self.progress(100, "Worked out the computer's chance of winning from every score under these rules.")
        return self.has(rules)

    def __call__(self, rules: Rules) -> Board:
        if self.shipped.has(rules):
            return self.shipped(rules)
        found = self.worked.get(rules_key(rules))
        if found is None:
            raise NoTableError(f"no win table for these rules: {self.why_not(rules)}")
        return found


class PageTerminal(Terminal):
    """The terminal's words, kept as a feed of lines and scores for the page to show."""

    def __init__(self, state: State, profile: Profile, *, bot: str, board_hint: bool) -> None:
        super().__init__(state, profile, io.StringIO(), io.StringIO(), bot=bot)
        self.board_hint = board_hint  # the hint by the board search only where the page has the rules' table
        self.feed: list[dict[str, Any]] = []

    def print(self, text: str = "") -> None:
        if text.strip():
            self.feed.append({"kind": "line", "text": text.strip()})

    def tell(self, text: str, *, indent: str = "  ", hang: str = "    ") -> None:
        self.print(text)  # the page wraps its own lines

    def explain(self, points: list[Point]) -> None:
        """Sentences, each followed by the rules it rests on by their titles (a player reads them; the
        terminal's keys are for typing back) and their passages, which the page links."""
        titles = rule_titles()
        for point in points:
            said = []
            for key in point.rules:
                prov = self.profile.provenance[key]
                status = "" if prov.status is Status.STATED else f", {prov.status.value}"
                said.append(f"{titles.get(key, key)}{status}: {', '.join(prov.cite) or 'no passage'}")
            said += [f'"{term}": {", ".join(self.profile.vocabulary[term].cite)}' for term in point.terms
                     if term in self.profile.vocabulary]
            self.print(f"{point.text} [{'; '.join(said)}]" if said else point.text)

    def announce(self) -> None:
        """Each new score as data: who, the words a player says, the rule in words and its passages."""
        titles = rule_titles()
        state = self.state
        for event in state.events[self.shown:]:
            if event.phase == "count" and state.shown_hands and not any(
                    item.get("count_of") == event.player and item.get("deal") == event.deal for item in self.feed):
                hands, deck = state.shown_hands
                self.feed.append({"kind": "count", "count_of": event.player, "deal": event.deal,
                                  "who": self.name(event.player), "cards": [str(c) for c in hands[event.player]],
                                  "deck": str(deck)})
            self.feed.append({"kind": "score", "who": self.name(event.player), "player": event.player,
                              "team": event.team, "points": event.points, "said": say(event.points, event.name),
                              "phase": event.phase, "rule": event.rule, "rule_title": titles.get(event.rule, event.rule),
                              "cite": list(event.cite), "cards": list(event.cards), "deal": event.deal})
        self.shown = len(state.events)

    def take(self) -> list[dict[str, Any]]:
        feed, self.feed = self.feed, []
        return feed


class Session:
    """One game on the page: a person at seat 0, the chosen bot at every other seat."""

    def __init__(self, profile: Profile, *, seed: int, bot: str, tables: PageTables,
                 house_file: str | None = None) -> None:
        if bot not in BOTS:
            raise ValueError(f"bot: one of {', '.join(BOTS)}, not {bot!r}")
        self.profile = profile
        self.seed = seed
        self.bot = bot
        self.tables = tables
        self.house_file = house_file  # the file the page's house profile downloads as (None: a bundled profile)
        # The board search reads the rules' table (search.SearchBot: at the deal's end with two hands, to
        # first order with four): worked out now where none was shipped for these rules; where none can be,
        # the computer plays for points, and the log says so (costly replay).
        board = tables.work_out(profile.rules) if bot == "search" else tables.has(profile.rules)
        self.played = NO_TABLE_BOT if bot == "search" and not board else bot
        # As cmd_play: the game, the seed's generator, then one generator a computer seat, drawn from it in
        # seat order before anything is dealt; chance takes the next draws.
        self.game = Game(profile.rules, variant=profile.id)
        self.state = self.game.new_initial_state()
        self.ui = PageTerminal(self.state, profile, bot=bot, board_hint=board)
        self.rng = random.Random(seed)
        self.bots = {p: make_bot(self.played, random.Random(self.rng.getrandbits(64)))
                     for p in range(1, self.game.num_players)}
        self.offered: list[Action] = []

    def waiting(self) -> bool:
        """Whether the person is to move (else chance or a computer moves next, or the game is over)."""
        return not self.state.is_terminal() and self.state.current_player() == 0

    def advance(self) -> dict[str, Any]:
        """One move that is not the person's: a card from the stock, or a computer's choice."""
        state, ui = self.state, self.ui
        if state.is_terminal() or self.waiting():
            return self.view()
        player = state.current_player()
        if player == CHANCE:
            ui.chance(self.rng)
        else:
            ui.new_deal()
            with providing(self.tables):  # the search reads the shipped tables, whatever else is imported
                ui.move(player, self.bots[player].choose(state, player))
        return self.view()

    def choose(self, index: int) -> dict[str, Any]:
        """The person's choice: its place among the choices the view offered."""
        if not self.waiting():
            raise ValueError("it is not your turn")
        legal = self._offered()
        if not 0 <= index < len(legal):
            raise ValueError(f"choice {index + 1}: there are {len(legal)}")
        self.ui.move(0, legal[index])
        return self.view()

    def _offered(self) -> list[Action]:
        self.ui.new_deal()
        return self.ui.offered(self.state.legal_actions())

    def hint(self) -> list[str]:
        """What ``hint`` says in ``costly play``: the search bot's choice, why, and each choice's value."""
        if not self.waiting():
            return []
        # By the search that plays the board, as costly play's hint, with the table worked out where it is not
        # yet (the game's own bot, if not the search, reads none)
        self.ui.board_hint = self.tables.work_out(self.profile.rules)
        with providing(self.tables):
            self.ui.hint(self._offered())
        return [item["text"] for item in self.ui.take() if item["kind"] == "line"]

    def view(self) -> dict[str, Any]:
        """The game as the person at seat 0 may see it, and what happened since the last view."""
        state, ui = self.state, self.ui
        waiting = self.waiting()
        legal = self._offered() if waiting else []
        step = ui.step() if waiting else ""
        out: dict[str, Any] = {
            "seed": self.seed, "bot": self.bot, "played": self.played, "board": self.ui.board_hint,
            "profile": self.profile.id, "players": state.n,
            "partnerships": state.rules.partnerships, "target": state.rules.target,
            "names": [ui.name(p) for p in range(state.n)],
            "teams": ["You" if not state.rules.partnerships else "You & partner",
                      "Computer" if not state.rules.partnerships else "Computers"],
            "scores": list(state.scores), "deal": state.deal_number, "dealer": state.dealer,
            "phase": state.phase.value, "to_move": state.current_player(), "waiting": waiting,
            "hand": [str(c) for c in sorted(state.hands[0])] if state.hands else [],
            "held": [len(h) for h in state.hands] if state.hands else [],
            "deck": str(state.deck_card) if state.deck_card else None,
            "count": state.count, "series": [[p, str(c)] for p, c in state.series],
            "situation": ui.situation() if waiting else "",
            "choices": [{"label": ui.describe(a, step), "card": str(a.card) if a.card else None,
                         "value": a.value, "kind": a.kind.value} for a in legal],
            "finished": state.is_terminal(), "winner": state.winner, "feed": ui.take(),
            "opponent": self.opponent(), "command": self.command(), "house_file": self.house_file,
        }
        if state.is_terminal() and state.winner is not None:
            won = state.scores[state.winner]
            other = max(s for t, s in enumerate(state.scores) if t != state.winner)
            who = "You win" if state.winner == 0 else ("The computers win" if state.rules.partnerships
                                                       else "The computer wins")
            out["result"] = f"{who}, {won} to {other}."  # as costly play ends
        return out

    def opponent(self) -> str:
        """The bot that plays, in words where it is not the one chosen: the search without a win table."""
        if self.played == self.bot:
            return self.played
        return (f"{self.played} (plays for points in each deal, not for the game: the page has no win table "
                f"for these rules, and cannot work one out: {self.tables.why_not(self.profile.rules)})")

    def command(self) -> str:
        """The ``costly play`` command that deals this same game: the rules (a house profile by the file the
        page downloads), the bot that plays and the seed."""
        variant = self.house_file or self.profile.id
        return f"costly play --variant {variant} --bot {self.played} --seed {self.seed}"

    def log(self) -> str:
        """The game log ``costly play --log`` writes: a person at seat 0, the bot at every other seat."""
        bots = [None] + [self.played] * (self.state.n - 1)
        return dumps(self.state.log(seed=self.seed, bots=bots)) + "\n"


class PlayPage:
    """The page's Python side: the bundled profiles, the rules in force, and the game being played."""

    def __init__(self, profiles_json: str, tables_json: str | None = None, progress: Progress | None = None) -> None:
        shipped = json.loads(profiles_json)["profiles"]
        self.bundled = [profile_from_json(p) for p in shipped]
        self.by_id = {p.id: p for p in self.bundled}
        # The board search's win tables (wintables.json), each checked against the rules of the profile it
        # was shipped for: a table for other rules would make a game costly play does not.
        shipped_tables = ShippedTables(tables_json)
        for profile_id, key in shipped_tables.profiles().items():
            if profile_id in self.by_id and rules_key(self.by_id[profile_id].rules) != key:
                raise ValueError(f"wintables.json: the table of {profile_id} is for other rules ({key})")
        # ``progress`` told how far the page has got working out a table (the worker posts it to the page)
        self.tables = PageTables(shipped_tables, progress)
        # Each profile's moves as the docs build worked them out (``Move.as_json``), where it shipped them:
        # questions.design (and the compare stage it brings) is then imported only once a rule is changed.
        self.shipped_moves = {p["id"]: p["moves"] for p in shipped if "moves" in p}
        self.base = self.bundled[0]
        self.offers: list[dict[str, Any]] = []  # the moves from the base, as Move.as_json gives them
        self._moves: list[Move] | None = None
        self.chosen: dict[str, int] = {}  # rule key -> the index of the move chosen for it
        self.profile = self.base
        self.session: Session | None = None
        self.loaded_file: str | None = None  # the file a house profile given to the page was loaded from
        self.loaded_text: str | None = None  # and its text

    def load_house(self, name: str, text: str) -> dict[str, Any]:
        """Start from a house profile given as text (a file, a paste, a link), checked as ``costly validate``
        checks it (the view, or ``{"problems": [...]}``, located); its rules can then be changed as a bundled
        profile's. Needs PyYAML and jsonschema, which the page loads only for this."""
        from ..questions.design import moves_for
        from .house_text import checked

        profile, path, problems = checked(name, text)
        if profile is None:
            return {"problems": problems, "file": path.name}
        self.by_id[profile.id] = profile
        self.base = profile
        self._moves = moves_for(profile, self.bundled)
        self.offers = [m.as_json() for m in self._moves]
        self.chosen = {}
        self.profile = profile
        self.loaded_file = path.name
        self.loaded_text = text
        return self.rules_view() | {"file": path.name}

    def choose_profile(self, profile_id: str) -> dict[str, Any]:
        """Start from a bundled profile (or one loaded), with no house rules; its rules and every other value
        for each."""
        self.base = self.by_id[profile_id]
        self.loaded_file = None if profile_id in self.shipped_moves else self.loaded_file
        if profile_id in self.shipped_moves:
            self.offers, self._moves = self.shipped_moves[profile_id], None
        else:
            from ..questions.design import moves_for

            self._moves = moves_for(self.base, self.bundled)
            self.offers = [m.as_json() for m in self._moves]
        self.chosen = {}
        self.profile = self.base
        return self.rules_view()

    def change_rule(self, key: str, index: int) -> dict[str, Any]:
        """Set ``key`` to the value of move ``index`` (-1: back to the profile's own); refused with a reason
        where the rules would then not make a game the loader accepts."""
        from ..questions.design import candidate

        chosen = dict(self.chosen)
        if index < 0:
            chosen.pop(key, None)
        else:
            if not 0 <= index < len(self.offers) or self.offers[index]["changes"][0][0] != key:
                raise ValueError(f"move {index} is not a value of {key}")
            chosen[key] = index
        moves = tuple(self.moves[i] for i in sorted(chosen.values()))
        if moves and candidate(self.base, moves) is None:
            view = self.rules_view()
            view["refused"] = (f"{key}: that value cannot be played with the other changes (a rule set the "
                               "loader would refuse); the rule is left as it was")
            return view
        self.chosen = chosen
        changes = self.house_rules()
        self.profile = self.base if not changes else house_profile(self.base, changes, profile_id=self.house_id(),
                                                                    title=self.house_title())
        return self.rules_view()

    @property
    def moves(self) -> list[Move]:
        """The moves from the base as questions.design's ``Move`` (imported here, once a rule is changed)."""
        if self._moves is None:
            from ..questions.design import Move, Source

            self._moves = [Move(tuple((k, v) for k, v in o["changes"]),
                                Source(**{**o["source"], "cite": tuple(o["source"]["cite"]),
                                          "also": tuple(o["source"]["also"])})) for o in self.offers]
        return self._moves

    def house_rules(self) -> list[HouseRule]:
        if not self.chosen:
            return []
        return [house_rule(self.base, key, value, move.source.cite, move.source.describe())
                for move in (self.moves[i] for i in sorted(self.chosen.values())) for key, value in move.changes]

    def house_id(self) -> str:
        return f"{self.base.id}-house"

    def house_file(self) -> str:
        """The name the house profile downloads as (play.js names the file by its id)."""
        return f"{self.house_id()}.yaml"

    def house_title(self) -> str:
        """The base's title, with how many house rules; where the target is changed, the new one (and not
        the base's, where its title names it: "..., game to 121")."""
        rules = self.house_rules()
        count = len(rules)
        target = next((rule.value for rule in rules if rule.key == "game.target"), self.base.rules.target)
        changed = target != self.base.rules.target
        stem = (re.sub(rf",?\s*game to {self.base.rules.target}\b", "", self.base.title).strip() if changed
                else self.base.title)
        title = f"{stem}, with {count} house rule{'s' if count != 1 else ''}"
        return title + (f", game to {target}" if changed else "")

    def house_yaml(self) -> str:
        if self.loaded_text is None or self.base.id in self.shipped_moves:
            return house_yaml(self.base, self.house_rules(), profile_id=self.house_id(), title=self.house_title())
        # Rules changed on a loaded house profile: no loader could find that profile by its id, so the file is
        # made whole: its rules written out, on the bundled profile it extends, these changes over them. It
        # then validates alone, and travels alone in a link.
        import yaml  # the page loaded PyYAML to check the house profile

        loaded = yaml.safe_load(self.loaded_text)
        own = {f"{section}.{name}": entry for section, rules in (loaded.get("rules") or {}).items()
               for name, entry in (rules or {}).items()}
        changes = self.house_rules()
        said = "; ".join(f"{c.key} {format_value(c.value)}" for c in changes)
        return house_yaml(self.by_id[loaded["extends"]], changes, profile_id=self.house_id(),
                          title=self.house_title(), own=own,
                          summary=f"{self.base.title} ({self.loaded_file}), with {len(changes)} more "
                                  f"rule{'s' if len(changes) != 1 else ''} changed: {said}.")

    def rules_view(self) -> dict[str, Any]:
        """Every rule: its value in force, in words, with status and passages, and the other values offered."""
        titles = rule_titles()
        offered: dict[str, list[dict[str, Any]]] = {}
        for index, offer in enumerate(self.offers):
            offered.setdefault(offer["changes"][0][0], []).append({
                "index": index, "value": _words(offer["changes"], titles), "from": offer["from"],
                "said": source_words(offer["source"]),
                "cite": list(offer["source"]["cite"]), "kind": offer["source"]["kind"]})
        rules = []
        for key, title in titles.items():
            prov = self.profile.provenance[key]
            rules.append({"key": key, "title": title, "value": format_value(plain(self.profile.values[key])),
                          "status": prov.status.value, "cite": list(prov.cite), "note": prov.note,
                          "defined_in": prov.defined_in, "chosen": self.chosen.get(key, -1),
                          "base_value": format_value(plain(self.base.values[key])),
                          "options": offered.get(key, [])})
        return {"base": self.base.id, "base_name": short_title(self.base), "id": self.profile.id,
                "title": self.profile.title,
                "house": bool(self.chosen), "rules": rules, "changed": len(self.house_rules())}

    def new_game(self, seed: int, bot: str) -> dict[str, Any]:
        self.session = Session(self.profile, seed=seed, bot=bot, tables=self.tables,
                               house_file=self.house_file() if self.chosen else self.loaded_file)
        return self.session.view()

    def _session(self) -> Session:
        if self.session is None:
            raise ValueError("no game: deal first")
        return self.session


def _words(changes: Sequence[Sequence[Any]], titles: Mapping[str, str]) -> str:
    """A move's values in words: ``31``, or ``yes (with Points for the last card ...: 1)``: the rules
    that change with it by their titles."""
    first, *rest = changes
    text = format_value(first[1])
    return text + (" (with " + "; ".join(f"{titles.get(k, k)}: {format_value(v)}" for k, v in rest) + ")"
                   if rest else "")


def dispatch(page: PlayPage, request: str) -> str:
    """One call from the page, as JSON in and out: ``{"op": ..., ...}`` -> the view, or ``{"error": ...}``."""
    args = json.loads(request)
    op = args.pop("op")
    try:
        if op == "profile":
            result: Any = page.choose_profile(args["id"])
        elif op == "rule":
            result = page.change_rule(args["key"], int(args["index"]))
        elif op == "house":
            result = {"yaml": page.house_yaml(), "id": page.house_id()}
        elif op == "load":
            result = page.load_house(str(args.get("name", "")), str(args["text"]))
        elif op == "deal":
            result = page.new_game(int(args["seed"]), args["bot"])
        elif op == "advance":
            result = page._session().advance()
        elif op == "choose":
            result = page._session().choose(int(args["index"]))
        elif op == "hint":
            result = {"lines": page._session().hint()}
        elif op == "log":
            result = {"log": page._session().log()}
        else:
            raise ValueError(f"unknown request {op!r}")
    except (ValueError, KeyError) as exc:
        result = {"error": str(exc)}
    return json.dumps(result, ensure_ascii=False)


__all__ = ["BOTS", "NO_TABLE_BOT", "PageTables", "PlayPage", "Session", "dispatch"]
