"""The comparison on the site: seeded games of every profile, played at build time, drawn as figures with
their 95% intervals and their data tables beside them; and the ``--by-rule`` effects of two profiles.

The games are the ones ``costly compare`` plays with the same counts and seed (each page gives the
command), so a reader can reproduce every number. Every count of games comes from one number,
``costly_compare_games`` in ``conf.py`` (by default ``BUILD_GAMES``): the games per profile; the skill
games and the by-rule games follow from it. The results are kept for the build, so the front page,
the comparison pages and the profile pages share one run.
"""
from __future__ import annotations

import re

from pathlib import Path
from typing import Any, Mapping, Sequence

from docutils import nodes
from docutils.parsers.rst import directives

from ..questions import byrule, study
from ..runs.thresholds import DEALS, KINDS, Verdict, kind_of, sizes_text, thresholds_text, verdict
from ..profiles import Profile
from . import nodes as n
from .citations import profile_label, rule_label
from .data import SiteData
from .directive import CostlyDirective
from .plots import figure, figure_with_table, interval_height, interval_paint
from .words import short_title, words

# Games per profile played when the site is built. The build must stay well under two minutes on a
# shared two-core machine; raise this as the engine gets faster: every other count follows from it.
BUILD_GAMES = 4000
SEED = 1
BOTS = ("greedy",)


