"""The comparison's text and Markdown: figures that never contradict their own marks."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, strategies as st

from costly_variants.compare.report import _interval, cell


def _clear(value: float, low: float, high: float) -> dict:
    return {"value": value, "low": low, "high": high, "clear_of_zero": low > 0 or high < 0, "n": 100,
            "method": "paired-t"}


@pytest.mark.parametrize("unit, factor", [("number", 1), ("share", 100)])
def test_a_clear_difference_is_never_printed_as_zero(unit, factor):
    """0.001 with bounds [0.0005, 0.0015] once read 0.00±0.00*: clear of zero, and shown as zero."""
    estimate = _clear(0.001 / factor, 0.0005 / factor, 0.0015 / factor)
    text = cell(estimate, unit, signed=True, mark=True)
    assert text == "+0.0010±0.0005*"
    assert _interval(estimate, unit, signed=True) == "+0.0010" + ("%" if unit == "share" else "") + \
        " [0.0005, 0.0015]"
    negative = _clear(-0.001 / factor, -0.0015 / factor, -0.0005 / factor)
    assert cell(negative, unit, signed=True, mark=True) == "-0.0010±0.0005*"


def test_usual_figures_keep_their_usual_decimals():
    assert cell(_clear(7.0234, 6.9, 7.1), "number") == "7.02±0.10"
    assert cell(_clear(0.521, 0.49, 0.552), "share") == "52.1±3.1"
    assert cell(_clear(0.0, 0.0, 0.0), "number", signed=True, mark=True) == "0.00±0.00"  # identical rules
    assert cell(_clear(0.004, -0.3, 0.308), "number", signed=True, mark=True) == "0.00±0.30"  # not clear: as was
    assert _interval(_clear(8.5, 7.9, 9.1), "number") == "8.50 [7.90, 9.10]"


NUMBERS = re.compile(r"[-+]?\d+\.?\d*")


@given(st.floats(1e-7, 50), st.floats(0.01, 0.99), st.sampled_from(["number", "share"]), st.booleans())
def test_no_clear_interval_looks_as_if_it_reached_zero(size, inner, unit, negative):
    """Whatever the sizes: a clear value prints non-zero, value less half stays clear of zero in the
    text, and the bound nearer zero is not zero in the Markdown."""
    factor = 100 if unit == "share" else 1
    low, high = size * inner / factor, size / factor
    value = (low + high) / 2
    if negative:
        value, low, high = -value, -high, -low
    shown, half = (float(x) for x in NUMBERS.findall(cell(_clear(value, low, high), unit, signed=True))[:2])
    assert shown != 0 and (shown > 0) != negative and abs(shown) - half > 0
    bounds = [float(x) for x in NUMBERS.findall(_interval(_clear(value, low, high), unit).split("[")[1])]
    assert all(b != 0 for b in bounds) and all((b > 0) != negative for b in bounds)
