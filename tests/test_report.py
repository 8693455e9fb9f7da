"""The comparison's text and Markdown: figures that never contradict their own marks."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, strategies as st

from costly_variants.runs.layout import cell, interval


def _clear(value: float, low: float, high: float) -> dict:
    return {"value": value, "low": low, "high": high, "clear_of_zero": low > 0 or high < 0,
            "starred": low > 0 or high < 0, "n": 100, "method": "paired-t"}


@pytest.mark.parametrize("unit, factor", [("number", 1), ("share", 100)])
def test_a_clear_difference_is_never_printed_as_zero(unit, factor):
    """0.001 with bounds [0.0005, 0.0015] once read 0.00±0.00*: clear of zero, and shown as zero."""
    estimate = _clear(0.001 / factor, 0.0005 / factor, 0.0015 / factor)
    text = cell(estimate, unit, signed=True, mark=True)
    assert text == "+0.0010±0.0005*"
    assert interval(estimate, unit, signed=True) == "+0.0010" + ("%" if unit == "share" else "") + \
        " [0.0005, 0.0015]"
    negative = _clear(-0.001 / factor, -0.0015 / factor, -0.0005 / factor)
    assert cell(negative, unit, signed=True, mark=True) == "-0.0010±0.0005*"


def test_usual_figures_keep_their_usual_decimals():
    assert cell(_clear(7.0234, 6.9, 7.1), "number") == "7.02±0.10"
    assert cell(_clear(0.521, 0.49, 0.552), "share") == "52.1±3.1"
    assert cell(_clear(0.0, 0.0, 0.0), "number", signed=True, mark=True) == "0.00±0.00"  # identical rules
    assert cell(_clear(0.004, -0.3, 0.308), "number", signed=True, mark=True) == "0.00±0.30"  # not clear: as was
    assert interval(_clear(8.5, 7.9, 9.1), "number") == "8.50 [7.90, 9.10]"


NUMBERS = re.compile(r"[-+]?\d+\.?\d*")


@given(st.floats(1e-7, 50), st.floats(0.01, 0.99), st.sampled_from(["number", "share"]), st.booleans())
def test_no_clear_interval_looks_as_if_it_reached_zero(size, inner, unit, negative):
    """Whatever the sizes: a clear value prints non-zero, value less half stays clear of zero in the
    text, and the bound nearer zero is not zero in the Markdown."""
    factor = 100 if unit == "share" else 1
    low, high = size * inner / factor, size / factor
    value = (low + high) / 2
    if negative:
        value, low, high = -value, -high, -low
    shown, half = (float(x) for x in NUMBERS.findall(cell(_clear(value, low, high), unit, signed=True))[:2])
    assert shown != 0 and (shown > 0) != negative and abs(shown) - half > 0
    bounds = [float(x) for x in NUMBERS.findall(interval(_clear(value, low, high), unit).split("[")[1])]
    assert all(b != 0 for b in bounds) and all((b > 0) != negative for b in bounds)


# -- the report from the top -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def every_profile():
    """The default comparison's profiles, in fewer games: enough for differences clear of zero."""
    from costly_variants import profiles
    from costly_variants.questions.study import Settings, local_runner, run_comparison

    return run_comparison(profiles.load_all(), Settings(60, 1, ("greedy",), skill_games=2), local_runner(2))


SECTION_HEADS = {"rules": "Rules that differ", "exact hands": "Exact hand statistics", "games": "Games",
                 "points by source": "Points per deal by source", "how the game feels": "How the game feels",
                 "skill": "Skill:", "decisive": "How decisive the game is", "checks": "Checks:",
                 "differences": "Differences from A"}


@pytest.mark.parametrize("width", [80, 60, 120])
def test_the_report_opens_with_a_screen_that_says_where_the_rest_is(every_profile, width):
    from costly_variants.questions.report import render_text

    text = render_text(every_profile, width)
    lines = text.splitlines()
    top = lines[:lines.index(next(l for l in lines if l.startswith("Rules that differ")))]
    if width == 80:
        assert len(top) <= 24, "\n".join(top)
    for p in every_profile["profiles"]:
        assert p["id"] in " ".join(top)
    flat = " ".join(" ".join(top).split())
    where = re.search(r"Below, by line: (.*)\.$", flat)
    assert where, flat
    for entry in where.group(1).split(", "):
        title, number = entry.rsplit(" ", 1)
        assert lines[int(number) - 1].startswith(SECTION_HEADS[title]), (entry, lines[int(number) - 1])


def test_the_summary_names_the_largest_clear_differences_in_words_with_intervals(every_profile):
    """Only differences clear of zero and at least the size that matters (runs/thresholds.py) are
    headlined; smaller clear ones are named as detectable but small."""
    from costly_variants.runs.layout import cell, letters
    from costly_variants.questions.report import render_text
    from costly_variants.runs.thresholds import Verdict, verdict

    data = every_profile
    text = render_text(data)
    top = text.split("\nRules that differ")[0]
    assert "The largest differences from A that matter (starred: clear of zero after allowing for all" in \
        " ".join(top.split())
    said = re.findall(r"\b([A-E]) \(([-+][\d.]+±[\d.]+)\)", " ".join(top.split()))
    assert len(said) >= 3
    key = {v: k for k, v in letters([p["id"] for p in data["profiles"]]).items()}
    headline = {(key_of, cell(f["differences"][pid], f["unit"], signed=True))
                for f in data["figures"] for key_of, pid in key.items() if pid in f["differences"]
                and verdict(f["differences"][pid], f["key"], f["unit"]) is Verdict.HEADLINE}
    assert set(said) <= headline  # every one named is clear of zero and large enough, with its interval
    # Stars counted out of the differences tested (those Holm's adjustment allows for), not every cell.
    found = re.search(r"\((\d+) of ([\d,]+) tested starred", " ".join(top.split()))
    assert found and int(found[1]) <= int(found[2].replace(",", "")) <= data["error_control"]["tested"]


