"""The icon library: vector symbols layouts use by name (`icon: skull`).

Each icon is a filled outline in a unit box: both axes run 0..1, y grows downwards, the
drawing keeps its aspect ratio and is centred, touching the box on its longer side. So an
icon placed in a w x h box is drawn with the ops scaled by min(w, h) and offset to centre,
and every icon drawn at the same size looks the same size.

The outlines are game-icons.net drawings (CC BY 3.0), converted once to plain M/L/C/Z ops by
tools/assets/vendor_icons.py and stored in icons/icons.json; reading them needs nothing but
the standard library. `Icon.credit` is the attribution a printed product should carry;
icons/CREDITS.md lists them all.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.resources import package_path

LIBRARY = package_path("assets", "icons", "icons.json")

_TOKEN = re.compile(r"([MLCZ])([^MLCZ]*)")
_ARITY = {"M": 2, "L": 2, "C": 6, "Z": 0}


@dataclass(frozen=True)
class Icon:
    """One symbol. `ops` are path ops ("M",x,y) ("L",x,y) ("C",x1,y1,x2,y2,x,y) ("Z",) in
    the unit box, y-down; fill them with the even-odd rule when `even_odd`, else non-zero."""

    name: str
    ops: tuple[tuple, ...]
    even_odd: bool
    credit: str

    def placed(self, x: float, y: float, w: float, h: float) -> list[tuple]:
        """The ops scaled into the box whose top-left corner is (x, y), w wide and h tall
        (y-down, any unit): scaled by min(w, h), centred, so the aspect is kept."""
        side = min(w, h)
        dx, dy = x + (w - side) / 2, y + (h - side) / 2
        out: list[tuple] = []
        add = out.append
        for op in self.ops:  # unrolled per arity: a sheet places some forty icons
            n = len(op)
            if n == 3:
                add((op[0], op[1] * side + dx, op[2] * side + dy))
            elif n == 7:
                add((op[0], op[1] * side + dx, op[2] * side + dy, op[3] * side + dx,
                     op[4] * side + dy, op[5] * side + dx, op[6] * side + dy))
            else:
                add((op[0], *(v * side + (dx if i % 2 == 0 else dy)
                              for i, v in enumerate(op[1:]))))
        return out


def parse_path(text: str) -> tuple[tuple, ...]:
    """Read the compact absolute path string the vendoring tool writes ('M0 0.5L1 0.5Z')."""
    ops: list[tuple] = []
    for letter, numbers in _TOKEN.findall(text):
        values = tuple(float(v) for v in numbers.split())
        if len(values) != _ARITY[letter]:
            raise ValueError(f"'{letter}' takes {_ARITY[letter]} numbers, got {numbers!r}")
        ops.append((letter, *values))
    return tuple(ops)


def _credit(entry: dict) -> str:
    """'“Anchor” by Lorc, ...'; an icon put together from two names both: '“Broadsword” and
    “Pirate hook” by Lorc and Delapouite, ...'."""
    sources = entry["source"].split(":", 1)[1].split("+")
    titles = " and ".join(f"“{s.replace('-', ' ').capitalize()}”" for s in sources)
    return f"{titles} by {entry['author']}, game-icons.net, CC BY 3.0"


@cache
def load_library(path: Path = LIBRARY) -> dict[str, Icon]:
    """All icons of a library file, parsed. Cached: the package's file is read once."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    return {
        name: Icon(name=name, ops=parse_path(entry["path"]), even_odd=bool(entry["even_odd"]),
                   credit=_credit(entry))
        for name, entry in doc["icons"].items()
    }


def icon_names() -> list[str]:
    """The names layouts may use for `icon:`, sorted."""
    return sorted(load_library())


def get_icon(name: str) -> Icon:
    """The icon called `name`; an unknown name is a user error with a 'did you mean' hint."""
    library = load_library()
    try:
        return library[name]
    except (KeyError, TypeError):
        hint = did_you_mean(str(name), library) or f"bundled icons: {', '.join(sorted(library))}"
        raise SheetgenError(f"unknown icon '{name}'", hint=hint) from None
