"""What to write instead, added to a profile's schema errors where the message alone leaves a writer
guessing: a value as ``costly show`` prints it (yes/no), a bare value where a rule's record is wanted,
the note an editorial value needs, a mistyped parent. Each stays one line, after the schema's words."""
from __future__ import annotations

import difflib
from typing import Any, Iterable

# ``costly show`` and ``costly diff`` print a true/false rule as yes/no: written back, the YAML reader
# (YAML 1.2, safe) keeps them as words.
_SAID_AS_BOOL = {"yes": "true", "no": "false", "on": "true", "off": "false", "y": "true", "n": "false"}


def type_hint(instance: Any, expected: Any, path: tuple[Any, ...]) -> str:
    """A hint for a value of the wrong type, or ``""``."""
    if expected == "boolean" and isinstance(instance, str) and instance.lower() in _SAID_AS_BOOL:
        return f": write {_SAID_AS_BOOL[instance.lower()]} (costly show prints true as yes, false as no)"
    if expected == "object" and len(path) == 3 and path[0] == "rules" and not isinstance(instance, (dict, list)):
        shown = "true" if instance is True else "false" if instance is False else instance
        return (f": a rule is written as a record, e.g. {{value: {shown}, status: editorial, cite: [], "
                "note: why}")
    return ""


def required_hint(missing: str, instance: Any) -> str:
    """A hint for a missing field of a rule's record, or ``""``."""
    if missing == "note" and isinstance(instance, dict) and isinstance(instance.get("status"), str):
        return f": a value of status {instance['status']} needs a note saying why it is read so"
    return ""


def nearest(name: str, known: Iterable[str]) -> str:
    """``; did you mean 'parlett-121'?`` for a mistyped name, or ``""``."""
    near = difflib.get_close_matches(name, sorted(known), n=1)
    return f"; did you mean {near[0]!r}?" if near else ""


__all__ = ["nearest", "required_hint", "type_hint"]
