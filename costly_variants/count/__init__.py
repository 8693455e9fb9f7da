"""Stage 2, count: a hand of cards and the deck card counted under a profile's rules, itemised and cited;
the exact analysis of every possible deal; scoring large batches of deals."""
from __future__ import annotations

from .hand import HandScore, ScoreItem, count_total, score_hand

__all__ = ["HandScore", "ScoreItem", "count_total", "score_hand"]
