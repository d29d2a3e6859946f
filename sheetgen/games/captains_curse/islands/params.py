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


@dataclass(frozen=True)
class SinkPlan:
    """How many sink lines of each kind to aim for; difficulty leans on these."""

    small: int = 5  # 1 space (headlands placed with inland lines count here)
    medium: int = 2  # 2..3 spaces
    big: int = 3  # 4..max_region spaces
    ring_lines: bool = False  # inner lines may take centre-ring spaces
    max_region: int = 6  # largest inner region considered
    tile: bool = True  # place one-space lines in coast order (more of them) or at random
    inland: int = 2  # lines with an inland end (R11): usable once a space beside them sank
    inland_max: int = 3  # largest region of such a line


DEFAULT_PLAN = SinkPlan()

SINK_PLANS: dict[str, SinkPlan] = {
    "easy": SinkPlan(small=12, medium=8, big=6, inland=0),
    "normal": DEFAULT_PLAN,
    "hard": SinkPlan(small=3, medium=0, big=1, tile=False, inland=2),
}
"""The plan of each difficulty band (islands/verify.py says how the bands were measured).
On normal and hard islands two inland lines take the place of two medium lines (normal had
4, hard 2 under islands/1), and normal has one one-space line fewer (6 before): an inland
line is a cheap sink too once its headland has gone. Added on top of the islands/1 plans,
they made islands easier (expert win rate +6 points on normal, +11 on hard); with these
plans the bands sit where islands/1 measured them.
Easy islands get no inland ends: they already have cheap lines everywhere, and a line that
waits for its neighbour to sink is one more thing to read."""
