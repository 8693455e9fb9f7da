from __future__ import annotations

from pathlib import Path

import pytest

from costly_variants import profiles

EXAMPLES = Path(__file__).parent / "profile_examples"


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
