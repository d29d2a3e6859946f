"""Bundled players: `random` (any legal move) and `greedy` (gold first, ship afloat).

Each is a `Player` of the engine contract (`name`, `choose(state, rng)`) built from a policy
function `(state, rng) -> Move` for the player on turn; it must return one of
`state.legal_moves()` (the tests hold both players to that). The greedy player scores each
symbol it could add: the gold and rum it would earn by taking part, the share of a failing
adventure's shortfall it would cover weighted by how much that adventure's penalty (ship
damage above all, and more so the more damaged the ship) and its crew reward (enemy damage,
quest tokens) are worth, less the dice it would waste. It re-rolls inactive symbols (free),
drinks rum when its best option is poor, pays Bullseye or The Jibe when one changed die is
worth clearly more, and pays Overboard with him! when a failure would sink the ship.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .game import MAX_DAMAGE, Chance, GameState
from .moves import Add, Bullseye, Jibe, Move, Overboard, Pass, Reroll, Rum, Sails
from .quest import Effect

Policy = Callable[[GameState, Chance], Move]

TOKEN_VALUE = 4.0  # a gold token's mean face value (seed line 88)
CASCADE = 4.0  # value of keeping one black die from being re-rolled onto later fields


def random_player(state: GameState, rng: Chance) -> Move:
    """A legal move at random; adding dice is preferred so games end."""
    moves = state.legal_moves()
    adds = [m for m in moves if isinstance(m, Add | Pass)]
    if adds and rng.random() < 0.8:
        return rng.choice(adds)
    return rng.choice(moves)


def _crew_value(state: GameState, e: Effect) -> float:
    code = e.code
    if code in ("enemy_damage", "enemy_damage_if_more"):
        return 14.0
    if code == "token":
        return 8.0
    if code == "unlock":
        return 6.0 if state.active(6) else 0.0
    if code == "fewer_black":
        return 2.0 * e.amount
    if code == "gold":
        return 1.0 * e.amount
    return 1.0


def _penalty_value(state: GameState, e: Effect) -> float:
    code = e.code
    if code == "ship_damage":
        left = MAX_DAMAGE - state.ship_damage
        return 60.0 if e.amount >= left else 9.0 * e.amount * (1 + state.ship_damage)
    if code == "overboard":
        up = sum(p.face_up for p in state.pirates)
        return 60.0 if up <= 1 else 8.0 / max(1, up - 1)
    if code == "lost_gold":
        return 6.0
    if code in ("more_black", "lose_die"):
        return 3.0
    return 1.0 * e.amount


def _face_terms(state: GameState, me: int) -> dict[int, tuple[int, float, float, int, float]]:
    """Per active symbol, what its score takes from the table (not from the dice rolled):
    (black dice short, own reward, stake, active fields after it, half-weight). A turn's
    scores are asked for many dice counts (every Bullseye and Jibe change), the table once."""
    q = state.quest
    terms = {}
    active = [face for face in range(1, 7) if state.active(face)]
    for i, face in enumerate(active):
        f = q.field(face)
        short = state.black[face] - state.crew(face)
        pays = face not in q.requires or state.crew(q.requires[face]) >= state.black[
            q.requires[face]] > 0
        own = 0.0
        if state.dice_of(me, face) == 0 and pays:
            own = sum(TOKEN_VALUE * e.amount for e in f.rewards if e.code == "gold")
            own += sum(1.0 for e in f.rewards if e.code == "rum")
        stake = sum(_penalty_value(state, e) for e in f.penalties)
        if pays:
            stake += sum(_crew_value(state, e) for e in f.rewards)
        # Uncovered black dice are re-rolled at settlement and may land on later fields.
        later = len(active) - 1 - i if short > 0 else 0
        terms[face] = (short, own, stake, later, 0.6 if face >= 4 else 0.4)
    return terms


def field_scores(terms: dict[int, tuple[int, float, float, int, float]],
                 counts: dict[int, int]) -> dict[int, float]:
    """The greedy player's value of adding all its dice of each symbol (`counts`, in its
    order), from the table's `_face_terms`."""
    scores = {}
    for face, k in counts.items():
        if k == 0 or face not in terms:
            continue
        short, own, stake, later, half = terms[face]
        if short > 0:
            cover = min(k, short) / short
            value = stake * cover + own * (0.4 + 0.6 * (k >= short))
            value += CASCADE * min(k, short) * later / 6
            waste = max(0, k - short)
        else:
            value = own * 0.9
            waste = k
        scores[face] = value - 0.8 * waste + half * k
    return scores


