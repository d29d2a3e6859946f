"""Lengths and paper sizes. Everything is converted to PostScript points up front."""

from __future__ import annotations

import math
import re

from sheetgen.canvas import MM

PT_PER = {"pt": 1.0, "mm": MM, "cm": 720.0 / 25.4, "in": 72.0}

PAPER_MM: dict[str, tuple[float, float]] = {
    "a0": (841.0, 1189.0),  # poster sizes, for boards printed by a shop or tiled (`tile:`)
    "a1": (594.0, 841.0),
    "a2": (420.0, 594.0),
    "a3": (297.0, 420.0),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
    "a6": (105.0, 148.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
    "half-letter": (139.7, 215.9),
    "poker": (63.5, 88.9),  # playing-card size
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
}

_LENGTH = re.compile(r"^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*([a-z]*)\s*$")


MAX_POINTS = 1_000_000 * PT_PER["mm"]
"""Longest length a layout may give (1 km): anything larger is a typo, and PDF viewers
misdraw coordinates far beyond the page."""


class UnitError(ValueError):
    """A length that cannot be read; the message says why, the caller adds the position."""


def parse_length(value: object, default_unit: str = "mm") -> float:
    """Points from `12mm`, `1.5in`, `10pt`, `2cm`, or a bare number in `default_unit`."""
    if isinstance(value, bool):
        raise UnitError(f"expected a length such as 12mm, got {value!r}")
    if isinstance(value, (int, float)):
        return _finite(float_or_none(value), default_unit, value)
    if not isinstance(value, str):
        raise UnitError(f"expected a length such as 12mm, got {value!r}")
    m = _LENGTH.match(value)
    if not m:
        raise UnitError(f"'{value}' is not a length (write it like 12mm, 1.5in, 10pt or 2cm)")
    number, unit = float_or_none(m.group(1)), m.group(2) or default_unit
    if unit not in PT_PER:
        raise UnitError(f"unknown unit '{unit}' in '{value}' (use mm, cm, in or pt)")
    return _finite(number, unit, value)


def float_or_none(value: object) -> float | None:
    """`value` as a float, or None when it does not fit one (a 400-digit number)."""
    try:
        return float(value)  # type: ignore[arg-type]
    except (OverflowError, ValueError):
        return None


def _finite(number: float | None, unit: str, shown: object) -> float:
    """Points for `number` `unit`, refusing infinity, not-a-number and absurd sizes."""
    if number is not None and math.isnan(number):
        raise UnitError(f"{shown!r} is not a number")
    points = None if number is None else number * PT_PER[unit]
    if points is None or not math.isfinite(points) or abs(points) > MAX_POINTS:
        text = str(shown)
        text = text if len(text) <= 24 else text[:12] + "..." + text[-6:]
        raise UnitError(f"the length {text} is too large (at most 1 km)")
    return points


def mm(points: float) -> float:
    return points / PT_PER["mm"]
