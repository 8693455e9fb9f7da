"""Stage 6, api: the Python interface for notebooks and scripts, standing on the comparison stage.

``Comparison.run`` plays what ``costly compare`` plays and gives the same figures (``running`` holds what
the two share); ``Simulation.run`` is ``costly simulate``; ``analyse`` is ``costly analyse hands``. Every
function that takes a profile takes a ``Profile``, a bundled id or a path. The names load on first use.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .analysis import Analysis, analyse
    from .comparison import ByRule, Comparison, DifferenceRow, EffectRow, FigureRow
    from .frames import PandasMissingError
    from .chances import Odds, odds
    from .running import OptionError
    from .simulation import Simulation

_LAZY = {"Analysis": "analysis", "analyse": "analysis", "ByRule": "comparison", "Comparison": "comparison",
         "DifferenceRow": "comparison", "EffectRow": "comparison", "FigureRow": "comparison",
         "PandasMissingError": "frames", "OptionError": "running", "Simulation": "simulation",
         "Odds": "chances", "odds": "chances"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = sorted(_LAZY)
