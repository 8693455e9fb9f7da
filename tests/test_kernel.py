"""The compiled kernel plays the Python engine's games: the same actions, scores and result for every seed,
on every bundled profile under every pairing of bots, and on random house profiles from the rule fuzzer;
``simulate --json`` and ``compare --json`` are byte-identical with and without it."""
from __future__ import annotations

import os
import random
import zlib
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st

from costly_variants import profiles
from costly_variants.runs.measures import measure, record_from_kernel
from costly_variants.runs.runner import seeds_for
from costly_variants.game import kernel
from costly_variants.game.playout import InvariantError, play_game
from costly_variants.game.state import Game

from .slow import few_and_many
from .test_rule_fuzzer import FAST, house_profiles, rule_values, write_profile

needs_kernel = pytest.mark.skipif(not kernel.available() and not os.environ.get("CI"),
                                  reason="the compiled kernel was not built here (no C compiler)")
PAIRINGS = [("random",), ("greedy",), ("expert",), ("random", "greedy"), ("greedy", "expert"), ("expert", "random"),
            ("search", "expert"), ("greedy", "search")]


def same_games(rules, bots, seeds, *, variant: str = "") -> int:
    """Play every seed both ways and assert the games are one: every action, every score event (deal, player,
    points, rule, name) and the result; and that the kernel's report is what ``measure`` reads of the
    engine's game. Returns how many seeds the kernel handed back to the engine."""
    game = Game(rules, variant=variant)
    played = kernel.play(rules, bots, seeds, eldest_counts=True, trace=True)
    kinds = kernel.compiled(rules).kinds
    handed_back = 0
    for seed, fast in zip(seeds, played):
        try:
            state = play_game(game, bots, seed)
        except InvariantError:
            assert fast is None, f"seed {seed}: the engine refuses a game the kernel played"
            handed_back += 1
            continue
        assert fast is not None, f"seed {seed}: the kernel handed back a game the engine plays"
        actions = [kernel.action_code(a) for a in state.history]
        assert list(fast.actions) == actions, f"seed {seed}: the actions differ"
        events = [(e.deal, e.player, e.points, e.rule, e.name) for e in state.events]
        raw = fast.events
        fast_events = [(raw[i], raw[i + 1], raw[i + 2], kinds[raw[i + 3]].rule, kinds[raw[i + 3]].name)
                       for i in range(0, len(raw), 4)]
        assert fast_events == events, f"seed {seed}: the scores differ"
        assert fast.scores == tuple(state.scores) and fast.winner == state.winner and fast.deals == state.deal_number
        assert record_from_kernel(fast, seed, kinds) == measure(state, seed, eldest_counts=True)
    return handed_back


@needs_kernel
@pytest.mark.parametrize("bots", PAIRINGS, ids="-".join)
@pytest.mark.parametrize("profile_id", profiles.bundled_ids())
def test_the_kernel_plays_the_engines_games_on_every_bundled_profile(profile_id, bots):
    rules = profiles.load(profile_id).rules
    # The search bot's reference is slow in Python (a tenth to a second a game): fewer of its games.
    games = (2 if rules.players == 4 else 4) if "search" in bots else 12 if "expert" in bots else 30
    assert same_games(rules, bots, seeds_for(zlib.crc32(profile_id.encode()) % 1000 + len(bots), games)) == 0


@needs_kernel
def test_seeds_of_every_size_are_seeded_as_random_random_seeds_them():
    rules = profiles.load("parlett-121").rules
    assert same_games(rules, ("random",), [0, 1, 2 ** 32 - 1, 2 ** 32, 2 ** 63, 2 ** 64 - 1]) == 0
    # The engine's own: seeds outside what the kernel seeds are handed back, never played differently.
    assert kernel.play(rules, ("random",), [-1, 2 ** 64]) == [None, None]


def _played_profile(tmp_path: Path, values: dict, extends: str | None = None):
    """A fuzzed profile the loader accepts, with a short game (so the engine's games are quick to check)."""
    profile, _ = profiles.check(write_profile(tmp_path, values, extends))
    assume(profile is not None)
    return profile


RANDOM_PAIRINGS = [("random",), ("greedy", "random"), ("expert", "greedy")]


