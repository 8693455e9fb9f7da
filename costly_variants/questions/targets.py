"""What ``costly design`` is asked for: figures wanted within bounds (``deals per game <= 7``), figures
preferred low or high (``lead changes a game:high``), and numeric rules to vary over a range
(``game.target=31..121``), each read from one argument, or refused in one line that suggests the nearest
figure, operator or rule.

A figure is named by its label, as the comparison shows it (``dealer's edge per deal``), or by its key
(``dealer_edge``), in any case. A share is given as a fraction (0.52) or a percentage (52%).
"""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from functools import cache

from .. import profiles
from ..errors import UsageError
from ..resources import schema_path
from ..runs.figures import FEEL, HEADLINE, Figure, source_figures
from ..runs.measures import SOURCES
from ..stats import Estimate

OPERATORS = ("<=", ">=", "<", ">", "~")
# What a user may type for an operator, and what is meant.
_SPELLINGS = {"=<": "<=", "=>": ">=", "≤": "<=", "≥": ">=", "=": "~", "==": "~", "≈": "~"}
_OPERATOR_CHARS = "<>=~!≤≥≈"
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)"
_VALUE = re.compile(rf"^(?P<value>{_NUMBER})(?P<pct>%?)\s*(?:(?:±|\+-|\+/-)\s*(?P<tol>{_NUMBER})(?P<tolpct>%?))?$")


@cache
def figures() -> tuple[Figure, ...]:
    """Every figure a design may ask about: the headline, the game's feel, and the points of each source."""
    return (*HEADLINE, *FEEL, *source_figures(list(SOURCES)))


def _norm(name: str) -> str:
    return " ".join(name.replace("’", "'").replace("_", " ").lower().split()).removesuffix(" %")


def figure_named(name: str, *, what: str = "figure") -> Figure:
    """The figure with this label or key; else a one-line error naming the nearest."""
    table: dict[str, Figure] = {}
    for f in figures():
        table.setdefault(_norm(f.label), f)
        table.setdefault(_norm(f.key), f)
    found = table.get(_norm(name))
    if found is not None:
        return found
    near = difflib.get_close_matches(_norm(name), list(table), n=1, cutoff=0.4)
    hint = f"; did you mean {_shown_name(table[near[0]])!r}?" if near else \
        "; the figures are those costly compare shows, by label or key"
    raise UsageError(f"costly design: no {what} named {name.strip()!r}{hint}")


def _shown_name(f: Figure) -> str:
    return f.label.strip()


@dataclass(frozen=True)
class Want:
    """A figure wanted within a bound: ``<=``, ``>=``, ``<``, ``>``, or ``~`` (near the value: within the
    tolerance where one is given, else within the estimate's own 95% interval)."""

    text: str
    figure: Figure
    op: str
    value: float
    tolerance: float | None = None

    def shortfall(self, x: float) -> float:
        """How far ``x`` is from meeting the want, in the figure's units (0 where it meets it)."""
        if x != x:
            return float("inf")
        if self.op in ("<=", "<"):
            return max(0.0, x - self.value)
        if self.op in (">=", ">"):
            return max(0.0, self.value - x)
        return max(0.0, abs(x - self.value) - (self.tolerance or 0.0))

    def margin(self, x: float) -> float:
        """How far inside the wanted region ``x`` lies (negative: outside)."""
        if self.op in ("<=", "<"):
            return self.value - x
        if self.op in (">=", ">"):
            return x - self.value
        return (self.tolerance or 0.0) - abs(x - self.value)

    def met(self, e: Estimate) -> bool:
        """The estimate meets it (for ``~`` without a tolerance: the interval holds the value)."""
        x = e.value
        if self.op == "<=":
            return x <= self.value
        if self.op == "<":
            return x < self.value
        if self.op == ">=":
            return x >= self.value
        if self.op == ">":
            return x > self.value
        if self.tolerance is None:
            return e.contains(self.value)
        return abs(x - self.value) <= self.tolerance

    def surely(self, e: Estimate) -> bool:
        """The whole 95% interval meets it: the games can tell."""
        if not e.has_interval:
            return False
        low, high = e.low, e.high
        assert low is not None and high is not None
        if self.op in ("<=", "<"):
            return high <= self.value if self.op == "<=" else high < self.value
        if self.op in (">=", ">"):
            return low >= self.value if self.op == ">=" else low > self.value
        if self.tolerance is None:
            return e.contains(self.value)
        return self.value - self.tolerance <= low and high <= self.value + self.tolerance

    def as_dict(self) -> dict[str, object]:
        return {"text": self.text, "figure": self.figure.key, "label": self.figure.label.strip(), "op": self.op,
                "value": self.value, "tolerance": self.tolerance}


def _number(text: str, pct: str, figure: Figure, want: str) -> float:
    value = float(text)
    if figure.unit == "share":
        if pct:
            value /= 100
        elif not 0 <= value <= 1:
            raise UsageError(f"costly design: {want!r}: {_shown_name(figure)} is a share: give it as 0 to 1, or "
                             f"as a percentage such as {text}%")
    elif pct:
        raise UsageError(f"costly design: {want!r}: {_shown_name(figure)} is not a share: give it without %")
    return value


