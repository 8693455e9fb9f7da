"""Stage 5, compare: many seeded games bot against bot, summarised per profile."""
from __future__ import annotations

from .simulate import Summary, simulate

__all__ = ["Summary", "simulate"]
