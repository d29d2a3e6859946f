"""Helpers for the Captain's Curse tests: a tiny island and sheets written as text."""

from __future__ import annotations

from pathlib import Path

from sheetgen.games.captains_curse.ruleset import Ruleset

ISLANDS = Path(__file__).resolve().parents[3] / "layouts" / "captains_curse" / "islands"

SYMBOLS = ["a", "b", "c", "d", "e", "f"]


def tiny_island_dict() -> dict:
    """12 spaces (2 per symbol), ring = a1, b1, c1; a coast line per space, one ring line,
    and line Lw (region e2, f2) whose second end is wet only once d1 has sunk (R11)."""
    spaces = []
    for sym in SYMBOLS:
        for k in (1, 2):
            spaces.append({"id": f"{sym}{k}", "symbol": sym, "ring": k == 1 and sym in "abc"})
    lines = [{"id": f"L{s['id']}", "region": [s["id"]], "ends": [[], []]} for s in spaces]
    lines.append({"id": "Lring", "region": ["a1", "b1", "c1"], "ends": [[], []]})
    lines.append({"id": "Lw", "region": ["e2", "f2"], "ends": [[], ["d1"]]})
    return {"format": "captains-curse-island/1", "name": "Tiny", "seed": None,
            "symbols": SYMBOLS, "spaces": spaces, "sink_lines": lines}


def circled_from_marks(ruleset: Ruleset, columns: list[str]) -> list[int]:
    """Circled-row masks from columns written top to bottom, e.g. '6X4X21' (X = crossed)."""
    masks = []
    for c, marks in enumerate(columns):
        assert len(marks) == 6
        mask = 0
        for r, ch in enumerate(marks):
            if ch != "X":
                assert int(ch) == ruleset.columns[c][r], (c, r, ch)
                mask |= 1 << r
        masks.append(mask)
    return masks
