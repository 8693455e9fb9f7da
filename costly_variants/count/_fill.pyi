# The optional C filler (_fill.c): built by hatch_build.py where a C compiler is there.
from typing import Iterable

FORMAT: int

def fill(ranks: list[tuple], suits: list[tuple], names: list[bytes], numbers: Iterable[int]) -> bytes: ...