def skill_games(games: int) -> int:
    """The skill pairs play slower bots: a quarter of the games, each seed twice."""
    return max(10, games // 4)


def search_games(games: int) -> int:
    """The search bot's pair, slower still: a fortieth of the games, each seed twice."""
    return max(10, games // 40)


def by_rule_games(games: int) -> int:
    return games


def settings(games: int) -> study.Settings:
    return study.Settings(games, SEED, BOTS, skill_games=skill_games(games), search_games=search_games(games))


def comparison(data: SiteData, games: int) -> dict[str, Any]:
    """The comparison of every profile the site shows, played once per build."""
    key = ("comparison", games, tuple(p.id for p in data.distinct_profiles()))
    if key not in data.memo:
        data.memo[key] = study.run_comparison(data.distinct_profiles(), settings(games), study.local_runner(1))
    return data.memo[key]


def by_rule(data: SiteData, a: Profile, b: Profile, games: int) -> dict[str, Any]:
    key = ("by-rule", games, a.id, b.id)
    if key not in data.memo:
        data.memo[key] = byrule.run_by_rule(a, b, study.Settings(by_rule_games(games), SEED, BOTS),
                                            study.local_runner(1))
    return data.memo[key]


def slug(key: str) -> str:
    """A figure's key as a file name: the image folder is flat, so a slash would lose it its own name."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", key)


def by_rule_label(a: str, b: str) -> str:
    return f"by-rule-{a}--{b}"


def compare_command(games: int) -> str:
    return (f"costly compare --games {games} --seed {SEED} --skill-games {skill_games(games)} "
            f"--search-games {search_games(games)}")


def by_rule_command(a: str, b: str, games: int) -> str:
    return f"costly compare {a} {b} --by-rule --games {by_rule_games(games)} --seed {SEED}"


# Formatting -------------------------------------------------------------------------------------------------

def _scaled(value: float, unit: str) -> float:
    return value * 100 if unit == "share" else value


def _fixed(value: float, places: int, *, signed: bool = False) -> str:
    """A number to ``places`` decimals, never a signed zero (``-0.00``, ``+0.0``), with a true minus."""
    text = f"{value:+.{places}f}" if signed else f"{value:.{places}f}"
    if float(text) == 0:
        text = f"{0:.{places}f}"
    return text.replace("-", "\u2212")


def value_text(e: Mapping[str, Any], unit: str) -> str:
    v = _scaled(e["value"], unit)
    return f"{_fixed(v, 1)}%" if unit == "share" else _fixed(v, 2)


def interval_text(e: Mapping[str, Any], unit: str) -> str:
    if e.get("low") is None or e.get("high") is None:
        return "too few games"
    low, high = _scaled(e["low"], unit), _scaled(e["high"], unit)
    places = 1 if unit == "share" else 2
    return f"{_fixed(low, places)} to {_fixed(high, places)}"


def estimate_text(e: Mapping[str, Any], unit: str) -> str:
    return f"{value_text(e, unit)} ({interval_text(e, unit)})"


def difference_text(e: Mapping[str, Any], unit: str, key: str = "", *, units: bool = False) -> str:
    """A paired difference with its interval (and, with ``units``, its unit), and a star where it survived the
    report's error control (``stats.control``). A difference the games cannot tell from zero, or identical games, reads "no difference"
    where its value would round to a signed zero."""
    v = _scaled(e["value"], unit)
    places = 1 if unit == "share" else 2
    head = _fixed(v, places, signed=True)
    unit_words = f" {kind_of(key, unit).unit}" if units else (" pp" if unit == "share" else "")
    if e.get("value") == 0 and e.get("low") == 0 and e.get("high") == 0:
        return "none: the same games"
    return f"{head}{unit_words} ({interval_text(e, unit)})" + (" *" if e.get("starred") else "")


def short_number(value: float, unit: str, key: str, places: int = 1) -> str:
    """A difference in a sentence: ``+6.5 deals per game``, ``\u22121.2 percentage points``."""
    v = _scaled(value, unit)
    return f"{_fixed(v, places, signed=True)} {kind_of(key, unit).unit}"


def games_line(s: Mapping[str, Any], *, skill: bool = False) -> str:
    """What a figure or table comes from, in one line, and what its star means."""
    bots = " and ".join(dict.fromkeys(s.get("bots") or BOTS))
    games = (f"{s['skill_games']:,} seeds a profile, each played twice with the seats swapped" if skill else
             f"{s['games_played']:,} games a profile, the {bots} bot in every seat")
    return (f"From {games}, seed {s['seed']}, every profile on the same seeds. "
            "* marks a difference clear of zero after allowing for every difference its comparison tests (Holm's "
            "method): at most a 5% chance that any star of the comparison is false; "
            "pp: percentage points.")


def games_note(s: Mapping[str, Any], *, skill: bool = False) -> nodes.paragraph:
    return n.para(games_line(s, skill=skill), classes=["costly-games-line"])


# What each figure of the main report is, in a reader's words, by its key; a figure not named here is
# shown with the comparison's own label.
TITLES: dict[str, tuple[str, str]] = {
    "first_dealer_wins": ("The first dealer's wins", "the share of games won by the side that dealt first"),
    "dealer_edge": ("The dealer's edge", "the dealer's side's points in a deal less the other side's"),
    "points_per_deal": ("Points per deal", "both sides' points in a deal"),
    "deals_per_game": ("Game length", "deals per game"),
    "won_in_play": ("Won in the play", "the share of games whose winner reached the target in the play"),
    "won_at_count": ("Won at the count", "the share of games whose winner reached the target at the count"),
    "winning_margin": ("The winning margin", "the winner's points less the loser's at the end"),
    "lead_changes": ("Lead changes", "how often the lead changes hands in a game"),
    "drama": ("Drama", "the most points the eventual winner was ever behind"),
    "decisiveness": ("Decisiveness", "the share of the game's deals after which the winner led for good"),
    "skill.search-greedy": ("The search bot against the greedy", "the share of games the search bot wins, "
                            "each seed played twice with the seats swapped"),
    "skill.expert-greedy": ("The expert bot against the greedy", "the share of games the expert bot wins, "
                                                                   "seats swapped"),
    "skill.greedy-random": ("The greedy bot against the random", "the share of games the greedy bot wins, "
                                                                   "seats swapped"),
}

SECTIONS = (("game", "The game"), ("points", "Points per deal by source"), ("feel", "How the game feels"),
            ("skill", "Skill: how much good play counts"))


# The axis of each figure, short enough for a figure drawn for a phone.
AXES = {"first_dealer_wins": "% of games", "dealer_edge": "points per deal", "points_per_deal": "points per deal",
        "deals_per_game": "deals per game", "won_in_play": "% of games", "won_at_count": "% of games",
        "winning_margin": "points", "lead_changes": "lead changes per game", "drama": "points behind",
        "decisiveness": "% of the game's deals", "skill.search-greedy": "% of games won",
        "skill.expert-greedy": "% of games won",
        "skill.greedy-random": "% of games won"}


def title_of(row: Mapping[str, Any]) -> tuple[str, str]:
    return TITLES.get(row["key"], (row["label"].strip().capitalize(), row["label"].strip()))


def axis_of(key: str, unit: str) -> str:
    return AXES.get(key, "%" if unit == "share" else "value")


# Directives -------------------------------------------------------------------------------------------------

def _section(d: CostlyDirective, title: str, label: str, *body: nodes.Node) -> nodes.section:
    sec = nodes.section()
    n.anchor(sec, label, d.state.document)
    sec += nodes.title("", "", nodes.Text(title))
    sec += body
    return sec


def _figure_section(d: CostlyDirective, data: Mapping[str, Any], row: Mapping[str, Any],
                    chosen: Sequence[Profile]) -> nodes.section:
    """One figure of the report: each profile's value with its interval, drawn and tabled, and each
    profile's paired difference from the first."""
    title, meaning = title_of(row)
    unit = row["unit"]
    ids = [p.id for p in chosen if p.id in row["estimates"]]
    estimates = [row["estimates"][i] for i in ids]
    base = short_title(data["baseline"])
    axis = axis_of(row["key"], unit)
    fig = figure(Path(d.env.srcdir), f"compare-{slug(row['key'])}",
                 interval_paint([short_title(i) for i in ids], estimates, xlabel=axis, percent=unit == "share",
                                half=unit == "share"),
                 height=interval_height(len(ids)), alt=f"{title}: each profile's value with its 95% interval",
                 caption=f"{title}: {meaning}, per profile, with 95% intervals"
                         + (" (the line: 50%)." if unit == "share" else "."))
    rows = []
    unit_words = "%" if unit == "share" else kind_of(row["key"], unit).unit
    for i, e in zip(ids, estimates):
        diff = row["differences"].get(i)
        rows.append([[n.xref(profile_label(i), short_title(i))], estimate_text(e, unit),
                     difference_text(diff, unit) if diff else "the baseline"])
    table = n.data_table(["profile", f"{unit_words} (95% interval)", f"difference from {base}"], rows,
                         widths=[34, 33, 33], labels=["", "value", f"less {base}"], classes=["costly-numbers"])
    skill = row["section"] == "skill"
    return _section(d, title, f"compare-{row['key']}", n.para(meaning[0].upper() + meaning[1:] + "."),
                    figure_with_table(fig, table), games_note(data["settings"], skill=skill))


def _points_section(d: CostlyDirective, data: Mapping[str, Any], rows: Sequence[Mapping[str, Any]],
                    chosen: Sequence[Profile]) -> list[nodes.Node]:
    """Points per deal by source: a figure of the four groups per profile, and every source's points per
    deal and difference from the first profile in a table."""
    ids = [p.id for p in chosen]
    base = short_title(data["baseline"])
    groups = [r for r in rows if not r["label"].startswith(" ")]
    out: list[nodes.Node] = []
    for group in groups:
        title = f"Points from the {group['key'].removeprefix('points.')}"
        unit = group["unit"]
        estimates = [group["estimates"][i] for i in ids]
        fig = figure(Path(d.env.srcdir), f"compare-{slug(group['key'])}",
                     interval_paint([short_title(i) for i in ids], estimates, xlabel="points per deal"),
                     height=interval_height(len(ids)),
                     alt=f"{title}: each profile's points per deal with its 95% interval",
                     caption=f"{title}, per deal, per profile, with 95% intervals.")
        members = [group] + [r for r in rows if r["label"].startswith(" ")
                             and _group_of(r, rows) is group]
        table_rows = []
        for member in members:
            label = member["label"].strip()
            for i in ids:
                diff = member["differences"].get(i)
                table_rows.append([label if i == ids[0] else "", [n.xref(profile_label(i), short_title(i))],
                                   estimate_text(member["estimates"][i], unit),
                                   difference_text(diff, unit) if diff else "the baseline"])
        table = n.data_table(["source", "profile", "points per deal (95% interval)", f"less {base}"], table_rows,
                             widths=[24, 28, 24, 24], labels=["", "profile", "points per deal", f"less {base}"],
                             classes=["costly-numbers"])
        out.append(_section(d, title, f"compare-{group['key']}", figure_with_table(fig, table, stacked=True),
                            games_note(data["settings"])))
    return out


def _group_of(row: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The group row a source's row falls under: the last group row before it."""
    found = None
    for r in rows:
        if not r["label"].startswith(" "):
            found = r
        if r is row:
            return found
    return None


class ComparisonFiguresDirective(CostlyDirective):
    """``.. costly-comparison-figures::``: the main report of every profile's games, section by section,
    each figure with its table: values, intervals and paired differences from the first profile."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        games = int(self.config.costly_compare_games)
        chosen = self.data.distinct_profiles()
        data = comparison(self.data, games)
        s = data["settings"]
        out: list[nodes.Node] = [n.para(
            f"{s['games_played']:,} games per profile, the greedy bot against itself, seed {s['seed']}, every profile "
            f"playing the same seeds; the skill figures {s['skill_games']:,} seeds per profile, each played twice with "
            f"the seats swapped. The first profile, {short_title(data['baseline'])}, is the baseline of every "
            "difference. The same numbers from the command line: ", n.literal(compare_command(games)), "."),
            games_note(s)]
        for section, heading in SECTIONS:
            rows = [r for r in data["figures"] if r["section"] == section]
            if not rows:
                continue
            if section == "points":
                body: list[nodes.Node] = _points_section(self, data, rows, chosen)
            else:
                body = [_figure_section(self, data, r, chosen) for r in rows]
            out.append(_section(self, heading, f"compare-section-{section}", *body))
        for section in dict.fromkeys(r["section"] for r in data["figures"]):
            if section not in dict(SECTIONS):
                rows = [r for r in data["figures"] if r["section"] == section]
                out.append(_section(self, section.capitalize(), f"compare-section-{section}",
                                    *[_figure_section(self, data, r, chosen) for r in rows]))
        return [self.located(node) for node in out]


# The figures --by-rule attributes to rules, in a reader's words (any other the comparison adds is shown
# with its own label).
BY_RULE_TITLES = {key: TITLES[key] for key in ("deals_per_game", "points_per_deal", "dealer_edge",
                                               "first_dealer_wins", "won_in_play", "lead_changes")}


def _figure_title(f: Mapping[str, Any]) -> str:
    return TITLES.get(f["key"], (f["label"].strip(), ""))[0]


def _switch_title(sw: Mapping[str, Any], titles: Mapping[str, str]) -> str:
    return " + ".join(titles.get(r, r) for r in sw["rules"])


def _change(switch: Mapping[str, Any], a: Profile, b: Profile) -> str:
    """What a switch changes, in words: ``61 points \u2192 121 points``."""
    return "; ".join(f"{words(k, a.values[k])} \u2192 {words(k, b.values[k])}" for k in switch["rules"])


def _same_games(e: Mapping[str, Any]) -> bool:
    return e.get("value") == 0 and e.get("low") == 0 and e.get("high") == 0


def _standing(sw: Mapping[str, Any], units: Mapping[str, str]) -> Verdict:
    """A switch's standing: the best verdict of its effects."""
    found = {verdict(e, k, units[k]) for k, e in sw["effects"].items() if k in units}
    return next((v for v in (Verdict.HEADLINE, Verdict.SMALL) if v in found), Verdict.UNCLEAR)


def _unexercised(switches: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The switches whose games are the base's, game for game: the bots never exercise the rule."""
    return [sw for sw in switches if all(_same_games(e) for e in sw["effects"].values())]


class ByRuleDirective(CostlyDirective):
    """``.. costly-by-rule:: A B``: from profile A, each rule that differs switched alone to B's value,
    and what it changes on the same seeds: the whole change, the rules that matter, those detectable but
    small, those with no clear effect in a line; then each headline figure with only the rules that move it."""

    required_arguments = 2
    has_content = False
    option_spec = {"games": directives.positive_int}

    def run(self) -> list[nodes.Node]:
        a, b = (self.profile(r) for r in self.arguments)
        if a is None or b is None:
            return []
        games = int(self.options.get("games", self.config.costly_compare_games))
        try:
            data = by_rule(self.data, a, b, games)
        except byrule.ByRuleError as exc:
            self.warn(str(exc))
            return []
        s = data["settings"]
        titles = self.data.rule_titles
        sa, sb = short_title(a), short_title(b)
        units = {f["key"]: f["unit"] for f in data["figures"]}
        intro = n.para(
            f"From {sa}, each rule on which {sb} differs is switched to {sb}'s value alone (rules that only work "
            "together are switched together), and the games are played again on the same seeds. Each effect is the "
            "paired difference from ", n.xref(profile_label(a.id), sa), "'s own games, with its 95% interval. Rules "
            f"interact, so the single effects need not add up to the whole change from {sa} to {sb}. The same "
            "numbers: ", n.literal(by_rule_command(a.id, b.id, games)), ".")
        total_rows = []
        for f in data["figures"]:
            if f["key"] not in BY_RULE_TITLES and (f["label"].startswith(" ") or verdict(
                    data["total"][f["key"]], f["key"], f["unit"]) is not Verdict.HEADLINE):
                continue  # the headline figures, and the others (not each source's points) that move
            unit_words = "%" if f["unit"] == "share" else kind_of(f["key"], f["unit"]).unit
            total_rows.append([f"{_figure_title(f)} ({unit_words})",
                               estimate_text(f["from_value"], f["unit"]), estimate_text(f["to_value"], f["unit"]),
                               difference_text(data["total"][f["key"]], f["unit"], f["key"]),
                               _sum_text(data["sum_of_effects"][f["key"]], f["unit"])])
        whole = n.data_table(["figure (unit)", sa, sb, f"{sb} less {sa}", "sum of the single effects"], total_rows,
                             widths=[24, 19, 19, 22, 16],
                             labels=["", sa, sb, "the whole change", "sum of single effects"],
                             classes=["costly-whole-change"])
        out: list[nodes.Node] = [n.target(by_rule_label(a.id, b.id), self.state.document), intro,
                                 _section(self, f"The whole change, {sa} to {sb}",
                                          f"{by_rule_label(a.id, b.id)}--whole", whole, games_note(s))]
        out.append(_section(self, "Which rules matter", f"{by_rule_label(a.id, b.id)}--clear",
                            *self.rule_lists(a, b, data, units)))
        for f in data["figures"]:
            if f["key"] in BY_RULE_TITLES:
                out.append(self.effect_section(a, b, data, f))
        return [self.located(node) for node in out]

    def rule_lists(self, a: Profile, b: Profile, data: Mapping[str, Any],
                   units: Mapping[str, str]) -> list[nodes.Node]:
        """The rules whose effect matters, each with what it moves; then the detectable but small, the rules
        the bots never exercise, and the rest, each group in a line."""
        titles = self.data.rule_titles
        switches = data["switches"]
        labels = {f["key"]: _figure_title(f).lower() for f in data["figures"]}
        sections = {f["key"]: f["section"] for f in data["figures"]}
        out: list[nodes.Node] = [n.para(
            f"A rule matters here when its effect alone on some figure is clear of zero and at least the size "
            f"that matters ({sizes_text()}; see ", n.xref("comparing-thresholds", "the comparing page"), ").")]
        items = nodes.bullet_list()
        for sw in switches:
            if _standing(sw, units) is not Verdict.HEADLINE:
                continue
            moved = "; ".join(f"{labels.get(k, k)} "
                              f"{difference_text(e, units[k], k, units=labels.get(k) != kind_of(k, units[k]).unit)}"
                              for k, e in sw["effects"].items()
                              if k in units and sections.get(k) != "points"
                              and verdict(e, k, units[k]) is Verdict.HEADLINE)
            if not moved:
                moved = "the points of the sources it governs (in the whole change, above)"
            items += nodes.list_item("", n.para(
                n.xref(rule_label(sw["rules"][0]), _switch_title(sw, titles)), f" ({_change(sw, a, b)}): {moved}."))
        if len(items):
            out.append(items)
        else:
            out.append(n.para("No rule alone makes a difference that matters at this number of games."))
        small = [sw for sw in switches if _standing(sw, units) is Verdict.SMALL]
        never = _unexercised(switches)
        rest = [sw for sw in switches if _standing(sw, units) is Verdict.UNCLEAR and sw not in never]
        for group, head in ((small, "Detectable but small (clear of zero, under the sizes that matter)"),
                            (never, "Never exercised by these bots (every game the same as under "
                                    f"{short_title(a)}: the greedy bot always asks to mog and always agrees, so "
                                    "no mog is refused, and it meets some rules never)"),
                            (rest, "No effect these games can tell from zero")):
            if group:
                out.append(n.para(n.strong(f"{head}, {len(group)}: "),
                                  *n.joined([n.xref(rule_label(sw["rules"][0]), _switch_title(sw, titles))
                                             for sw in group], "; "), "."))
        return out

    def effect_section(self, a: Profile, b: Profile, data: Mapping[str, Any], f: Mapping[str, Any]) -> nodes.section:
        key, unit = f["key"], f["unit"]
        title, meaning = BY_RULE_TITLES.get(key, (f["label"], f["label"]))
        titles = self.data.rule_titles
        sa, sb = short_title(a), short_title(b)
        switches = [sw for sw in data["switches"] if sw["effects"][key].get("starred")]
        others = len(data["switches"]) - len(switches)
        labels = [_switch_title(sw, titles) for sw in switches] + [f"all of them: {sb}"]
        effects = [sw["effects"][key] for sw in switches] + [data["total"][key]]
        axis = "change, " + ("percentage points" if unit == "share" else axis_of(key, unit))
        fig = figure(Path(self.env.srcdir), f"byrule-{a.id}-{b.id}-{slug(key)}",
                     interval_paint(labels, effects, xlabel=axis, zero=True, percent=unit == "share", wrap=22),
                     height=0.9 + 0.36 * len(labels) + 0.08 * sum(len(x) > 22 for x in labels),
                     alt=f"{title}: the effect of each rule switched from {sa} to {sb}, with 95% intervals",
                     caption=f"{title} ({meaning}): the effect of each rule alone that is clear of zero, and of all "
                             f"of them ({sb} against {sa}), with 95% intervals.")
        rows = []
        for sw in switches:
            rows.append([[n.xref(rule_label(sw["rules"][0]), _switch_title(sw, titles))],
                         _change(sw, a, b), difference_text(sw["effects"][key], unit, key, units=True)])
        rows.append([f"all of them ({sb})", "", difference_text(data["total"][key], unit, key, units=True)])
        table = n.data_table(["rule", f"{sa} \u2192 {sb}", "effect (95% interval)"], rows, widths=[38, 32, 30],
                             labels=["", "change", "effect"], classes=["costly-numbers", "costly-effects"])
        rest = n.para(f"The other {others} rule{'s' if others != 1 else ''}: no effect on this figure that these "
                      "games can tell from zero." if others else "Every rule's effect on this figure is clear of zero.")
        return _section(self, title, f"{by_rule_label(a.id, b.id)}--{key}", n.para(
            f"{title} ({meaning}): {estimate_text(f['from_value'], unit)} under {sa}, "
            f"{estimate_text(f['to_value'], unit)} under {sb}."), figure_with_table(fig, table, stacked=True), rest,
            games_note(data["settings"]))


def _sum_text(value: float, unit: str) -> str:
    return _fixed(_scaled(value, unit), 1 if unit == "share" else 2, signed=True) + (" pp" if unit == "share" else "")


def headline_parts(data: Mapping[str, Any], key: str) -> tuple[Mapping[str, Any], str, str]:
    """A whole change explained by its parts: the switch that moves ``key`` most alone, its effect
    ("alone +6.5 deals per game"), and the rest ("the other 16 changes together, with how they interact,
    \u22123.7")."""
    unit = next(f["unit"] for f in data["figures"] if f["key"] == key)
    best = max(data["switches"], key=lambda sw: abs(sw["effects"][key]["value"]))
    alone = best["effects"][key]["value"]
    others = len(data["switches"]) - 1
    rest = ""
    if others:
        rest = (f"the other {others} change{'s' if others != 1 else ''} together, with how the changes interact, "
                f"{short_number(data['total'][key]['value'] - alone, unit, key)}")
    return best, f"alone {short_number(alone, unit, key)}", rest


class ComparisonHeadlineDirective(CostlyDirective):
    """``.. costly-comparison-headline:: A B [C ...]``: in a few sentences, what the rules of B (and C ...)
    do to A's game: the length of a game, headlined only where the difference is clear of zero and large
    enough to matter, explained by the rule that moves it most and the rest together."""

    required_arguments = 2
    optional_arguments = 4
    has_content = False

    def run(self) -> list[nodes.Node]:
        found = [self.profile(r) for r in self.arguments]
        chosen = [p for p in found if p is not None]
        if len(chosen) < 2:
            return []
        games = int(self.config.costly_compare_games)
        base = chosen[0]
        items = nodes.bullet_list(classes=["costly-headline"])
        settings: Mapping[str, Any] = {}
        titles = self.data.rule_titles
        for other in chosen[1:]:
            try:
                data = by_rule(self.data, base, other, games)
            except byrule.ByRuleError as exc:
                self.warn(str(exc))
                continue
            settings = data["settings"]
            key = "deals_per_game"
            f = next(x for x in data["figures"] if x["key"] == key)
            total = data["total"][key]
            sb, sa = short_title(other), short_title(base)
            head: list[n.Child] = [n.strong(f"{sa} \u2192 {sb}: ")]
            if verdict(total, key, "number") is Verdict.HEADLINE:
                best, alone, rest = headline_parts(data, key)
                head += [f"a game lasts {value_text(f['to_value'], 'number')} deals under {sb}'s rules and "
                         f"{value_text(f['from_value'], 'number')} under {sa}'s: "
                         f"{short_number(total['value'], 'number', key, 2)} ",
                         f"(95% interval {interval_text(total, 'number')}). Of that, ",
                         n.xref(rule_label(best["rules"][0]), _switch_title(best, titles).lower()),
                         f" {alone}" + (f"; {rest}" if rest else "") + ". "]
            else:
                head += [f"a game's length changes by less than {DEALS.shown}, or by too little for these games to "
                         f"tell ({value_text(f['to_value'], 'number')} deals against "
                         f"{value_text(f['from_value'], 'number')}). "]
            head += [n.xref(by_rule_label(base.id, other.id), "Which rules matter, with their intervals"), "."]
            items += nodes.list_item("", n.para(*head))
        out: list[nodes.Node] = [items]
        if settings:
            out.append(n.para(
                f"From {settings['games_played']:,} games a profile, the greedy bot in every seat, seed "
                f"{settings['seed']}, the same seeds under each set of rules; a difference is headlined only when its "
                f"95% interval is clear of zero and it is at least {DEALS.shown}.", classes=["costly-games-line"]))
        return [self.located(node) for node in out]


class ThresholdsDirective(CostlyDirective):
    """``.. costly-thresholds::``: the sizes that matter (``runs.thresholds``), stated where the site and
    the command line's first screen are explained."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        rows = [[k.name, k.unit, k.shown] for k in KINDS]
        table = n.data_table(["kind of figure", "a difference in", "matters from"], rows, widths=[30, 40, 30],
                             labels=["", "in", "matters from"])
        return [n.target("comparing-thresholds", self.state.document), n.para(thresholds_text()), self.located(table)]
