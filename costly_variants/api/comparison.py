"""``Comparison``: ``costly compare`` from Python, with the figures as typed rows and a tidy DataFrame.

``Comparison.run`` plays exactly what the command plays for the same arguments (the defaults, the
settings and the runner are ``api.running``'s, which the command uses too) and keeps the document that
``costly compare --json`` prints; every view here (rows, DataFrame, JSON, Markdown, plot) reads it.
"""
from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from . import running
from .frames import frame, matplotlib_figure

if TYPE_CHECKING:
    from ..profiles import Profile

    ProfileRef = Profile | str | os.PathLike[str]

FRAME_COLUMNS = ("kind", "figure", "label", "unit", "section", "profile", "baseline", "value", "low", "high",
                 "games", "method", "clear_of_zero", "p", "p_adjusted", "starred")
EFFECT_COLUMNS = ("switched", "rules", "figure", "label", "unit", "value", "low", "high", "games", "method",
                  "clear_of_zero", "p", "p_adjusted", "starred")


@dataclass(frozen=True)
class FigureRow:
    """One figure of one profile: its value and 95% interval (``low`` and ``high`` are None where the games
    are too few for one), the games it rests on (for a skill figure, the seeds, each played twice), and
    how the interval was made (``method``). A share is a fraction (0.52), as in the JSON."""

    figure: str
    label: str
    unit: str
    section: str
    profile: str
    value: float
    low: float | None
    high: float | None
    games: int
    method: str


@dataclass(frozen=True)
class DifferenceRow:
    """One figure's paired difference, ``profile`` minus ``baseline`` on the same seeds, with its interval,
    whether that interval is clear of zero, its two-sided ``p``, that p after the report's error control over
    every difference (``p_adjusted``, Holm's) and whether it is ``starred`` (``p_adjusted`` at most 5%): the
    verdict the report gives. ``p`` is None where the games are too few for an interval."""

    figure: str
    label: str
    unit: str
    section: str
    profile: str
    baseline: str
    value: float
    low: float | None
    high: float | None
    games: int
    method: str
    clear_of_zero: bool
    p: float | None
    p_adjusted: float | None
    starred: bool


@dataclass(frozen=True)
class EffectRow:
    """In a by-rule comparison, one figure's change from A when the rules in ``rules`` are switched alone to
    B's values (``switched`` joins them with " + "; it is "total" for the change from A to B); ``p``,
    ``p_adjusted`` and ``starred`` as in ``DifferenceRow``, over every effect of the by-rule report."""

    switched: str
    rules: tuple[str, ...]
    figure: str
    label: str
    unit: str
    value: float
    low: float | None
    high: float | None
    games: int
    method: str
    clear_of_zero: bool
    p: float | None
    p_adjusted: float | None
    starred: bool


def _verdict(estimate: Mapping[str, Any]) -> dict[str, Any]:
    return {"clear_of_zero": bool(estimate["clear_of_zero"]), "p": estimate.get("p"),
            "p_adjusted": estimate.get("p_adjusted"), "starred": bool(estimate.get("starred"))}


def _interval(estimate: Mapping[str, Any]) -> dict[str, Any]:
    return {"value": estimate["value"], "low": estimate["low"], "high": estimate["high"], "games": estimate["n"],
            "method": estimate["method"]}


