"""What a caller can ask of the island generator, with the defaults of the standard sheet."""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.errors import SheetgenError

DEFAULT_SYMBOLS = ("barrel", "chest", "skull", "map", "coins", "rum")


@dataclass(frozen=True)
class IslandParams:
    """Sizes are millimetres at print size; the island file stores the same units.

    The map box is what the sheet gives the island (about 180 x 150 mm on A4 and Letter);
    the centre box holds the 6-column grid (60 x 62 mm) plus a small margin. `cell_area` is
    the mean area of a space: 330 mm^2 leaves room to circle a symbol (at least
    `min_space_width` inscribed circle, 12 mm: a 7 mm icon and a pencil ring) and a name.
    """

    map_width: float = 190.0
    map_height: float = 160.0
    centre_width: float = 64.0
    centre_height: float = 66.0
    symbols: tuple[str, ...] = DEFAULT_SYMBOLS
    per_symbol: int = 6
    cell_area: float = 300.0
    min_space_width: float = 12.0
    sea_margin: float = 4.0

    @property
    def n_spaces(self) -> int:
        return len(self.symbols) * self.per_symbol

    def check(self) -> None:
        """Refuse requests no island can satisfy, before any work is done."""
        if len(self.symbols) != 6 or len(set(self.symbols)) != 6:
            raise SheetgenError("an island needs 6 different symbols, one per column")
        if self.per_symbol < 2:
            raise SheetgenError("per_symbol must be at least 2")
        if self.centre_width + 2 * 16 > self.map_width - 2 * self.sea_margin or \
                self.centre_height + 2 * 16 > self.map_height - 2 * self.sea_margin:
            raise SheetgenError(
                f"the map ({self.map_width} x {self.map_height} mm) is too small to hold the "
                f"centre ({self.centre_width} x {self.centre_height} mm) and a ring of spaces",
                hint="make the map larger or the centre smaller")
        land = self.n_spaces * self.cell_area + self.centre_width * self.centre_height
        if land > 0.8 * self.map_width * self.map_height:
            raise SheetgenError(
                f"{self.n_spaces} spaces of {self.cell_area} mm^2 do not fit on a "
                f"{self.map_width} x {self.map_height} mm map",
                hint="lower cell_area or per_symbol, or enlarge the map")


DEFAULT_PARAMS = IslandParams()
