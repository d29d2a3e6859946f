"""Colours: `#rrggbb`, `#rgb`, `cmyk(c, m, y, k)`, a few names, or `none`.

A colour is an RGB triple (0..1) for every backend; a `Cmyk` colour is such a triple that also
carries the ink values it was given, which the PDF backend writes as they are when asked
for CMYK output (`--colorspace cmyk`). The named colours carry CMYK values of their own,
chosen for print, so a palette colour is the same ink whichever way it was named.
"""

from __future__ import annotations

import re

from sheetgen.canvas.palette import INK_CMYK, INK_HEX, Cmyk, NamedCmyk, hex_rgb

NAMED: dict[str, str] = {
    "black": "#000000",
    "white": "#ffffff",
    "ink": INK_HEX,  # sheetgen.canvas.palette.INK
    "grey": "#808080",
    "gray": "#808080",
    "light-grey": "#d9d9d9",
    "red": "#b3261e",
    "blood": "#8a1c1c",
    "sea": "#2e6f8e",
    "sea-light": "#dcebf2",
    "sand": "#f3e7c9",
    "parchment": "#f7f1e1",
    "gold": "#b8860b",
    "green": "#2f6b3a",
    "navy": "#1d3557",
}


# The palette as inks (percent), for CMYK output: near-neutral colours use black ink only, and
# the dark ones a rich black within a 300 % total ink limit.
NAMED_CMYK: dict[str, tuple[float, float, float, float]] = {
    "black": (0, 0, 0, 100),
    "white": (0, 0, 0, 0),
    "ink": INK_CMYK,
    "grey": (0, 0, 0, 50),
    "gray": (0, 0, 0, 50),
    "light-grey": (0, 0, 0, 15),
    "red": (15, 95, 95, 5),
    "blood": (25, 100, 100, 30),
    "sea": (80, 35, 20, 15),
    "sea-light": (12, 3, 2, 0),
    "sand": (3, 8, 24, 0),
    "parchment": (2, 4, 12, 0),
    "gold": (25, 45, 100, 10),
    "green": (80, 30, 90, 20),
    "navy": (100, 80, 35, 30),
}
TOTAL_INK_LIMIT = 300.0
"""Most papers take at most 300 % ink in total; RGB converted to CMYK keeps below it."""


RICH_BLACK_K = 0.9
"""Inks given as CMYK with at least this much black count as black (the palette's `ink`,
30/30/30/95, deep on large areas)."""


def to_cmyk(color: tuple[float, ...], black_only: bool = False
            ) -> tuple[float, float, float, float]:
    """Inks (0..1) for a colour: its own when it has them, else converted from sRGB through
    the press profile by littleCMS (`sheetgen.assets.icc`). With `black_only` (text, thin
    lines) a near-black colour (`near_black`, or converted to at least RICH_BLACK_K black) is
    black ink alone: four plates under a hairline smear when
    they are a hair out of register."""
    from sheetgen.assets.icc import near_black, rgb_to_cmyk

    if isinstance(color, Cmyk):
        if black_only and color.cmyk[3] >= RICH_BLACK_K:
            return (0.0, 0.0, 0.0, 1.0)
        return color.cmyk
    inks = rgb_to_cmyk(color)
    if black_only and (near_black(color) or inks[3] >= RICH_BLACK_K):
        return (0.0, 0.0, 0.0, 1.0)
    return inks


_CMYK = re.compile(r"cmyk\(\s*([^,]+),\s*([^,]+),\s*([^,]+),\s*([^)]+)\)")


class ColorError(ValueError):
    pass


def parse_color(value: object) -> tuple[float, float, float] | None:
    """RGB in 0..1, or None for `none`/`transparent`."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ColorError(f"expected a colour such as '#1d3557' or 'ink', got {value!r}")
    text = value.strip().lower()
    if text in ("none", "transparent"):
        return None
    if text in NAMED_CMYK:
        return _named(text)
    match = _CMYK.fullmatch(text)
    if match:
        try:
            inks = [float(v) for v in match.groups()]
        except ValueError:
            inks = []
        if len(inks) != 4 or not all(0 <= v <= 100 for v in inks):
            raise ColorError(f"'{value}': cmyk() takes four ink percentages from 0 to 100")
        if sum(inks) > TOTAL_INK_LIMIT:
            raise ColorError(f"'{value}' puts {sum(inks):g} % ink on the paper; most papers "
                             f"take at most {TOTAL_INK_LIMIT:g} %")
        return Cmyk(*(v / 100 for v in inks))
    text = NAMED.get(text, text)
    if text.startswith("#"):
        hexpart = text[1:]
        if len(hexpart) == 3:
            hexpart = "".join(c * 2 for c in hexpart)
        if len(hexpart) == 6:
            try:
                r, g, b = (int(hexpart[i : i + 2], 16) for i in (0, 2, 4))
            except ValueError:
                pass
            else:
                return (r / 255.0, g / 255.0, b / 255.0)
    raise ColorError(
        f"'{value}' is not a colour (use #rrggbb, #rgb, cmyk(c, m, y, k) in percent, none, or "
        f"a name: {', '.join(NAMED)})"
    )


def _named(name: str) -> tuple[float, float, float]:
    """A palette colour: its screen RGB, carrying its print inks."""
    return NamedCmyk(hex_rgb(NAMED[name]), tuple(v / 100 for v in NAMED_CMYK[name]))


def luminance(rgb: tuple[float, ...]) -> float:
    """WCAG 2.x relative luminance of an sRGB colour (channels 0..1)."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """WCAG contrast ratio of two colours, 1..21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def legible(color: tuple[float, float, float], background: tuple[float, float, float],
            ratio: float = 4.5) -> tuple[float, float, float]:
    """`color`, darkened (towards black) or lightened (towards white, on a dark background)
    in 5 % steps just until text in it reaches `ratio` against `background`: a pirate's
    yellow stays recognisably yellow-brown instead of turning into black."""
    target = (0.0, 0.0, 0.0) if luminance(background) > 0.18 else (1.0, 1.0, 1.0)
    for step in range(21):
        t = step / 20
        mixed = tuple(c + (g - c) * t for c, g in zip(color, target, strict=True))
        if contrast(mixed, background) >= ratio:
            return mixed  # type: ignore[return-value]
    return target
