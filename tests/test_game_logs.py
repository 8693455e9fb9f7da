"""Game logs: self-contained, checked field by field, read within bounds; damaged ones are one line."""
from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from costly_variants import profiles
from costly_variants.errors import IllegalActionError
from costly_variants.game.actions import Action
from costly_variants.game.bots import BOTS
from costly_variants.game.log import (MAX_LOG_BYTES, LogError, game_log, log_schema_path, parse_log, read_log,
                                      rules_document, seat_bots)
from costly_variants.game.playout import play_game
from costly_variants.game.state import Game

from .running import LIMIT

DAMAGED = Path(__file__).parent / "damaged_logs"
EXPECT = yaml.safe_load((DAMAGED / "expectations.yaml").read_text(encoding="utf-8"))
HOUSE = Path(__file__).parent / "profile_examples" / "positive" / "cotton-with-courts.yaml"
ROOT = Path(__file__).resolve().parent.parent


def costly(*argv: str, cwd: Path | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "costly_variants", *argv], input=stdin, capture_output=True,
                          text=True, timeout=120, cwd=cwd, env=env)


def _bytes_read() -> int:
    """The bytes this process has read from files so far (Linux's count, of every read call)."""
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("rchar:"):
            return int(line.split()[1])
    raise AssertionError("no rchar in /proc/self/io")


def test_every_damaged_log_has_its_expectation():
    files = {p.stem for p in DAMAGED.glob("*.json")} - {"intact"}
    assert files == set(EXPECT)


def test_the_intact_log_replays(cli):
    code, out, err = cli("replay", str(DAMAGED / "intact.json"))
    assert code == 0 and err == ""
    assert "reproduced" in out and "every chance action and bot move matches seed 5" in out


@pytest.mark.parametrize("name", sorted(EXPECT))
def test_a_damaged_log_is_a_one_line_error(cli, name):
    path = DAMAGED / f"{name}.json"
    code, out, err = cli("replay", str(path))
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"error: {path}"), err
    assert EXPECT[name] in err, err
    assert len(err) < 400  # a 5,000-digit number or a 100,000-deep nesting is never echoed


def test_a_truncated_log_names_line_and_column(cli):
    _, _, err = cli("replay", str(DAMAGED / "truncated.json"))
    assert re.search(r"truncated\.json:1:\d+: the game log looks truncated: its JSON ends early", err)


@pytest.mark.parametrize("cut", [0.3, 0.5, 0.9, 0.999])
def test_a_log_cut_short_anywhere_says_it_looks_truncated_and_where_it_ends(tmp_path, cli, cut):
    """A log cut short by a full disk or a copy stopped half-way: not merely 'not a JSON game log'."""
    whole = (DAMAGED / "intact.json").read_text(encoding="utf-8")
    text = whole[:int(len(whole) * cut)]
    path = tmp_path / "trunc.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli("replay", str(path))
    body = text.rstrip()
    end = f"{body.count(chr(10)) + 1}:{len(body) - body.rfind(chr(10))}"
    assert code == 1 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"error: {path}:{end}: the game log looks truncated: its JSON ends early ("), err


def test_a_log_with_bad_json_inside_is_not_called_truncated(tmp_path, cli):
    path = tmp_path / "bad.json"
    path.write_text('{"variant": "parlett-121",, "seed": 1}\n', encoding="utf-8")
    _, _, err = cli("replay", str(path))
    assert f"{path}:1:27: not a JSON game log" in err and "truncated" not in err
    path.write_text("\n  \n", encoding="utf-8")
    assert "the file is empty" in cli("replay", str(path))[2]


def test_devices_fifos_folders_and_huge_files_are_refused_unread(cli, tmp_path):
    code, _, err = cli("replay", "/dev/zero")
    assert code == 1 and "is a device, FIFO or socket" in err and len(err.strip().splitlines()) == 1
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    code, _, err = cli("replay", str(fifo))  # must not wait for a writer
    assert code == 1 and "refused unread" in err
    code, _, err = cli("replay", str(tmp_path))
    assert code == 1 and "is a folder" in err
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:  # sparse: 2 GB on paper, nothing on disk
        handle.truncate(2 << 30)
    before = _bytes_read()
    code, _, err = cli("replay", str(huge))
    assert code == 1 and "too large for a game log" in err
    assert _bytes_read() - before < 1 << 20  # refused unread: not a byte of its 2 GB
    code, _, err = cli("replay", str(tmp_path / "absent.json"))
    assert code == 1 and "cannot read: No such file" in err


def test_ace_values_are_ascii_digits_only():
    assert Action.from_str("play:AH=11").value == 11
    for text in ("play:AH=¹", "play:AH=١١", "play:AH=１", "play:AH=11111111111111111111"):
        with pytest.raises(IllegalActionError, match="bad Ace value"):
            Action.from_str(text)


