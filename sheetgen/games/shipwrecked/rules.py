"""The rules of Shipwrecked! as ids with their source lines, and the grab model.

Every rule the engine (`state`), the batch simulator (`batch`) and the tests refer to has an
id here, citing the line(s) of seeds/shipwrecked.txt it rests on. Ids marked "model" are
sheetgen's design where the source is silent; the rulebook's Interpretations list them.

The grab is the one part of the game a program cannot take from the text: two people snatch
dice at the same time. sheetgen models it as a race (SW-RACE):

- every matching die in the ocean is grabbed by someone (the source: "after no more dice can
  be picked up"), and never more than are there;
- grabs arrive one at a time; each comes from side A with probability
  `share = sA (1 - fA) / (sA (1 - fA) + sB (1 - fB))`, where s is a side's speed (grab
  attempts per second, only the ratio matters) and f its wrong-grab rate: a die picked up by
  mistake is dropped back as it was (the designer's remark, line 21), so a wrong grab only
  costs its attempt. With equal wrong-grab rates they cancel; they matter when one side
  fumbles more;
- each side first takes the colour it chose to chase ("grab own" or "grab theirs"), and the
  other colour when its first choice is gone.

With these three assumptions the whole race reduces to one draw per roll: when the sides
chase different colours, A's number of grabs G ~ Binomial(x + y, share) decides everything
(A gets min(G, x) of its first colour and the rest of the other); when they chase the same
colour, each colour splits independently, Binomial(x, share) and Binomial(y, share) to A.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BLACK, WHITE = 0, 1
COLOURS = ("black", "white")
LETTERS = ("B", "W")
FACES = 6
ISLANDS = 5
SAILORS = 30
SHARK_LIMIT = 3

SOURCE = "seeds/shipwrecked.txt"


@dataclass(frozen=True)
class Rule:
    id: str
    lines: str  # line(s) of seeds/shipwrecked.txt, or "model" for sheetgen's design
    text: str


RULES: dict[str, Rule] = {r.id: r for r in (
    Rule("SW-SETUP", "4-5, 8, 12", "30 black and 30 white sailor dice are rolled into the "
         "ocean; there are 5 desert islands"),
    Rule("SW-SEATS", "14", "two sides, one colour each; the starting player holds the captain "
         "dice (sheetgen: seat 0 plays black and starts; the colours are symmetric)"),
    Rule("SW-ISLAND", "14", "before the roll the active player names an island, then the "
         "opponent; both may name the same one"),
    Rule("SW-ORDER", "14-15", "things happen in order: islands, captain roll, grab, landing"),
    Rule("SW-ROLL", "15", "the active player rolls both captain dice; black sailors showing "
         "the black captain's face and white sailors showing the white captain's match"),
    Rule("SW-CHASE", "model", "after the roll each side says which colour it grabs first "
         "(own or theirs)"),
    Rule("SW-GRAB", "15-16", "all matching sailors are picked up, none that do not match, "
         "never more than are in the ocean"),
    Rule("SW-RACE", "model", "who gets which matching dice follows the race model above"),
    Rule("SW-LAND", "16", "own-colour sailors picked up go onto the island their side named; "
         "the other colour is re-rolled into the ocean"),
    Rule("SW-PASS", "16, 18", "the captain dice pass to the other player after every roll"),
    Rule("SW-SHARK", "18", "on doubles, opposing sailors picked up are eaten, own ones go back "
         "into the ocean, then every die in the ocean is re-rolled"),
    Rule("SW-SPLASH", "16, 18", "a die going back into the ocean lands on a face from 1 to 6"),
    Rule("SW-END", "20", "the game ends when the third doubles have been resolved (the ocean "
         "is not re-rolled then: the faces no longer matter)"),
    Rule("SW-WIN", "20", "more sailors control an island; most islands wins, then most sailors "
         "on islands, then fewest in the ocean; all level is a draw (sheetgen's reading)"),
)}


def where(rule: str) -> str:
    """Where a rule comes from: `seeds/shipwrecked.txt:15-16`, or "sheetgen's model"."""
    lines = RULES[rule].lines
    return "sheetgen's model" if lines == "model" else f"{SOURCE}:{lines.replace(' ', '')}"


@dataclass(frozen=True)
class GrabModel:
    """How fast each seat grabs (only the ratio matters) and how often it grabs a wrong die.

    `speed` and `fumble` are per seat (seat 0 starts). See the module docstring."""

    speed: tuple[float, float] = (1.0, 1.0)
    fumble: tuple[float, float] = (0.05, 0.05)

    def __post_init__(self) -> None:
        for s in self.speed:
            if not s > 0:
                raise ValueError("grab speeds must be positive")
        for f in self.fumble:
            if not 0 <= f < 1:
                raise ValueError("wrong-grab rates must be in [0, 1)")

    @property
    def share(self) -> float:
        """The probability that the next successful grab is seat 0's."""
        a = self.speed[0] * (1 - self.fumble[0])
        b = self.speed[1] * (1 - self.fumble[1])
        return a / (a + b)

    def to_dict(self) -> dict[str, list[float]]:
        return {"speed": list(self.speed), "fumble": list(self.fumble)}


def race_split(grabs: Any, first: Any) -> tuple[Any, Any]:
    """Seat A's take when the sides chase different colours (SW-RACE): A made `grabs` of all
    the grabs and chases the colour with `first` matching dice. Returns A's (first colour,
    other colour). Works on numpy arrays too."""
    import numpy as np

    take_first = np.minimum(grabs, first)
    return take_first, grabs - take_first
