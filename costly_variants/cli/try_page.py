"""``costly compare A B`` in a web page: the Try page of the reference site runs this module in Pyodide.

It plays exactly what the command plays for the same profiles, games and seed (``api.running``'s settings,
``questions.study``'s plans and summary, ``runs.runner``'s chunks and sums), but a chunk at a time, so
that the page can report progress between chunks and stop between two of them: a stopped run keeps the
chunks finished, as Ctrl-C does in the terminal, and reports "N of M games". The page shares the chunks
out among its workers, as the command shares them among processes (``--jobs``): a lead worker that
plays and merges, and helpers that play and send back their sums (``Run``). Chunks merge exactly in any
order and size, so the figures are the command's, number for number.

What the page cannot work out without numpy it is given by the docs build: each bundled profile's figures
of how decisive its game is (``decisive.json``), which need the win table's error bars; under house rules
that section is left out, and the page says so. The win tables the search bot reads are shipped for the
bundled profiles (``wintables.json``, as the Play page) and worked out under house rules in the page's
WebAssembly kernel (``chances.board``, through the Play page's ``PageTables``), the same tables as the
terminal's; where none can be (no kernel), the page plays the command with ``--search-games 0``.

A house profile is pasted or uploaded as text, written to a file and checked by ``profiles.check``, the
check of ``costly validate``: the same located messages (``FILE:LINE:COL: $.path: message``).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator, Sequence

from ..api import running
from ..questions import decisive_report
from ..questions.report import render_text
from ..questions.study import Settings, plans_for, summarise
from ..runs.runner import Chunk, ChunkResult, Collector, Plan, board_tables, chunks, run_chunk
from ..runs.tally import Tally
from ..game.page_tables import ShippedTables
from .browser import PageTables
from ..game.wintable import providing
from ..profiles import Profile, bundled_ids, load
from ..profiles.resolved import profile_from_json
from .house_text import checked



class Run:
    """One comparison under way: its plans' chunks, numbered in the order ``chunks`` hands them out (the
    command's order), each played once, here or in a helper worker, and merged into a ``Collector``.

    The page's lead worker plays some chunks itself (``play``) and merges the sums its helper workers send
    for the others (``merge``); a helper, running the same comparison from the same request, plays the
    chunks it is given and sends back their sums (``sums``). A chunk's seeds follow from the plan's seed
    and its number, so any worker plays the same games for it; sums merge exactly in any order, so the
    figures do not depend on which worker played what, or how many there were."""

    def __init__(self, chosen: Sequence[Profile], settings: Settings, tables: PageTables) -> None:
        self.chosen = list(chosen)
        self.settings = settings
        self.tables = tables
        self.plans: list[Plan] = plans_for(chosen, settings)
        with providing(tables):
            board_tables(self.plans)  # as run_plans does first: the search's tables, from those shipped
        self.collector = Collector(self.plans, None, None)
        self.collector.start()
        self.count = sum(1 for _ in chunks(self.plans, 1))  # chunks in all, numbered from 0
        self._restart()
        self.drawn: dict[int, tuple[int, Chunk]] = {}  # chunks drawn for merging, not merged yet
        self.merged: set[int] = set()
        self.stopped = False

    def _restart(self) -> None:
        self.work: Iterator[tuple[int, Chunk]] = chunks(self.plans, 1)
        self.next = 0  # the number of the chunk ``work`` gives next

    def _chunk(self, number: int, *, keep: bool) -> tuple[int, Chunk]:
        """Chunk ``number`` (plan index, chunk), drawn from the chunks in order; with ``keep`` those drawn
        on the way are kept for merging (the lead's), else passed over (a helper's, given rising numbers)."""
        if not 0 <= number < self.count or number in self.merged:
            raise ValueError(f"chunk {number}: not one of this run's chunks still to play (0 to {self.count - 1})")
        if number in self.drawn:
            return self.drawn.pop(number)
        if number < self.next:  # passed over before (a helper given a chunk another gave back): draw again
            self._restart()
        while True:
            item = next(self.work)
            self.next += 1
            if self.next - 1 == number:
                return item
            if keep and self.next - 1 not in self.merged:
                self.drawn[self.next - 1] = item

    def _merge(self, number: int, p: int, chunk: Chunk, result: ChunkResult) -> dict[str, Any]:
        self.collector.finished(p, chunk, result)
        self.merged.add(number)
        return self.progress()

    def play(self, number: int) -> dict[str, Any]:
        """Play chunk ``number`` here and merge its sums (nothing once the run is stopped)."""
        if self.stopped:
            return self.progress()
        p, chunk = self._chunk(number, keep=True)
        with providing(self.tables):
            return self._merge(number, p, chunk, run_chunk(chunk))

    def merge(self, number: int, sums: dict[str, Any]) -> dict[str, Any]:
        """Merge the sums of chunk ``number`` that a helper played (``sums``' plain data)."""
        if self.stopped:
            return self.progress()
        p, chunk = self._chunk(number, keep=True)
        tally = Tally.from_data(sums)
        if tally.games != len(chunk.seeds):
            self.drawn[number] = (p, chunk)
            raise ValueError(f"chunk {number}: sums of {tally.games} seeds, not {len(chunk.seeds)}")
        return self._merge(number, p, chunk, ChunkResult(tally))

    def sums(self, number: int) -> dict[str, Any]:
        """A helper's part: play chunk ``number`` and give its sums as plain data (not merged here)."""
        _, chunk = self._chunk(number, keep=False)
        with providing(self.tables):
            return run_chunk(chunk).tally.to_data()

    @property
    def finished(self) -> bool:
        return len(self.merged) == self.count

    def progress(self) -> dict[str, Any]:
        return {"done": self.collector.done, "total": self.collector.total, "finished": self.finished,
                "stopped": self.stopped, "chunks": self.count}

    def document(self, figures: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """The document ``costly compare --json`` prints for the chunks played so far."""
        stop = KeyboardInterrupt() if self.stopped else None
        results = self.collector.results(stop)
        with decisive_report.providing(figures):
            return summarise(self.chosen, self.settings, results)


class TryPage:
    """The page's Python side: the bundled profiles, the house profiles given, and the run under way."""

    def __init__(self, tables_json: str | None = None, decisive_json: str | None = None,
                 profiles_json: str | None = None) -> None:
        self.tables_json = tables_json
        # The search's win tables: those the build shipped, and under house rules those worked out here in the
        # WebAssembly kernel (as costly compare works them out), each once.
        self.tables = PageTables(ShippedTables(tables_json))
        self.profiles_json = profiles_json
        # The bundled profiles as the docs build resolved them (the Play page's profiles.json): the same
        # Profile as the YAML gives (a test holds them equal), without parsing and checking it again here,
        # some 2 s in Pyodide. Without it (tests, a terminal), from the YAML.
        resolved = json.loads(profiles_json)["profiles"] if profiles_json else []
        self.resolved: dict[str, dict[str, Any]] = {p["id"]: p for p in resolved}
        self._editor: Any = None
        self.decisive: dict[str, dict[str, Any]] = json.loads(decisive_json) if decisive_json else {}
        self.run: Run | None = None
        self.houses: dict[str, Path] = {}  # a house profile's reference on the page -> its file

    @property
    def editor(self) -> Any:
        """The Play page's rule editor (its menus of other readings and other profiles' values), where the
        page was given the Play page's profiles.json: the house rules made there are compared as a pasted
        profile. Made when first asked for (a helper worker never asks)."""
        if self._editor is None and self.profiles_json:
            from .browser import PlayPage

            self._editor = PlayPage(self.profiles_json, self.tables_json)
        return self._editor

    def bundled(self) -> list[dict[str, Any]]:
        return [{"id": p.id, "title": p.title, "players": p.rules.players} for p in map(self._bundled, bundled_ids())]

    def value_words(self) -> dict[str, dict[str, str]]:
        """Each coded value in a player's words (the Play page's profiles.json), for the rule editor's menus."""
        return dict(json.loads(self.profiles_json).get("value_words", {})) if self.profiles_json else {}

    def _bundled(self, ref: str) -> Profile:
        if ref in self.resolved:
            return profile_from_json(self.resolved[ref])
        return load(ref)

    def house(self, name: str, text: str) -> dict[str, Any]:
        """A house profile's text, checked as ``costly validate FILE`` checks it: its id and title where it
        is good, else every problem, located (``name:LINE:COL: $.path: message``)."""
        profile, path, problems = checked(name, text)
        if profile is None:
            return {"ok": False, "file": path.name, "problems": problems}
        self.houses[profile.id] = path
        return {"ok": True, "file": path.name, "id": profile.id, "title": profile.title, "extends": profile.extends,
                "problems": []}

    def _profile(self, ref: str) -> Profile:
        if ref in self.houses:
            return load(self.houses[ref])
        if ref in bundled_ids():
            return self._bundled(ref)
        raise ValueError(f"no profile {ref!r}: a bundled id, or a house profile given first")

    def start(self, refs: Sequence[str], *, games: int, seed: int) -> dict[str, Any]:
        """Start ``costly compare A B --games N --seed S``; where the page has no win table for a profile and
        cannot work one out (no WebAssembly kernel, rules it cannot sample), with ``--search-games 0``."""
        running.checked_options(games=games, seed=seed, bots=running.DEFAULT_BOTS, jobs=1)
        chosen = running.load_distinct([self._profile(r) for r in refs], who="compare", error=ValueError)
        tables_here = all([self.tables.work_out(p.rules) for p in chosen])
        search_games = None if tables_here else 0
        settings = running.comparison_settings(games=games, seed=seed, bots=running.DEFAULT_BOTS, skill_games=None,
                                               search_games=search_games)
        self.run = Run(chosen, settings, self.tables)
        names = [str(self.houses[r].name) if r in self.houses else r for r in refs]
        command = f"costly compare {' '.join(names)} --games {games} --seed {seed}"
        if search_games == 0:
            command += " --search-games 0"
        decisive = all(decisive_report.given_key(p.rules, running.DEFAULT_BOTS * 2) in self.decisive for p in chosen)
        return {**self.run.progress(), "command": command + " --json", "search": search_games is None,
                "decisive": decisive}

    def _run(self) -> Run:
        if self.run is None:
            raise ValueError("no comparison: start one first")
        return self.run

    def play(self, number: int) -> dict[str, Any]:
        return self._run().play(number)

    def merge(self, number: int, sums: dict[str, Any]) -> dict[str, Any]:
        return self._run().merge(number, sums)

    def sums(self, number: int) -> dict[str, Any]:
        return {"sums": self._run().sums(number)}

    def stop(self) -> dict[str, Any]:
        run = self._run()
        if not run.finished:
            run.stopped = True
        return run.progress()

    def report(self, width: int = 80) -> dict[str, Any]:
        """The comparison's document (``--json``'s text) and its text report, for the chunks played; whether
        the section on how decisive the game is could be given (not under house rules)."""
        data = self._run().document(self.decisive)
        decisive = all(data["decisive"].values()) if data["decisive"] else False
        if not decisive:
            data["decisive"] = {}
        from ..profiles.display import dumps

        return {"json": dumps(data), "text": render_text(data, width), "decisive": decisive,
                **self._run().progress()}


def dispatch(page: TryPage, request: str) -> str:
    """One call from the page, as JSON in and out: ``{"op": ..., ...}`` -> the answer, or ``{"error": ...}``."""
    from ..errors import CostlyError

    args = json.loads(request)
    op = args.pop("op")
    try:
        if op == "bundled":
            result: Any = {"profiles": page.bundled(), "value_words": page.value_words()}
        elif op == "house":
            result = page.house(str(args.get("name", "")), str(args["text"]))
        elif op == "start":
            result = page.start([str(r) for r in args["profiles"]], games=int(args["games"]), seed=int(args["seed"]))
        elif op == "play":
            result = page.play(int(args["chunk"]))
        elif op == "merge":
            result = page.merge(int(args["chunk"]), args["sums"])
        elif op == "sums":
            result = page.sums(int(args["chunk"]))
        elif op == "stop":
            result = page.stop()
        elif op == "report":
            result = page.report()
        elif op in ("edit-profile", "edit-rule", "edit-house"):
            editor = page.editor
            if editor is None:
                raise ValueError("this page has no rule editor")
            if op == "edit-profile":
                result = editor.choose_profile(str(args["id"]))
            elif op == "edit-rule":
                result = editor.change_rule(str(args["key"]), int(args["index"]))
            else:
                result = {"yaml": editor.house_yaml(), "file": editor.house_file()}
        else:
            raise ValueError(f"unknown request {op!r}")
    except (ValueError, KeyError, TypeError, CostlyError) as exc:
        result = {"error": str(exc)}
    return json.dumps(result, ensure_ascii=False)


__all__ = ["Run", "TryPage", "dispatch"]
