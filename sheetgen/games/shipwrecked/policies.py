"""How a side plays Shipwrecked!: which island to name, which colour to grab first.

Each policy is written once, on numpy arrays of many tables at a time (`View`), so that the
batch simulator (`batch`) and the engine's players (`Policy.choose` on one `state.GameState`)
make the very same decisions; ties always go to the lowest island. The five:

- concentrate: pile onto one island until it is safe (a lead of `SAFE` sailors, about what one
  good roll lands), then the next: the unsafe island with the most own sailors.
- spread: the island with the fewest own sailors: a little everywhere.
- contest: go where the opponent goes: the island the opponent named this roll if it
  named first, otherwise the opponent's island with the narrowest lead over you (none: the
  island with the most opposing sailors).
- deny: islands as spread, but grab the opponent's colour first (each one taken is one that
  does not land, or, on doubles, is eaten).
- greedy: the island that gives the most islands held after this roll if the expected
  landing comes in (own sailors in the ocean x 5/36: a sixth of them match, on the five
  rolls in six that are not doubles); between equals, the closest race. Grabs own sailors
  first on a normal roll and the opponent's on doubles (an eaten sailor never comes back).

Every policy but deny and greedy grabs its own colour first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .rules import FACES

SAFE = 3
"""Concentrate moves on once its lead on an island is this many sailors."""


@dataclass
class View:
    """What a side sees, for N tables at once: `ocean` (N, 2, 6) sailors by colour and face,
    `shore` (N, islands, 2) by island and colour, `named` (N, 2) the islands named this roll
    (-1: not yet), `sharks` (N,) whether the captains rolled doubles (known when grabbing)."""

    ocean: np.ndarray
    shore: np.ndarray
    named: np.ndarray
    sharks: np.ndarray


def _first_max(key: np.ndarray) -> np.ndarray:
    return np.argmax(key, axis=1)


def _concentrate(seat: int, view: View) -> np.ndarray:
    own, lead = view.shore[:, :, seat], view.shore[:, :, seat] - view.shore[:, :, 1 - seat]
    unsafe = lead < SAFE
    key = np.where(unsafe, 1000 + own, -lead)  # the unsafe island with most own; else least lead
    return _first_max(key)


def _spread(seat: int, view: View) -> np.ndarray:
    return _first_max(-view.shore[:, :, seat])


def _contest(seat: int, view: View) -> np.ndarray:
    theirs = view.shore[:, :, 1 - seat]
    lead = theirs - view.shore[:, :, seat]  # the opponent's lead
    key = np.where(lead > 0, 1000 - lead, theirs - 1000)
    choice = _first_max(key)
    other = view.named[:, 1 - seat]
    return np.where(other >= 0, other, choice)


def expected_landing(ocean: np.ndarray, colour: int) -> np.ndarray:
    """Sailors of `colour` expected to match on one roll that is not doubles, times the
    chance of such a roll: total x (1/6) x (5/6)."""
    return ocean[:, colour, :].sum(axis=1) * (FACES - 1) / FACES ** 2


def _greedy(seat: int, view: View) -> np.ndarray:
    n, islands = view.shore.shape[:2]
    lead = (view.shore[:, :, seat] - view.shore[:, :, 1 - seat]).astype(float)
    other = view.named[:, 1 - seat]
    theirs = expected_landing(view.ocean, 1 - seat)
    known = np.zeros((n, islands))
    rows = np.flatnonzero(other >= 0)
    known[rows, other[rows]] = theirs[rows]
    after = (lead - known)[:, None, :] + np.eye(islands)[None] * \
        expected_landing(view.ocean, seat)[:, None, None]
    held = np.sign(after).sum(axis=2)  # (N, candidate): islands held minus lost
    return _first_max(held * 1000 - np.abs(lead))


@dataclass(frozen=True)
class Policy:
    name: str
    island: Callable[[int, View], np.ndarray]
    chase: str  # "own", "theirs", or "sharks" (own on a normal roll, theirs on doubles)
    summary: str

    def grab_own(self, seat: int, view: View) -> np.ndarray:
        """(N,) True where the side grabs its own colour first."""
        if self.chase == "own":
            return np.ones(len(view.sharks), dtype=bool)
        if self.chase == "theirs":
            return np.zeros(len(view.sharks), dtype=bool)
        return ~view.sharks.astype(bool)

    # -- as a contract Player ------------------------------------------------------------
    def choose(self, state: Any, rng: Any = None) -> Any:
        """The move this policy makes in an engine state (state.GameState)."""
        from .state import Chase, Phase, Swim

        seat = state.to_move()
        view = view_of(state)
        if state.phase == Phase.ISLAND:
            return Swim(int(self.island(seat, view)[0]))
        return Chase("own" if self.grab_own(seat, view)[0] else "theirs")


def view_of(state: Any) -> View:
    """A one-table View of an engine state."""
    captain = state.captain
    return View(np.array([state.ocean]), np.array([state.shore]), np.array([state.named]),
                np.array([captain is not None and captain.sharks]))


POLICIES: dict[str, Policy] = {p.name: p for p in (
    Policy("concentrate", _concentrate, "own", "one island at a time until it is safe"),
    Policy("spread", _spread, "own", "the island with the fewest own sailors"),
    Policy("contest", _contest, "own", "where the opponent goes"),
    Policy("deny", _spread, "theirs", "spread, grabbing the opponent's sailors first"),
    Policy("greedy", _greedy, "sharks", "the most islands after the expected landing"),
)}


class Player:
    """A contract Player (sheetgen.engine.contract) playing one policy."""

    def __init__(self, policy: str) -> None:
        self.name = policy
        self.policy = POLICIES[policy]

    def choose(self, state: Any, rng: Any) -> Any:
        return self.policy.choose(state, rng)