@needs_kernel
@pytest.mark.parametrize("examples", few_and_many(120, few=12))
def test_the_kernel_plays_the_engines_games_on_random_profiles(examples, tmp_path):
    @settings(FAST, max_examples=examples)
    @given(values=rule_values(), pairing=st.sampled_from(RANDOM_PAIRINGS))
    def check(values, pairing):
        values["game.target"] = min(values["game.target"], 31)
        profile = _played_profile(tmp_path, values)
        same_games(profile.rules, pairing, [random.Random(str(values)).getrandbits(64) for _ in range(2)],
                   variant=profile.id)

    check()


@needs_kernel
@pytest.mark.parametrize("examples", few_and_many(20, few=3))
def test_the_kernel_searches_as_the_engine_does_on_random_profiles(examples, tmp_path):
    """The search bot's reference is slow in Python: fewer and shorter games than the others'."""
    @settings(FAST, max_examples=examples)
    @given(values=rule_values())
    def check(values):
        values["game.target"] = min(values["game.target"], 15)
        profile = _played_profile(tmp_path, values)
        same_games(profile.rules, ("search", "random"), [random.Random(str(values)).getrandbits(64)],
                   variant=profile.id)

    check()


def same_games_on_house_profiles(examples: int, tmp_path: Path, seeds=lambda values: [7, 8]) -> None:
    """``same_games`` on ``examples`` random house profiles (a bundled one extended, rules changed), a short
    game each, under the random pairings; ``seeds(values)`` the seeds of a profile's games."""
    @settings(FAST, max_examples=examples)
    @given(house=house_profiles(), pairing=st.sampled_from(RANDOM_PAIRINGS))
    def check(house, pairing):
        extends, values = house
        if "game.target" in values:
            values["game.target"] = min(values["game.target"], 61)
        profile = _played_profile(tmp_path, values, extends)
        same_games(profile.rules, pairing, seeds(values), variant=profile.id)

    check()


@needs_kernel
@pytest.mark.parametrize("examples", few_and_many(60, few=6))
def test_the_kernel_plays_the_engines_games_on_random_house_profiles(examples, tmp_path):
    same_games_on_house_profiles(examples, tmp_path)


def _costly(*argv: str, pure: bool) -> subprocess.CompletedProcess:
    env = dict(os.environ, COSTLY_PURE_PYTHON="1" if pure else "0")
    return subprocess.run([sys.executable, "-m", "costly_variants", *argv], capture_output=True, text=True,
                          timeout=600, env=env)


@needs_kernel
@pytest.mark.parametrize("argv", [
    ("simulate", "--all", "--games", "40", "--seed", "5", "--bot", "expert", "--bot", "greedy", "--json"),
    # the pure-Python side plays the search bot's skill games: a minute of CPU
    pytest.param(("compare", "--games", "60", "--skill-games", "6", "--seed", "3", "--json"), marks=pytest.mark.slow),
    ("compare", "cotton-1674", "eddowes-burne-1874", "--by-rule", "--games", "40", "--json"),
], ids=["simulate", "compare", "by-rule"])
def test_json_is_byte_identical_with_and_without_the_kernel(argv):
    fast, pure = _costly(*argv, pure=False), _costly(*argv, pure=True)
    assert fast.returncode == pure.returncode == 0, fast.stderr + pure.stderr
    assert fast.stdout == pure.stdout and fast.stdout


def test_the_kernel_is_built_and_used_in_ci():
    """Where CI runs, the install found a compiler: the kernel must be there, or its tests would skip."""
    if os.environ.get("CI"):
        assert kernel.available()


@needs_kernel
def test_rules_the_kernel_cannot_compile_are_played_by_the_engine_with_a_note(cli, monkeypatch):
    """Never silently differently: the engine plays them, the same games, and standard error says why."""
    argv = ("simulate", "--variant", "holme-1688", "--games", "8", "--seed", "2", "--jobs", "1", "--json")
    code, expected, err = cli(*argv)
    assert code == 0 and err == ""

    def refuse(rules):
        raise AssertionError("a shape of suits the kernel has no colours for")

    monkeypatch.setattr(kernel, "compiled", refuse)
    code, out, err = cli(*argv)
    assert code == 0 and out == expected
    assert err.splitlines() == ["note: holme-1688: its tables cannot be compiled from these rules (a shape of "
                                "suits the kernel has no colours for); its games are played by the Python engine "
                                "(the same games, more slowly)"]


