"""The bundled Voodoo Pirate players (policies). Cursed Pirates need none: the referee plays
them by their automa (`automa`, `game`).

- `random`: every decision uniform over the legal moves (a floor for win rates).
- `greedy`: one move ahead. It pushes each legal move, scores the position with `estimate`
  (its Voodoo Power now, plus what its souls, poppets, compass and cards are worth as
  fuel, less a share of the best rival's), pops it, and keeps the best. Action cards do
  nothing at Dusk, so there it ranks the cards by `card_value`, a hand-written guess of
  what each card will bring this round (from public facts only: the cards others chose
  this Dusk lie face down).
- `planner`: greedy, except at the decisions that shape a round (the Action card, barrels,
  the parrot, the moves of its own turn): it tries the few moves greedy rates best, plays
  each forward with greedy players for everybody to the end of the round (chance sampled,
  `ROLLOUTS` times), scores where that leaves it, and keeps the best. Everything is undone
  with push/pop, so the game it plays is untouched. Its rollouts play on from the real
  position, so they see the cards chosen face down before its own choice in the same Dusk
  (a known shortcut; greedy never looks at them).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from .core import END_CARDS, Core
from .game import CHANCE, VoodooState
from .moves import COLOURS
from .scoring import skull_bonus

SOUL_VALUE = 0.9       # a soul in the hold: about a space of sailing in the next ritual
POPPET_VALUE = 0.7     # powers broadsides, Tix, barrels
COMPASS_VALUE = 1.0
OBJECT_VALUE = 0.4
RIVAL_SHARE = 0.35
TAKE_RISK = 0.15       # how likely a rival who may play Take does so (a guess)


def estimate(state: VoodooState, seat: int) -> float:
    """How good the position is for `seat`: its own worth less a share of the best rival's.

    A seat's worth (`_worth_of`) is a pure function of the seat's own fields (and of every
    ship's place when it holds the Green Skull, whose bonus counts ships west of it), so it
    is cached by them on the board's `Geometry.memo`: most moves leave the rivals' worth as
    it was. The loop is written out (no call per seat): greedy scores every move it tries."""
    c = state.core
    geo = state.geo
    memo = geo.memo
    pos = c.pos
    flags = memo.get(pos)
    if flags is None:
        placed = None not in pos
        flags = memo[pos] = (placed, placed and any(p in geo.shore for p in pos))
    placed, shore = flags
    cursed, coins, power, objects = c.cursed, c.coins, c.power, c.objects
    souls, poppets, buried, compass = c.souls, c.poppets, c.buried, c.compass
    mine, best = 0.0, None
    for s in range(len(cursed)):
        p = pos[s]
        if p is None:
            w = 0.0
        else:
            o, b = objects[s], buried[s]
            key = (s, cursed[s], p, coins[s], power[s], o, souls[s], poppets[s], b,
                   compass == s, shore, placed,
                   pos if GREEN_SKULL in o or (b and GREEN_SKULL in b[3]) else None)
            w = memo.get(key)
            if w is None:
                if len(memo) >= WORTH_MEMO_LIMIT:
                    memo.clear()
                w = memo[key] = _worth_of(geo, c, s, shore, placed)
        if s == seat:
            mine = w
        elif best is None or w > best:
            best = w
    return mine - RIVAL_SHARE * (best or 0.0)


WORTH_MEMO_LIMIT = 50_000
"""Entries of the worth cache kept per board before it is emptied (memory stays flat)."""
GREEN_SKULL = "Green Skull"


def _worth_of(geo, c: Core, seat: int, shore: bool, placed: bool) -> float:
    """What `seat`'s position is worth to it (see `estimate`)."""
    pos = c.pos[seat]
    value = geo.value[pos] + c.coins[seat] + min(c.power[seat], 6)
    if placed:
        value += skull_bonus(c, seat, shore)
    if pos in geo.shore:
        value += 3.0   # the game ends at Dawn, on your terms
    b = c.buried[seat]
    souls = len(c.souls[seat]) + (len(b[1]) if b else 0)
    poppets = c.poppets[seat] + (b[2] if b else 0)
    value += SOUL_VALUE * souls + POPPET_VALUE * poppets
    if c.compass == seat:
        value += COMPASS_VALUE
    objects = c.objects[seat]
    if objects:
        value += OBJECT_VALUE * sum(1 for o in objects if o not in END_CARDS)
    return value


def card_value(state: VoodooState, seat: int, card: str) -> float:
    """A guess of what an Action card brings this round (the greedy player's Dusk choice)."""
    c = state.core
    harbour = state.in_harbour(c, seat)
    souls, poppets = len(c.souls[seat]), c.poppets[seat]
    room = 6 - souls
    if card == "Jax":
        ships = c.colonial + (1 if c.tide == "IN" else -1)
        return SOUL_VALUE * min(max(ships, 1), room)
    if card == "Tok":
        if harbour or not souls:
            return 0.0
        best = 0
        for k in set(c.souls[seat]):
            n = c.grid.count(k) + sum(c.souls[v].count(k) for v in state._tok_victims(c, seat))
            best = max(best, n)
        return SOUL_VALUE * min(best, room) + 0.3 * best
    if card == "Take":
        # Jail if anyone else plays Take; only what is public counts (cards chosen this
        # Dusk lie face down): a rival who played Take last round cannot play it now.
        rivals = sum(1 for s in range(len(c.cursed)) if s != seat
                     and c.last_card[s] != "Take" and not state.ashore(c, s))
        return 2.0 * (1.0 - TAKE_RISK) ** rivals
    if card == "#oodoo":
        return 2.2 * min(souls, 2) - SOUL_VALUE * min(souls, 2) + 0.5
    if card == "Tix":
        if harbour or not poppets or not souls:
            return 0.0
        return 1.0 + 0.5
    if card == "Poppet":
        return POPPET_VALUE * (poppets < 3) + 0.6 * (c.grigri != seat)
    return 0.0


CHOICES_KEPT = 512
_CHOSEN: OrderedDict[int, tuple[Core, list, object]] = OrderedDict()
"""Greedy's last choices, by position: its choice is a pure function of the position (it
draws nothing), and a planner's rollouts reach the same positions again (the engine hands
back the same core object for the same move, `VoodooState.push`). A choice belongs to the
position's list of legal moves, so a core edited in place (and its `legal` cleared) is
decided afresh."""


@dataclass
class RandomPlayer:
    name: str = "random"

    def choose(self, state: VoodooState, rng: np.random.Generator):
        moves = state.legal_moves()
        return moves[min(int(rng.random() * len(moves)), len(moves) - 1)]


@dataclass
class GreedyPlayer:
    name: str = "greedy"

    def choose(self, state: VoodooState, rng: np.random.Generator):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        c = state.core
        known = _CHOSEN.get(id(c))
        if known is not None and known[0] is c and known[1] is moves:
            return known[2]
        seat, kind = state.to_move(), c.dec[1]
        if kind in ("choose", "bones"):
            move = max(moves, key=lambda m: card_value(state, seat, m.args[0]))
        else:
            move = max(self.ranked(state, seat, moves))[2]
        if len(_CHOSEN) >= CHOICES_KEPT:
            _CHOSEN.popitem(last=False)
        _CHOSEN[id(c)] = (c, moves, move)
        return move

    @staticmethod
    def ranked(state: VoodooState, seat: int, moves) -> list[tuple[float, int, object]]:
        out = []
        for i, m in representatives(state, moves):
            state.push(m)
            out.append((estimate(state, seat), -i, m))
            state.pop()
        return out


def representatives(state: VoodooState, moves) -> list[tuple[int, object]]:
    """The moves worth scoring, with their index: `estimate` does not see where on the
    ritual grid a soul lies (only whether it matched) nor where a Sea Tile goes, so of the
    moves that differ only in that, the first stands for all (the one the full scan would
    keep on a tie, so the choice is the same)."""
    c = state.core
    seen: set = set()
    out = []
    adjacent = state.geo.grid_adjacent
    grid = c.grid
    for i, m in enumerate(moves):
        parsed = _PARSED.get(m)
        if parsed is None:
            parsed = _PARSED[m] = _parse(m)
        if parsed is None:
            out.append((i, m))
            continue
        if parsed[0] == "rite":
            _, cell, k, colour, d = parsed
            key = (colour, d, any(grid[j] == k for j in adjacent[cell]))
        else:
            key = parsed
        if key not in seen:
            seen.add(key)
            out.append((i, m))
    return out


_PARSED: dict[str, tuple | None] = {}
"""`_parse` of every move seen (a few hundred texts in all)."""


def _parse(m) -> tuple | None:
    """What `representatives` reads of a move: a ritual soul's grid cell (0-based), colour
    index, colour and direction, or a Sea barrel's key; None for every other move."""
    verb = m.verb
    if verb == "rite" and m != "rite pass":
        _, cell, colour, d = m.split(" ")
        return ("rite", int(cell) - 1, COLOURS.index(colour), colour, d)
    if verb == "sea":
        return ("sea", m.split(" ")[1])
    return None


ROLLOUTS = 2
CANDIDATES = 4
PLANNED = frozenset({"choose", "bones", "turn", "barrel", "parrot", "rite"})


@dataclass
class PlannerPlayer:
    name: str = "planner"
    rollouts: int = ROLLOUTS
    candidates: int = CANDIDATES

    def choose(self, state: VoodooState, rng: np.random.Generator):
        kind = state.core.dec[1]
        if kind not in PLANNED or len(state.legal_moves()) == 1:
            return GREEDY.choose(state, rng)
        moves, seat = state.legal_moves(), state.to_move()
        if kind in ("choose", "bones"):
            ranked = sorted(((card_value(state, seat, m.args[0]), -i, m)
                             for i, m in enumerate(moves)), reverse=True)
        else:
            ranked = sorted(GreedyPlayer.ranked(state, seat, moves), reverse=True)
        best, best_value = ranked[0][2], -1e9
        for _, _, m in ranked[: self.candidates]:
            total = 0.0
            for _ in range(self.rollouts):
                total += self._rollout(state, seat, m, rng)
            if total > best_value:
                best, best_value = m, total
        return best

    @staticmethod
    def _rollout(state: VoodooState, seat: int, move, rng: np.random.Generator) -> float:
        """Play `move`, then greedy for everybody until the next Dusk card choice (or the
        end), score it for `seat`, and undo it all."""
        state.push(move)
        depth = 1
        round_now = state.core.round
        while True:
            who = state.to_move()
            if who is None:
                break
            c = state.core
            if c.round > round_now or (c.dec[1] == "choose" and depth > 1):
                break
            m = state.sample_chance(rng) if who == CHANCE else GREEDY.choose(state, rng)
            state.push(m)
            depth += 1
        value = estimate(state, seat)
        for _ in range(depth):
            state.pop()
        return value


GREEDY = GreedyPlayer()
PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "planner": PlannerPlayer}


def make_player(name: str):
    try:
        return PLAYERS[name]()
    except KeyError:
        raise ValueError(f"unknown Voodoo Pirate player {name!r}; players: "
                         f"{', '.join(PLAYERS)}") from None
