"""costly-variants: the historical rule variants of Costly Colours, from cited profiles to full play."""
from __future__ import annotations

__version__ = "0.1.0"

from .cards import Card, Rank, Suit  # noqa: E402
from .errors import CardError, CostlyError, IllegalActionError, ProfileError, UnknownVariantError  # noqa: E402

__all__ = ["Card", "Rank", "Suit", "CardError", "CostlyError", "IllegalActionError", "ProfileError",
           "UnknownVariantError", "__version__"]
