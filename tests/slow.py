"""A cross-check on random inputs in two sizes: a short pass in the default run, the full count in the slow
one (``pytest -m slow``); ``.ci/run`` runs both (see conftest.py)."""
from __future__ import annotations

from typing import Any

import pytest


def few_and_many(many: int, *, few: int) -> list[Any]:
    """Parameters for a test's number of random examples: ``few`` by default, ``many`` marked slow."""
    return [pytest.param(few, id=f"{few}-examples"),
            pytest.param(many, id=f"{many}-examples", marks=pytest.mark.slow)]
