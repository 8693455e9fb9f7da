"""The terminal as a newcomer meets it: tables that fit any width, help on every command, a game that teaches."""
from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys

import pytest

from costly_variants import profiles
from costly_variants.cli import build_parser, run

WIDTHS = (80, 120, 200)


def at_width(monkeypatch, capsys, width: int, *argv: str) -> list[str]:
    monkeypatch.setenv("COLUMNS", str(width))
    code = run(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out.splitlines()


def assert_fits(lines: list[str], width: int, ids: set[str]) -> None:
    too_wide = [line for line in lines if len(line) > width]
    assert not too_wide, f"{len(too_wide)} lines wider than {width}, e.g. {too_wide[0]!r}"
    cut = sorted(i for i in ids if not any(i in line for line in lines))
    assert not cut, f"not shown whole on one line: {cut[:5]}"
    assert not any("\x1b[" in line for line in lines), "colour codes in output that is not a terminal"


def provenance_ids(chosen) -> set[str]:
    ids = set()
    for profile in chosen:
        for key, prov in profile.provenance.items():
            ids.add(key)
            ids.update(prov.cite)
    return ids


@pytest.mark.parametrize("width", WIDTHS)
def test_variants_and_validate_fit(monkeypatch, capsys, width):
    everything = profiles.load_all()
    lines = at_width(monkeypatch, capsys, width, "variants")
    assert_fits(lines, width, {p.id for p in everything} | {p.main_source for p in everything})
    lines = at_width(monkeypatch, capsys, width, "validate")
    assert_fits(lines, width, {f"ok: {p.id}" for p in everything})


@pytest.mark.parametrize("width", WIDTHS)
def test_show_fits_and_shows_every_id_whole(monkeypatch, capsys, width):
    profile = profiles.load("eddowes-burne-1874")
    lines = at_width(monkeypatch, capsys, width, "show", "eddowes-burne-1874")
    vocabulary = {c for term in profile.vocabulary.values() for c in term.cite} | set(profile.vocabulary)
    assert_fits(lines, width, provenance_ids([profile]) | vocabulary)


@pytest.mark.parametrize("width", WIDTHS)
def test_diff_fits_and_shows_every_id_whole(monkeypatch, capsys, width):
    lines = at_width(monkeypatch, capsys, width, "diff")
    assert_fits(lines, width, provenance_ids(profiles.load_all()) | set(profiles.bundled_ids()))


@pytest.mark.parametrize("width", WIDTHS)
def test_diff_changed_fits_and_counts_every_rule(monkeypatch, capsys, width, cli):
    _, out, _ = cli("diff", "--json")
    rows = json.loads(out)["rows"]
    differing = [r for r in rows if r["differs"]]
    total = len(profiles.rule_titles())
    assert len(rows) == total
    lines = at_width(monkeypatch, capsys, width, "diff", "--changed")
    ids = {r["rule"] for r in differing} | {c for r in differing for cell in r["cells"].values() for c in cell["cite"]}
    assert_fits(lines, width, ids)
    assert f"{len(differing)} of {total} rules differ" in "\n".join(lines)
    unchanged = next(r["rule"] for r in rows if not r["differs"])
    assert not any(unchanged in line for line in lines)


@pytest.mark.parametrize("width", WIDTHS)
def test_score_all_fits(monkeypatch, capsys, width, cli):
    _, out, _ = cli("score", "5H", "5D", "10H", "--deck", "KH", "--json")
    data = json.loads(out)
    ids = {i["rule"] for p in data["profiles"] for i in p["items"]} | {c for p in data["profiles"]
                                                                        for i in p["items"] for c in i["cite"]}
    lines = at_width(monkeypatch, capsys, width, "score", "5H", "5D", "10H", "--deck", "KH", "--all")
    assert_fits(lines, width, ids | set(profiles.bundled_ids()))
    header = next(line for line in lines if line.startswith("profile"))
    assert "colours ≠" in header and "total ≠" in header and "pairs ≠" not in header


@pytest.mark.parametrize("width", WIDTHS)
def test_examples_fit_and_show_cards_and_the_sources_words(monkeypatch, capsys, width):
    from costly_variants.worked_examples.replay import load_examples

    examples = load_examples()
    lines = at_width(monkeypatch, capsys, width, "examples")
    ids = {e.id for e in examples} | {c for e in examples for c in e.cite} | set(profiles.bundled_ids())
    assert_fits(lines, width, ids)
    text = "\n".join(lines)
    # The dealer's count in Cotton: his cards, his own items, and the engine's count beside them.
    block = text[text.index("cotton-1674-dealer-count"):]
    block = block[: block.index("\n\n")]
    assert "2H 7C 9H, deck card JH" in block
    assert "12: fifteen 2, twenty-five 3, deuces 4, colours 3" in block
    assert "6 under cotton-1674: right deuce 4 (2H)" in block
    assert "\u201cFor your five you must set up five" in " ".join(block.split())  # Cotton's own words
    assert "in this project's words" in " ".join(text.split())  # a modern source: our summary, marked


@pytest.mark.parametrize("width", WIDTHS)
def test_analyse_fits(monkeypatch, capsys, width):
    lines = at_width(monkeypatch, capsys, width, "analyse", "hands", "--variant", "parlett-121")
    assert_fits(lines, width, {"parlett-121", "colours", "thirty-one"})


def test_piped_output_is_plain_and_eighty_wide():
    env = {k: v for k, v in __import__("os").environ.items() if k != "COLUMNS"}
    result = subprocess.run([sys.executable, "-m", "costly_variants", "diff", "--changed"], capture_output=True,
                            text=True, env=env | {"FORCE_COLOR": "", "TERM": "xterm-256color"})
    assert result.returncode == 0 and "\x1b[" not in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert not any(line != line.rstrip() for line in result.stdout.splitlines()), "trailing spaces"


def test_a_broken_pipe_exits_quietly():
    for argv in (["diff"], ["show", "cotton-1674"], ["examples"], ["diff", "--json"]):
        proc = subprocess.Popen([sys.executable, "-m", "costly_variants", *argv], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read()
        assert proc.wait(timeout=600) == 0 and err == b"", (argv, err)


def test_a_broken_pipe_through_a_shell_pipeline():
    result = subprocess.run(f"{sys.executable} -m costly_variants diff | head -1", shell=True, capture_output=True,
                            text=True, executable="/bin/bash")
    assert result.returncode == 0 and result.stderr == "" and result.stdout.strip()
    status = subprocess.run(f"{sys.executable} -m costly_variants diff | head -1; echo ${{PIPESTATUS[0]}}",
                            shell=True, capture_output=True, text=True, executable="/bin/bash")
    assert status.stdout.splitlines()[-1] == "0"


FULL_DISK = [["--version"], ["--help"], ["variants"], ["show", "cotton-1674"], ["diff", "--json"],
             ["analyse", "hands", "--variant", "parlett-121"], ["score", "5H", "4H", "8H", "--deck", "JH", "--json"],
             ["compare", "--games", "10", "--skill-games", "0"], ["examples"]]


@pytest.mark.parametrize("argv", FULL_DISK, ids=" ".join)
def test_output_that_cannot_be_written_is_a_one_line_error(argv):
    with open("/dev/full", "wb") as full:
        result = subprocess.run([sys.executable, "-m", "costly_variants", *argv], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stderr == "error: cannot write the output: No space left on device\n"


def test_a_closed_standard_output_is_a_one_line_error():
    result = subprocess.run(f"{sys.executable} -m costly_variants variants >&-", shell=True, capture_output=True,
                            text=True, executable="/bin/bash")
    assert result.returncode == 1
    assert result.stderr == "error: standard output is closed: nowhere to write the output\n"


def _commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen = set()
            for name, sub in action.choices.items():
                if id(sub) in seen:
                    continue
                seen.add(id(sub))
                yield prefix + (name,), sub
                yield from _commands(sub, prefix + (name,))


COMMANDS = [argv for argv, _ in _commands(build_parser())]


def test_every_command_is_listed_by_group(cli):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    help_text = build_parser().format_help()
    for group in ("profiles", "counting", "games"):
        assert f"\n{group} - " in help_text
    listed = re.findall(r"^  ([a-z]+)", help_text[help_text.index("profiles - "):], re.MULTILINE)
    assert {c[0] for c in COMMANDS} <= set(listed)


def test_a_command_gets_the_parser_it_has_among_all_of_them():
    everything = dict(_commands(build_parser()))
    for argv, sub in everything.items():
        alone = dict(_commands(build_parser(argv[0])))
        assert alone[argv].format_help() == sub.format_help()
    # up to its own group only: the commands of later groups are not there
    assert ("play",) in everything and ("play",) not in dict(_commands(build_parser("analyse")))
    assert dict(_commands(build_parser("no-such-command"))).keys() == everything.keys()


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_every_command_explains_itself(argv, cli, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit) as exit_:
        run([*argv, "--help"])
    out = capsys.readouterr().out
    assert exit_.value.code == 0
    usage, description = out.split("\n\n")[:2]
    assert usage.startswith(f"usage: costly {' '.join(argv)}")
    assert description.strip() and description[0].islower() and "\n" not in description.strip()[:60]
    examples = out[out.rindex("\nexamples:\n"):].strip().splitlines()[1:]
    assert examples and all(e.startswith(f"  costly {argv[0]}") for e in examples)
    assert max(len(line) for line in out.splitlines()) <= 80


def test_options_say_their_defaults(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        run(["play", "--help"])
    out = capsys.readouterr().out
    assert "(default: expert)" in out and "expert, greedy, random" in out


def test_json_is_one_spelling_and_validate_keeps_its_alias(cli):
    for argv in (["variants"], ["validate"], ["show", "cotton-1674"], ["diff"], ["examples"],
                 ["score", "5H", "5D", "10H", "--deck", "KH"]):
        code, out, _ = cli(*argv, "--json")
        assert code == 0 and json.loads(out) is not None
    assert cli("validate", "--json")[1] == cli("validate", "--format", "json")[1]


def test_batch_on_a_terminal_says_it_reads_standard_input(monkeypatch, cli):
    class Keyboard(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Keyboard("5H 4H 8H JH\n"))
    code, out, err = cli("score", "--variant", "cotton-1674", "--batch")
    assert code == 0 and json.loads(out)["total"] == 8
    assert "reading lines of four cards from standard input" in err and "Ctrl-D" in err
    monkeypatch.setattr(sys, "stdin", io.StringIO("5H 4H 8H JH\n"))
    assert cli("score", "--variant", "cotton-1674", "--batch")[2] == ""


def _imports(*argv: str, env: dict[str, str] | None = None) -> set[str]:
    code = ("import sys, io, contextlib\nfrom costly_variants.cli import run\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    try: run({list(argv)!r})\n    except SystemExit: pass\n"
            "print(' '.join(sorted(sys.modules)))")
    return set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env=env).stdout.split())


HEAVY = {"jsonschema", "rich", "multiprocessing", "yaml", "costly_variants.game", "costly_variants.chances", "costly_variants.runs", "costly_variants.questions",
         "costly_variants.count", "costly_variants.worked_examples", "costly_variants.profiles"}


@pytest.mark.parametrize("argv, allowed", [
    (["--version"], set()),
    (["--help"], set()),
    (["variants"], {"jsonschema", "rich", "yaml", "costly_variants.profiles"}),
    (["diff", "--json"], {"jsonschema", "yaml", "costly_variants.profiles"}),
    (["score", "5H", "5D", "10H", "--deck", "KH"], {"jsonschema", "rich", "yaml", "costly_variants.profiles",
                                                    "costly_variants.count"}),
    # piped, the analysis is plain text: rich is not loaded (cli/plain.py)
    (["analyse", "hands", "--variant", "parlett-121"], {"jsonschema", "yaml", "costly_variants.profiles",
                                                        "costly_variants.count"}),
])
def test_commands_import_only_what_they_use(argv, allowed):
    assert _imports(*argv) & HEAVY <= allowed


# What a run of a few games never needs: the schema checker and YAML (the bundled profiles, once checked,
# are trusted: profiles.known_good), rich (output piped), the plotting, data-frame and cluster libraries,
# and a pool of processes (a small run is played in the one process: runs.runner.POOL_COST).
NOT_FOR_A_SMALL_RUN = {"jsonschema", "yaml", "rich", "matplotlib", "pandas", "numpy", "dask", "distributed",
                       "multiprocessing", "costly_variants.site", "costly_variants.openspiel", "costly_variants.count.analysis"}


@pytest.mark.parametrize("argv", [
    ["simulate", "--variant", "eddowes-burne-1874", "--games", "1", "--seed", "1"],
    ["simulate", "--variant", "parlett-121", "--games", "20", "--seed", "2", "--bot", "expert", "--json"],
    # the rules that differ cite their passages from the trusted sources; the exact figures (count.analysis)
    # and the decisive ones are read back
    ["compare", "cotton-1674", "parlett-121", "--games", "20", "--skill-games", "0", "--seed", "3"],
])
def test_a_small_run_imports_only_the_engine_and_the_runner(tmp_path, argv):
    """The import graph of a small ``costly simulate`` or ``compare`` (its fixed cost, bench_fixed_cost.py) does
    not grow back: after a first run has checked the profiles and the sources (and kept the kernel's tables,
    the exact figures and the win tables), none of the above."""
    import os

    env = dict(os.environ, COSTLY_CACHE_DIR=str(tmp_path))
    first = _imports(*argv, env=env)  # checks the bundled profile, compiles and keeps the tables
    assert "jsonschema" in first and "costly_variants.runs.runner" in first
    again = _imports(*argv, env=env)
    assert "costly_variants.runs.runner" in again and "costly_variants.game.kernel" in again
    assert again & NOT_FOR_A_SMALL_RUN - ({"costly_variants.count.analysis"} if argv[0] == "compare" else set()) == set()


def test_version_fast_path_prints_the_version(capsys):
    from costly_variants import __version__

    assert run(["--version"]) == 0
    assert capsys.readouterr().out == f"costly-variants {__version__}\n"


class Newcomer(io.StringIO):
    """Someone who has never played: asks for help, a hint and the rules, then reads the screen to choose.

    Enter where only one choice is shown, an Ace typed as its card (AH) and its value when asked; else 1.
    """

    def __init__(self, screen: io.StringIO) -> None:
        super().__init__()
        self.screen = screen
        self.opening = ["help", "hint", "rules", "score"]
        self.typed: list[str] = []

    def readline(self, size: int = -1) -> str:
        shown = self.screen.getvalue()
        tail = shown[shown.rfind("Your hand:"):]
        if self.opening:
            line = self.opening.pop(0)
        elif shown.rstrip().endswith("?"):
            line = re.findall(r"\d+", shown.rstrip().splitlines()[-1])[-1]
        elif "[Enter]" in tail:
            line = ""
        else:
            ace = re.search(r"play A([♠♥♦♣])", tail)
            line = "A" + "SHDC"["♠♥♦♣".index(ace.group(1))] if ace else "1"
        self.typed.append(line)
        return line + "\n"


def play_session(variant: str, seed: int) -> tuple[int, str, Newcomer]:
    from costly_variants.cli.games import cmd_play

    screen = io.StringIO()
    player = Newcomer(screen)
    args = argparse.Namespace(variant=variant, partners=False, seed=seed, bot="expert", log=None)
    return cmd_play(args, stdin=player, stdout=screen), screen.getvalue(), player


def test_a_newcomer_finishes_a_game_with_the_built_in_help(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, player = play_session("parlett-121", 1)
    assert code == 0 and ("You win" in out or "The computer wins" in out)
    # A terminal echoes what is typed after the "> " prompt, so the answer starts on a line of its own.
    assert max(len(line.removeprefix("> ")) for line in out.splitlines()) <= 80
    flat = " ".join(out.split())  # phrases, whatever the wrapping
    # The start: the game in brief, the cut for the first dealer, who deals and who plays first.
    assert "the first to 121 points wins" in flat and "Game to 121. Game to 121" not in out
    assert re.search(r"You cut .+\.\n  The computer cuts .+\.", out)
    # Parlett's page says nothing of the cut: the rule is the 1874 profile's, silent in his (issue 36)
    assert "cut deals first (Aces low)" in flat and "[deal.first_dealer: silent, wikipedia-en#preliminaries]" in flat
    assert "the eldest hand and play" in flat and "The deck card, turned up from the stock, is" in flat
    # help: the phase explained from the profile, each sentence with its rule and passages.
    help_text = out[out.index("To mog is"):out.index("Commands: a number")]
    assert "to exchange a card with the other player" in help_text  # the profile's own vocabulary
    assert "[mog.procedure: parlett-web#mogging]" in " ".join(help_text.split())
    assert "gives the other side 1 point" in help_text
    # hint, rules, score.
    assert "The search bot would choose [" in flat and "is worth more" in flat
    assert "on average over the hands the others may hold" in flat
    assert "The count may not pass: 31" in flat and "Values an Ace may take: 1 or 11" in flat
    assert out.count("You            |") >= 2
    # Whose turn, the card received, Enter for a forced move, an Ace typed as its card.
    assert "Your turn to play. The count is" in flat and "You receive" in flat
    assert "[Enter] go (you cannot play)" in out and "" in player.typed and "You say go." in out
    assert re.search(r"Count A[♠♥♦♣] as 1 or 11\?", out) and re.search(r"You play A[♠♥♦♣] as 11", out)
    assert any(re.fullmatch(r"A[SHDC]", t) for t in player.typed)
    # Narration in sentences.
    assert "The computer will mog." in out or "The computer refuses to mog." in out
    assert "Computer: mog" not in out


def test_an_ace_is_not_asked_about_where_the_profile_gives_it_one_value():
    code, out, player = play_session("cotton-1674", 1)
    assert code == 0
    assert any(re.fullmatch(r"A[SHDC]", t) for t in player.typed), "no Ace reached the player with this seed"
    assert "Count A" not in out and " as 1" not in out
    assert "an Ace 1," in out or "Ace" in out


def test_the_elder_asks_and_the_computer_agrees(monkeypatch):
    code, out, _ = play_session("eddowes-burne-1874", 2)
    assert code == 0
    assert re.search(r"The computer (agrees to mog|refuses to mog|asks to mog|does not ask to mog)\.", out)
    help_text = " ".join(out[out.index("To mog is"):out.index("Commands: a number")].split())
    # the reports differ on the procedure (the presumed fragment, burne-1883#mogging, weighs for this one)
    assert "may ask the dealer to mog" in help_text and "[mog.procedure: disputed, burne-1883#mogging," in help_text


def test_help_follows_the_profile_not_fixed_prose():
    from costly_variants.cli.teach import play_help

    cotton, parlett = profiles.load("cotton-1674"), profiles.load("parlett-121")
    cotton_text = " ".join(p.text for p in play_help(cotton))
    parlett_text = " ".join(p.text for p in play_help(parlett))
    assert "an Ace 1," in cotton_text and "an Ace 1 or 11 at your choice" in parlett_text
    assert "Jack or Deuce scores as it is laid" in parlett_text and "Jack or Deuce" not in cotton_text
    assert "15, 25 or 31" in cotton_text


def test_simulate_and_replay_fit_in_eighty_columns(monkeypatch, capsys, tmp_path):
    """Their summaries are fixed text (no table): written in lines that fit, whatever the path of a log."""
    lines = at_width(monkeypatch, capsys, 80, "simulate", "--variant", "cotton-1674", "--games", "3", "--seed", "1",
                     "--jobs", "1", "--logs", str(tmp_path))
    assert_fits(lines, 80, {"count within 31"})
    log = sorted(tmp_path.glob("*.json"))[0]
    path_line, *rest = at_width(monkeypatch, capsys, 80, "replay", str(log))
    assert path_line.startswith(f"{log}: replayed under")
    assert_fits(rest, 80, {"reproduced", "every chance action and bot move matches seed"})


def test_compare_labels_take_the_room_few_profiles_leave(monkeypatch, capsys):
    lines = at_width(monkeypatch, capsys, 80, "compare", "cotton-1674", "parlett-121", "--games", "12",
                     "--skill-games", "0", "--jobs", "1")
    assert_fits(lines, 80, {"first dealer's side won %", "Values an Ace may take (cards.ace_values)", "A: 1. B: 1 or 11."})
    assert not any("…" in line for line in lines)


def test_a_terminal_of_no_width_gets_the_width_of_a_pipe(monkeypatch):
    """A pseudo-terminal whose size was never set (``script -c``, some consoles) says 0 columns: the report is
    laid out as piped, not wrapped to no width (a traceback from textwrap, once)."""
    import os
    import pty

    from costly_variants.cli import render

    monkeypatch.delenv("COLUMNS", raising=False)
    leader, follower = pty.openpty()
    try:
        with os.fdopen(os.dup(follower), "w") as stream:
            assert stream.isatty() and os.get_terminal_size(stream.fileno()).columns == 0
            assert render.output_width(stream) == render.PIPE_WIDTH
    finally:
        os.close(leader)
        os.close(follower)


def test_the_cut_for_the_first_deal_is_told_by_the_rules_in_force(tmp_path, monkeypatch):
    """A house rule that makes an Ace cut high is what the game's first words say, not the usual rule."""
    monkeypatch.setenv("COLUMNS", "80")
    house = tmp_path / "aces-high.yaml"
    house.write_text("id: aces-high\ntitle: Aces high\nextends: cotton-1674\nrules:\n  deal:\n    cut_ace:\n"
                     "      value: high\n      status: editorial\n      cite: []\n      note: our house\n", encoding="utf-8")
    code, out, _ = play_session(str(house), 1)
    flat = " ".join(out.split())
    assert code == 0 and "cut deals first (Aces high)" in flat and "Aces low" not in flat
