"""Many games of Shipwrecked! at once, on numpy arrays: the simulator behind `simulate`.

The same model as the engine (`state.GameState`, rules.py) applied to a batch of tables in
lock-step, one captain roll per step: every live game is at the same roll, so the same seat
holds the captain dice in all of them. Tables whose game ended leave the arrays, so a step
costs what the live games cost. The policies are the very functions the engine's players
call (policies.py); a game played here can be logged move by move (`record`), in the
engine's move language, and `gamelog.replay` pushes such a log through the engine: the tests
do exactly that and compare each decision and the outcome, which is what keeps the two
implementations of the rules in step.

A batch draws from one numpy Generator seeded with the batch's seed, so a game is
reproduced by its batch (the base seed, the pairing and the batch index), whatever the
number of worker processes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sheetgen.engine.contract import Outcome

from .policies import POLICIES, View
from .rules import BLACK, FACES, ISLANDS, SAILORS, SHARK_LIMIT, WHITE, GrabModel, race_split
from .scoring import DECIDED_BY
from .state import TERMINATION

UNIFORM = np.full(FACES, 1 / FACES)


@dataclass
class BatchResult:
    """Per game, in game order: captain rolls played, the winning seat (-1 for a draw), the
    index into scoring.DECIDED_BY of the rule that decided, islands held by each seat,
    islands level at the end and, of those, empty ones."""

    rolls: np.ndarray
    winner: np.ndarray
    decided: np.ndarray
    held: np.ndarray  # (n, 2)
    level: np.ndarray
    empty: np.ndarray


def decide(shore: np.ndarray, ocean: np.ndarray) -> tuple[np.ndarray, ...]:
    """SW-WIN for a batch: (winner seat or -1, index into DECIDED_BY, held (n, 2)).
    The same order of rules as scoring.decide (the tests compare the two)."""
    held = np.stack([(shore[:, :, 0] > shore[:, :, 1]).sum(1),
                     (shore[:, :, 1] > shore[:, :, 0]).sum(1)], axis=1)
    ashore = shore.sum(axis=1)
    afloat = -ocean.sum(axis=2)  # fewer in the ocean is better
    winner = np.full(len(shore), -1)
    decided = np.full(len(shore), DECIDED_BY.index("draw"))
    for rule, score in reversed(list(zip(DECIDED_BY[:3], (held, ashore, afloat),
                                         strict=True))):
        differ = score[:, 0] != score[:, 1]
        winner = np.where(differ, np.where(score[:, 0] > score[:, 1], 0, 1), winner)
        decided = np.where(differ, DECIDED_BY.index(rule), decided)
    return winner, decided, held


def _splashes(counts: np.ndarray, letter: str) -> list[str]:
    return [f"splash {letter}{face + 1}" for face in range(FACES)
            for _ in range(int(counts[face]))]


LogSink = Callable[[int, list[str], Outcome], None]
"""Called as each recorded game ends: (game index in the batch, its moves, its outcome)."""


def play_batch(n: int, seed: int, seats: tuple[str, str], grab: GrabModel | None = None,
               islands: int = ISLANDS, sailors: int = SAILORS,
               on_game: LogSink | None = None) -> BatchResult:
    """Play `n` games, seat 0 (black, starting) with policy `seats[0]`, seat 1 with
    `seats[1]`. With `on_game`, every game's moves are recorded as it is played and handed
    over when it ends (slower: the figures are the same either way)."""
    grab = grab or GrabModel()
    policy = (POLICIES[seats[0]], POLICIES[seats[1]])
    share = grab.share
    rng = np.random.default_rng(seed)
    ocean = rng.multinomial(sailors, UNIFORM, size=(n, 2))
    shore = np.zeros((n, islands, 2), dtype=np.int64)
    sharks = np.zeros(n, dtype=np.int64)
    ids = np.arange(n)
    result = BatchResult(np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64),
                         np.zeros((n, 2), np.int64), np.zeros(n, np.int64),
                         np.zeros(n, np.int64))
    record = on_game is not None
    moves: list[list[str]] = []
    if record:
        moves = [_splashes(ocean[g, BLACK], "B") + _splashes(ocean[g, WHITE], "W")
                 for g in range(n)]
    roll = 0
    while len(ids):
        k = len(ids)
        rows = np.arange(k)
        active = roll % 2
        order = (active, 1 - active)
        named = np.full((k, 2), -1)
        view = View(ocean, shore, named, np.zeros(k, dtype=bool))
        for seat in order:  # SW-ISLAND: the active player names first
            named[:, seat] = policy[seat].island(seat, view)
        faces = rng.integers(0, FACES, size=(k, 2))  # SW-ROLL: black, white captain (0-based)
        doubles = faces[:, 0] == faces[:, 1]
        view.sharks = doubles
        own = np.empty((k, 2), dtype=bool)
        for seat in order:  # SW-CHASE
            own[:, seat] = policy[seat].grab_own(seat, view)
        x = ocean[rows, BLACK, faces[:, 0]]
        y = ocean[rows, WHITE, faces[:, 1]]
        c0 = np.where(own[:, 0], BLACK, WHITE)  # the colour each seat chases
        c1 = np.where(own[:, 1], WHITE, BLACK)
        grabs = rng.binomial(x + y, share)  # SW-RACE
        split_b = rng.binomial(x, share)
        split_w = rng.binomial(y, share)
        first, other = race_split(grabs, np.where(c0 == BLACK, x, y))
        same = c0 == c1
        b0 = np.where(same, split_b, np.where(c0 == BLACK, first, other))
        w0 = np.where(same, split_w, np.where(c0 == BLACK, other, first))
        b1, w1 = x - b0, y - w0
        ocean[rows, BLACK, faces[:, 0]] = 0  # SW-GRAB: every match is picked up
        ocean[rows, WHITE, faces[:, 1]] = 0
        normal = ~doubles
        shore[rows, named[:, 0], BLACK] += np.where(normal, b0, 0)  # SW-LAND
        shore[rows, named[:, 1], WHITE] += np.where(normal, w1, 0)
        back_b = np.where(normal, b1, b0)  # SW-LAND / SW-SHARK: what goes back in
        back_w = np.where(normal, w0, w1)
        sharks += doubles
        final = doubles & (sharks >= SHARK_LIMIT)
        stir = doubles & ~final  # SW-SHARK: the whole ocean is re-rolled
        land_b = np.where(stir, ocean[:, BLACK].sum(1) + back_b, np.where(final, 0, back_b))
        land_w = np.where(stir, ocean[:, WHITE].sum(1) + back_w, np.where(final, 0, back_w))
        new_b = rng.multinomial(land_b, UNIFORM)  # SW-SPLASH
        new_w = rng.multinomial(land_w, UNIFORM)
        keep = ~stir[:, None]
        ocean[:, BLACK] = np.where(keep, ocean[:, BLACK], 0) + new_b
        ocean[:, WHITE] = np.where(keep, ocean[:, WHITE], 0) + new_w
        ocean[rows, BLACK, faces[:, 0]] += np.where(final, back_b, 0)  # SW-END: faces moot
        ocean[rows, WHITE, faces[:, 1]] += np.where(final, back_w, 0)
        roll += 1
        if record:
            words = ("grab theirs", "grab own")
            for i in range(k):
                moves[ids[i]].extend(
                    [f"to {named[i, active] + 1}", f"to {named[i, 1 - active] + 1}",
                     f"roll B{faces[i, 0] + 1} W{faces[i, 1] + 1}",
                     words[int(own[i, active])], words[int(own[i, 1 - active])],
                     f"hands B{b0[i]}W{w0[i]} B{b1[i]}W{w1[i]}"]
                    + _splashes(new_b[i], "B") + _splashes(new_w[i], "W"))
        if final.any():
            done = np.flatnonzero(final)
            winner, decided, held = decide(shore[done], ocean[done])
            games = ids[done]
            result.rolls[games] = roll
            result.winner[games] = winner
            result.decided[games] = decided
            result.held[games] = held
            result.level[games] = (shore[done, :, 0] == shore[done, :, 1]).sum(1)
            result.empty[games] = (shore[done].sum(axis=2) == 0).sum(1)
            if on_game is not None:
                for j, g in enumerate(games):
                    rule = DECIDED_BY[decided[j]]
                    on_game(int(g), moves[g], Outcome(
                        TERMINATION, () if winner[j] < 0 else (int(winner[j]),),
                        (float(held[j, 0]), float(held[j, 1])),
                        "" if rule == "islands" else rule))
                    moves[g] = []
            alive = ~final
            ids, ocean, shore, sharks = ids[alive], ocean[alive], shore[alive], sharks[alive]
    return result
