"""The Sphinx extension, built on tiny projects under tests/roots/ (and the real site in CI)."""
from __future__ import annotations

import shutil
from pathlib import Path

from sphinx.cmd.build import build_main

ROOTS = Path(__file__).parent / "roots"


def build(root: str, tmp_path: Path) -> tuple[int, Path, str]:
    src = tmp_path / "src"
    shutil.copytree(ROOTS / root, src)
    out = tmp_path / "html"
    warnings = tmp_path / "warnings.txt"
    code = build_main(["-W", "--keep-going", "-q", "-b", "html", "-w", str(warnings), str(src), str(out)])
    return code, out, warnings.read_text(encoding="utf-8") if warnings.exists() else ""


def test_site_builds_with_every_cell_linked_to_a_passage(tmp_path):
    code, out, warnings = build("test-site", tmp_path)
    assert code == 0, warnings
    html = (out / "index.html").read_text(encoding="utf-8")
    # the side-by-side table: target differs (61 against 121) and both cells link to their passages
    assert "game.target" in html and "≠" in html
    assert 'href="#src-cotton-1674-p125-game"' in html and 'href="#src-parlett-web-game"' in html
    assert 'id="src-cotton-1674-p125-game"' in html  # the passage itself, as a target
    assert "whosoever refuseth" in html and "play'd" in html  # Cotton's text, verbatim, quotes kept
    assert "Harley" in html and "unavailable" in html  # Holme's layer says where his text is
    assert "overlooks" in html  # a worked example's discrepancy explained
    assert "Compleat Gamester" in html  # the bibliography
    assert "cock&#8217;s nest" in html or "cock's nest" in html  # the glossary
    assert "last-card-only" in html and "whole number 1-1000" in html  # the schema reference


def test_unknown_profile_is_a_warning_with_its_location(tmp_path):
    code, _, warnings = build("test-bad-profile", tmp_path)
    assert code != 0
    assert "index.rst:4: WARNING: costly: unknown profile 'cotton-1675'" in warnings
