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
