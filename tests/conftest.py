from __future__ import annotations

import signal
from pathlib import Path

import pytest

from costly_variants import profiles

EXAMPLES = Path(__file__).parent / "profile_examples"

# Several tests send Ctrl-C (SIGINT) to a costly process and expect exit status 130. A shell without job
# control starts a background command with SIGINT ignored, its children inherit that, and Python then
# leaves SIGINT ignored: the command would run on and exit 0. So the suite puts Ctrl-C back as Python's
# own handler, which its children start from as the default action.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


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
