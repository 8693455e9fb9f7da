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

from ..compare import byrule, study
from ..profiles import Profile
from . import nodes as n
from .citations import profile_label, rule_label
from .data import SiteData
from .directive import CostlyDirective
from .plots import figure, figure_with_table, interval_height, interval_paint

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


def value_text(e: Mapping[str, Any], unit: str) -> str:
    v = _scaled(e["value"], unit)
    return f"{v:.1f}%" if unit == "share" else f"{v:.2f}"


def interval_text(e: Mapping[str, Any], unit: str) -> str:
    if e.get("low") is None or e.get("high") is None:
        return "too few games"
    low, high = _scaled(e["low"], unit), _scaled(e["high"], unit)
    return f"{low:.1f} to {high:.1f}" if unit == "share" else f"{low:.2f} to {high:.2f}"


def estimate_text(e: Mapping[str, Any], unit: str) -> str:
    return f"{value_text(e, unit)} ({interval_text(e, unit)})"


def difference_text(e: Mapping[str, Any], unit: str) -> str:
    """A paired difference with its interval, and a star where the interval is clear of zero."""
    v = _scaled(e["value"], unit)
    head = f"{v:+.1f} pp" if unit == "share" else f"{v:+.2f}"
    return f"{head} ({interval_text(e, unit)})" + (" *" if e.get("clear_of_zero") else "")


STAR_NOTE = ("* the 95% interval is clear of zero: these games tell the difference from chance. "
             "pp: percentage points.")

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
    base = data["baseline"]
    axis = axis_of(row["key"], unit)
    fig = figure(Path(d.env.srcdir), f"compare-{slug(row['key'])}",
                 interval_paint(ids, estimates, xlabel=axis, percent=unit == "share"),
                 height=interval_height(len(ids)), alt=f"{title}: each profile's value with its 95% interval",
                 caption=f"{title}: {meaning}, per profile, with 95% intervals.")
    rows = []
    for i, e in zip(ids, estimates):
        diff = row["differences"].get(i)
        rows.append([[n.xref(profile_label(i), i)], estimate_text(e, unit),
                     difference_text(diff, unit) if diff else "the baseline"])
    table = n.data_table(["profile", "value (95% interval)", f"difference from {base}"], rows, widths=[34, 33, 33],
                         labels=["", "value", f"less {base}"])
    return _section(d, title, f"compare-{row['key']}", n.para(meaning[0].upper() + meaning[1:] + "."),
                    figure_with_table(fig, table))


def _points_section(d: CostlyDirective, data: Mapping[str, Any], rows: Sequence[Mapping[str, Any]],
                    chosen: Sequence[Profile]) -> list[nodes.Node]:
    """Points per deal by source: a figure of the four groups per profile, and every source's points per
    deal and difference from the first profile in a table."""
    ids = [p.id for p in chosen]
    base = data["baseline"]
    groups = [r for r in rows if not r["label"].startswith(" ")]
    out: list[nodes.Node] = []
    for group in groups:
        title = f"Points from the {group['key'].removeprefix('points.')}"
        unit = group["unit"]
        estimates = [group["estimates"][i] for i in ids]
        fig = figure(Path(d.env.srcdir), f"compare-{slug(group['key'])}",
                     interval_paint(ids, estimates, xlabel="points per deal"), height=interval_height(len(ids)),
                     alt=f"{title}: each profile's points per deal with its 95% interval",
                     caption=f"{title}, per deal, per profile, with 95% intervals.")
        members = [group] + [r for r in rows if r["label"].startswith(" ")
                             and _group_of(r, rows) is group]
        table_rows = []
        for member in members:
            label = member["label"].strip()
            for i in ids:
                diff = member["differences"].get(i)
                table_rows.append([label if i == ids[0] else "", [n.xref(profile_label(i), i)],
                                   estimate_text(member["estimates"][i], unit),
                                   difference_text(diff, unit) if diff else "the baseline"])
        table = n.data_table(["source", "profile", "per deal (95% interval)", f"less {base}"], table_rows,
                             widths=[24, 28, 24, 24], labels=["", "profile", "per deal", f"less {base}"])
        out.append(_section(d, title, f"compare-{group['key']}", figure_with_table(fig, table)))
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
            f"the seats swapped. The first profile, {data['baseline']}, is the baseline of every difference. "
            "The same numbers from the command line: ", n.literal(compare_command(games)), "."),
            n.para(STAR_NOTE, classes=["costly-star-note"])]
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


def _rule_label(rules: Sequence[str]) -> str:
    return " + ".join(rules)


