"""Citing the site as it stood: the package's version and the date of its data on every page, and a
"cite this rule" line, with the rule's stable address, on each rule of a profile.

The date of the data is the date of the last commit that changed the profiles or the sources, where the
site is built from a git checkout; else the newest of those files' own dates. A digest of the data
files tells two builds of one date apart.
"""
from __future__ import annotations

import hashlib
import subprocess
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx

from .._version import __version__
from ..resources import data_dir
from . import nodes as n
from .citations import profile_rule_label


@dataclass(frozen=True)
class Stamp:
    version: str
    date: str  # YYYY-MM-DD
    digest: str  # the first 12 hex digits of the data files' SHA-256

    def text(self) -> str:
        return f"costly-variants {self.version}, data of {self.date} (data {self.digest})"


def _data_files() -> list[Path]:
    return sorted(p for folder in ("variants", "sources") for p in data_dir(folder).rglob("*") if p.is_file())


@cache
def stamp() -> Stamp:
    files = _data_files()
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    root = data_dir("variants").parent
    date = None
    if (root / ".git").exists():
        try:
            found = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%cs", "--", "variants", "sources"],
                                   capture_output=True, text=True, timeout=30, check=False)
            date = found.stdout.strip() or None
        except (OSError, subprocess.SubprocessError):
            date = None  # no git here: the files' own dates below
    if date is None:
        newest = max((p.stat().st_mtime for p in files), default=0.0)
        date = datetime.fromtimestamp(newest, tz=timezone.utc).date().isoformat()
    return Stamp(__version__, date, digest.hexdigest()[:12])


def rule_address(profile_id: str, key: str) -> str:
    """A rule's stable address within the site: its profile's page and the rule's anchor."""
    return f"profile/{profile_id}.html#{profile_rule_label(profile_id, key).replace('--', '-')}"


def cite_rule_line(profile_id: str, key: str) -> nodes.paragraph:
    """``Cite this rule: costly-variants 0.1.0, data of 2026-12-07 (data …), cotton-1674, game.target,
    profile/cotton-1674.html#profile-cotton-1674-game-target``."""
    return n.para(n.strong("Cite this rule: "), f"{stamp().text()}, {profile_id}, {key}, ",
                  n.literal(rule_address(profile_id, key)), classes=["costly-cite-rule"])


def add_stamp(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Every page says which version of the site and of its data it shows, and how to cite it."""
    title = next(iter(doctree.findall(nodes.title)), None)
    box = nodes.container(classes=["costly-site-stamp"])
    box += n.para("This page: ", stamp().text(), ". Cite it as: ", stamp().text(), ", ",
                  n.emph(title.astext() if title is not None else docname), ", ", n.literal(f"{docname}.html"), ".")
    doctree += box


def setup(app: Sphinx) -> None:
    app.connect("doctree-resolved", add_stamp)