class Comparison:
    """A comparison of profiles: the games played, and what they show, with 95% intervals.

    Make one with ``Comparison.run``. The first profile is the baseline the differences are measured from;
    every profile plays the same seeds. ``data`` is the document ``costly compare --json`` prints.
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data

    @classmethod
    def run(cls, profiles: Sequence[ProfileRef] | None = None, *, games: int = running.DEFAULT_GAMES,
            seed: int = running.DEFAULT_SEED, bots: Sequence[str] = running.DEFAULT_BOTS, jobs: int | None = None,
            scheduler: str | None = None, skill_games: int | None = None,
            check_exact: bool = False, search_games: int | None = None, precision: str | None = None) -> Comparison:
        """Play ``costly compare PROFILES --games N --seed S ...``: the same games, the same figures.

        ``profiles``: Profiles, bundled ids or paths, each once (default: every bundled profile, oldest
        first). ``bots``: one name, or one per seat in turn. ``jobs``: local processes (default: one a
        core); any number gives the same result. ``scheduler``: a ``tcp://HOST:PORT`` Dask scheduler to
        play on instead (the ``dask`` extra). ``skill_games``: seeds for the skill figures (None: 2,000, and
        1,000 for the pair with the search bot, at 20,000 ``games``, and in proportion to ``games``
        otherwise, as ``costly compare`` plays them; 0 leaves them out). ``check_exact``: also count the
        eldest's dealt hands against the exact mean. ``search_games``: seeds for the search bot's pair (at
        most ``skill_games``; None: as above, or ``skill_games`` where that is given). ``precision``: as
        ``--precision`` ("0.5pp", "0.05pts", "0.1deals"...): play until every headline figure of that unit is
        within ± that much, looking at 1,000 games and each doubling, ``games`` at most; ``settings``'
        ``precision`` in ``data`` says how many games it took.

        Ctrl-C stops the games and keeps those finished (``complete`` is then False): stopped before any
        finished, the comparison still has the rules that differ and the exact figures, and every figure
        whose games finished.
        """
        from .. import profiles as bundled

        if isinstance(profiles, (str, os.PathLike, bundled.Profile)):
            profiles = [profiles]  # one profile alone, as ``costly compare ID`` takes it
        chosen_bots, jobs = running.checked_options(games=games, seed=seed, bots=bots, jobs=jobs,
                                                    scheduler=scheduler, skill_games=skill_games)
        chosen = (running.load_distinct(list(profiles), who="Comparison.run", error=running.OptionError) if profiles
                  else bundled.load_all())
        settings = running.comparison_settings(games=games, seed=seed, bots=chosen_bots, skill_games=skill_games,
                                               check_exact=check_exact, search_games=search_games)
        runner = running.PlanRunner(jobs=jobs, scheduler=scheduler)
        asked = None
        if precision is not None:
            from ..questions.study import Precision, PrecisionError

            try:
                asked = Precision.parse(precision)
            except PrecisionError as exc:
                raise running.OptionError(f"Comparison.run: {exc}") from None
        return cls(running.run_comparison(chosen, settings, runner, precision=asked))

    @classmethod
    def by_rule(cls, a: ProfileRef, b: ProfileRef, *, games: int = running.DEFAULT_BY_RULE_GAMES,
                seed: int = running.DEFAULT_SEED, bots: Sequence[str] = running.DEFAULT_BOTS,
                jobs: int | None = None, scheduler: str | None = None) -> ByRule:
        """``costly compare A B --by-rule``: switch each rule in which B differs from A, alone, to B's value,
        and measure the change each makes against A on the same seeds."""
        chosen_bots, jobs = running.checked_options(games=games, seed=seed, bots=bots, jobs=jobs,
                                                    scheduler=scheduler)
        first, second = running.load_distinct([a, b], who="Comparison.by_rule", error=running.OptionError)
        settings = running.comparison_settings(games=games, seed=seed, bots=chosen_bots, skill_games=0,
                                               by_rule=True)
        runner = running.PlanRunner(jobs=jobs, scheduler=scheduler)
        data = running.run_by_rule(first, second, settings, runner)
        _raise_if_nothing_played(data, runner)
        return ByRule(data)

    # -- what was played ---------------------------------------------------------------------------

    @property
    def data(self) -> dict[str, Any]:
        """The whole document, as ``costly compare --json`` prints it (a copy: change it freely)."""
        import copy

        return copy.deepcopy(dict(self._data))

    @property
    def profiles(self) -> list[str]:
        """The profile ids, the baseline first."""
        return [p["id"] for p in self._data["profiles"]]

    @property
    def baseline(self) -> str:
        """The profile the differences are measured from: the first given."""
        return str(self._data["baseline"])

    @property
    def games(self) -> int:
        """The games each profile played (fewer than asked for if the run was stopped)."""
        return int(self._data["settings"]["games_played"])

    @property
    def complete(self) -> bool:
        """False if the run was stopped before every game was played."""
        return bool(self._data["settings"]["complete"])

    # -- the figures -------------------------------------------------------------------------------------

    def figures(self) -> list[FigureRow]:
        """Every figure of every profile, in the report's order."""
        return [FigureRow(f["key"], f["label"].strip(), f["unit"], f["section"], pid, **_interval(e))
                for f in self._data["figures"] for pid, e in f["estimates"].items()]

    def differences(self) -> list[DifferenceRow]:
        """Every figure's difference from the baseline, for each other profile."""
        return [DifferenceRow(f["key"], f["label"].strip(), f["unit"], f["section"], pid, self.baseline,
                              **_interval(d), **_verdict(d))
                for f in self._data["figures"] for pid, d in f["differences"].items()]

    def to_pandas(self) -> Any:
        """A tidy ``pandas.DataFrame``: one row a figure of a profile (``kind`` "estimate") or a difference
        from the baseline (``kind`` "difference"), with the columns of the rows (``baseline`` and
        the verdict's columns are None for an estimate). Needs the ``pandas`` extra."""
        rows: list[dict[str, Any]] = []
        for row in self.figures():
            rows.append({"kind": "estimate", **asdict(row), "baseline": None, "clear_of_zero": None, "p": None,
                         "p_adjusted": None, "starred": None})
        for difference in self.differences():
            rows.append({"kind": "difference", **asdict(difference)})
        return frame(rows, FRAME_COLUMNS)

    def to_json(self) -> str:
        """The document ``costly compare --json`` prints (without its last line break)."""
        from ..profiles.display import dumps

        return dumps(self._data)

    def to_markdown(self) -> str:
        """The Markdown tables of ``costly compare --markdown``."""
        from ..questions.report import render_markdown

        return render_markdown(dict(self._data))

    def to_text(self, width: int = 80) -> str:
        """The text report of ``costly compare``, in lines of at most ``width`` columns."""
        from ..questions.report import render_text

        return render_text(dict(self._data), width)

    def to_csv(self) -> str:
        """The rows ``costly compare --csv FILE`` writes."""
        from ..questions.report import render_csv

        return render_csv(dict(self._data))

    def plot(self, figure: str | None = None) -> Any:
        """A matplotlib ``Figure``. Without ``figure``: the three panels of ``costly compare --plot``. With a
        figure's key (``"deals_per_game"``; ``figures()`` lists them): that figure's value for each profile
        with its 95% interval. Needs the ``plot`` extra."""
        Figure = matplotlib_figure()
        if figure is None:
            from ..runs.plot import draw

            return draw(dict(self._data))
        chosen = [f for f in self._data["figures"] if f["key"] == figure]
        if not chosen:
            known = ", ".join(f["key"] for f in self._data["figures"])
            raise running.OptionError(f"no figure {figure!r} in this comparison: choose from {known}")
        found = chosen[0]
        scale = 100 if found["unit"] == "share" else 1
        drawing = Figure(figsize=(6.4, 0.6 + 0.5 * len(self.profiles)), layout="constrained")
        axes = drawing.subplots()
        ids = self.profiles
        values = [found["estimates"][p]["value"] * scale for p in ids]
        spans = [_span(found["estimates"][p], scale) for p in ids]
        axes.errorbar(values, range(len(ids)), xerr=list(zip(*spans)), fmt="o", capsize=4)
        axes.set_yticks(range(len(ids)), ids)
        axes.invert_yaxis()  # the baseline on top, as in the report
        unit = " (%)" if found["unit"] == "share" else ""
        axes.set(title=f"{found['label'].strip()}: 95% intervals, {self.games} games each",
                 xlabel=found["label"].strip() + unit)
        axes.grid(alpha=0.3, axis="x")
        return drawing

    def __repr__(self) -> str:
        state = "" if self.complete else ", interrupted"
        return f"<Comparison of {', '.join(self.profiles)}: {self.games} games each{state}>"