class ByRuleDirective(CostlyDirective):
    """``.. costly-by-rule:: A B``: from profile A, each rule that differs switched alone to B's value,
    and what it changes on the same seeds, each figure with its interval; beside the whole change."""

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
        intro = n.para(
            f"From {a.id}, each rule on which {b.id} differs is switched to {b.id}'s value alone (rules that "
            f"only work together are switched together), and the games are played again on the same seeds: "
            f"{s['games_played']:,} games each, the greedy bot against itself, seed {s['seed']}. Each effect is the "
            "paired difference from ", n.xref(profile_label(a.id), a.id), "'s own games, with its 95% interval. Rules "
            f"interact, so the single effects need not add up to the whole change from {a.id} to {b.id}; the first "
            "table gives both. The same numbers: ", n.literal(by_rule_command(a.id, b.id, games)), ".")
        total_rows = []
        for f in data["figures"]:
            title, _ = BY_RULE_TITLES.get(f["key"], (f["label"], f["label"]))
            total_rows.append([title, estimate_text(f["from_value"], f["unit"]), estimate_text(f["to_value"], f["unit"]),
                               difference_text(data["total"][f["key"]], f["unit"]),
                               _sum_text(data["sum_of_effects"][f["key"]], f["unit"])])
        whole = n.data_table(["figure", a.id, b.id, f"{b.id} less {a.id}", "sum of the single effects"], total_rows,
                             widths=[20, 20, 20, 22, 18], labels=["", a.id, b.id, "the whole change", "sum of single effects"])
        out: list[nodes.Node] = [n.target(by_rule_label(a.id, b.id), self.state.document), intro,
                                 n.para(STAR_NOTE, classes=["costly-star-note"]),
                                 _section(self, f"The whole change, {a.id} to {b.id}",
                                          f"{by_rule_label(a.id, b.id)}--whole", whole)]
        clear = [sw for sw in data["switches"] if sw["clear"]]
        if clear:
            units = {f["key"]: f["unit"] for f in data["figures"]}
            items = nodes.bullet_list()
            for sw in clear:
                change = _change(sw)
                moved = "; ".join(f"{BY_RULE_TITLES.get(k, (k, k))[0].lower()} {difference_text(sw['effects'][k], units[k])}"
                                  for k in sw["clear"])
                items += nodes.list_item("", n.para(
                    n.xref(rule_label(sw["rules"][0]), " + ".join(titles.get(r, r) for r in sw["rules"])),
                    f" ({change})" if len(change) <= 40 else "", f": {moved}."))
            out.append(_section(self, "The effects clear of zero", f"{by_rule_label(a.id, b.id)}--clear",
                                n.para("Each rule whose switch alone makes a difference these games can tell from "
                                       "chance, and what it moves:"), items))
        for f in data["figures"]:
            out.append(self.effect_section(a, b, data, f))
        return [self.located(node) for node in out]

    def effect_section(self, a: Profile, b: Profile, data: Mapping[str, Any], f: Mapping[str, Any]) -> nodes.section:
        key, unit = f["key"], f["unit"]
        title, meaning = BY_RULE_TITLES.get(key, (f["label"], f["label"]))
        switches = data["switches"]
        labels = [_rule_label(sw["rules"]) for sw in switches] + [f"all of them: {b.id}"]
        effects = [sw["effects"][key] for sw in switches] + [data["total"][key]]
        axis = "change, " + ("percentage points" if unit == "share" else axis_of(key, unit))
        fig = figure(Path(self.env.srcdir), f"byrule-{a.id}-{b.id}-{slug(key)}",
                     interval_paint(labels, effects, xlabel=axis, zero=True, percent=unit == "share", wrap=20),
                     height=0.9 + 0.36 * len(labels) + 0.08 * sum(len(x) > 15 for x in labels),
                     alt=f"{title}: the effect of each rule switched from {a.id} to {b.id}, with 95% intervals",
                     caption=f"{title} ({meaning}): the effect of each rule alone, and of all of them "
                             f"({b.id} against {a.id}), with 95% intervals.")
        titles = self.data.rule_titles
        rows = []
        for sw in switches:
            rows.append([[n.xref(rule_label(sw["rules"][0]), " + ".join(titles.get(r, r) for r in sw["rules"]))],
                         _change(sw), difference_text(sw["effects"][key], unit)])
        rows.append([f"all of them ({b.id})", "", difference_text(data["total"][key], unit)])
        table = n.data_table(["rule", f"{a.id} \u2192 {b.id}", "effect (95% interval)"], rows, widths=[42, 28, 30],
                             labels=["", "change", "effect"])
        return _section(self, title, f"{by_rule_label(a.id, b.id)}--{key}", n.para(
            f"{title} ({meaning}): {estimate_text(f['from_value'], unit)} under {a.id}, "
            f"{estimate_text(f['to_value'], unit)} under {b.id}."), figure_with_table(fig, table))


def _change(switch: Mapping[str, Any]) -> str:
    return "; ".join(f"{switch['from'][k]} \u2192 {switch['to'][k]}" for k in switch["rules"])


def _sum_text(value: float, unit: str) -> str:
    v = _scaled(value, unit)
    return f"{v:+.1f} pp" if unit == "share" else f"{v:+.2f}"


class ComparisonHeadlineDirective(CostlyDirective):
    """``.. costly-comparison-headline:: A B [C ...]``: in a few sentences, what the rules of B (and C ...)
    do to A's game, with intervals, and the rule that moves each the most, linked to its page."""

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
        for other in chosen[1:]:
            try:
                data = by_rule(self.data, base, other, games)
            except byrule.ByRuleError as exc:
                self.warn(str(exc))
                continue
            f = next(x for x in data["figures"] if x["key"] == "deals_per_game")
            total = data["total"]["deals_per_game"]
            best = max(data["switches"], key=lambda sw: abs(sw["effects"]["deals_per_game"]["value"]))
            effect = best["effects"]["deals_per_game"]
            titles = self.data.rule_titles
            items += nodes.list_item("", n.para(
                n.strong(f"{base.id} \u2192 {other.id}: "),
                f"a game lasts {value_text(f['to_value'], 'number')} deals under {other.id}'s rules and "
                f"{value_text(f['from_value'], 'number')} under {base.id}'s, a difference of "
                f"{difference_text(total, 'number')} deals. The rule that moves it most on its own: ",
                n.xref(rule_label(best["rules"][0]), titles.get(best["rules"][0], best["rules"][0])),
                f" ({_change(best)}), {difference_text(effect, 'number')} deals. ",
                n.xref(by_rule_label(base.id, other.id), "Every rule's effect, with its interval"), "."))
        return [self.located(items)]
