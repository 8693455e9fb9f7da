"""What people expect of a command line, as pytest, ruff and check-jsonschema have it: bare ``costly``
helps, a mistyped command or option is met with the nearest one, -q/--quiet and --no-progress, and the
exit codes in ``costly --help``."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from .running import LIMIT, WORK


def costly(*argv: str, **kwargs) -> subprocess.CompletedProcess:  # type: ignore[no-untyped-def]
    return subprocess.run([sys.executable, "-m", "costly_variants", *argv], capture_output=True, text=True,
                          timeout=LIMIT, cwd=WORK, **kwargs)


def test_bare_costly_prints_the_grouped_help_and_exits_0():
    bare, helped = costly(), costly("--help")
    assert bare.returncode == 0 and bare.stderr == ""
    assert bare.stdout == helped.stdout
    assert "profiles - the rule profiles" in bare.stdout and "comparison - compare the profiles" in bare.stdout


def test_each_command_is_registered_by_the_module_the_start_up_imports_for_it():
    """``costly simulate`` imports and registers cli/comparison.py alone (cli.COMMANDS): every command of every
    module in the help's groups is there, under the module that registers it, and nothing else is."""
    import importlib

    from costly_variants import cli
    from costly_variants.cli.helptext import Parser

    registered = {}
    for _, _, names in cli.GROUPS:
        for name in names:
            try:
                module = importlib.import_module(f"costly_variants.cli.{name}")
            except ModuleNotFoundError:
                continue
            sub = Parser(prog="costly").add_subparsers(dest="command", parser_class=Parser)
            module.register(sub)
            registered.update({command: name for command in sub.choices})
    assert registered == cli.COMMANDS

    def commands(parser):  # the sub-parsers of a parser, by command
        return next(a for a in parser._actions if a.dest == "command").choices

    full = commands(cli.build_parser())
    for command in cli.COMMANDS:
        alone = commands(cli.build_parser(command))
        assert set(alone) == {c for c, name in cli.COMMANDS.items() if name == cli.COMMANDS[command]}
        assert alone[command]._option_string_actions.keys() == full[command]._option_string_actions.keys()


@pytest.mark.parametrize("argv, nearest", [
    (["compar"], "did you mean 'compare'?"),
    (["analyse", "hand", "--variant", "parlett-121"], "did you mean 'hands'?"),
    (["compare", "--gmaes", "3"], "did you mean --games?"),
    (["compare", "--gmaes=3"], "did you mean --games?"),
    (["compare", "--bot", "gredy"], "did you mean 'greedy'?"),
    (["analyse", "hands", "--variant", "parlett-121", "--jsn"], "did you mean --json?"),
    (["simulate", "--variant", "parlett-121", "--games", "2", "--seed", "1", "--no-porgress"],
     "did you mean --no-progress?"),
    (["--verison"], "did you mean --version?"),
])
def test_a_mistyped_command_or_option_suggests_the_nearest(cli, argv, nearest):
    code, out, err = cli(*argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert err.startswith("error: costly") and nearest in err, err


@pytest.mark.parametrize("argv", [["xyzzy"], ["compare", "--frobnicate"]])
def test_nothing_near_is_no_suggestion(cli, argv):
    code, _, err = cli(*argv)
    assert code == 2 and "did you mean" not in err and len(err.strip().splitlines()) == 1


def test_an_option_before_the_command_says_where_options_go(cli):
    code, _, err = cli("-q", "validate")
    assert code == 2 and "options go after the command" in err and len(err.strip().splitlines()) == 1


def test_the_help_lists_the_exit_codes_the_commands_use():
    from costly_variants.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE
    from costly_variants.cli.signals import Terminated, exit_code

    out = costly("--help").stdout
    listed = out[out.index("exit status:"):]
    codes = {int(c) for c in re.findall(r"^  (\d+) ", listed, re.M)} | {int(c) for c in re.findall(r"(\d+) by SIG",
                                                                                                    listed)}
    used = {EXIT_OK, EXIT_INVALID, EXIT_USAGE, exit_code(KeyboardInterrupt()),
            *(exit_code(Terminated(getattr(__import__("signal"), s))) for s in ("SIGTERM", "SIGHUP"))}
    assert codes == used == {0, 1, 2, 130, 143, 129}


def test_validate_quiet_prints_only_the_problems(cli):
    from .conftest import EXAMPLES

    code, out, err = cli("validate", "-q")
    assert code == 0 and out == "" and err == ""
    bad = str(EXAMPLES / "negative" / "bad-id.yaml")
    code, out, err = cli("validate", "--quiet", "parlett-121", bad)
    assert code == 1 and err == "" and "bad-id.yaml:1:5: $.id:" in out and "ok:" not in out
    assert len(out.splitlines()) == 1


@pytest.mark.parametrize("quiet", [False, True], ids=["told", "quiet"])
def test_score_batch_quiet_asks_nothing_on_a_terminal(quiet):
    """Typing deals at a terminal, the batch says what it reads, unless -q; one Ctrl-D ends the input."""
    import pty

    leader, follower = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "costly_variants", "score", "--variant", "parlett-121",
                               "--batch", *(["-q"] if quiet else [])], stdin=follower, capture_output=True,
                              text=True, timeout=120, cwd=WORK, preexec_fn=lambda: os.write(leader, b"5H 4H 8H JH\n\x04"))
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 0 and done.stdout.startswith('{"line": 1, "hand": ["5H", "4H", "8H"]')
    assert ("reading lines of four cards" in done.stderr) != quiet and (done.stderr == "") == quiet


@pytest.mark.parametrize("flag, shown", [(None, True), ("--no-progress", False), ("-q", False)])
def test_score_batch_progress_follows_the_flags(cli, monkeypatch, flag, shown):
    """The batch's bar (on a terminal, once a run takes a while) is asked for unless --no-progress or -q."""
    from costly_variants.count import batch

    asked = []
    monkeypatch.setattr(batch, "score_batch", lambda *a, progress, **k: asked.append(progress))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("5H 4H 8H JH\n"))
    code, _, err = cli("score", "--variant", "parlett-121", "--batch", *([flag] if flag else []))
    assert code == 0, err
    assert asked == [shown]