def test_a_clear_but_small_difference_is_not_a_headline():
    from costly_variants.runs.thresholds import Verdict, verdict

    def diff(value, low, high):
        return {"value": value, "low": low, "high": high, "clear_of_zero": low > 0 or high < 0,
                "starred": low > 0 or high < 0}

    assert verdict(diff(-0.01, -0.02, -0.005), "points.play.latter_points", "number") is Verdict.SMALL
    assert verdict(diff(0.005, 0.001, 0.009), "first_dealer_wins", "share") is Verdict.SMALL
    assert verdict(diff(2.85, 2.81, 2.88), "deals_per_game", "number") is Verdict.HEADLINE
    assert verdict(diff(0.02, 0.015, 0.025), "won_in_play", "share") is Verdict.HEADLINE
    assert verdict(diff(3.0, -0.1, 6.1), "drama", "number") is Verdict.UNCLEAR


def test_a_profile_that_plays_as_another_is_said_once_and_has_no_column(every_profile):
    """Holme's profile changes no rule that plays: every figure is Cotton's. Said once, not repeated."""
    from costly_variants.questions.report import render_text, same_as

    assert same_as(every_profile) == {"holme-1688": "cotton-1674"}
    text = render_text(every_profile)
    assert " ".join(text.split()).count("plays as A, figure for figure") == 1
    heads = [line.split() for line in text.splitlines() if line.strip() and set(line.split()) <= set("ABCDE")]
    assert heads and all("B" not in head for head in heads)
    below = text[text.index("\nRules that differ"):]  # the summary names B once; the sections, never
    assert not any(line.startswith("  B ") or "; B " in line or " B/" in line for line in below.splitlines())
    assert "B as A, rule for rule and passage for passage: left out" in text
    assert "B−A" not in text


def test_rows_the_same_in_every_profile_or_zero_everywhere_are_named_not_repeated(every_profile):
    from costly_variants.questions.report import render_text

    text = render_text(every_profile)
    lines = text.splitlines()
    assert not any(line.startswith("maximum ") for line in lines)  # 34 in every profile
    assert not any(line.startswith("share: sequences") for line in lines)  # no hand scores a sequence
    flat = " ".join(text.split())
    assert "Not shown, the same in every profile: maximum 34" in flat
    assert "zero in every profile: share: sequences" in flat
    # The default report, before it began with a summary and left these out, was 216 lines with two skill
    # rows; the search bot's adds one to the figures and one to the differences; how decisive each game is
    # (its win table), seven and a blank line; the works the passages were read in ("(quoted in Parlett
    # 2020)") two more; the footnote's word on the skill rows (t over seeds; four-hand, team against team)
    # one more; the key of the differences' stars (what a star guarantees, over how many tested) two more;
    # the games won at the turn-up and at the mog (so that the ways of winning add up to 100%), a row each in
    # the games and the differences, and a label of the games on a line of its own beside their cells, six;
    # the line that tells the win table's lead changes from the games', three; each rule that differs a line
    # for its title above its values, said in words that wrap more than the keys did (30 lines in all, 22
    # rules); how the game feels, what its labels mean (4). Issue 36's audit made three more rules differ
    # (Cotton's one series, Parlett's own four-hand mog: two rules) and split rows whose profiles now cite
    # their own sources: 15 more, and their titles 3; how a passage was read where it was not read in its
    # own language and copy ("(read in Japanese translation)", on every citation of Wikipedia's rules):
    # fourteen; where a rule's title and its reading marks now share its lines, they wrap five lines more.
    assert len(lines) < 216 + 2 + 8 + 2 + 1 + 2 + 6 + 3 + 30 + 4 + 1 + 15 + 3 + 14 + 5


def test_two_profiles_that_play_alike_are_one_column_with_nothing_to_compare():
    from costly_variants import profiles
    from costly_variants.questions.report import render_text
    from costly_variants.questions.study import Settings, local_runner, run_comparison

    data = run_comparison([profiles.load("cotton-1674"), profiles.load("holme-1688")], Settings(12, 1, ("greedy",)),
                          local_runner(1))
    text = render_text(data)
    assert ("B = holme-1688: Randle Holme on Costly Colours (The Academy of Armory; text not read); plays as A, "
            "figure for figure") in " ".join(text.split())
    assert "Differences from A" not in text and "Games\n" in text


def test_a_wide_cell_widens_its_columns_and_never_runs_into_the_next():
    """A clear difference shown to four decimals ('-0.0117±0.0113*') once ran into its neighbour."""
    from costly_variants.runs.layout import table

    rows = [("the latter", ["-1.65±0.01*", "-1.65±0.01*", "-0.0117±0.0113*"]),
            ("Jacks", ["+0.0150±0.0146*", "+0.56±0.04*", "+0.01±0.01"])]
    lines = table("Differences", ["C−A", "D−A", "E−A"], rows, 80)
    assert all(len(line) <= 80 for line in lines)
    for (name, cells), line in zip(rows, lines[2:]):
        assert line.split() == name.split() + cells  # every cell whole, a space at least between them
