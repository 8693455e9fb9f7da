"""Where the bundled data lives: inside the installed wheel, or beside the package in a checkout."""
from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The bundled folder ``name`` (``variants``, ``sources``, ``examples``)."""
    for candidate in (_PACKAGE / "data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled folder {name!r} not found beside {_PACKAGE}")


def schema_path() -> Path:
    return _PACKAGE / "profiles" / "schema" / "profile.schema.json"
