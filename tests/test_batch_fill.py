"""The C filler of batch scoring (``count/_fill.c``) writes every byte that the Python filler writes,
under every bundled profile and under count rules no profile has; it refuses entries it was not made for
instead of reading past them; and where a C compiler is there (CI), it is built and used."""
from __future__ import annotations

import dataclasses
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from costly_variants import profiles
from costly_variants.cards import FULL_DECK
from costly_variants.count import batch_scorer
from costly_variants.count.batch_scorer import BatchScorer
from costly_variants.profiles.rules import Category

ROOT = Path(__file__).resolve().parent.parent
BUILT = batch_scorer.FILL is not BatchScorer.fill_in_python
needs_c = pytest.mark.skipif(not BUILT and not os.environ.get("CI"), reason="the C filler was not built here")


def both(rules, deals, numbers) -> tuple[bytes, bytes]:  # type: ignore[no-untyped-def]
    in_c = BatchScorer(rules).score_deals(deals, numbers)
    in_python = BatchScorer(rules, fill=BatchScorer.fill_in_python).score_deals(deals, numbers)
    return in_c, in_python


def random_deals(seed: int, count: int) -> list[tuple[int, int, int, int]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), 4)) for _ in range(count)]  # type: ignore[misc]


@pytest.mark.skipif(not os.environ.get("CI"), reason="only CI promises a C compiler")
def test_ci_builds_and_uses_the_c_filler():
    assert BUILT, "the C filler was not built or not taken: see hatch_build.py's message in the install log"


@needs_c
@pytest.mark.parametrize("profile", profiles.bundled_ids())
def test_the_c_filler_writes_what_python_writes_under_every_bundled_profile(profile):
    deals = random_deals(len(profile), 20_000)
    in_c, in_python = both(profiles.load(profile).rules, deals, range(1, len(deals) + 1))
    assert in_c == in_python and in_c.count(b"\n") == len(deals)


@needs_c
def test_the_c_filler_writes_line_numbers_as_python_does():
    rules = profiles.load("cotton-1674").rules
    numbers = [0, 1, 9, 10, 99, 100, 12345, 10**12, 2**62, 2**63 - 1]
    in_c, in_python = both(rules, random_deals(3, len(numbers)), numbers)
    assert in_c == in_python
    assert b'{"line": 9223372036854775807, ' in in_c


ORDERS = st.permutations(list(Category))


@needs_c
@settings(max_examples=40, deadline=None)
@given(profile=st.sampled_from(profiles.bundled_ids()), order=ORDERS, seed=st.integers(0, 2**32),
       points=st.integers(0, 10**6), sequences=st.booleans(), flat=st.integers(0, 99))
def test_the_c_filler_writes_what_python_writes_under_count_rules_no_profile_has(profile, order, seed, points,
                                                                                  sequences, flat):
    rules = dataclasses.replace(profiles.load(profile).rules, declaration_order=tuple(order), pair_points=points,
                                jack_points=points % 7, count_sequences=sequences, thirty_one_flat_points=flat)
    deals = random_deals(seed, 2_000)
    in_c, in_python = both(rules, deals, range(seed, seed + len(deals)))
    assert in_c == in_python


@needs_c
@pytest.mark.parametrize("profile", ["eddowes-burne-1874", "parlett-121"])
def test_the_command_writes_the_same_bytes_with_and_without_the_c_filler(tmp_path, profile):
    rng = random.Random(5)
    names = [str(card) for card in FULL_DECK]
    lines = []
    for n in range(30_000):
        if n % 97 == 0:
            lines.append("# a comment" if n % 2 else "")
        else:
            lines.append(" ".join(rng.sample(names, 4)) + (" # note" if n % 101 == 0 else ""))
    source = tmp_path / "deals.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    outputs = []
    for pure in ("1", "0"):
        env = dict(os.environ, COSTLY_PURE_PYTHON=pure)
        with source.open("rb") as stdin:
            result = subprocess.run([sys.executable, "-m", "costly_variants", "score", "--variant", profile,
                                     "--batch", "--workers", "2"], stdin=stdin, capture_output=True, env=env,
                                    cwd=ROOT, timeout=120)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1] and outputs[0].count(b"\n") == 30_000 - 310


