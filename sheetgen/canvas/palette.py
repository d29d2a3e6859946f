"""The house ink, in one place, and the colour type that carries print inks.

Everything sheetgen draws in "ink" (the layouts' `ink` colour, the default of icons, dice
and grid rules, the island sheets, the Voodoo components, every rulebook figure and the
rulebook's text) is `INK`: a warm near-black, `#1f1a17` on screen and 30/30/30/95 % in
CMYK output. There used to be four values (0.13/0.11/0.10 on the island sheets,
0.13/0.11/0.09 in figures, 0.12/0.10/0.09 for icons, `#1f1a17` in layouts); a test holds the
rulebook stylesheet's `--ink` to `INK_HEX`.

`Cmyk` and `NamedCmyk` live here rather than in `sheetgen.layout.colors` (which re-exports
them) because the canvas layer is the lowest one and INK must be one: a colour that
prints with its designed inks whichever layer draws it.
"""

from __future__ import annotations

from sheetgen.canvas.protocol import Color


class Cmyk(tuple):
    """An RGB triple (for screens and RGB output) that remembers its CMYK inks (0..1)."""

    cmyk: tuple[float, float, float, float]

    def __new__(cls, c: float, m: float, y: float, k: float) -> Cmyk:
        rgb = tuple((1 - min(1.0, v + k)) for v in (c, m, y))
        self = super().__new__(cls, rgb)
        self.cmyk = (c, m, y, k)
        return self

    def __repr__(self) -> str:  # recordings compare colours by repr: inks must count
        return "cmyk({:g}, {:g}, {:g}, {:g})".format(*(round(v * 100, 3) for v in self.cmyk))

    def __reduce__(self) -> tuple:  # a worker process's drawing keeps its inks
        return (type(self), self.cmyk)


class NamedCmyk(Cmyk):
    """A palette colour: shown with its designed RGB, printed with its designed inks."""

    def __new__(cls, rgb: tuple[float, ...], inks: tuple[float, ...]) -> NamedCmyk:
        self = tuple.__new__(cls, rgb)
        self.cmyk = inks
        return self

    def __repr__(self) -> str:  # as the plain RGB: the palette's inks follow from its RGB
        return tuple.__repr__(self)

    def __reduce__(self) -> tuple:
        return (type(self), (tuple(self), self.cmyk))


def hex_rgb(text: str) -> Color:
    """`#rrggbb` as RGB in 0..1."""
    return tuple(int(text[i:i + 2], 16) / 255.0 for i in (1, 3, 5))  # type: ignore[return-value]


INK_HEX = "#1f1a17"
"""The ink on screen: warm near-black, which prints crisper than grey on cheap printers."""
INK_CMYK = (30, 30, 30, 95)
"""The ink in CMYK output, percent: a rich black within the 300 % total ink limit."""
INK: Color = NamedCmyk(hex_rgb(INK_HEX), tuple(v / 100 for v in INK_CMYK))
"""The one ink: the layouts' `ink`, and the default colour of everything drawn in code."""
