"""Stage 4, chances: the win table of a rule set — side A's chance of winning from every score, worked out
from sampled deals by dynamic programming (``table``, over ``deals``; ``board``: the board search's table
with the programme in the kernel, without numpy, for the Play page) — kept in the cache folder
(``store``), checked against whole games (``check``), drawn (``plot``), and what it says of how decisive
the game is (``decisive``). The game stage's board-playing search reads the tables worked out here."""
from __future__ import annotations

from ..game import wintable as _wintable
from .store import board_table as _board_table

_wintable.provide(_board_table)  # the board-playing search's tables: worked out here, read by the game stage
