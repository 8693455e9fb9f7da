"""Choosing a ruleset, for players: for a short game, a close game, a game of skill, and beginners, which
bundled profile suits best (from the build's comparison) and which house rules make it suit better
(played at build time by the designer, ``costly design``), each said in plain words with its numbers,
and each house ruleset as a profile file to download that ``costly validate`` accepts.

``.. costly-choosing::`` builds the page's body. The files are written under the source folder's
``_house/`` (as figures are under ``_figures/``) and only when their bytes change.
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

from docutils import nodes
from sphinx import addnodes

from .. import profiles
from ..errors import CostlyError, UsageError
from ..profiles import Profile
from ..profiles.display import source_words
from ..profiles.rules import Status
from ..questions.design import DesignSettings, search, summarise
from ..questions.design_report import house_profile
from ..questions.study import local_runner, skill_difference, skill_estimate
from ..questions.targets import parse_prefer, parse_want
from ..runs.runner import GameSpec, Plan, run_plans
from ..runs.thresholds import Verdict, verdict
from . import nodes as n
from .citations import profile_label, rule_label
from .comparison import (SEED, TITLES, comparison, difference_text, estimate_text, interval_text, short_number,
                         value_text)
from .directive import CostlyDirective
from .glossary import SITE_TERMS
from .odds import SITE_BOT
from .tables import STATUS_MEANINGS
from .try_page import open_links
from .words import short_title, words

HOUSE_FOLDER = "_house"
# The designer's games for each goal (config ``costly_choosing_games``): few, so that the page builds in
# seconds; the command the page gives runs the same search, and more games narrow its intervals.
DESIGN_GAMES = 1000
MOST_CHANGES = 1


@dataclass(frozen=True)
class Goal:
    """A player's goal: the figure that measures it, which way is better, and what the designer is asked."""

    name: str
    title: str
    why: str  # the goal in a player's words, and why this figure measures it
    figure: str  # the comparison's key
    high: bool
    asks: tuple[tuple[str, str], ...]  # the designer's lines: ("want" | "prefer", text)
    asks_said: str
    figures: tuple[str, ...] = ()  # the designer's figures that measure the goal, said first


GOALS = (
    Goal("short", "A short game",
         "An evening's game, or a game between other things: the fewer deals a game takes, the shorter it is.",
         "deals_per_game", False, (("prefer", "deals per game:low"),), "as few deals a game as may be",
         ("deals_per_game",)),
    Goal("close", "A close game",
         "A game that stays in doubt: the more often the lead changes hands, the longer both players are in it.",
         "lead_changes", True, (("prefer", "lead changes a game:high"),), "as many changes of lead as may be",
         ("lead_changes",)),
    Goal("skill", "A game of skill",
         "A game the better player wins more often: measured by how often the expert bot (which weighs its mog "
         "and looks a card ahead) beats the greedy one. The play is where good choices tell, so the designer "
         "is asked for more games won in the play.",
         "skill.expert-greedy", True, (("prefer", "won in the play:high"),), "more games won in the play",
         ("won_in_play",)),
    Goal("beginners", "For beginners",
         "Few things to count, and a game that does not favour the dealer: the profile with the fewest kinds of "
         "score, and house rules that bring the dealer's edge down.",
         "sources", False, (("prefer", "dealer's edge per deal:low"),), "a smaller dealer's edge",
         ("dealer_edge",)),
)


def _sources(data: Mapping[str, Any], pid: str) -> int:
    """How many kinds of score (the sources of points) score at all under a profile."""
    return sum(1 for f in data["figures"] if f["section"] == "points" and f["label"].startswith(" ")
               and abs(f["estimates"].get(pid, {}).get("value", 0)) > 0)


def pick(data: Mapping[str, Any], goal: Goal, ids: Sequence[str]) -> list[tuple[float, str]]:
    """The bundled profiles, best for the goal first, each with its figure."""
    if goal.figure == "sources":
        scored = [(float(_sources(data, i)), i) for i in ids]
    else:
        row = next((f for f in data["figures"] if f["key"] == goal.figure), None)
        if row is None:
            return []
        scored = [(float(row["estimates"][i]["value"]), i) for i in ids if i in row["estimates"]]
    return sorted(scored, key=lambda x: (-x[0] if goal.high else x[0], x[1]))


