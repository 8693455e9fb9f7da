"""``costly compare A B`` in a web page: the Try page of the reference site runs this module in Pyodide.

It plays exactly what the command plays for the same profiles, games and seed (``api.running``'s settings,
``questions.study``'s plans and summary, ``runs.runner``'s chunks and sums), but a chunk at a time, so
that the page's worker can report progress between chunks and stop between two of them: a stopped run
keeps the chunks finished, as Ctrl-C does in the terminal, and reports "N of M games". Chunks merge
exactly in any order and size, so the figures are the command's, number for number.

What the page cannot work out without numpy it is given by the docs build: the win tables the search bot
reads (``wintables.json``, as the Play page) and each bundled profile's figures of how decisive its game
is (``decisive.json``). Under house rules there is no table: the page then plays the command with
``--search-games 0`` and leaves the section on how decisive the game is out, and says so.

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
from ..runs.runner import Chunk, Collector, Plan, board_tables, chunks, run_chunk
from ..game.page_tables import ShippedTables
from ..game.wintable import providing
from ..profiles import Profile, bundled_ids, load
from .house_text import checked



class Run:
    """One comparison under way: its plans' chunks, played one at a time into a ``Collector``."""

    def __init__(self, chosen: Sequence[Profile], settings: Settings, tables: ShippedTables) -> None:
        self.chosen = list(chosen)
        self.settings = settings
        self.tables = tables
        self.plans: list[Plan] = plans_for(chosen, settings)
        with providing(tables):
            board_tables(self.plans)  # as run_plans does first: the search's tables, from those shipped
        self.collector = Collector(self.plans, None, None)
        self.collector.start()
        self.work: Iterator[tuple[int, Chunk]] = chunks(self.plans, 1)
        self.finished = False
        self.stopped = False

    def step(self, chunks_at_most: int) -> None:
        """Play up to ``chunks_at_most`` chunks (none once the run is finished or stopped)."""
        with providing(self.tables):
            for _ in range(chunks_at_most):
                if self.finished or self.stopped:
                    return
                item = next(self.work, None)
                if item is None:
                    self.finished = True
                    return
                p, chunk = item
                self.collector.finished(p, chunk, run_chunk(chunk))

    def progress(self) -> dict[str, Any]:
        return {"done": self.collector.done, "total": self.collector.total, "finished": self.finished,
                "stopped": self.stopped}

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
        from .browser import PlayPage

        self.tables = ShippedTables(tables_json)
        # The Play page's rule editor (its menus of other readings and other profiles' values), where the page
        # was given the Play page's profiles.json: the house rules made there are compared as a pasted profile.
        self.editor = PlayPage(profiles_json, tables_json) if profiles_json else None
        self.decisive: dict[str, dict[str, Any]] = json.loads(decisive_json) if decisive_json else {}
        self.run: Run | None = None
        self.houses: dict[str, Path] = {}  # a house profile's reference on the page -> its file

    def bundled(self) -> list[dict[str, Any]]:
        return [{"id": p.id, "title": p.title, "players": p.rules.players} for p in map(load, bundled_ids())]

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
            return load(ref)
        raise ValueError(f"no profile {ref!r}: a bundled id, or a house profile given first")

    def start(self, refs: Sequence[str], *, games: int, seed: int) -> dict[str, Any]:
        """Start ``costly compare A B --games N --seed S``; where a profile has no win table here (house
        rules), with ``--search-games 0``."""
        running.checked_options(games=games, seed=seed, bots=running.DEFAULT_BOTS, jobs=1)
        chosen = running.load_distinct([self._profile(r) for r in refs], who="compare", error=ValueError)
        tables_here = all(self.tables.has(p.rules) for p in chosen)
        search_games = None if tables_here else 0
        settings = running.comparison_settings(games=games, seed=seed, bots=running.DEFAULT_BOTS, skill_games=None,
                                               search_games=search_games)
        self.run = Run(chosen, settings, self.tables)
        names = [str(self.houses[r].name) if r in self.houses else r for r in refs]
        command = f"costly compare {' '.join(names)} --games {games} --seed {seed}"
        if search_games == 0:
            command += " --search-games 0"
        return {**self.run.progress(), "command": command + " --json", "search": search_games is None}

    def _run(self) -> Run:
        if self.run is None:
            raise ValueError("no comparison: start one first")
        return self.run

    def step(self, chunks_at_most: int) -> dict[str, Any]:
        run = self._run()
        run.step(chunks_at_most)
        return run.progress()

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
            result: Any = {"profiles": page.bundled()}
        elif op == "house":
            result = page.house(str(args.get("name", "")), str(args["text"]))
        elif op == "start":
            result = page.start([str(r) for r in args["profiles"]], games=int(args["games"]), seed=int(args["seed"]))
        elif op == "step":
            result = page.step(int(args.get("chunks", 1)))
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
    except (ValueError, KeyError, CostlyError) as exc:
        result = {"error": str(exc)}
    return json.dumps(result, ensure_ascii=False)


__all__ = ["Run", "TryPage", "dispatch"]
