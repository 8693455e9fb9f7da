"""A house profile given to a page as text (pasted, uploaded, or carried in a link): written to a file in
Pyodide's file system and checked by ``profiles.check``, the check of ``costly validate FILE``, so that the
page gives the command's located messages (``FILE:LINE:COL: $.path: message``) under the file's own name."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

from ..profiles import Profile, bundled_ids, check

HOUSE_DIR = Path("/tmp/costly-house")  # in Pyodide's file system
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def file_name(name: str) -> str:
    """The name the text is checked under: the file's own, made safe (``pasted.yaml`` where there is none)."""
    clean = _UNSAFE.sub("-", Path(name or "pasted.yaml").name).strip("-.") or "pasted.yaml"
    return clean if clean.endswith((".yaml", ".yml")) else clean + ".yaml"


def checked(name: str, text: str, *, folder: Path = HOUSE_DIR) -> tuple[Profile | None, Path, list[str]]:
    """The profile of ``text`` (None where it has problems), the file it was written to, and its problems as
    ``costly validate`` prints them, named by the file's name alone. Each text has a folder of its own (by
    its digest): a profile checked before keeps its file when another is given under the same name (every
    paste is ``pasted.yaml``), so that it still plays its own rules."""
    clean = file_name(name)
    folder = folder / hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / clean
    path.write_text(text, encoding="utf-8")
    profile, problems = check(path)
    shown = [str(p).replace(str(path), clean) for p in problems]
    if profile is not None and not shown and profile.id in bundled_ids():
        shown = [f"{clean}: $.id: {profile.id!r} is a bundled profile's id; give the house profile its own"]
    return (profile if not shown else None), path, shown


__all__ = ["HOUSE_DIR", "checked", "file_name"]