def screen_games(games: int) -> int:
    return max(10, games // 10)


@lru_cache(maxsize=8)
def design(base: str, asks: tuple[tuple[str, str], ...], games: int = DESIGN_GAMES) -> dict[str, Any]:
    """The designer's best house rules for a goal, on the base profile, played once per build."""
    wants = [parse_want(text) for kind, text in asks if kind == "want"]
    prefers = [parse_prefer(text) for kind, text in asks if kind == "prefer"]
    settings = DesignSettings(games, SEED, ("greedy",), first_games=screen_games(games), most_changes=MOST_CHANGES)
    return summarise(search(profiles.load(base), wants, prefers, [], settings, local_runner(1)))


def shell_word(text: str) -> str:
    """``text`` as one word a shell reads back as it is: in double quotes where it holds an apostrophe and
    nothing a shell expands there ("dealer's edge per deal:low", easier to read than shlex's
    'dealer'"'"'s ...'), else as ``shlex.quote`` has it."""
    quoted = shlex.quote(text)
    if quoted != text and "'" in text and not set(text) & set('"$`\\!'):
        return f'"{text}"'
    return quoted


def design_command(base: str, asks: Sequence[tuple[str, str]], games: int = DESIGN_GAMES) -> str:
    """The terminal command that runs the same search, each argument quoted as a shell reads it (the
    dealer's edge has an apostrophe)."""
    said = " ".join(f"--{kind} {shell_word(text)}" for kind, text in asks)
    return (f"costly design --base {base} {said} --games {games} --screen-games {screen_games(games)} "
            f"--most-changes {MOST_CHANGES} --seed {SEED}")


def _write(srcdir: Path, name: str, text: str) -> str:
    path = srcdir / HOUSE_FOLDER / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return f"/{HOUSE_FOLDER}/{name}"


def skill_under(base: Profile, house: Profile, seeds: int, strong: str, weak: str) -> dict[str, Any]:
    """How often the stronger bot beats the weaker under the base's rules and under the house rule: the
    same seeds as the comparison's skill figure (each played twice, the seats swapped), paired."""
    plan = Plan((GameSpec.from_profile(base), GameSpec.from_profile(house)), (strong, weak), SEED + 1, seeds,
                skill=True)
    sums = run_plans([plan], jobs=1)[0].skill
    return {"base": skill_estimate(sums[0]).as_dict(), "house": skill_estimate(sums[1]).as_dict(),
            "difference": skill_difference(sums[0], sums[1]).as_dict(), "seeds": seeds}


def house_id(goal: Goal) -> str:
    return f"house-{goal.name}"


class ChoosingDirective(CostlyDirective):
    """``.. costly-choosing::``: a section per goal, with the bundled profile that suits it and the house
    rules the designer finds, and the house profile to download."""

    has_content = False

    @property
    def games(self) -> int:
        return int(self.config.costly_choosing_games)

    def run(self) -> list[nodes.Node]:
        games = int(self.config.costly_compare_games)
        data = comparison(self.data, games)
        bundled = set(profiles.bundled_ids())
        # the two-hand game: a partnership game wants four players (ties go to the older profile); a text not
        # read (Holme's) is no choice of rules: it has none of its own to count or recommend
        ids = [p.id for p in self.data.readable_profiles() if p.id in bundled and p.rules.players == 2]
        s = data["settings"]
        out: list[nodes.Node] = [n.para(
            f"The bundled profiles' figures come from the comparison played for this site ({s['games_played']:,} "
            f"games a profile, the greedy bot in every seat, seed {s['seed']}; the skill figures "
            f"{s['skill_games']:,} seeds, each played twice with the seats swapped). The house rules come from "
            f"the designer, played on {self.games:,} games, one change at most, from the profile chosen: every "
            "value it tries is one a bundled profile uses or a reading one records. The choices are among the "
            "games for two; four players play the partnership game. Each figure, and each word in brackets "
            "after a value (stated, disputed ...), is explained under ", n.xref("choosing-figures", "What the "
                                                                                "figures mean"), " below.",
            classes=["costly-games-line"])]
        self.shown: dict[str, str] = {}  # the figures the goals' sections name, as named, explained at the end
        for goal in GOALS:
            out.append(self.goal_section(goal, data, ids))
        out.append(self.meanings())
        return [self.located(node) for node in out]

    def meanings(self) -> nodes.section:
        """What each figure the page names is, what a percentage point and an interval are, and the words
        that say how sure a rule's value is: on the page, not only on pages a player may not have read."""
        sec = n.section("What the figures mean", "choosing-figures", self.state.document)
        terms = nodes.definition_list(classes=["costly-choosing-figures"])

        def term(name: str, meaning: str) -> None:
            item = nodes.definition_list_item()
            item += nodes.term("", name)
            item += nodes.definition("", n.para(meaning[0].upper() + meaning[1:].rstrip(".") + "."))
            terms.append(item)

        for key, label in self.shown.items():
            term(label, TITLES.get(key, (key, key))[1])
        term("percentage points", SITE_TERMS["percentage point"])
        term("95% interval (in brackets)", SITE_TERMS["95% interval"])
        sec += terms
        sec += n.para("Where a house rule's value comes from is said with how sure that value is in its own "
                      "profile:")
        statuses = nodes.definition_list(classes=["costly-legend"])
        for status in (s.value for s in Status if s.value in STATUS_MEANINGS):
            item = nodes.definition_list_item()
            item += nodes.term("", "", n.badge(status))
            item += nodes.definition("", n.para(STATUS_MEANINGS[status]))
            statuses += item
        sec += statuses
        return sec

    def goal_section(self, goal: Goal, data: Mapping[str, Any], ids: Sequence[str]) -> nodes.section:
        sec = nodes.section()
        n.anchor(sec, f"choosing-{goal.name}", self.state.document)
        sec += nodes.title("", "", nodes.Text(goal.title))
        sec += n.para(goal.why)
        ranked = pick(data, goal, ids)
        if not ranked:
            sec += n.para("Not measured in this build.")
            return sec
        best = self.data.by_id[ranked[0][1]]
        sec += n.para(*self.pick_words(goal, data, ranked, best))
        try:
            found = design(best.id, goal.asks, self.games)
        except (CostlyError, UsageError) as exc:
            self.warn(f"the design for {goal.name!r} could not be run: {exc}")
            return sec
        sec += self.house_words(goal, found, best)
        return sec

    def pick_words(self, goal: Goal, data: Mapping[str, Any], ranked: Sequence[tuple[float, str]],
                   best: Profile) -> list[n.Child]:
        link = n.xref(profile_label(best.id), short_title(best))
        if goal.figure == "sources":
            counts = ", ".join(f"{short_title(i)} {int(v)}" for v, i in ranked)
            return ["Choose ", link, f": {int(ranked[0][0])} kinds of score, the fewest of the bundled profiles "
                    f"(kinds of score that score at all: {counts})."]
        row = next(f for f in data["figures"] if f["key"] == goal.figure)
        unit = row["unit"]
        said = estimate_text(row["estimates"][best.id], unit)
        others = "; ".join(f"{short_title(i)} {value_text(row['estimates'][i], unit)}" for _, i in ranked[1:])
        top = row["estimates"][best.id]
        alike = [short_title(i) for _, i in ranked[1:] if i != best.id and top.get("low") is not None
                 and top["low"] <= row["estimates"][i]["value"] <= top["high"]
                 and row["estimates"][i]["value"] != top["value"]]
        what = {"deals_per_game": "deals a game", "lead_changes": "changes of lead a game",
                "skill.expert-greedy": "of games won by the expert bot"}.get(goal.figure, "")
        self.shown.setdefault(goal.figure, row["label"].strip())
        close = (f" {' and '.join(alike)} {'is' if len(alike) == 1 else 'are'} within its interval: much the same "
                 "on these games." if alike else "")
        bots = (f" These are games between greedy bots; a profile's page gives its lead changes for the "
                f"{SITE_BOT} bot on both sides, worked out from its win table, so its figures there differ a little."
                if goal.figure == "lead_changes" else "")
        return ["Choose ", link, f": {said} {what} (95% interval in brackets), the best of the bundled profiles "
                f"(the others: {others}).{close}{bots}"]

    def house_words(self, goal: Goal, found: Mapping[str, Any], best: Profile) -> list[nodes.Node]:
        if not found["best"]:
            return [n.para("The designer found no house rule that changes these bots' games.")]
        top = found["best"][0]
        figures = {f["key"]: f for f in found["figures"]}
        out: list[nodes.Node] = []
        change_parts: list[n.Child] = []
        for i, change in enumerate(top["changes"]):
            change_parts += (["; "] if i else []) + [
                n.xref(rule_label(change["rule"]), change["title"]), ": ",
                f"{words(change['rule'], change['from'])} \u2192 {words(change['rule'], change['to'])} (",
                source_words(change["source"]), ")"]
        moved: list[str] = []
        asked = [key for key in top["figures"] if key in goal.figures]
        for key in [*asked, *[k for k in top["figures"] if k not in asked]]:
            unit = figures.get(key, {}).get("unit", "number")
            d = top["figures"][key]["difference"]
            if verdict(d, key, unit) is Verdict.HEADLINE and len(moved) < 3:
                self.shown.setdefault(key, figures.get(key, {}).get("label", key).strip())
                moved.append(f"{figures.get(key, {}).get('label', key)} {short_number(d['value'], unit, key)} "
                             f"({interval_text(d, unit)})")
        out.append(n.para(f"House rules for {goal.asks_said}, from {short_title(best)}: ", *change_parts, ". ",
                          ("On the same seeds it moves: " + "; ".join(moved) + "." if moved else
                           "Its effects are clear of zero but under the sizes that matter: a small change.")))
        if moved:
            out[-1] += nodes.Text(" (The largest three that matter.)")
        name = f"{house_id(goal)}.yaml"
        title = (f"{short_title(best)} with a house rule for {goal.title[0].lower()}{goal.title[1:]}: "
                 + "; ".join(f"{c['title']}, {words(c['rule'], c['to'])}" for c in top["changes"]))
        text = house_profile(dict(found), top, profile_id=house_id(goal), extends=best.id, title=title)
        uri = _write(Path(self.env.srcdir), name, text)
        if goal.figure.startswith("skill."):
            out.append(self.skill_words(goal, best, Path(self.env.srcdir) / HOUSE_FOLDER / name))
        ref = addnodes.download_reference("", "", reftarget=uri, refdoc=self.env.docname, refexplicit=True,
                                          refdomain="", reftype="download")
        ref += nodes.literal("", name)
        out.append(n.para("Download the house profile: ", ref, " (check it with ", n.literal(f"costly validate {name}"),
                          ", play it with ", n.literal(f"costly compare {best.id} {name}"), "). The same search: ",
                          n.literal(design_command(best.id, goal.asks, self.games)), "."))
        out.append(open_links(self.env.docname, text))
        return out

    def skill_words(self, goal: Goal, best: Profile, house_file: Path) -> nodes.Node:
        """Whether skill counts more under the house rule found for the play: the goal's own figure (the
        expert against the greedy bot), measured under both rule sets on the comparison's skill seeds."""
        strong, weak = goal.figure.removeprefix("skill.").split("-")
        seeds = int(comparison(self.data, int(self.config.costly_compare_games))["settings"]["skill_games"])
        got = skill_under(best, profiles.load(house_file), seeds, strong, weak)
        d = got["difference"]
        standing = verdict(d, goal.figure, "share")
        more = standing is Verdict.HEADLINE and d["value"] > 0
        answer = ("Yes" if more else "No, it counts for less" if standing is Verdict.HEADLINE else
                  "Hardly: by less than the size that matters" if standing is Verdict.SMALL else
                  "Not that these games can tell")
        said = f"Does skill count more under it? {answer}: the {strong} bot beats the {weak} one in "
        return n.para(said, f"{estimate_text(got['house'], 'share')} of games under the house rule, against "
                      f"{estimate_text(got['base'], 'share')} without it, on the same {seeds:,} seeds played "
                      f"both ways round: a difference of {difference_text(d, 'share', goal.figure, units=True)}."
                      + ("" if more else " More games won in the play need not mean that good "
                         "play counts for more: the play's points may fall by luck as much as by choice."),
                      classes=["costly-skill-under-house"])


__all__ = ["GOALS", "ChoosingDirective", "Goal", "design", "pick"]