def _counts(rolled: list[int]) -> dict[int, int]:
    c = dict.fromkeys(range(1, 7), 0)
    for f in rolled:
        c[f] += 1
    return c


def greedy_player(state: GameState, rng: Chance) -> Move:
    """Maximise own gold while keeping the ship afloat (see the module's docstring)."""
    me = state.turn
    player = state.players[me]
    rolled = state.counted()
    if not state.rerolled_inactive and any(not state.active(f) for f in rolled):
        return Reroll()
    counts = _counts(rolled)
    terms = _face_terms(state, me)
    scores = field_scores(terms, counts)
    best_face = max(scores, key=scores.get) if scores else None
    best = scores[best_face] if scores else -1.0
    usable = {p.id for p in state.pirates if p.usable}
    if player.rum > 0 and "overboard" in usable and state.shields == 0 \
            and sum(p.face_up for p in state.pirates) >= 3 and _sinking_threat(state):
        return Overboard()
    if player.rum > 0 and rolled and usable & {"bullseye", "jibe"}:
        move, gain = _best_turn(state, terms, counts, best, usable)
        if move is not None and gain > 6.0:
            return move
    if player.rum > 1 and best < 1.5 * player.rum and player.pool >= 2:
        return Rum()
    if player.rum > 3 and "sails" in usable and not state.next_sixth_die:
        return Sails()
    if best_face is None:
        return Pass()
    return Add(best_face)


def _best_turn(state: GameState, terms: dict[int, tuple[int, float, float, int, float]],
               counts: dict[int, int], best: float,
               usable: set[str]) -> tuple[Move | None, float]:
    """The best single-die change Bullseye or The Jibe can buy, and its gain."""
    found: tuple[Move | None, float] = (None, 0.0)
    for i, shown in enumerate(state.rolled):
        d = state.player_face(shown)
        options: list[tuple[Move, int]] = []
        if "jibe" in usable:
            options.append((Jibe(i), state.player_face(7 - shown)))
        if "bullseye" in usable:
            options.extend((Bullseye(i, f), f) for f in range(1, 7)
                           if f != shown and state.active(f))
        for move, f in options:
            c = dict(counts)
            c[d] -= 1
            c[f] += 1
            s = field_scores(terms, c)
            gain = (max(s.values()) if s else -1.0) - best
            if gain > found[1]:
                found = (move, gain)
    return found


def _sinking_threat(state: GameState) -> bool:
    """Some active adventure whose ship-damage penalty would sink the ship is short of more
    dice than all players still hold."""
    left = MAX_DAMAGE - state.ship_damage
    spare = sum(p.pool for p in state.players)
    for v in range(1, 7):
        if not state.active(v):
            continue
        dmg = sum(e.amount for e in state.quest.field(v).penalties if e.code == "ship_damage")
        if dmg >= left and state.black[v] - state.crew(v) > spare:
            return True
    return False


POLICIES: dict[str, Policy] = {"greedy": greedy_player, "random": random_player}


@dataclass(frozen=True)
class PolicyPlayer:
    """A bundled policy as a contract `Player` (picklable: it is named, not a closure)."""

    name: str

    def choose(self, state: GameState, rng: Chance) -> Move:
        return POLICIES[self.name](state, rng)


def players(policy: str, seats: int) -> list[PolicyPlayer]:
    """The same bundled policy at every seat."""
    if policy not in POLICIES:
        raise ValueError(f"unknown player {policy!r} (one of {', '.join(POLICIES)})")
    return [PolicyPlayer(policy) for _ in range(seats)]
