"""Stage 1, profiles: a YAML profile is read with the position of every value, checked against the
JSON Schema and the sources, resolved through ``extends``, and handed on as typed, immutable ``Rules``.

Raw dicts stop here: every later stage sees ``Profile`` and ``Rules`` only.
"""
from __future__ import annotations

from ..resources import schema_path
from .loader import (Annotation, Profile, Term, bundled_ids, bundled_paths, check, json_path, load, load_all,
                     locate_profile, rule_titles, rules_of)

__all__ = ["Annotation", "Profile", "Term", "bundled_ids", "bundled_paths", "check", "json_path", "load",
           "load_all", "locate_profile", "rule_titles", "rules_of", "schema_path"]
