"""Shared fixtures, and the rules that keep the README's test command (``pytest -q``) to minutes.

Slow tests. ``pytest -q`` runs on every core (pytest-xdist, ``-n auto`` in pyproject.toml) and leaves out
the tests marked ``slow``; ``pytest -m slow`` runs those, and ``.ci/run`` runs both. Mark a test
``@pytest.mark.slow`` (a whole file: ``pytestmark = pytest.mark.slow``) when it costs more than about ten
CPU-seconds on its own: the real site and the browser, a Dask cluster, the designer's search, a
cross-check on many random inputs. A cross-check keeps a short pass in the default run and its full count
in the slow one (``tests.slow.few_and_many``). A test that uses a fixture of ``SLOW_FIXTURES`` is slow
without saying so. ``.ci/run`` prints the slowest tests of each run (``--durations``).

Tests run side by side, each file's on one of several worker processes (``--dist loadfile``, so that a
module fixture is made once a run): write only under ``tmp_path`` or ``tmp_path_factory`` (never into the
checkout); listen on port 0, never a fixed port; signal only a process the test started, in a session of
its own (``start_new_session=True``, then ``os.killpg`` on its pid). A session fixture is made once per
worker: one that several files share and that costs minutes (``real_site``) goes here, made once a run.
"""
from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from costly_variants import profiles

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = Path(__file__).parent / "profile_examples"

# Fixtures that make any test using them slow: the site built from docs/ (minutes), the test roots'
# sites (test_site.py's, test_site_scholarship.py's and the questions' pages: most of a minute each), and
# test_compare_dask.py's Dask scheduler and workers.
SLOW_FIXTURES = {"real_site", "site", "questions_site", "cluster"}

# Several tests send Ctrl-C (SIGINT) to a costly process and expect exit status 130. A shell without job
# control starts a background command with SIGINT ignored, its children inherit that, and Python then
# leaves SIGINT ignored: the command would run on and exit 0. So the suite puts Ctrl-C back as Python's
# own handler, which its children start from as the default action.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(tryfirst=True)  # before -m selects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A run whose marks select no test (``pytest -m slow`` where none is slow) has passed, not failed:
    pytest's exit status 5 would turn CI red for want of work."""
    if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
        session.exitstatus = pytest.ExitCode.OK


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The reference site built from ``docs/`` with warnings as errors, once a run whatever the number of
    workers (or the one ``COSTLY_BUILT_SITE`` names: ``.ci/run`` hands over the site it has just built).
    The build writes the generated pages into ``docs/``: two at once would trip over each other."""
    if os.environ.get("COSTLY_BUILT_SITE"):
        return Path(os.environ["COSTLY_BUILT_SITE"]).resolve()
    from filelock import FileLock

    # pytest-xdist's workers have folders of their own under the run's; one process has the run's
    run = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    folder = run / "real-site"
    out, outcome = folder / "html", folder / "outcome.txt"
    with FileLock(str(run / "real-site.lock")):
        if not outcome.is_file():
            from sphinx.cmd.build import build_main

            folder.mkdir(exist_ok=True)
            warnings = folder / "warnings.txt"
            code = build_main(["-W", "--keep-going", "-q", "-b", "html", "-w", str(warnings), str(ROOT / "docs"),
                               str(out)])
            outcome.write_text(f"{code}\n{warnings.read_text(encoding='utf-8') if warnings.is_file() else ''}",
                               encoding="utf-8")
    code, _, warned = outcome.read_text(encoding="utf-8").partition("\n")
    assert code == "0", f"the site's build failed (exit {code}):\n{warned}"
    return out


@pytest.fixture(scope="session")
def bundled() -> dict[str, profiles.Profile]:
    return {p.id: p for p in profiles.load_all()}


@pytest.fixture
def cli(capsys):
    """Run the costly command in-process; return (exit code, stdout, stderr)."""
    from costly_variants.cli import run

    def invoke(*argv: str) -> tuple[int, str, str]:
        code = run(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return invoke


@pytest.fixture
def house(tmp_path):
    """Write a house profile extending ``extends``, with its rules given as ``{"section.name": value}``
    (each an editorial house rule) and any further top-level YAML; return its path."""

    def write(extends: str, rules: dict[str, object] | None = None, *, extra: str = "",
              name: str = "house.yaml") -> Path:
        lines = [f"id: {Path(name).stem}", "title: House rules", f"extends: {extends}", extra.rstrip("\n")]
        sections: dict[str, list[str]] = {}
        for key, value in (rules or {}).items():
            section, rule = key.split(".", 1)
            sections.setdefault(section, []).append(
                f"    {rule}: {{value: {value}, status: editorial, cite: [], note: a house rule}}")
        if sections:
            lines.append("rules:")
            for section, entries in sections.items():
                lines += [f"  {section}:", *entries]
        path = tmp_path / name
        path.write_text("\n".join(l for l in lines if l) + "\n", encoding="utf-8")
        return path

    return write


@pytest.fixture
def no_cache_folders(tmp_path) -> tuple[str, str]:
    """``COSTLY_CACHE_DIR`` settings under which no cache can be used: turned off, and a file where the
    folder would be."""
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("", encoding="utf-8")
    return ("off", str(blocked))
