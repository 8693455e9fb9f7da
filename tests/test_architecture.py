"""The folders are the stages, and imports run only from a later stage to an earlier one."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "costly_variants"

# The ground floor (rank 0) and the stages in pipeline order: the win table (chances) and the worked examples
# stand on the game; the seeded runs on the chances (the search bot reads its tables); the questions asked of
# many runs on the runs; the Python API (api) and the OpenSpiel game (openspiel) on the questions; cli and
# site are both last.
RANK = {"cards": 0, "errors": 0, "resources": 0, "outputs": 0, "cache": 0, "stats": 0, "_version": 0, "profiles": 1,
        "count": 2, "game": 3, "worked_examples": 4, "chances": 4, "runs": 5, "questions": 6, "api": 7, "openspiel": 7,
        "cli": 8, "site": 8}
FACE = {"__init__", "__main__"}
ROOT = "__init__"  # what a module imports from the package root itself (which imports every stage)


def _unit(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def _imported_units(path: Path) -> set[str]:
    return _units_in(path.read_text(encoding="utf-8"), list(path.relative_to(PACKAGE).parent.parts))


def _units_in(source: str, package: list[str]) -> set[str]:
    """The top-level units of the package a module imports (relative and absolute imports alike), and
    ``ROOT`` where it imports a name from the package root itself (``from .. import __version__``)."""
    tree = ast.parse(source)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                target = base + (node.module.split(".") if node.module else [])
                names = [a.name for a in node.names] if not target else []
                found.update([n if n in RANK else ROOT for n in names] if not target else [target[0]])
            elif node.module and node.module.startswith("costly_variants."):
                found.add(node.module.split(".")[1])
            elif node.module == "costly_variants":
                found.update(a.name if a.name in RANK else ROOT for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("costly_variants."))
            found.update(ROOT for a in node.names if a.name == "costly_variants")
    return {u for u in found if u in RANK or u == ROOT}


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if _unit(p) not in FACE)


def test_top_level_holds_only_the_ground_floor_and_the_face():
    top = {p.stem for p in PACKAGE.glob("*.py")}
    assert top <= FACE | {u for u, r in RANK.items() if r == 0}
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == {u for u, r in RANK.items() if r > 0}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_run_only_to_earlier_stages(path):
    unit = _unit(path)
    assert ROOT not in _imported_units(path), f"{unit} imports from the package root, which imports every stage"
    for other in _imported_units(path) - {unit, ROOT}:
        assert _allowed(unit, other), f"{unit} (stage {RANK[unit]}) imports {other} (stage {RANK[other]})"


def _allowed(unit: str, other: str) -> bool:
    return RANK[other] < RANK[unit] or RANK[unit] == RANK[other] == 0


def test_the_check_sees_every_spelling_of_an_import():
    assert _units_in("from ..game.state import State", ["count"]) == {"game"}
    assert _units_in("from .. import profiles", ["cli"]) == {"profiles"}
    assert _units_in("from .hand import x", ["count"]) == {"count"}
    assert _units_in("import costly_variants.runs.simulate", ["game"]) == {"runs"}
    assert _units_in("from costly_variants.site import setup", ["game"]) == {"site"}
    assert _units_in("from .. import __version__", ["count"]) == {ROOT}
    assert _units_in("from .. import __version__, profiles", ["site"]) == {ROOT, "profiles"}
    assert _units_in("from costly_variants import Card", ["game"]) == {ROOT}
    assert _units_in("from .._version import __version__", ["cli"]) == {"_version"}
    assert not _allowed("count", "game") and not _allowed("cli", "site") and _allowed("site", "questions") and _allowed("runs", "chances") and not _allowed("chances", "runs")
    assert _allowed("cli", "api") and not _allowed("api", "cli") and not _allowed("api", "openspiel")


def test_the_public_names_still_import_from_the_package():
    import costly_variants as cv

    assert cv.Card.from_str("10H") == cv.Card(cv.Rank.TEN, cv.Suit.HEARTS)
    profile = cv.load("parlett-121")
    assert cv.score_hand(profile.rules, ["5H", "5D", "10H"], "KH").total > 0
    assert cv.Game(profile.rules).new_initial_state().legal_actions()
