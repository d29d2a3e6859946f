"""The scoring-rule library: each score box of a card names one of these rules.

A rule turns the final dice (a vector of face counts) into points. Most rules are
deterministic; the Piracy rule is not (it rolls all dice once more), so every rule also gives
its *expected* points, which is what the solver maximises, and says which recorded values are
possible, which is what the sheet checker needs.

Rules are small frozen dataclasses found by name in `RULES`, the way chess variants are found
by name: a card file says `rule: straight` with `length: 4` and `points: 30`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, fields
from functools import cache, lru_cache
from typing import ClassVar

Counts = tuple[int, ...]


def _total(counts: Counts) -> int:
    return sum((f + 1) * c for f, c in enumerate(counts))


def _longest_run(counts: Counts) -> int:
    best = run = 0
    for c in counts:
        run = run + 1 if c else 0
        best = max(best, run)
    return best


@dataclass(frozen=True)
class Rule:
    """Base of all rules. Subclasses declare their parameters as dataclass fields."""

    kind: ClassVar[str] = ""
    random: ClassVar[bool] = False  # True when the points need dice rolled after the turn

    def points(self, counts: Counts) -> int:
        """Points for final dice `counts` (deterministic rules only)."""
        raise NotImplementedError

    def expected(self, counts: Counts, extra_bonus: float = 0.0) -> float:
        """Expected points; `extra_bonus` is what a five-alike re-roll adds (Piracy only)."""
        return float(self.points(counts))

    def qualifies(self, counts: Counts) -> bool:
        """Whether these dice earn anything in this box (False means a scuttle)."""
        return self.expected(counts) > 0

    def possible(self, counts: Counts) -> set[int]:
        """Every value a player may honestly record for these dice."""
        return {self.points(counts)}

    def max_points(self, n_dice: int, n_faces: int) -> int:
        """Best value over every roll: the Swashbuckle Bonus 'max potential points'."""
        return _max_points(self, n_dice, n_faces)

    def describe(self) -> str:
        params = ", ".join(f"{f.name}={getattr(self, f.name)}" for f in fields(self))
        return f"{self.kind}({params})"


@lru_cache(maxsize=1024)
def _max_points(rule: Rule, n_dice: int, n_faces: int) -> int:
    """`Rule.max_points`, remembered: rules are frozen values, and every card load asked it
    of each box without a `joker_points` over every roll (252 with five dice), 40% of the
    CPU of reading a card."""
    return max(max(rule.possible(counts)) for counts in all_counts(n_dice, n_faces))


@cache
def all_counts(n_dice: int, n_faces: int) -> tuple[Counts, ...]:
    """Every count vector of `n_dice` dice with `n_faces` faces."""
    return tuple(
        c for c in itertools.product(range(n_dice + 1), repeat=n_faces) if sum(c) == n_dice
    )


@dataclass(frozen=True)
class FaceSum(Rule):
    """Ones to Sixes: only the dice showing `face` count, at face value."""

    kind: ClassVar[str] = "face_sum"
    face: int

    def points(self, counts: Counts) -> int:
        return counts[self.face - 1] * self.face


@dataclass(frozen=True)
class KindSum(Rule):
    """3 Alike, 4 Alike: at least `n` dice show one face; scores the sum of all dice."""

    kind: ClassVar[str] = "kind_sum"
    n: int

    def points(self, counts: Counts) -> int:
        return _total(counts) if max(counts) >= self.n else 0


@dataclass(frozen=True)
class FaceCount(Rule):
    """Aces High: at least `n` dice show `face`; fixed `points`."""

    kind: ClassVar[str] = "face_count"
    face: int
    n: int
    points_: int

    def points(self, counts: Counts) -> int:
        return self.points_ if counts[self.face - 1] >= self.n else 0


@dataclass(frozen=True)
class FullHouse(Rule):
    """Full Boat: three of one face and two of another; fixed `points`.

    `five_alike` says whether five of a kind also counts (the source's wording, "3 of the same
    number AND 2 of the same number", is read as two different numbers, so it defaults off).
    """

    kind: ClassVar[str] = "full_house"
    points_: int
    five_alike: bool = False

    def points(self, counts: Counts) -> int:
        shape = sorted(c for c in counts if c)
        if shape == [2, 3] or (self.five_alike and shape == [5]):
            return self.points_
        return 0


@dataclass(frozen=True)
class Straight(Rule):
    """Succession of `length`: that many consecutive faces; fixed `points`.

    A longer run also counts (a Succession of 5 may be used as a Succession of 4).
    """

    kind: ClassVar[str] = "straight"
    length: int
    points_: int

    def points(self, counts: Counts) -> int:
        return self.points_ if _longest_run(counts) >= self.length else 0


@dataclass(frozen=True)
class SumEquals(Rule):
    """Pieces of 8: the dice total exactly `total`; fixed `points`."""

    kind: ClassVar[str] = "sum_equals"
    total: int
    points_: int

    def points(self, counts: Counts) -> int:
        return self.points_ if _total(counts) == self.total else 0


@dataclass(frozen=True)
class Chance(Rule):
    """Flotsam: any dice; scores their sum."""

    kind: ClassVar[str] = "chance"

    def points(self, counts: Counts) -> int:
        return _total(counts)


@dataclass(frozen=True)
class Alike(Rule):
    """Swashbuckle: at least `n` dice show one face (five of a kind); fixed `points`."""

    kind: ClassVar[str] = "alike"
    n: int
    points_: int

    def points(self, counts: Counts) -> int:
        return self.points_ if max(counts) >= self.n else 0


@dataclass(frozen=True)
class Reroll(Rule):
    """Piracy: the dice must hold a run of `length`; then all dice are rolled once more and
    their sum is scored, except that an all-alike re-roll scores `alike_points`.

    In solitaire there is nobody to steal from, so the re-roll is simply scored (see the card
    file). An all-alike re-roll also earns a Swashbuckle Bonus when one is due; the caller
    passes that amount as `extra_bonus` so the expectation includes it.
    """

    kind: ClassVar[str] = "reroll"
    random: ClassVar[bool] = True
    length: int
    alike_points: int
    n_dice: int = 5
    n_faces: int = 6

    def qualifies(self, counts: Counts) -> bool:
        return _longest_run(counts) >= self.length

    def reroll_points(self, reroll: Counts) -> int:
        return self.alike_points if max(reroll) == sum(reroll) else _total(reroll)

    def expected(self, counts: Counts, extra_bonus: float = 0.0) -> float:
        if not self.qualifies(counts):
            return 0.0
        value, alike = _reroll_moments(self.n_dice, self.n_faces, self.alike_points)
        return value + alike * extra_bonus

    def possible(self, counts: Counts) -> set[int]:
        if not self.qualifies(counts):
            return {0}
        return {
            self.reroll_points(c) for c in all_counts(self.n_dice, self.n_faces)
        }

    def points(self, counts: Counts) -> int:
        raise TypeError("Piracy points need the re-rolled dice; use reroll_points()")


@cache
def _reroll_moments(n_dice: int, n_faces: int, alike_points: int) -> tuple[float, float]:
    """Mean points of an all-dice re-roll, and the chance that it comes up all alike."""
    total = 0
    alike = 0
    for dice in itertools.product(range(1, n_faces + 1), repeat=n_dice):
        if len(set(dice)) == 1:
            alike += 1
            total += alike_points
        else:
            total += sum(dice)
    count = n_faces**n_dice
    return total / count, alike / count


RULES: dict[str, type[Rule]] = {
    cls.kind: cls
    for cls in (FaceSum, KindSum, FaceCount, FullHouse, Straight, SumEquals, Chance, Alike,
                Reroll)
}


def parameter_names(cls: type[Rule]) -> dict[str, str]:
    """YAML parameter name -> dataclass field name (`points` is stored as `points_`)."""
    return {f.name.rstrip("_"): f.name for f in fields(cls) if f.name not in ("n_dice", "n_faces")}