def parse_want(text: str) -> Want:
    """``FIGURE OP VALUE``: ``deals per game <= 7``, ``dealer's edge per deal ~ 0``, ``... ~ 0 ± 0.05``."""
    at = next((i for i, c in enumerate(text) if c in _OPERATOR_CHARS), None)
    if at is None:
        raise UsageError(f"costly design: --want {text!r}: no operator; write FIGURE OP VALUE, OP one of "
                         f"{', '.join(OPERATORS)} (e.g. 'deals per game <= 7')")
    end = at
    while end < len(text) and text[end] in _OPERATOR_CHARS:
        end += 1
    name, op, rest = text[:at].strip(), text[at:end], text[end:].strip()
    if op not in OPERATORS:
        meant = _SPELLINGS.get(op) or next(iter(difflib.get_close_matches(op, OPERATORS, n=1, cutoff=0)), "<=")
        raise UsageError(f"costly design: --want {text!r}: unknown operator {op!r}; did you mean {meant!r}? "
                         f"(one of {', '.join(OPERATORS)})")
    figure = figure_named(name)
    match = _VALUE.match(rest)
    if not match:
        raise UsageError(f"costly design: --want {text!r}: {rest!r} is not a number (e.g. 7, 0.5, 52%, 0 ± 0.05)")
    value = _number(match["value"], match["pct"], figure, text)
    tolerance = None
    if match["tol"] is not None:
        if op != "~":
            raise UsageError(f"costly design: --want {text!r}: a tolerance (±) goes with ~ only")
        tolerance = abs(_number(match["tol"], match["tolpct"], figure, text))
    return Want(text, figure, op, value, tolerance)


@dataclass(frozen=True)
class Prefer:
    """A figure preferred low or high, among the candidates that meet every want."""

    text: str
    figure: Figure
    high: bool

    def as_dict(self) -> dict[str, object]:
        return {"text": self.text, "figure": self.figure.key, "label": self.figure.label.strip(),
                "prefer": "high" if self.high else "low"}


def parse_prefer(text: str) -> Prefer:
    """``FIGURE:low`` or ``FIGURE:high``."""
    name, colon, way = text.rpartition(":")
    way = way.strip().lower()
    if not colon or way not in ("low", "high"):
        meant = next(iter(difflib.get_close_matches(way, ("low", "high"), n=1, cutoff=0.3)), None)
        hint = f"; did you mean ':{meant}'?" if meant and colon else ""
        raise UsageError(f"costly design: --prefer {text!r}: write FIGURE:low or FIGURE:high{hint}")
    return Prefer(text, figure_named(name), way == "high")


@dataclass(frozen=True)
class Vary:
    """A whole-number rule tried over a range: a few values from ``low`` to ``high``."""

    text: str
    key: str
    low: int
    high: int

    # At most this many values of the range are tried, evenly spaced, the ends among them.
    MOST = 9

    def values(self) -> list[int]:
        span = self.high - self.low
        if span + 1 <= self.MOST:
            return list(range(self.low, self.high + 1))
        return sorted({self.low + round(span * i / (self.MOST - 1)) for i in range(self.MOST)})

    def as_dict(self) -> dict[str, object]:
        return {"text": self.text, "rule": self.key, "low": self.low, "high": self.high, "values": self.values()}


@cache
def _value_schemas() -> dict[str, dict[str, object]]:
    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    sections = schema["properties"]["rules"]["properties"]
    return {f"{s}.{n}": spec["properties"]["value"] for s, body in sections.items()
            for n, spec in body["properties"].items()}


def parse_vary(text: str) -> Vary:
    """``KEY=LO..HI`` for a rule whose value is one whole number."""
    key, equals, span = text.partition("=")
    key = key.strip()
    schemas = _value_schemas()
    if not equals:
        raise UsageError(f"costly design: --vary {text!r}: write RULE=LOW..HIGH (e.g. game.target=31..121)")
    if key not in schemas:
        near = difflib.get_close_matches(key, list(profiles.rule_titles()), n=1)
        raise UsageError(f"costly design: --vary {text!r}: no rule {key!r}" +
                         (f"; did you mean {near[0]!r}?" if near else ""))
    spec = schemas[key]
    if spec.get("type") != "integer" or "enum" in spec:
        raise UsageError(f"costly design: --vary {text!r}: {key} is not a rule of one whole number")
    match = re.fullmatch(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*", span)
    if not match:
        raise UsageError(f"costly design: --vary {text!r}: write the range as LOW..HIGH, whole numbers")
    low, high = int(match[1]), int(match[2])
    least, most = int(spec.get("minimum", low)), int(spec.get("maximum", high))  # type: ignore[call-overload]
    if low >= high or low < least or high > most:
        raise UsageError(f"costly design: --vary {text!r}: the range must run upwards within {least}..{most}")
    return Vary(text, key, low, high)


__all__ = ["OPERATORS", "Prefer", "Vary", "Want", "figure_named", "figures", "parse_prefer", "parse_vary",
           "parse_want"]
