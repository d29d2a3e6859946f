"""Moves of The Curse of the Black Dice: small typed values that print as text and parse back.

A player's moves are one class each (`Add`, `Pass`, `Reroll`, `Rum`, `Unblock`, and one per
pirate ability: `Overboard`, `Bullseye`, `Jibe`, `Sails`, `Course`, `Storm`, `Keelhaul`,
`OnBoard`). Chance is made of moves too, labelled by where it comes from, so a whole game,
dice included, is a list of strings a log keeps and anyone can re-check:

- `Deal`: the pirate tiles laid out at setup (`deal bullseye jibe storm sails`);
- `Roll`: dice rolled, with their origin (`roll black 1 4 4 6 ...`, `roll turn 2 5 5`,
  `roll settle-map 2 6`, `roll sea-wolf 3 5`; `ORIGINS` lists them all);
- `Draw`: one gold token drawn face down from the pool, with what it pays (`draw map 4`,
  `draw sea-wolf 5`).

`parse_move(str(m)) == m` for every move; `Move.parse` is the same function, as the engine
contract (`sheetgen.engine.contract`) asks.

>>> parse_move("pirate bullseye 0 6")
Bullseye(die=0, face=6)
>>> str(Roll("settle-map", (2, 6)))
'roll settle-map 2 6'
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .quest import SYMBOLS

ROLL_ORIGINS = (("captain", "black", "black-again", "turn", "reroll", "rum", "storm",
                 "sea-wolf", "new-captain") + tuple(f"settle-{s}" for s in SYMBOLS))
"""Where dice are rolled: the first captain's duel (BD-CAPTAIN), stage 1's black dice
(BD-BLACK) and those rolled again for showing a blocked field (BD-BLOCKED), a turn's roll
(BD-TURN), the re-roll of inactive symbols (BD-INACTIVE), rum (BD-RUM), Storm (BD-PIRATE),
the duels for sea wolf and captain (BD-HALVES), and a failed field's excess black dice
(BD-REROLL)."""
DRAW_ORIGINS = SYMBOLS + ("sea-wolf",)
"""What a gold token drawn from the pool pays: a field's gold reward, or the sea wolf."""


class Move:
    """Base of every Black Dice move (see the module docstring)."""

    word = ""

    @classmethod
    def parse(cls, text: str) -> Move:
        return parse_move(text)

    def __str__(self) -> str:
        values = [str(getattr(self, f.name)) for f in fields(self)]  # type: ignore[arg-type]
        return " ".join([self.word, *values])


@dataclass(frozen=True)
class Add(Move):
    """Add every die counting for `face` to that adventure (BD-TURN)."""

    face: int
    word = "add"


@dataclass(frozen=True)
class Pass(Move):
    """No rolled die counts for an active adventure: the turn ends (BD-TURN)."""

    word = "pass"


@dataclass(frozen=True)
class Reroll(Move):
    """Roll the dice showing inactive symbols once more (BD-INACTIVE)."""

    word = "reroll"


@dataclass(frozen=True)
class Rum(Move):
    """Drink one rum: roll every die not yet added (BD-RUM)."""

    word = "rum"


@dataclass(frozen=True)
class Unblock(Move):
    """Every face-up pirate blocked: toss a gold token, their rum goes back (BD-UNBLOCK)."""

    word = "unblock"


class PirateMove(Move):
    """Pay one rum onto a pirate to use its ability (BD-PIRATE)."""

    pirate = ""

    def __str__(self) -> str:
        values = [str(getattr(self, f.name)) for f in fields(self)]  # type: ignore[arg-type]
        return " ".join(["pirate", self.pirate, *values])


@dataclass(frozen=True)
class Overboard(PirateMove):
    pirate = "overboard"


@dataclass(frozen=True)
class Bullseye(PirateMove):
    die: int
    face: int
    pirate = "bullseye"


@dataclass(frozen=True)
class Jibe(PirateMove):
    die: int
    pirate = "jibe"


@dataclass(frozen=True)
class Sails(PirateMove):
    pirate = "sails"


@dataclass(frozen=True)
class Course(PirateMove):
    a: int
    b: int
    pirate = "course"


@dataclass(frozen=True)
class Storm(PirateMove):
    field: int
    pirate = "storm"


@dataclass(frozen=True)
class Keelhaul(PirateMove):
    field: int
    pirate = "keelhaul"


@dataclass(frozen=True)
class OnBoard(PirateMove):
    player: int
    src: int
    dst: int
    pirate = "onboard"


@dataclass(frozen=True)
class Deal(Move):
    """Chance at setup: the pirate tiles laid out face up (BD-SETUP)."""

    pirates: tuple[str, ...]
    word = "deal"

    def __str__(self) -> str:
        return " ".join(["deal", *self.pirates])


@dataclass(frozen=True)
class Roll(Move):
    """Chance: dice rolled at `origin` (`ROLL_ORIGINS`), their faces in order."""

    origin: str
    faces: tuple[int, ...]
    word = "roll"

    def __str__(self) -> str:
        return " ".join(["roll", self.origin, *map(str, self.faces)])


@dataclass(frozen=True)
class Draw(Move):
    """Chance: one gold token drawn from the pool for `origin` (`DRAW_ORIGINS`)."""

    origin: str
    value: int
    word = "draw"


PLAYER_MOVES: dict[str, type[Move]] = {c.word: c for c in (Add, Pass, Reroll, Rum, Unblock)}
PIRATE_MOVES: dict[str, type[PirateMove]] = {c.pirate: c for c in (
    Overboard, Bullseye, Jibe, Sails, Course, Storm, Keelhaul, OnBoard)}
CHANCE_MOVES = (Deal, Roll, Draw)


def _ints(words: list[str], text: str) -> list[int]:
    try:
        return [int(w) for w in words]
    except ValueError:
        raise ValueError(f"not a move: {text!r} (whole numbers expected)") from None


def parse_move(text: str) -> Move:
    """The move `str(move)` printed; ValueError (saying what was expected) for anything else."""
    words = text.split()
    if not words:
        raise ValueError("an empty move")
    head, rest = words[0], words[1:]
    if head == "pirate":
        if not rest or rest[0] not in PIRATE_MOVES:
            raise ValueError(f"not a pirate move: {text!r} (pirates: {', '.join(PIRATE_MOVES)})")
        cls = PIRATE_MOVES[rest[0]]
        args = _ints(rest[1:], text)
    elif head in PLAYER_MOVES:
        cls = PLAYER_MOVES[head]
        args = _ints(rest, text)
    elif head == "deal":
        return Deal(tuple(rest))
    elif head == "roll":
        if not rest or rest[0] not in ROLL_ORIGINS:
            raise ValueError(f"not a roll: {text!r} (origins: {', '.join(ROLL_ORIGINS)})")
        return Roll(rest[0], tuple(_ints(rest[1:], text)))
    elif head == "draw":
        if len(rest) != 2 or rest[0] not in DRAW_ORIGINS:
            raise ValueError(f"not a draw: {text!r} (draw ORIGIN VALUE; origins: "
                             f"{', '.join(DRAW_ORIGINS)})")
        return Draw(rest[0], _ints(rest[1:], text)[0])
    else:
        known = ", ".join([*PLAYER_MOVES, "pirate", "deal", "roll", "draw"])
        raise ValueError(f"not a move: {text!r} (one of {known})")
    wanted = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    if len(args) != len(wanted):
        shape = " ".join(wanted) or "no numbers"
        raise ValueError(f"not a move: {text!r} ({head} takes {shape})")
    return cls(*args)