@pytest.mark.slow
@needs_kernel
def test_the_wheel_carries_the_kernel_compiled_from_its_units(tmp_path):
    """hatch_build.py compiles _kernel.c and its units (_kernel_*.c, one header) as one extension, and the
    wheel carries it: the same module the tests here play, built from every unit."""
    import zipfile

    root = Path(__file__).resolve().parent.parent
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(root)],
                            capture_output=True, text=True, timeout=600)
    if result.returncode != 0 and "Could not find a version" in result.stdout + result.stderr:
        pytest.skip("cannot fetch the build backend here")
    assert result.returncode == 0, result.stderr[-2000:]
    wheel = next(tmp_path.glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    built = [name for name in names if name.startswith("costly_variants/game/_kernel.")
             and name.endswith((".so", ".pyd"))]
    assert len(built) == 1, names
    units = sorted(p.name for p in (root / "costly_variants" / "game").glob("_kernel*.c"))
    assert len(units) >= 9 and "_kernel.c" in units
    assert not wheel.name.endswith("-none-any.whl")


@pytest.mark.slow
@needs_kernel
@pytest.mark.skipif(os.name == "nt", reason="a shell script stands in for the compiler")
def test_a_compiler_without_link_time_optimisation_still_builds_the_kernel(tmp_path):
    """hatch_build.py compiles the kernel with -flto; a compiler that refuses it gets the same units
    compiled without it, and the wheel still carries the kernel."""
    import shutil
    import zipfile

    root = Path(__file__).resolve().parent.parent
    tree = tmp_path / "tree"  # a copy with nothing built in place (setuptools would find it up to date)
    for name in ("costly_variants", "variants", "sources"):
        shutil.copytree(root / name, tree / name, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    for name in ("pyproject.toml", "README.md", "hatch_build.py"):
        shutil.copy(root / name, tree / name)
    compiler = tmp_path / "cc-without-lto"
    compiler.write_text('#!/bin/sh\nfor a in "$@"; do [ "$a" = -flto ] && exit 1; done\nexec "${REAL_CC:-cc}" "$@"\n')
    compiler.chmod(0o755)
    env = dict(os.environ, CC=str(compiler), LDSHARED=f"{compiler} -shared")
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path), str(tree)],
                            capture_output=True, text=True, timeout=600, env=env)
    if result.returncode != 0 and "Could not find a version" in result.stdout + result.stderr:
        pytest.skip("cannot fetch the build backend here")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "was not built" not in result.stdout + result.stderr
    wheel = next(tmp_path.glob("*.whl"))
    assert any(name.startswith("costly_variants/game/_kernel.") and name.endswith(".so")
               for name in zipfile.ZipFile(wheel).namelist())


@needs_kernel
def test_an_ace_of_many_values_is_played_alike_and_past_the_kernels_bound_by_the_engine():
    """A seat's moves fit the kernel's lists. An Ace of 14 values made the two-hand compact search write past
    its list of a node's moves and crash the process: now it searches such rules the engine's way (and a
    choice of more moves than a hand holds goes to the engine, as before). Past ACE_VALUES_MAX the Python
    engine plays them."""
    import dataclasses

    rules = profiles.load("cotton-1674").rules
    many = dataclasses.replace(rules, ace_values=tuple(range(1, 15)))
    assert kernel.cannot_play(many) is None
    played = kernel.play(many, ("search-points",), list(range(1, 41)), trace=True)  # crashed here
    kept = [seed for seed, fast in zip(range(1, 41), played) if fast is not None]
    assert kept and same_games(many, ("search-points",), kept) == 0
    # five values: every game the kernel's, its play searched as play_value searches
    assert same_games(dataclasses.replace(rules, ace_values=(1, 2, 3, 4, 11)), ("search-points",), [3, 11]) == 0
    past = dataclasses.replace(rules, ace_values=tuple(range(1, kernel.ACE_VALUES_MAX + 2)))
    assert "16 values" in (kernel.cannot_play(past) or "")
    assert kernel.cannot_play(dataclasses.replace(rules, ace_values=tuple(range(1, kernel.ACE_VALUES_MAX + 1)))) is None


