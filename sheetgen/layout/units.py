"""Lengths and paper sizes. Everything is converted to PostScript points up front."""

from __future__ import annotations

import re

PT_PER = {"pt": 1.0, "mm": 72.0 / 25.4, "cm": 720.0 / 25.4, "in": 72.0}

PAPER_MM: dict[str, tuple[float, float]] = {
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


class UnitError(ValueError):
    """A length that cannot be read; the message says why, the caller adds the position."""


def parse_length(value: object, default_unit: str = "mm") -> float:
    """Points from `12mm`, `1.5in`, `10pt`, `2cm`, or a bare number in `default_unit`."""
    if isinstance(value, bool):
        raise UnitError(f"expected a length such as 12mm, got {value!r}")
    if isinstance(value, (int, float)):
        return float(value) * PT_PER[default_unit]
    if not isinstance(value, str):
        raise UnitError(f"expected a length such as 12mm, got {value!r}")
    m = _LENGTH.match(value)
    if not m:
        raise UnitError(f"'{value}' is not a length (write it like 12mm, 1.5in, 10pt or 2cm)")
    number, unit = float(m.group(1)), m.group(2) or default_unit
    if unit not in PT_PER:
        raise UnitError(f"unknown unit '{unit}' in '{value}' (use mm, cm, in or pt)")
    return number * PT_PER[unit]


def mm(points: float) -> float:
    return points / PT_PER["mm"]