@needs_c
def test_the_c_filler_refuses_what_it_was_not_made_for():
    from costly_variants.count import _fill  # type: ignore[attr-defined]

    scorer = BatchScorer(profiles.load("parlett-121").rules)
    codes = b"".join(batch_scorer.CODE[i] for i in (0, 1, 2, 3))
    names = [b'"AC"', b'"2C"', b'"3C"', b'"4C"']
    rank = scorer.ranks[int.from_bytes(codes.translate(None, b"CDHS"), sys.byteorder)]
    suit = scorer.suits[int.from_bytes(codes.translate(batch_scorer._SUIT_VIEW), sys.byteorder)]
    assert _fill.fill([rank], [suit], names, [7]) == scorer.score_codes(codes, [7])
    bad_part = (rank[0], rank[1], rank[2], tuple((b"%(q)s", b"", b"", b"") for _ in range(8)), rank[4])
    cases = [
        (([rank], [suit], names[:3], [7]), ValueError, "differ in length"),
        (([rank], [suit], names, ["7"]), TypeError, "integer"),
        (([rank[:4]], [suit], names, [7]), TypeError, "a rank entry"),
        (([rank], [(9, 0, suit[2])], names, [7]), ValueError, "suit entry's number is 9"),
        (([bad_part], [suit], names, [7]), ValueError, "unknown slot %(q)s"),
        (([rank], [suit], [b"x", b"y", b"z", 4], [7]), TypeError, "a card's name is not bytes"),
        ((None, [suit], names, [7]), TypeError, "ranks must be a sequence"),
    ]
    for arguments, error, words in cases:
        with pytest.raises(error, match=re.escape(words)):
            _fill.fill(*arguments)


def test_the_pure_python_filler_is_chosen_by_the_environment():
    code = "from costly_variants.count import batch_scorer as b; print(b.FILL is b.BatchScorer.fill_in_python)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                            env=dict(os.environ, COSTLY_PURE_PYTHON="1"))
    assert result.stdout.strip() == "True"


@settings(max_examples=40, deadline=None)
@given(profile=st.sampled_from(profiles.bundled_ids()), order=ORDERS, seed=st.integers(0, 2**32),
       sequences=st.booleans(), python=st.booleans())
def test_batch_lines_are_score_hand_in_any_declaration_order(profile, order, seed, sequences, python):
    """A house profile may declare rank and suit categories alternately (r s r s r s r): each run goes
    where it is declared, and the first item has no ", " before it, whichever runs are empty."""
    import json

    from costly_variants.count.hand import score_hand

    rules = dataclasses.replace(profiles.load(profile).rules, declaration_order=tuple(order),
                                count_sequences=sequences)
    scorer = BatchScorer(rules, fill=BatchScorer.fill_in_python if python else None)
    for deal in random_deals(seed, 300):
        result = json.loads(scorer.score_line(deal))
        cards = [FULL_DECK[i] for i in deal]
        expected = score_hand(rules, cards[:3], cards[3]).as_dict()
        assert {k: v for k, v in result.items() if k not in ("line", "hand", "deck")} == expected


@pytest.mark.slow
def test_without_a_c_compiler_the_wheel_is_pure_python_and_says_why(tmp_path):
    import zipfile

    import shutil

    # a copy without the filler built in place here (setuptools would find it up to date, not compile)
    tree = tmp_path / "tree"
    for name in ("costly_variants", "variants", "sources"):
        shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    for name in ("pyproject.toml", "README.md", "hatch_build.py"):
        shutil.copy(ROOT / name, tree / name)
    # a compiler that always fails, and no ziglang fallback (as where no wheel of it exists for the platform)
    env = dict(os.environ, CC="false", COSTLY_NO_ZIG="1")
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path), str(tree)],
                            capture_output=True, text=True, timeout=300, env=env)
    if result.returncode != 0 and "Could not find a version" in result.stdout + result.stderr:
        pytest.skip("cannot fetch the build backend here")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "the C filler for batch scoring was not built" in result.stdout + result.stderr
    wheel = next(tmp_path.glob("*.whl"))
    assert wheel.name.endswith("-py3-none-any.whl")
    assert not [name for name in zipfile.ZipFile(wheel).namelist() if name.endswith((".so", ".pyd"))]


@pytest.mark.parametrize("name", ["\0", '", "cards": "\\u0000"', '"cards": "\0"', "%(a)s %% %d", "\u2028\t\n",
                                  "\\", "x" * 5000])
def test_a_colour_named_anything_is_written_as_score_hand_writes_it(name):
    """A house profile names its colours freely; the name is data, whatever characters it holds."""
    import json

    from costly_variants.count.hand import score_hand

    rules = profiles.load("parlett-121").rules
    colours = tuple(dataclasses.replace(entry, name=name if k == 0 else name + entry.name)
                    for k, entry in enumerate(rules.colours))
    rules = dataclasses.replace(rules, colours=colours)
    deals = [(0, 1, 2, 3), (13, 14, 15, 16), (0, 13, 26, 39)] + random_deals(11, 300)  # four of a suit, ...
    for python in (True, False):
        scorer = BatchScorer(rules, fill=BatchScorer.fill_in_python if python else None)
        for deal in deals:
            result = json.loads(scorer.score_line(deal))
            cards = [FULL_DECK[i] for i in deal]
            expected = score_hand(rules, cards[:3], cards[3]).as_dict()
            assert {k: v for k, v in result.items() if k not in ("line", "hand", "deck")} == expected