def test_a_log_carries_its_rules_and_they_round_trip(bundled):
    for profile in bundled.values():
        state = play_game(Game(profile.rules, variant=profile.id), ["greedy"], 2)
        log = json.loads(json.dumps(state.log()))
        assert log["format"] == "costly-game-log" and log["finished"] is True and "seed" not in log
        back = parse_log(json.dumps(log).encode(), "x.json")
        assert back.rules == profile.rules and dict(back.rules.citations) == dict(profile.rules.citations)


def test_the_schema_ships_in_the_package_and_names_every_bot():
    schema = json.loads(log_schema_path().read_text(encoding="utf-8"))
    assert log_schema_path().parent.name == "game"
    names = [n for n in schema["properties"]["bots"]["oneOf"][0]["items"]["enum"] if n]
    assert sorted(names) == sorted(BOTS)


@pytest.mark.slow
def test_the_wheel_includes_the_log_schema(tmp_path):
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                             "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {result.stderr.strip()[-200:]}")
    import zipfile

    wheel = next(tmp_path.glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "costly_variants/game/log.schema.json" in names
    # and, where this checkout's C filler was built, the wheel carries it and is tagged for this platform
    from costly_variants.count import batch_scorer

    if batch_scorer.FILL is not batch_scorer.BatchScorer.fill_in_python:
        assert any(name.startswith("costly_variants/count/_fill.") for name in names), names
        assert not wheel.name.endswith("-none-any.whl"), wheel.name


def test_seed_and_bots_must_come_together():
    state = play_game(Game(profiles.load("cotton-1674").rules, variant="cotton-1674"), ["greedy"], 2)
    with pytest.raises(ValueError, match="both"):
        game_log(state, seed=2)
    assert state.log(seed=2, bots=seat_bots(["greedy"], 2))["bots"] == ["greedy", "greedy"]


def test_a_house_profile_log_replays_from_any_folder_without_variant(tmp_path):
    log = tmp_path / "house.json"
    played = costly("play", "--variant", str(HOUSE), "--seed", "4", "--log", str(log), stdin="1\n" * 3000)
    assert played.returncode == 0, played.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = costly("replay", str(log), cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    assert "under the rules the log records" in result.stdout and "matches seed 4" in result.stdout


def test_replay_says_when_the_bundled_profile_changed(tmp_path, cli):
    cotton = profiles.load("cotton-1674").rules
    changed = dataclasses.replace(cotton, target=31)  # the bundled profile as it was "before"
    state = play_game(Game(changed, variant="cotton-1674"), ["greedy"], 6)
    path = tmp_path / "old-rules.json"
    path.write_text(json.dumps(state.log(seed=6, bots=seat_bots(["greedy"], 2))), encoding="utf-8")
    code, out, err = cli("replay", str(path))
    assert code == 0, err
    assert "note: the bundled profile cotton-1674 has changed since this log was written (game.target)" in out
    assert "reproduced" in out and max(state.scores) >= 31 and max(state.scores) < 61
    # and under today's profile, by request, with a note, and the first difference named
    code, out, err = cli("replay", str(path), "--variant", "cotton-1674")
    assert code == 1 and re.search(r"(finished|winner|deals|action \d+ \(\S+\)): ", err), err


@pytest.mark.parametrize("other", ["cotton-1674", "eddowes-burne-1874"])
def test_a_replay_under_other_rules_says_they_differ_before_the_first_difference(cli, other):
    """--variant of another profile: the game is bound to go otherwise, and the error says why first."""
    path = Path(__file__).parent / "golden" / "parlett-121.json"
    code, out, err = cli("replay", str(path), "--variant", other)
    assert code == 1 and out == "" and len(err.splitlines()) == 1
    found = re.match(rf"error: {re.escape(str(path))}: the rules of {other} differ from the log's \(([^)]*)\), so "
                     r"the game goes otherwise: (.*)$", err.strip())
    assert found, err
    assert "mog.procedure" in found.group(1) and re.match(r"(action \d+ \(\S+\)|finished|winner|deals)", found.group(2))


def test_a_replay_under_the_same_rules_names_no_difference(cli, tmp_path):
    """A log edited to differ, replayed under its own rules: the first difference alone, as before."""
    log = json.loads((Path(__file__).parent / "golden" / "parlett-121.json").read_text(encoding="utf-8"))
    log["actions"][20] = "play:KS" if log["actions"][20] != "play:KS" else "play:QS"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    code, _, err = cli("replay", str(path), "--variant", "parlett-121")
    assert code == 1 and err.startswith(f"error: {path}: action 21 (") and "differ from the log's" not in err


def test_older_logs_replay_under_their_bundled_profile(tmp_path, cli):
    log = json.loads((Path(__file__).parent / "golden" / "parlett-121.json").read_text(encoding="utf-8"))
    for key in ("format", "version", "rules", "rules_sha256", "finished"):  # as version 1 wrote it
        del log[key]
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    code, out, _ = cli("replay", str(path))
    assert code == 0 and "an older log that does not record its rules" in out and "matches seed 1874" in out


def test_an_older_log_of_a_house_profile_needs_variant(tmp_path, cli):
    log = json.loads((DAMAGED / "intact.json").read_text(encoding="utf-8"))
    for key in ("format", "version", "rules", "rules_sha256", "finished"):
        del log[key]
    log["variant"] = "../../etc/passwd"  # never opened: an older log names only bundled profiles
    path = tmp_path / "old.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    code, _, err = cli("replay", str(path))
    assert code == 1 and "give the profile with --variant" in err
    code, out, _ = cli("replay", str(path), "--variant", "cotton-1674")
    assert code == 0 and "reproduced" in out


def test_reading_is_bounded_by_the_limit_given():
    from costly_variants.game.log import read_bounded

    with pytest.raises(LogError, match="too large"):
        read_bounded(__file__, limit=10)
    assert read_bounded(__file__, limit=MAX_LOG_BYTES).startswith(b'"""Game logs')


def test_rules_document_is_cached_per_rules_object():
    rules = profiles.load("parlett-121").rules
    assert rules_document(rules)[0] is rules_document(rules)[0]


def test_read_log_of_an_intact_file():
    log = read_log(DAMAGED / "intact.json")
    assert log.seed == 5 and log.bots == ("greedy", "expert") and log.finished is True


@pytest.mark.parametrize("how, code", [("SIGTERM", 143), ("SIGHUP", 129), ("SIGINT", 130)])
def test_play_stopped_by_a_signal_writes_a_whole_log_and_nothing_else(tmp_path, how, code):
    log = tmp_path / "game.json"
    proc = subprocess.Popen([sys.executable, "-m", "costly_variants", "play", "--variant", "parlett-121",
                             "--seed", "8", "--log", str(log)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    assert proc.stdin is not None and proc.stdout is not None
    def prompt() -> bytes:
        """What the game says up to its next prompt (the event each step waits for)."""
        seen = b""
        while not seen.endswith(b"> "):
            chunk = os.read(proc.stdout.fileno(), 4096)
            assert chunk, f"the game ended before its prompt: {seen!r}"
            seen += chunk
        return seen

    for _ in range(3):  # play a few moves, then wait at the prompt
        prompt()
        proc.stdin.write(b"1\n")
        proc.stdin.flush()
    seen = prompt()
    proc.send_signal(getattr(signal, how))
    out, err = proc.communicate(timeout=LIMIT)
    assert proc.returncode == code and b"Traceback" not in err
    assert b"Game abandoned." in seen + out and b"Log written to" in out
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left beside it
    data = json.loads(log.read_text(encoding="utf-8"))
    assert data["finished"] is False and data["winner"] is None and len(data["actions"]) > 10
    replayed = costly("replay", str(log))
    assert replayed.returncode == 0 and "unfinished game" in replayed.stdout


def test_play_writes_its_log_before_an_unexpected_error_is_reported(tmp_path, monkeypatch):
    from costly_variants.cli import run
    from costly_variants.game import bots

    original = bots.ExpertBot.choose

    def broken(self, state, player):  # type: ignore[no-untyped-def]
        if len(state.history) > 30:
            raise RuntimeError("a bug in a bot")
        return original(self, state, player)

    monkeypatch.setattr(bots.ExpertBot, "choose", broken)
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("1\n" * 500))
    log = tmp_path / "game.json"
    with pytest.raises(RuntimeError, match="a bug in a bot"):
        run(["play", "--variant", "cotton-1674", "--seed", "3", "--log", str(log)])
    data = json.loads(log.read_text(encoding="utf-8"))
    assert data["finished"] is False and len(data["actions"]) > 30


def test_a_partnership_log_with_bots_dealt_round_the_seats_checks_its_seed(tmp_path, cli):
    rules = profiles.load("eddowes-burne-1874-partners").rules
    state = play_game(Game(rules, variant="eddowes-burne-1874-partners"), ["greedy", "expert"], 12)
    path = tmp_path / "four.json"
    path.write_text(json.dumps(state.log(seed=12, bots=["greedy", "expert"] * 2)), encoding="utf-8")
    code, out, _ = cli("replay", str(path))
    assert code == 0 and "matches seed 12" in out
    log = json.loads(path.read_text(encoding="utf-8"))
    log["bots"] = ["greedy", "expert"]  # the names as play_game takes them: the same seats
    path.write_text(json.dumps(log), encoding="utf-8")
    assert cli("replay", str(path))[0] == 0
    log["bots"] = ["greedy", "expert", "random"]
    path.write_text(json.dumps(log), encoding="utf-8")
    code, _, err = cli("replay", str(path))
    assert code == 1 and "3 bots cannot be dealt round 4 seats" in err


def test_a_log_that_predates_a_rule_takes_it_from_the_bundled_profile(tmp_path, cli):
    from costly_variants.game.log import rules_sha256

    log = json.loads((DAMAGED / "intact.json").read_text(encoding="utf-8"))
    del log["rules"]["values"]["play.sequence_min"]  # as if written before the rule existed
    log["rules_sha256"] = rules_sha256(log["rules"])
    path = tmp_path / "older.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    code, out, err = cli("replay", str(path))
    assert code == 0, err
    assert "note: the log predates the rules play.sequence_min: their values are taken from today's bundled" in out
    log["variant"] = "my-house"
    path.write_text(json.dumps(log), encoding="utf-8")
    code, _, err = cli("replay", str(path))
    assert code == 1 and "records no value for play.sequence_min (it predates them)" in err
    assert cli("replay", str(path), "--variant", "cotton-1674")[0] == 0


def test_a_signal_during_the_log_write_waits_for_the_write():
    from costly_variants.cli.signals import Terminated, signals_deferred, stop_signals_raise

    restore = stop_signals_raise()
    try:
        written = []
        with pytest.raises(Terminated) as stopped:
            with signals_deferred():
                os.kill(os.getpid(), signal.SIGTERM)  # its handler runs before the next line, as it would
                written.append("the whole log")
        assert written == ["the whole log"] and stopped.value.exit_code == 143
    finally:
        restore()


@pytest.mark.parametrize("profile_id", ["cotton-1674", "holme-1688", "eddowes-burne-1874",
                                        "eddowes-burne-1874-partners", "parlett-121"])
def test_every_log_the_engine_writes_reads_back_and_replays(profile_id):
    from costly_variants.game.verify import replay_log

    rules = profiles.load(profile_id).rules
    for seed, names in ((1, ["random"]), (2, ["expert", "greedy"])):
        state = play_game(Game(rules, variant=profile_id), names, seed)
        log = parse_log(json.dumps(state.log(seed=seed, bots=seat_bots(names, state.n))).encode(), "x.json")
        assert log.rules is not None
        replayed = replay_log(log, log.rules, variant=profile_id)
        assert replayed.checked_seed and replayed.state.scores == state.scores


@pytest.mark.parametrize("profile_id, version, as_points", [
    ("cotton-1674", 2, True), ("cotton-1674", 3, False), ("cotton-1674", 4, False),
    ("eddowes-burne-1874-partners", 3, True), ("eddowes-burne-1874-partners", 4, False)])
def test_a_logs_search_is_the_search_of_its_version(tmp_path, cli, profile_id, version, as_points):
    """Before version 3 (before version 4 in the four-hand game), "search" was the search that values
    points (now "search-points"): such a log replays bot move for bot move as it was played. From then on
    it is the search that plays the board, and the same moves under that name are found out where the
    two searches choose apart."""
    import costly_variants.chances  # noqa: F401  (the board search's win tables)

    game = Game(profiles.load(profile_id).rules, variant=profile_id)
    for seed in range(40):
        points = play_game(game, ["search-points", "greedy"], seed)
        board = play_game(game, ["search", "greedy"], seed)
        if points.log()["actions"] != board.log()["actions"]:
            break
    else:
        raise AssertionError("the two searches chose alike in 40 games")
    log = points.log(seed=seed, bots=seat_bots(["search-points", "greedy"], game.rules.players))
    log["version"], log["bots"] = version, seat_bots(["search", "greedy"], game.rules.players)
    path = tmp_path / f"v{version}.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    code, out, err = cli("replay", str(path))
    if as_points:
        assert code == 0 and f"matches seed {seed}" in out, (out, err)
    else:
        assert code != 0 and "search" in err and err.count("\n") == 1, (out, err)


@pytest.mark.parametrize("kept, said", [(16, "which has 1 event"), (3, "which has 0 events")])
def test_a_log_with_more_events_than_its_actions_make_counts_them_in_words(tmp_path, cli, kept, said):
    """The intact log's actions cut short, its events kept: the replay has fewer, counted right."""
    log = json.loads((DAMAGED / "intact.json").read_text(encoding="utf-8"))
    path = tmp_path / "cut.json"
    path.write_text(json.dumps({**log, "actions": log["actions"][:kept]}), encoding="utf-8")
    code, out, err = cli("replay", str(path))
    assert code == 1 and out == ""
    assert err.rstrip().endswith(f"is not in the replay, {said}"), err