def _span(estimate: Mapping[str, Any], scale: float) -> tuple[float, float]:
    """How far the interval reaches below and above the value (none where the games are too few)."""
    if estimate["low"] is None:
        return 0.0, 0.0
    value = estimate["value"] * scale
    return value - estimate["low"] * scale, estimate["high"] * scale - value


class ByRule:
    """Which rule makes the difference from A to B: each differing rule switched alone, and its effect on
    each figure, beside the total change. Make one with ``Comparison.by_rule``; ``data`` is the document
    ``costly compare A B --by-rule --json`` prints."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data

    @property
    def data(self) -> dict[str, Any]:
        """The whole document, as ``costly compare A B --by-rule --json`` prints it (a copy)."""
        import copy

        return copy.deepcopy(dict(self._data))

    @property
    def games(self) -> int:
        """The games each rule set played (fewer than asked for if the run was stopped)."""
        return int(self._data["settings"]["games_played"])

    @property
    def complete(self) -> bool:
        """False if the run was stopped before every game was played."""
        return bool(self._data["settings"]["complete"])

    def effects(self) -> list[EffectRow]:
        """The total change (``switched`` "total") and each switch's effect, figure by figure."""
        figures = {f["key"]: f for f in self._data["figures"]}
        entries: list[tuple[str, tuple[str, ...], Mapping[str, Any]]] = [("total", (), self._data["total"])]
        entries += [(" + ".join(r["rules"]), tuple(r["rules"]), r["effects"]) for r in self._data["switches"]]
        return [EffectRow(name, rules, key, figures[key]["label"].strip(), figures[key]["unit"], **_interval(e),
                          **_verdict(e))
                for name, rules, effects in entries for key, e in effects.items()]

    def to_pandas(self) -> Any:
        """A tidy ``pandas.DataFrame``, one row an effect of a switch (or the total) on a figure."""
        return frame((asdict(row) for row in self.effects()), EFFECT_COLUMNS)

    def to_json(self) -> str:
        """The document ``costly compare A B --by-rule --json`` prints (without its last line break)."""
        from ..profiles.display import dumps

        return dumps(self._data)

    def to_markdown(self) -> str:
        """The Markdown table of ``costly compare A B --by-rule --markdown``."""
        from ..questions.report import render_by_rule_markdown

        return render_by_rule_markdown(dict(self._data))

    def to_text(self, width: int = 80) -> str:
        """The text report of ``costly compare A B --by-rule``, in lines of at most ``width`` columns."""
        from ..questions.report import render_by_rule_text

        return render_by_rule_text(dict(self._data), width)

    def __repr__(self) -> str:
        switches = len(self._data["switches"])
        return (f"<ByRule from {self._data['from']} to {self._data['to']}: {switches} "
                f"{'switch' if switches == 1 else 'switches'}, {self.games} games each>")


def _raise_if_nothing_played(data: Mapping[str, Any], runner: running.PlanRunner) -> None:
    if data["settings"]["games_played"] == 0 and runner.stopped is not None:
        raise runner.stopped


def rows_as_dicts(rows: Iterable[Any]) -> list[dict[str, Any]]:
    """The rows as plain dictionaries (for ``json.dumps`` or a CSV writer)."""
    return [asdict(row) for row in rows]


__all__ = ["ByRule", "Comparison", "DifferenceRow", "EffectRow", "FigureRow", "rows_as_dicts"]
