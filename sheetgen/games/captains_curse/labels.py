"""Referee labels: the short names a person sees on a printed sheet and types at `play --dice`.

Island files name spaces and sink lines by ids a sheet does not print (`s17`, `L4`). A referee
print of the sheet (`--set ids=true`) writes a number in each space and a letter tag by the
middle of each sink line; the terminal referee shows and accepts the same labels, so a player can
match its prompts to the paper. Numbers follow the island file's space order (1-based), letters
its sink line order (A-Z, then AA, AB, ...).

>>> letters(0), letters(25), letters(26)
('A', 'Z', 'AA')
"""

from __future__ import annotations

from .island import Island


def letters(index: int) -> str:
    """A, B, ..., Z, AA, AB, ... for 0, 1, ..."""
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def space_labels(island: Island) -> list[str]:
    """The printed number of each space, in island file order."""
    return [str(i + 1) for i in range(len(island.spaces))]


def line_labels(island: Island) -> list[str]:
    """The printed letter of each sink line, in island file order."""
    return [letters(i) for i in range(len(island.sink_lines))]