def _failing_compiler(folder: Path) -> Path:
    """A folder whose ``cc`` and ``gcc`` fail, as on a machine without a C compiler."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("cc", "gcc"):
        script = folder / name
        script.write_text('#!/bin/sh\necho "no C compiler here" >&2\nexit 1\n')
        script.chmod(0o755)
    return folder / "cc"


@pytest.mark.skipif(os.name == "nt", reason="a shell script stands in for the compiler")
def test_the_build_hook_asks_for_ziglang_only_where_the_c_compiler_fails(tmp_path, monkeypatch):
    """hatch_build.py probes the compiler setuptools would use (CC honoured) on a tiny file; where it fails,
    the hook's build dependencies are ziglang, whose C compiler then builds the units."""
    pytest.importorskip("setuptools")
    pytest.importorskip("hatchling")
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    try:
        import hatch_build
    finally:
        sys.path.remove(str(root))
    hook = hatch_build.FillBuildHook(str(root), {}, None, None, str(tmp_path), "wheel")
    if not hatch_build.compiler_works():
        pytest.skip("no working C compiler here to compare with")
    assert hook.dependencies() == []
    failing = _failing_compiler(tmp_path / "bin")
    monkeypatch.setenv("CC", str(failing))
    monkeypatch.setenv("LDSHARED", f"{failing} -shared")
    assert not hatch_build.compiler_works()
    assert hook.dependencies() == ["ziglang"]
    pytest.importorskip("ziglang")
    zig = hatch_build.zig_compiler()
    assert zig is not None and "ziglang cc" in zig["CC"]  # what it then compiles with (the slow test below)


@pytest.mark.slow
@needs_kernel
@pytest.mark.skipif(os.name == "nt", reason="a shell script stands in for the compiler")
def test_a_machine_without_a_c_compiler_gets_the_kernel_compiled_by_ziglang(tmp_path):
    """The README's install where there is no C compiler (CC fails, no cc or gcc on PATH): the build hook
    asks pip for ziglang and compiles the kernel with it; the wheel carries it, and it plays the same games
    as the kernel built here with the system's compiler (simulate --json byte-identical)."""
    import shutil
    import zipfile

    root = Path(__file__).resolve().parent.parent
    tree = tmp_path / "tree"  # a copy with nothing built in place
    for name in ("costly_variants", "variants", "sources"):
        shutil.copytree(root / name, tree / name, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    for name in ("pyproject.toml", "README.md", "hatch_build.py"):
        shutil.copy(root / name, tree / name)
    failing = _failing_compiler(tmp_path / "bin")
    env = {key: value for key, value in os.environ.items() if key not in ("LDSHARED", "CFLAGS", "PYTHONPATH")}
    env.update(CC=str(failing), PATH=str(failing.parent))  # no compiler on the PATH either
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path / "wheels"),
                             str(tree)], capture_output=True, text=True, timeout=1800, env=env)
    if result.returncode != 0 and "Could not find a version" in result.stdout + result.stderr:
        pytest.skip("cannot fetch the build backend or ziglang here")
    assert result.returncode == 0, result.stderr[-3000:]
    log = result.stdout + result.stderr
    assert "compiling with the ziglang package's" in log and "was not built" not in log
    wheel = next((tmp_path / "wheels").glob("*.whl"))
    assert not wheel.name.endswith("-none-any.whl")
    unpacked = tmp_path / "unpacked"
    zipfile.ZipFile(wheel).extractall(unpacked)
    assert list(unpacked.glob("costly_variants/game/_kernel.*.so"))
    assert list(unpacked.glob("costly_variants/count/_fill.*.so"))
    argv = [sys.executable, "-m", "costly_variants", "simulate", "--all", "--games", "60", "--seed", "5", "--bot",
            "greedy", "--bot", "expert", "--json"]
    where = [sys.executable, "-c", "from costly_variants.game import kernel; print(kernel.available(), "
             "kernel.KERNEL.__file__)"]
    zig_env = dict(os.environ, PYTHONPATH=str(unpacked), COSTLY_PURE_PYTHON="0")
    found = subprocess.run(where, capture_output=True, text=True, env=zig_env, cwd=tmp_path, check=True).stdout
    assert found.startswith("True " + str(unpacked)), found
    zig = subprocess.run(argv, capture_output=True, text=True, env=zig_env, cwd=tmp_path, timeout=600)
    native = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path, timeout=600,
                            env=dict(os.environ, COSTLY_PURE_PYTHON="0"))
    assert zig.returncode == native.returncode == 0, zig.stderr + native.stderr
    assert zig.stdout == native.stdout and zig.stdout
