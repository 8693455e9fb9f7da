"""pandas, the optional extra behind every ``.to_pandas()``: imported only when a frame is asked for."""
from __future__ import annotations

from typing import Any, Iterable, Sequence


class PandasMissingError(ImportError):
    """``.to_pandas()`` without pandas installed; the message names the extra that brings it."""


def frame(rows: Iterable[dict[str, Any]], columns: Sequence[str]) -> Any:
    """A ``pandas.DataFrame`` of ``rows`` with these columns, in this order (empty rows give the columns)."""
    try:
        import pandas
    except ImportError:
        raise PandasMissingError("to_pandas() needs pandas: pip install 'costly-variants[pandas]'") from None
    return pandas.DataFrame(list(rows), columns=list(columns))


def matplotlib_figure() -> Any:
    """``matplotlib.figure.Figure``, or the one-line error saying which extra brings it."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        from ..outputs import PlotError

        raise PlotError("plot() needs matplotlib: pip install 'costly-variants[plot]'") from None
    return Figure


__all__ = ["PandasMissingError", "frame", "matplotlib_figure"]
