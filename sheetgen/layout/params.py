"""Parameter kinds: how each element field is read, checked and converted.

An element declares its fields as `Param(kind, default)`. A kind turns a raw YAML value (after
`${}` substitution) into the finished value drawing code uses: lengths in points, colours as
RGB tuples, fonts checked against the bundled ones. A kind raises `ValueError` with a message
written for the user; the caller adds the file position.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from sheetgen.layout.colors import parse_color
from sheetgen.layout.units import parse_length

REQUIRED = object()
MAX_NUMBER = 10 ** 12  # larger numbers are typos; they would overflow once turned into floats


def _shown(value: Any) -> str:
    """A value for an error message, cut short when it is a 400-digit number."""
    text = repr(value)
    return text if len(text) <= 24 else text[:12] + "..." + text[-6:]


@dataclass(frozen=True)
class Kind:
    """Base kind: accepts anything."""

    label: str = "value"

    def convert(self, value: Any, unit: str) -> Any:
        return value


@dataclass(frozen=True)
class Length(Kind):
    label: str = "length"
    positive: bool = False

    def convert(self, value: Any, unit: str) -> float:
        points = parse_length(value, unit)
        if self.positive and points < 0:
            raise ValueError(f"expected a length of zero or more, got {value!r}")
        return points


@dataclass(frozen=True)
class Number(Kind):
    label: str = "number"
    minimum: float | None = None
    maximum: float | None = None
    integer: bool = False

    def convert(self, value: Any, unit: str) -> float | int:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            if isinstance(value, str):
                try:
                    value = float(value) if not self.integer else int(value)
                except ValueError:
                    raise ValueError(f"expected a {self.label}, got {value!r}") from None
            else:
                raise ValueError(f"expected a {self.label}, got {value!r}")
        if isinstance(value, float) and not math.isfinite(value) \
                or abs(value) > MAX_NUMBER:
            raise ValueError(f"expected a {self.label} between -1e12 and 1e12, got "
                             f"{_shown(value)}")
        if self.integer:
            if isinstance(value, float) and not value.is_integer():
                raise ValueError(f"expected a whole number, got {value!r}")
            value = int(value)
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"{value} is below the smallest allowed value {self.minimum:g}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"{value} is above the largest allowed value {self.maximum:g}")
        return value


@dataclass(frozen=True)
class Bool(Kind):
    label: str = "true or false"

    def convert(self, value: Any, unit: str) -> bool:
        if isinstance(value, bool):
            return value
        raise ValueError(f"expected true or false, got {value!r}")


@dataclass(frozen=True)
class Text(Kind):
    """Any scalar, printed as text; floats that are whole print without '.0'."""

    label: str = "text"

    def convert(self, value: Any, unit: str) -> str:
        if value is None:
            return ""
        if isinstance(value, (list, dict)):
            raise ValueError(f"expected text, got {type(value).__name__}")
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)


@dataclass(frozen=True)
class FileName(Text):
    """A file the layout names, relative to its folder. `Element.resolve` hands the element
    a `Path` that passed the one access check (`sheetgen.access.readable`), or None when the
    field is empty: no element opens a file named by input without that check."""

    label: str = "file name"
    what: str = "file"
    missing: str = "no such file"


@dataclass(frozen=True)
class Choice(Kind):
    options: tuple[str, ...] = ()
    label: str = "choice"

    def convert(self, value: Any, unit: str) -> str:
        if value not in self.options:
            raise ValueError(f"'{value}' is not one of: {', '.join(self.options)}")
        return value


@dataclass(frozen=True)
class Color(Kind):
    label: str = "colour"

    def convert(self, value: Any, unit: str) -> tuple[float, float, float] | None:
        return parse_color(value)


@dataclass(frozen=True)
class Font(Kind):
    label: str = "font"

    def convert(self, value: Any, unit: str) -> str:
        from sheetgen.assets.fonts import font_names

        names = font_names()
        if value not in names:
            from sheetgen.errors import did_you_mean

            hint = did_you_mean(str(value), names)
            raise ValueError(f"unknown font '{value}' (bundled: {', '.join(names)})"
                             + (f"; {hint}" if hint else ""))
        return value


@dataclass(frozen=True)
class Point(Kind):
    label: str = "point [x, y]"

    def convert(self, value: Any, unit: str) -> tuple[float, float]:
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise ValueError(f"expected a point [x, y], got {value!r}")
        return (parse_length(value[0], unit), parse_length(value[1], unit))


@dataclass(frozen=True)
class Points(Kind):
    label: str = "list of points"
    minimum: int = 2

    def convert(self, value: Any, unit: str) -> list[tuple[float, float]]:
        if not isinstance(value, (list, tuple)) or len(value) < self.minimum:
            raise ValueError(f"expected at least {self.minimum} points [[x, y], ...]")
        return [Point().convert(p, unit) for p in value]


@dataclass(frozen=True)
class Lengths(Kind):
    """A list of lengths, or {count: n, size: 10mm} for n equal ones."""

    label: str = "list of lengths"

    def convert(self, value: Any, unit: str) -> list[float]:
        if isinstance(value, dict):
            count = Number(integer=True, minimum=1, maximum=1000).convert(value.get("count"), unit)
            size = parse_length(value.get("size"), unit)
            return [size] * count
        if not isinstance(value, (list, tuple)) or not value:
            raise ValueError("expected a list of lengths, or {count: n, size: 10mm}")
        return [parse_length(v, unit) for v in value]


@dataclass(frozen=True)
class Dash(Kind):
    """solid, dashed, dotted, or a list of on/off lengths."""

    label: str = "dash pattern"

    def convert(self, value: Any, unit: str) -> str | tuple[float, ...]:
        if value in ("solid", "dashed", "dotted", None):
            return value or "solid"
        if isinstance(value, (list, tuple)) and value:
            lengths = tuple(parse_length(v, unit) for v in value)
            if any(v < 0 for v in lengths) or not sum(lengths) > 0:
                # the PDF writer refuses such a pattern (issue 28: a traceback from reportlab)
                raise ValueError("a dash pattern's lengths must be zero or more, and not all "
                                 "zero")
            return lengths
        raise ValueError(f"expected solid, dashed, dotted or a list of lengths, got {value!r}")


@dataclass(frozen=True)
class ListOf(Kind):
    label: str = "list"

    def convert(self, value: Any, unit: str) -> list:
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"expected a list, got {value!r}")
        return list(value)


@dataclass(frozen=True)
class Param:
    kind: Kind = field(default_factory=Kind)
    default: Any = REQUIRED
    doc: str = ""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


# Shorthands used by element declarations.
LENGTH = Length()
SIZE = Length(positive=True)
COLOR = Color()
TEXT = Text()
FILE = FileName()
BOOL = Bool()
FONT = Font()
DASH = Dash()
ANY = Kind()
