"""Output files are whole or absent, and never replace a special file."""
from __future__ import annotations

import os

import pytest

from costly_variants.outputs import OutputError, atomic_writer, check_target, write_text


def test_writes_and_replaces_a_regular_file(tmp_path):
    target = tmp_path / "out.json"
    write_text(target, "one\n")
    write_text(target, "two\n")
    assert target.read_text() == "two\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_a_failure_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "out.json"
    target.write_text("old\n")
    with pytest.raises(RuntimeError):
        with atomic_writer(target) as out:
            out.write("half")
            raise RuntimeError("interrupted")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


@pytest.mark.parametrize("kind", ["fifo", "symlink", "folder", "device", "missing-folder"])
def test_refuses_what_is_not_a_regular_file(tmp_path, kind):
    target = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        (tmp_path / "real").write_text("keep\n")
        target.symlink_to(tmp_path / "real")
    elif kind == "folder":
        target.mkdir()
    elif kind == "device":
        target = tmp_path / "null"
        target.symlink_to("/dev/null")  # a link to a device is refused as a link
    elif kind == "missing-folder":
        target = tmp_path / "no-such-folder" / "x.json"
    with pytest.raises(OutputError) as info:
        write_text(target, "x\n", what="log")
    message = str(info.value)
    assert "\n" not in message and str(target) in message and message.startswith("cannot write the log")
    if kind == "symlink":
        assert (tmp_path / "real").read_text() == "keep\n"


def test_refuses_a_character_device():
    with pytest.raises(OutputError, match="special file"):
        check_target("/dev/null")
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002], ids=oct)
def test_a_new_file_gets_the_mode_a_plain_open_would(tmp_path, umask):
    """The temporary file's 0600 must not survive the rename: 0666 less the umask, as open() gives."""
    previous = os.umask(umask)
    try:
        write_text(tmp_path / "out.csv", "x\n")
        with open(tmp_path / "plain.csv", "w") as plain:
            plain.write("x\n")
    finally:
        os.umask(previous)
    mode = os.stat(tmp_path / "out.csv").st_mode & 0o777
    assert mode == 0o666 & ~umask == os.stat(tmp_path / "plain.csv").st_mode & 0o777


def test_a_replaced_file_keeps_its_mode(tmp_path):
    """As open() on an existing file does: a file made read-only for others stays so."""
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    target.chmod(0o640)
    write_text(target, "new\n")
    assert target.read_text() == "new\n" and os.stat(target).st_mode & 0o777 == 0o640


def test_every_command_that_writes_a_file_gives_it_ordinary_permissions(tmp_path):
    """--csv, --plot, --log and --logs, through the command itself (not only write_text)."""
    import subprocess
    import sys

    def run(*argv: str, stdin: str = "") -> None:
        done = subprocess.run([sys.executable, "-m", "costly_variants", *argv], input=stdin, capture_output=True,
                              text=True, timeout=300, cwd=tmp_path, preexec_fn=lambda: os.umask(0o022))
        assert done.returncode == 0, done.stderr

    (tmp_path / "logs").mkdir()
    run("compare", "parlett-121", "cotton-1674", "--games", "3", "--skill-games", "0", "--jobs", "1",
        "--csv", "out.csv", "--plot", "out.svg")
    run("simulate", "--variant", "parlett-121", "--games", "2", "--seed", "1", "--jobs", "1", "--logs", "logs")
    run("play", "--variant", "parlett-121", "--seed", "1", "--log", "game.json", stdin="quit\n")
    written = [tmp_path / "out.csv", tmp_path / "out.svg", tmp_path / "game.json", *(tmp_path / "logs").iterdir()]
    assert len(written) == 5
    assert {p.name: oct(os.stat(p).st_mode & 0o777) for p in written} == {p.name: "0o644" for p in written}
