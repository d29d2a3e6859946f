"""The whole game of Shipwrecked! as a pure engine on the shared contract (sheetgen.engine).

The table is small: sailors in the ocean counted by colour and face, sailors on each island
by colour, sailors eaten. A captain roll is the sequence

    SPLASH* (setup: the 60 sailors land, one die a move)
    ISLAND (active seat)  ISLAND (other seat)   "to 3"          SW-ISLAND
    ROLL (chance)                               "roll B6 W2"    SW-ROLL
    CHASE (active seat)  CHASE (other seat)     "grab own"      SW-CHASE
    HANDS (chance)                              "hands B3W1 B2W0" (seat 0's hand, seat 1's)
                                                                SW-GRAB, SW-RACE
    SPLASH* (chance: each die going back into the ocean lands)  "splash W4"  SW-SPLASH

after which the captain dice pass (SW-PASS), or the game ends on the third doubles (SW-END).
Seat 0 plays black and starts (SW-SEATS). Every chance outcome is a move, so a game is a
plain list of move strings: logs store it, `gamelog.replay` re-checks it. `push` refuses an
illegal move with `IllegalMove` naming the rule (rules.RULES) and changes nothing; `pop`
takes the last move back. The winner is `scoring.decide` (SW-WIN), the same function that
scores a real game from its counts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from sheetgen.engine.contract import CHANCE, IllegalMove, Outcome

from .countsfile import MAX_SAILORS
from .rules import (
    BLACK,
    COLOURS,
    FACES,
    ISLANDS,
    LETTERS,
    SAILORS,
    SHARK_LIMIT,
    WHITE,
    GrabModel,
    race_split,
    where,
)

TERMINATION = "third sharks"
MAX_ISLANDS = 26
"""Bounds of a log's setup (MAX_SAILORS is the score command's bound too)."""


class Phase(IntEnum):
    SPLASH = 0
    ISLAND = 1
    ROLL = 2
    CHASE = 3
    HANDS = 4
    OVER = 5


@dataclass(frozen=True)
class Swim:
    """A seat names the island its sailors swim to (0-based; printed 1-based)."""

    island: int

    def __str__(self) -> str:
        return f"to {self.island + 1}"


@dataclass(frozen=True)
class Chase:
    """A seat says which colour it grabs first once the captains show: "own" or "theirs"."""

    target: str

    def __str__(self) -> str:
        return f"grab {self.target}"


@dataclass(frozen=True)
class Roll:
    """The captain dice: the black captain's face and the white captain's face."""

    black: int
    white: int

    @property
    def sharks(self) -> bool:
        return self.black == self.white

    def face(self, colour: int) -> int:
        return self.black if colour == BLACK else self.white

    def __str__(self) -> str:
        return f"roll B{self.black} W{self.white}"


@dataclass(frozen=True)
class Hands:
    """What each seat picked up: (black, white) matching dice, seat 0's hand then seat 1's."""

    seat0: tuple[int, int]
    seat1: tuple[int, int]

    def hand(self, seat: int) -> tuple[int, int]:
        return self.seat0 if seat == 0 else self.seat1

    def __str__(self) -> str:
        return "hands " + " ".join(f"B{b}W{w}" for b, w in (self.seat0, self.seat1))


@dataclass(frozen=True)
class Splash:
    """One die going back into the ocean lands on `face` (colour 0 black, 1 white)."""

    colour: int
    face: int

    def __str__(self) -> str:
        return f"splash {LETTERS[self.colour]}{self.face}"


Move = Swim | Chase | Roll | Hands | Splash


def _face(text: str, letter: str) -> int:
    if len(text) != 2 or text[0] != letter or text[1] not in "123456":
        raise ValueError(f"expected {letter}1 to {letter}6, got {text!r}")
    return int(text[1])


def _hand(text: str) -> tuple[int, int]:
    if not text.startswith("B") or "W" not in text:
        raise ValueError(f"a hand is B<black>W<white>, e.g. B3W1; got {text!r}")
    black, _, white = text[1:].partition("W")
    if not (black.isdigit() and white.isdigit()):
        raise ValueError(f"a hand is B<black>W<white>, e.g. B3W1; got {text!r}")
    return int(black), int(white)


def parse_move(text: str) -> Move:
    """The move a text names (the inverse of `str(move)`); ValueError for anything else.

    >>> parse_move("to 3"), parse_move("roll B6 W2"), str(parse_move("hands B3W1 B0W2"))
    (Swim(island=2), Roll(black=6, white=2), 'hands B3W1 B0W2')
    """
    words = text.split()
    kind, rest = (words[0], words[1:]) if words else ("", [])
    if kind == "to" and len(rest) == 1 and rest[0].isdigit() and int(rest[0]) >= 1:
        return Swim(int(rest[0]) - 1)
    if kind == "grab" and len(rest) == 1 and rest[0] in ("own", "theirs"):
        return Chase(rest[0])
    if kind == "roll" and len(rest) == 2:
        return Roll(_face(rest[0], "B"), _face(rest[1], "W"))
    if kind == "hands" and len(rest) == 2:
        return Hands(_hand(rest[0]), _hand(rest[1]))
    if kind == "splash" and len(rest) == 1 and len(rest[0]) == 2 and rest[0][0] in LETTERS:
        return Splash(LETTERS.index(rest[0][0]), _face(rest[0], rest[0][0]))
    raise ValueError("expected 'to N', 'grab own|theirs', 'roll B<n> W<n>', "
                     "'hands B<n>W<n> B<n>W<n>' or 'splash B<n>|W<n>'")


for _cls in (Swim, Chase, Roll, Hands, Splash):
    _cls.parse = staticmethod(parse_move)  # type: ignore[attr-defined]


def _illegal(rule: str, message: str) -> IllegalMove:
    """IllegalMove naming the rule, its message saying where the rule comes from."""
    return IllegalMove(rule, f"{message} [{where(rule)}]")


def chase_colour(seat: int, target: str) -> int:
    """The colour a seat grabs first: its own (the seat's colour) or the other one."""
    return seat if target == "own" else 1 - seat


def _binomial(n: int, k: int, p: float) -> float:
    return math.comb(n, k) * p ** k * (1 - p) ** (n - k)


class GameState:
    """A game of Shipwrecked! in progress (see the module docstring).

    `ocean[colour][face - 1]`, `shore[island][colour]` and `eaten[colour]` count sailors;
    together they always hold `sailors` dice of each colour.
    """

    def __init__(self, grab: GrabModel | None = None, islands: int = ISLANDS,
                 sailors: int = SAILORS) -> None:
        if islands < 1 or sailors < 1:
            raise ValueError("a game needs at least one island and one sailor a side")
        self.grab = grab or GrabModel()
        self.islands = islands
        self.sailors = sailors
        self.ocean = [[0] * FACES for _ in COLOURS]
        self.shore = [[0, 0] for _ in range(islands)]
        self.eaten = [0, 0]
        self.sharks = 0
        self.rolls = 0
        self.active = 0
        self.phase = Phase.SPLASH
        self.named = [-1, -1]
        self.chase = ["", ""]
        self.captain: Roll | None = None
        self.queue = [sailors, sailors]  # dice still to land, black first (SW-SETUP)
        self._history: list[tuple[Move, tuple[Any, ...]]] = []

    # -- the contract -------------------------------------------------------------------
    def to_move(self) -> int | None:
        if self.phase == Phase.OVER:
            return None
        if self.phase in (Phase.SPLASH, Phase.ROLL, Phase.HANDS):
            return CHANCE
        chosen = self.named if self.phase == Phase.ISLAND else self.chase
        return self.active if chosen[self.active] in (-1, "") else 1 - self.active

    def legal_moves(self) -> list[Move]:
        if self.phase == Phase.ISLAND:
            return [Swim(i) for i in range(self.islands)]
        if self.phase == Phase.CHASE:
            return [Chase("own"), Chase("theirs")]
        return [move for move, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """The chance step's outcomes with their probabilities (empty at a decision)."""
        if self.phase == Phase.SPLASH:
            colour = BLACK if self.queue[BLACK] else WHITE
            return [(Splash(colour, f), 1 / FACES) for f in range(1, FACES + 1)]
        if self.phase == Phase.ROLL:
            return [(Roll(b, w), 1 / FACES ** 2)
                    for b in range(1, FACES + 1) for w in range(1, FACES + 1)]
        if self.phase == Phase.HANDS:
            return self._hands_outcomes()
        return []

    def sample_chance(self, rng: Any) -> Move:
        """Draw the chance step's outcome from `rng` (a sheetgen.engine.rng.SplitMix64)."""
        if self.phase == Phase.SPLASH:
            return Splash(BLACK if self.queue[BLACK] else WHITE, 1 + rng.below(FACES))
        if self.phase == Phase.ROLL:
            r = rng.below(FACES * FACES)
            return Roll(r % FACES + 1, r // FACES + 1)
        if self.phase == Phase.HANDS:
            x, y = self.pools()
            share = self.grab.share
            c0, c1 = chase_colour(0, self.chase[0]), chase_colour(1, self.chase[1])
            if c0 == c1:
                b0 = sum(rng.random() < share for _ in range(x))
                w0 = sum(rng.random() < share for _ in range(y))
            else:
                grabs = sum(rng.random() < share for _ in range(x + y))
                first, other = (int(v) for v in race_split(grabs, (x, y)[c0]))
                b0, w0 = (first, other) if c0 == BLACK else (other, first)
            return Hands((b0, w0), (x - b0, y - w0))
        raise ValueError(f"no chance step now (phase {self.phase.name})")

    def push(self, move: Move) -> None:
        self._check(move)
        self._history.append((move, self._snapshot()))
        self._apply(move)

    def pop(self) -> Move:
        move, snapshot = self._history.pop()
        self._restore(snapshot)
        return move

    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        result = self.decide()
        winners = () if result.winner is None else (COLOURS.index(result.winner),)
        held = (float(result.held["black"]), float(result.held["white"]))
        tiebreak = "" if result.decided_by == "islands" else result.decided_by
        return Outcome(TERMINATION, winners, held, tiebreak)

    # -- queries ------------------------------------------------------------------------
    def pools(self) -> tuple[int, int]:
        """Matching (black, white) sailors in the ocean for the captains rolled."""
        assert self.captain is not None
        return (self.ocean[BLACK][self.captain.black - 1],
                self.ocean[WHITE][self.captain.white - 1])

    def in_ocean(self, colour: int) -> int:
        return sum(self.ocean[colour])

    def ashore(self, colour: int) -> int:
        return sum(island[colour] for island in self.shore)

    def decide(self) -> Any:
        """`scoring.decide` on the table as it stands (SW-WIN)."""
        from .scoring import counts, decide

        return decide(counts([(b, w) for b, w in self.shore],
                             (self.in_ocean(BLACK), self.in_ocean(WHITE))))

    def conserved(self) -> bool:
        """Every die accounted for: ocean + islands + eaten + still landing = sailors."""
        return all(self.in_ocean(c) + self.ashore(c) + self.eaten[c] + self.queue[c]
                   == self.sailors for c in (BLACK, WHITE))

    # -- the rules ----------------------------------------------------------------------
    def _check(self, move: Move) -> None:
        phase = self.phase
        want = {Phase.SPLASH: Splash, Phase.ISLAND: Swim, Phase.ROLL: Roll, Phase.CHASE: Chase,
                Phase.HANDS: Hands}
        if phase == Phase.OVER:
            raise _illegal("SW-END", "the game is over: the sharks have fed three times")
        if not isinstance(move, want[phase]):
            expected = {Phase.SPLASH: "a die landing in the ocean (splash)",
                        Phase.ISLAND: "an island to swim to (to N)",
                        Phase.ROLL: "the captain roll", Phase.CHASE: "a grab (grab own|theirs)",
                        Phase.HANDS: "the hands after the grab"}[phase]
            rule = "SW-ORDER" if phase != Phase.SPLASH or self.rolls else "SW-SETUP"
            raise _illegal(rule, f"expected {expected}, got '{move}'")
        if isinstance(move, Swim) and not 0 <= move.island < self.islands:
            raise _illegal("SW-ISLAND", f"there are islands 1 to {self.islands}, "
                              f"not {move.island + 1}")
        if isinstance(move, Splash):
            colour = BLACK if self.queue[BLACK] else WHITE
            if move.colour != colour:
                raise _illegal("SW-SPLASH", f"the next die to land is {COLOURS[colour]}")
            if not 1 <= move.face <= FACES:
                raise _illegal("SW-SPLASH", "a die lands on 1 to 6")
        if isinstance(move, Hands):
            self._check_hands(move)

    def _check_hands(self, move: Hands) -> None:
        pools = self.pools()
        for colour in (BLACK, WHITE):
            taken = (move.seat0[colour], move.seat1[colour])
            if min(taken) < 0 or sum(taken) != pools[colour]:
                assert self.captain is not None
                raise _illegal("SW-GRAB", f"the ocean held {pools[colour]} "
                                  f"{COLOURS[colour]} {self.captain.face(colour)}s: all of "
                                  f"them are picked up, no more, got {taken[0]} + {taken[1]}")
        c0, c1 = chase_colour(0, self.chase[0]), chase_colour(1, self.chase[1])
        if c0 != c1 and move.seat0[1 - c0] and move.seat0[c0] != pools[c0]:
            raise _illegal("SW-RACE", f"seat 0 chased {COLOURS[c0]} first, so it took "
                              f"{COLOURS[1 - c0]} only once seat 1 had none of it left")

    def _hands_outcomes(self) -> list[tuple[Move, float]]:
        x, y = self.pools()
        share = self.grab.share
        c0, c1 = chase_colour(0, self.chase[0]), chase_colour(1, self.chase[1])
        out: list[tuple[Move, float]] = []
        if c0 == c1:
            for b0 in range(x + 1):
                for w0 in range(y + 1):
                    p = _binomial(x, b0, share) * _binomial(y, w0, share)
                    out.append((Hands((b0, w0), (x - b0, y - w0)), p))
            return out
        for grabs in range(x + y + 1):
            first, other = (int(v) for v in race_split(grabs, (x, y)[c0]))
            b0, w0 = (first, other) if c0 == BLACK else (other, first)
            out.append((Hands((b0, w0), (x - b0, y - w0)), _binomial(x + y, grabs, share)))
        return out

    def _apply(self, move: Move) -> None:
        if isinstance(move, Splash):
            self.queue[move.colour] -= 1
            self.ocean[move.colour][move.face - 1] += 1
            if not any(self.queue):
                self._end_roll() if self.rolls else self._start_roll()
        elif isinstance(move, Swim):
            self.named[self.to_move()] = move.island  # type: ignore[index]
            if min(self.named) >= 0:
                self.phase = Phase.ROLL
        elif isinstance(move, Roll):
            self.captain = move
            self.rolls += 1
            self.phase = Phase.CHASE
        elif isinstance(move, Chase):
            self.chase[self.to_move()] = move.target  # type: ignore[index]
            if all(self.chase):
                self.phase = Phase.HANDS
        else:
            self._resolve(move)

    def _resolve(self, hands: Hands) -> None:
        """SW-LAND on a normal roll, SW-SHARK on doubles; then the splashes, if any."""
        assert self.captain is not None
        for colour in (BLACK, WHITE):  # every matching die is out of the ocean (SW-GRAB)
            self.ocean[colour][self.captain.face(colour) - 1] = 0
        back = [0, 0]
        for seat in (0, 1):
            own, theirs = hands.hand(seat)[seat], hands.hand(seat)[1 - seat]
            if self.captain.sharks:
                self.eaten[1 - seat] += theirs
                back[seat] += own
            else:
                self.shore[self.named[seat]][seat] += own
                back[1 - seat] += theirs
        if self.captain.sharks:
            self.sharks += 1
            if self.sharks >= SHARK_LIMIT:  # SW-END: own sailors are back, faces no matter
                for colour in (BLACK, WHITE):
                    self.ocean[colour][self.captain.face(colour) - 1] += back[colour]
                self.phase = Phase.OVER
                return
            for colour in (BLACK, WHITE):  # the whole ocean is re-rolled
                back[colour] += self.in_ocean(colour)
                self.ocean[colour] = [0] * FACES
        self.queue = back
        if any(back):
            self.phase = Phase.SPLASH
        else:
            self._end_roll()

    def _end_roll(self) -> None:
        """SW-PASS: the captain dice go to the other player."""
        self.active = 1 - self.active
        self._start_roll()

    def _start_roll(self) -> None:
        self.named = [-1, -1]
        self.chase = ["", ""]
        self.captain = None
        self.phase = Phase.ISLAND

    def _snapshot(self) -> tuple[Any, ...]:
        return (tuple(map(tuple, self.ocean)), tuple(map(tuple, self.shore)), tuple(self.eaten),
                self.sharks, self.rolls, self.active, self.phase, tuple(self.named),
                tuple(self.chase), self.captain, tuple(self.queue))

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (ocean, shore, eaten, self.sharks, self.rolls, self.active, self.phase, named, chase,
         self.captain, queue) = snap
        self.ocean = [list(row) for row in ocean]
        self.shore = [list(row) for row in shore]
        self.eaten, self.named, self.chase, self.queue = (list(eaten), list(named),
                                                          list(chase), list(queue))

    def setup(self) -> dict[str, Any]:
        """What a log needs to start this game again (`new_state(setup)`)."""
        return {"islands": self.islands, "sailors": self.sailors, "grab": self.grab.to_dict()}


def new_state(setup: dict[str, Any]) -> GameState:
    """A game from a log's setup (see `GameState.setup`); ValueError/KeyError/TypeError for a
    setup that is not one."""
    unknown = set(setup) - {"islands", "sailors", "grab"}
    if unknown:
        raise ValueError(f"unknown setup key '{sorted(unknown)[0]}'")
    grab = setup.get("grab", {})
    if not isinstance(grab, dict) or set(grab) - {"speed", "fumble"}:
        raise ValueError("grab is {speed: [a, b], fumble: [a, b]}")
    model = GrabModel(tuple(float(v) for v in grab.get("speed", (1.0, 1.0))),  # type: ignore[arg-type]
                      tuple(float(v) for v in grab.get("fumble", (0.05, 0.05))))  # type: ignore[arg-type]
    if len(model.speed) != 2 or len(model.fumble) != 2:
        raise ValueError("grab speed and fumble have one value per seat")
    islands, sailors = setup.get("islands", ISLANDS), setup.get("sailors", SAILORS)
    for key, value in (("islands", islands), ("sailors", sailors)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{key} must be a whole number, got {value!r}")
    if not (1 <= islands <= MAX_ISLANDS and 1 <= sailors <= MAX_SAILORS):
        raise ValueError(f"islands 1 to {MAX_ISLANDS}, sailors 1 to {MAX_SAILORS} a side")
    return GameState(model, islands, sailors)

