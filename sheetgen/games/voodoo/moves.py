"""Voodoo Pirate moves: small values that print and parse (the shared engine contract).

A move is its own text (a `str` subclass), so it is hashable, cheap to build and compare,
prints as itself and parses back to an equal value. The first word is the verb; a chance
outcome starts with "~" (e.g. "~soul R", "~object Silent-Oars"). Object names are written
with hyphens for spaces so that every argument is one word ("Rackham's-Map").
"""

from __future__ import annotations

COLOURS = ("R", "B", "G", "Y", "P")
"""Soul and pirate colours: Red, Blue, Green, Yellow, Purple (the five pirates, cards.yaml)."""
COLOUR_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple")


class Move(str):
    """A decision or chance outcome, e.g. "card Tix", "rite 3 R W", "~soul B"."""

    __slots__ = ()

    @property
    def verb(self) -> str:
        return self.split(" ", 1)[0]

    @property
    def args(self) -> list[str]:
        return self.split(" ")[1:]

    @property
    def chance(self) -> bool:
        return self.startswith("~")

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move a text names (surrounding blanks and repeated spaces ignored); whether it
        is legal is for the state to say (`push` raises IllegalMove)."""
        words = str(text).split()
        if not words:
            raise ValueError("an empty move")
        return cls(" ".join(words))


def card_word(name: str) -> str:
    """An Object card's name as one word: "Rackham's Map" -> "Rackham's-Map"."""
    return name.replace(" ", "-")


def card_name(word: str) -> str:
    return word.replace("-", " ")


def space_word(space: tuple[int, int]) -> str:
    return f"{space[0]},{space[1]}"


def parse_space(word: str) -> tuple[int, int]:
    c, r = word.split(",")
    return int(c), int(r)
