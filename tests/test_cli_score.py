"""``costly score`` and its batch mode, as a user runs them."""
from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from costly_variants import profiles
from costly_variants.count.batch import score_batch
from costly_variants.cards import Card
from costly_variants.count.hand import score_hand


def test_score_all_explains_every_point(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    code, out, _ = cli("score", "5H", "5D", "10H", "--deck", "KH", "--all")
    assert code == 0
    for profile_id in ("cotton-1674", "eddowes-burne-1874", "parlett-121"):
        assert f"{profile_id}: " in out
    assert "four in colour, three in suit" in out and "parlett-web#colours" in out
    assert "cotton-1674#p127-colours" in out
    header = next(l for l in out.splitlines() if l.startswith("profile"))
    assert header.split()[-4:] == ["colours", "≠", "total", "≠"]
    rows = {l.split()[0]: l.split() for l in out.splitlines() if l.startswith(("cotton-1674 ", "parlett-121 "))}
    assert rows["cotton-1674"][-1] == "18" and rows["parlett-121"][-1] == "21"


def test_score_json_one_variant(cli):
    code, out, _ = cli("score", "th", "5D", "5♥", "--deck", "KH", "--variant", "parlett-121", "--json")
    data = json.loads(out)
    assert code == 0 and data["profile"] == "parlett-121" and data["total"] == 21
    assert sum(i["points"] for i in data["items"]) == 21
    assert all(i["cite"] for i in data["items"])


@pytest.mark.parametrize("argv, code, words", [
    (["score", "5H", "5D", "--deck", "KH"], 2, "three cards"),
    (["score", "5H", "5D", "ZZ", "--deck", "KH"], 1, "bad card 'ZZ'"),
    (["score", "5H", "5D", "5H", "--deck", "KH"], 1, "appears twice"),
    (["score", "5H", "5D", "6H", "--deck", "KH", "--variant", "nope"], 1, "unknown profile 'nope'"),
    (["score", "--batch"], 2, "needs --variant"),
    (["score", "5H", "5D", "6H", "--deck", "KH", "--variant", "cotton-1674", "--all"], 2, "not allowed"),
])
def test_score_errors(cli, argv, code, words):
    got, _, err = cli(*argv)
    assert got == code and words in err and len(err.strip().splitlines()) == 1


def test_batch_output_equals_score_hand():
    rules = profiles.load("cotton-1674").rules
    lines = ["5H 4H 8H JH", "2H 7C 9H JH", "# a comment", "", "AD KC QC 10S", "th 5d 5♥ kh"]
    out = io.StringIO()
    assert score_batch(rules, lines, out) == 4
    results = [json.loads(l) for l in out.getvalue().splitlines()]
    assert [r.pop("line") for r in results] == [1, 2, 5, 6]
    for line, result in zip([l for l in lines if l and not l.startswith("#")], results):
        cards = [Card.from_str(t) for t in line.split()]
        assert result.pop("hand") == [str(c) for c in cards[:3]] and result.pop("deck") == str(cards[3])
        assert result == score_hand(rules, cards[:3], cards[3]).as_dict()


def test_batch_bad_line_names_its_number_and_writes_nothing(monkeypatch, cli):
    monkeypatch.setattr(sys, "stdin", io.StringIO("5H 4H 8H JH\n2H 7C 9H\n5H 4H 8H JH\n"))
    code, out, err = cli("score", "--variant", "parlett-121", "--batch")
    assert code == 1 and out == ""
    assert err.strip() == ("error: <stdin>:2: expected four cards (three held, then the deck card), got 3: "
                           "'2H 7C 9H'; nothing was scored")


def test_batch_repeated_card(monkeypatch, cli):
    monkeypatch.setattr(sys, "stdin", io.StringIO("5H 4H 5H JH\n"))
    code, _, err = cli("score", "--variant", "parlett-121", "--batch")
    assert code == 1 and "<stdin>:1: card 5H appears twice" in err


def test_batch_through_the_console_script():
    result = subprocess.run([sys.executable, "-m", "costly_variants", "score", "--variant", "cotton-1674",
                             "--batch"], input="5H 4H 8H JH\n2H 7C 9H JH\n", capture_output=True, text=True)
    assert result.returncode == 0
    assert [json.loads(l)["total"] for l in result.stdout.splitlines()] == [8, 6]


def test_batch_input_that_is_not_utf8_names_its_line():
    result = subprocess.run([sys.executable, "-m", "costly_variants", "score", "--variant", "cotton-1674", "--batch"],
                            input=b"5H 4H 8H JH\n\xff\xfe 2H 3H 4H\n", capture_output=True)
    assert result.returncode == 1 and result.stdout == b""
    assert result.stderr.decode().strip() == "error: <stdin>:2: not UTF-8: byte 0xff cannot be decoded; nothing was scored"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=20), max_size=5))
def test_any_batch_input_scores_or_names_a_line(lines):
    from costly_variants.count.batch import BatchError

    out = io.StringIO()
    try:
        n = score_batch(profiles.load("parlett-121").rules, lines, out)
    except BatchError as exc:
        assert str(exc).startswith("<stdin>:") and out.getvalue() == ""
    else:
        assert len(out.getvalue().splitlines()) == n
