"""What a page needs to read and check a house profile, besides the engine: ``house_files.json``, written by
the Play page's build beside its engine (``_static/play/``) and read by the Play page (only once a profile
is loaded) and the Try page.

It holds, by path in Pyodide's file system: the bundled profiles and sources (a house profile extends the
one and cites the other), where the package looks for them in a wheel (``costly_variants/data/...``); and
the pure-Python packages ``profiles.check`` imports, under ``LIBRARY_DIR``: PyYAML (its pure-Python reader:
the C one is not shipped), jsonschema and what it stands on, with ``pyodide_rpds`` as ``rpds`` (compiled
from Rust, it has no build the site can ship).
"""
from __future__ import annotations

import importlib
import json
from pathlib import Path

from ..resources import data_dir

FILES = "house_files.json"
# Where the worker writes the packages jsonschema needs (their own folder, on sys.path).
LIBRARY_DIR = "/home/pyodide/lib"
# The pure-Python packages a profile's check imports: PyYAML (without its C reader), jsonschema and what it
# stands on. rpds is compiled (Rust): pyodide_rpds stands in for it.
LIBRARIES = ("yaml", "jsonschema", "jsonschema_specifications", "referencing", "attr", "attrs")
SINGLE_MODULES = ("typing_extensions",)
LEFT_OUT_PARTS = ("__pycache__", "tests", "benchmarks")


def library_files() -> dict[str, str]:
    """The pure-Python packages a profile's check imports, by path from ``LIBRARY_DIR``: their ``.py``
    and data files (jsonschema's meta-schemas), and ``rpds.py``."""
    files: dict[str, str] = {}
    for name in LIBRARIES:
        folder = Path(importlib.import_module(name).__file__ or "").parent
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(folder.parent)
            if (path.is_file() and not set(relative.parts) & set(LEFT_OUT_PARTS)
                    and path.suffix in (".py", ".json", "")):
                if path.suffix == "" and "schemas" not in relative.parts:
                    continue
                files[relative.as_posix()] = path.read_text(encoding="utf-8")
    for name in SINGLE_MODULES:
        path = Path(importlib.import_module(name).__file__ or "")
        files[path.name] = path.read_text(encoding="utf-8")
    files["rpds.py"] = (Path(__file__).with_name("pyodide_rpds.py")).read_text(encoding="utf-8")
    return files


def data_files() -> dict[str, str]:
    """The bundled profiles and sources, by path from the engine's folder, where the package looks for
    them in a wheel (``costly_variants/data/...``)."""
    files = {}
    for name in ("variants", "sources"):
        folder = data_dir(name)
        for path in sorted(folder.rglob("*.yaml")):
            files[f"costly_variants/data/{name}/{path.relative_to(folder).as_posix()}"] = path.read_text(encoding="utf-8")
    return files


def document(target: Path) -> Path:
    """Everything above as one JSON document (path -> text) at ``target``."""
    files = {**data_files(), **{f"{LIBRARY_DIR}/{k}": v for k, v in library_files().items()}}
    target.write_text(json.dumps(files, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return target


__all__ = ["FILES", "LIBRARY_DIR", "data_files", "document", "library_files"]
