"""The Curse of the Black Dice as a pure rules engine: explicit state, legal moves, push.

In the manner of python-chess and OpenSpiel: a `GameState` holds everything; during a round
`legal_moves(state)` lists what the player on turn may do and `push(state, move, rng)` plays
it; chance (dice, gold draws, duels) always comes from the generator passed in (`Chance`: a
`SplitMix64` stream or a `random.Random`), so a seed replays a game exactly. No I/O. Moves
are small values that print and parse as text (`str(move)`, `parse_move`). Stage 3, the
settlement, is in `settlement.py`; it runs by itself when the last die of a round is placed.

Rules implemented, by the ids of docs/black-dice.md (each tied to lines of the source):
BD-SETUP, BD-CAPTAIN, BD-BLACK, BD-BLOCKED, BD-TURN, BD-INACTIVE, BD-RUM, BD-PIRATE,
BD-UNBLOCK, BD-ROUND, BD-CREW. Readings where the source is silent are sheetgen's, listed in
the rulebook's Interpretations box; each is marked "Reading:" below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from .pirates import BY_ID, PIRATES
from .quest import Quest

DICE_PER_PLAYER = 5
BLACK_PER_PLAYER = 5
START_RUM = 2
RUM_TOKENS = 22
GOLD_TOKENS = (3,) * 10 + (4,) * 20 + (5,) * 10  # BD-SETUP
MAX_DAMAGE = 3  # the third ship damage sinks the ship; the third enemy damage beats it
TURN_LIMIT = 400
"""Safety valve: turns in one round before unplaced dice are dropped (never reached in
practice: every turn has at least a 1-in-6 chance per die of an active symbol)."""


T = TypeVar("T")


class Chance(Protocol):
    """The generator the engine draws from: `SplitMix64` (sheetgen.games.captains_curse.rng)
    or `random.Random` both fit."""

    def randrange(self, n: int) -> int: ...
    def random(self) -> float: ...
    def shuffle(self, items: list) -> None: ...
    def choice(self, items: Sequence[T]) -> T: ...


def d6(rng: Chance) -> int:
    return rng.randrange(6) + 1


@dataclass
class Player:
    rum: int = START_RUM
    gold: list[int] = field(default_factory=list)  # face values of the tokens held
    pool: int = 0  # dice not yet added this round (rolled or set aside)


@dataclass
class Pirate:
    id: str
    limit: int
    rum: int = 0
    face_up: bool = True

    @property
    def usable(self) -> bool:
        return self.face_up and self.rum < self.limit


@dataclass(frozen=True)
class Move:
    """A move on turn: ("add", face), ("reroll",), ("rum",), ("pass",), ("unblock",), or
    ("pirate", pirate_id, *args) with args as `PIRATE_ARGS` describes."""

    kind: str
    args: tuple = ()

    def __str__(self) -> str:
        return " ".join([self.kind, *map(str, self.args)])


KINDS = ("add", "reroll", "rum", "pass", "unblock", "pirate")


def parse_move(text: str) -> Move:
    """The move `str(move)` printed: `add 4`, `rum`, `pirate bullseye 0 6`, ..."""
    words = text.split()
    if not words or words[0] not in KINDS:
        raise ValueError(f"not a move: {text!r} (one of {', '.join(KINDS)})")
    kind, rest = words[0], words[1:]
    args: list[object] = []
    if kind == "pirate":
        if not rest or rest[0] not in BY_ID:
            raise ValueError(f"not a pirate move: {text!r}")
        args.append(rest[0])
        rest = rest[1:]
    try:
        args.extend(int(w) for w in rest)
    except ValueError:
        raise ValueError(f"not a move: {text!r} (numbers expected after the kind)") from None
    return Move(kind, tuple(args))


PIRATE_ARGS = {
    "overboard": "()", "sails": "()", "bullseye": "(die index, face)", "jibe": "(die index,)",
    "course": "(field a, field b)", "storm": "(field,)", "keelhaul": "(field,)",
    "onboard": "(player, from field, to field)",
}


@dataclass
class GameState:
    quest: Quest
    players: list[Player]
    pirates: list[Pirate]
    gold_bag: list[int]  # the face-down pool; tokens are drawn from the end
    box: list[int]  # gold out of play: left in the box at setup (Treasure) or tossed in
    rum_supply: int
    captain: int = 0
    round: int = 0
    ship_damage: int = 0
    enemy_damage: int = 0
    tokens: int = 0
    goal_reached: bool = False  # token goal met at an earlier settlement: applies this round
    blocked: set[int] = field(default_factory=set)
    black: list[int] = field(default_factory=lambda: [0] * 7)  # index 1..6
    placed: list[list[tuple[int, int]]] = field(default_factory=lambda: [[] for _ in range(7)])
    turn: int = 0  # the player on turn
    rolled: list[int] = field(default_factory=list)  # faces shown by their dice this turn
    rerolled_inactive: bool = False
    turns_this_round: int = 0
    shields: int = 0  # penalties to ignore at the next settlement (Overboard with him!)
    # effects on the next round, set at settlement
    next_more_black: int = 0
    next_fewer_black: int = 0
    next_lose_die: bool = False
    next_sixth_die: bool = False
    lose_die: bool = False  # this round
    outcome: str | None = None  # "won", "sunk", "crew lost", or None while playing
    round_captain: int = 0  # the captain who led this round (BD-WINNER's last captain)

    @property
    def n(self) -> int:
        return len(self.players)

    def active(self, value: int) -> bool:
        """An adventure the crew may add dice to: black dice on it and not blocked."""
        return self.black[value] > 0 and value not in self.blocked

    def crew(self, value: int) -> int:
        return sum(c for _, c in self.placed[value])

    def dice_of(self, player: int, value: int) -> int:
        return sum(c for p, c in self.placed[value] if p == player)

    @property
    def over(self) -> bool:
        return self.outcome is not None


def roll(rng: Chance, k: int) -> list[int]:
    return [d6(rng) for _ in range(k)]


def player_face(state: GameState, face: int) -> int:
    """The field a player's die showing `face` counts for: itself, or, where the quest
    redirects the crew's dice (`player_redirect`, the Flying Dutchman, BD-BLOCKED), a blocked
    symbol counts as the token field that is open (the rum, then the flag)."""
    q = state.quest
    if face in state.blocked and q.player_redirect and q.tokens is not None:
        return q.tokens.block if q.tokens.block not in state.blocked else q.tokens.open
    return face


def counted(state: GameState) -> list[int]:
    """The field each rolled die counts for (`player_face` of the face it shows). The dice
    keep the face they show: The Jibe turns that face over, not the field it counts for
    (BD-PIRATE, line 266)."""
    return [player_face(state, f) for f in state.rolled]


def player_roll(state: GameState, rng: Chance, k: int) -> list[int]:
    """A player's roll of `k` dice: the faces they show."""
    return [d6(rng) for _ in range(k)]


def new_game(quest: Quest, players: int, rng: Chance) -> GameState:
    """Set up a game (BD-SETUP) and roll for the first captain (BD-CAPTAIN); the first
    round is then started (stage 1, BD-BLACK)."""
    if not 2 <= players <= 4:
        raise ValueError("The Curse of the Black Dice is for 2 to 4 players")
    bag = list(GOLD_TOKENS)
    rng.shuffle(bag)
    pool = quest.pool_tokens(players)
    box: list[int] = []
    if pool is not None:
        bag, box = bag[:pool], bag[pool:]
    kinds = list(PIRATES)
    rng.shuffle(kinds)
    crew = [Pirate(k.id, k.limit) for k in sorted(kinds[:players + 1], key=PIRATES.index)]
    state = GameState(quest, [Player() for _ in range(players)], crew, bag, box,
                      RUM_TOKENS - START_RUM * players)
    state.captain = duel(list(range(players)), rng)
    state.blocked = set(quest.blocked_at_start)
    start_round(state, rng)
    return state


def duel(players: list[int], rng: Chance) -> int:
    """Each rolls a die, the highest wins, ties roll again (BD-CAPTAIN, BD-HALVES)."""
    while len(players) > 1:
        rolls = {p: d6(rng) for p in players}
        best = max(rolls.values())
        players = [p for p in players if rolls[p] == best]
    return players[0]


def start_round(state: GameState, rng: Chance) -> None:
    """Stage 1 (BD-BLACK, BD-BLOCKED): the captain seeds the quest's fixed die, the black
    dice are rolled and lined up; the captain's turn begins (BD-TURN). The black dice count
    is 5 per player, plus or minus last settlement's `more_black`/`fewer_black` (BD-CODES)."""
    q = state.quest
    state.round += 1
    state.black = [0] * 7
    state.placed = [[] for _ in range(7)]
    if q.tokens is not None and state.goal_reached:
        state.blocked = {q.tokens.block}
    count = BLACK_PER_PLAYER * state.n + state.next_more_black - state.next_fewer_black
    seed = q.seed_after_tokens if state.goal_reached else q.seed_before_tokens
    if seed is not None and seed not in state.blocked and count > 0:
        # Reading: the seeded die is one of the round's black dice, not an extra one.
        state.black[seed] += 1
        count -= 1
    for face in roll(rng, max(0, count)):
        place_black(state, face, rng)
    state.lose_die, state.next_lose_die = state.next_lose_die, False
    dice = DICE_PER_PLAYER - state.lose_die + state.next_sixth_die
    state.next_more_black = state.next_fewer_black = 0
    state.next_sixth_die = False
    for p in state.players:
        p.pool = dice
    state.turns_this_round = 0
    state.round_captain = state.captain
    begin_turn(state, state.captain, rng)


def place_black(state: GameState, face: int, rng: Chance) -> None:
    """A black die showing `face` joins its line; one showing a blocked adventure is rolled
    once more and then set aside (Kraken) or goes to the open token field (Dutchman):
    BD-BLOCKED."""
    q = state.quest
    if face in state.blocked:
        if q.blocked_die == "redirect" and q.tokens is not None:
            target = q.tokens.block if q.tokens.block not in state.blocked else q.tokens.open
            state.black[target] += 1
            return
        face = d6(rng)
        if face in state.blocked:
            return
    state.black[face] += 1


def begin_turn(state: GameState, player: int, rng: Chance) -> None:
    state.turn = player
    state.rolled = player_roll(state, rng, state.players[player].pool)
    state.rerolled_inactive = False
    state.turns_this_round += 1


def legal_moves(state: GameState) -> list[Move]:
    """Everything the player on turn may do now: add one rolled symbol whose field is active
    (BD-TURN; `pass` when none is), re-roll inactive symbols once (BD-INACTIVE), drink rum
    (BD-RUM), free the blocked crew (BD-UNBLOCK), pay a pirate (BD-PIRATE)."""
    if state.over:
        return []
    me = state.players[state.turn]
    fields = counted(state)
    moves = [Move("add", (f,)) for f in sorted(set(fields)) if state.active(f)]
    if not moves:
        moves.append(Move("pass"))
    if not state.rerolled_inactive and any(not state.active(f) for f in fields):
        moves.append(Move("reroll"))
    if me.rum > 0 and me.pool > 0:
        moves.append(Move("rum"))
    face_up = [p for p in state.pirates if p.face_up]
    if me.gold and face_up and not any(p.usable for p in face_up):
        moves.append(Move("unblock"))
    if me.rum > 0:
        for pirate in state.pirates:
            if pirate.usable:
                moves.extend(Move("pirate", (pirate.id, *a)) for a in _pirate_args(state,
                                                                                   pirate.id))
    return moves


def _pirate_args(state: GameState, pid: str) -> list[tuple]:
    fields = range(1, 7)
    if pid in ("overboard", "sails"):
        return [()]
    if pid == "bullseye":
        return [(i, f) for i, d in enumerate(state.rolled) for f in fields if f != d]
    if pid == "jibe":
        return [(i,) for i in range(len(state.rolled))]
    if pid == "course":
        # Reading: only two lines that both hold black dice (and are not blocked) swap.
        lines = [f for f in fields if state.active(f)]
        return [(a, b) for a in lines for b in lines if a < b and state.black[a] != state.black[b]]
    if pid == "storm":
        return [(f,) for f in fields if state.active(f)]
    if pid == "keelhaul":
        return [(f,) for f in fields if state.placed[f]]
    if pid == "onboard":
        return [(p, a, b) for a in range(2, 7) for p in sorted({p for p, _ in state.placed[a]})
                for b in range(2, 7) if b != a and state.active(b)]
    raise ValueError(pid)


def is_legal(state: GameState, move: Move) -> bool:
    return move in legal_moves(state)


def push(state: GameState, move: Move, rng: Chance, *, check: bool = True) -> None:
    """Play `move` for the player on turn. Adding dice (or passing) ends the turn; when every
    die is placed the quest tile is settled and, unless the game is over, a new round
    starts."""
    if check and not is_legal(state, move):
        raise ValueError(f"illegal move {move} for player {state.turn}")
    me = state.players[state.turn]
    kind = move.kind
    if kind == "add":
        face = move.args[0]
        k = counted(state).count(face)
        state.placed[face].append((state.turn, k))
        me.pool -= k
        _next_turn(state, rng)
    elif kind == "pass":
        _next_turn(state, rng)
    elif kind == "reroll":
        # BD-INACTIVE: only the dice showing inactive symbols, once; inactive again -> aside.
        keep = [f for f in state.rolled if state.active(player_face(state, f))]
        again = player_roll(state, rng, len(state.rolled) - len(keep))
        state.rolled = keep + [f for f in again if state.active(player_face(state, f))]
        state.rerolled_inactive = True
    elif kind == "rum":
        # BD-RUM: all unplaced dice, set-aside ones included (Reading: line 238's "ALL of
        # his dice" over line 189's "put away"). Reading: the once-only re-roll of inactive
        # symbols is allowed again after a fresh roll.
        me.rum -= 1
        state.rum_supply += 1
        state.rolled = player_roll(state, rng, me.pool)
        state.rerolled_inactive = False
    elif kind == "unblock":
        # BD-UNBLOCK. Reading: the player tosses their cheapest token.
        token = min(me.gold)
        me.gold.remove(token)
        state.box.append(token)
        for p in state.pirates:
            state.rum_supply += p.rum
            p.rum = 0
    elif kind == "pirate":
        _use_pirate(state, move.args[0], move.args[1:], rng)
    else:
        raise ValueError(f"unknown move {move}")


def _use_pirate(state: GameState, pid: str, args: tuple, rng: Chance) -> None:
    me = state.players[state.turn]
    pirate = next(p for p in state.pirates if p.id == pid)
    me.rum -= 1
    pirate.rum += 1
    if pid == "overboard":
        pirate.face_up = False
        state.shields += 1
        if not any(p.face_up for p in state.pirates):
            state.outcome = "crew lost"  # BD-CREW
    elif pid == "bullseye":
        state.rolled[args[0]] = args[1]
    elif pid == "jibe":
        state.rolled[args[0]] = 7 - state.rolled[args[0]]  # the face shown turns over
    elif pid == "sails":
        state.next_sixth_die = True  # Reading: "next turn" taken as the next round
    elif pid == "course":
        a, b = args
        state.black[a], state.black[b] = state.black[b], state.black[a]
    elif pid == "storm":
        (f,) = args
        k, state.black[f] = state.black[f], 0
        for face in roll(rng, k):
            # Reading: a die showing an adventure without black dice is set aside, as in the
            # settlement re-roll (BD-REROLL).
            if state.active(face) or face == f and face not in state.blocked:
                state.black[face] += 1
        if state.black[f] == 0:
            for p, c in state.placed[f]:
                state.players[p].pool += c  # the field went inactive: its dice come back
            state.placed[f] = []
    elif pid == "keelhaul":
        (f,) = args
        for p, c in state.placed[f]:
            state.players[p].pool += c
        state.placed[f] = []
    elif pid == "onboard":
        p, a, b = args
        move_one_die(state, p, a, b)
    else:
        raise ValueError(pid)


def move_one_die(state: GameState, player: int, src: int, dst: int) -> None:
    """Move one of `player`'s dice from field `src` to field `dst` (On board!, move_die):
    it leaves their latest entry there and counts as added last on `dst`."""
    entries = state.placed[src]
    i = max(i for i, (q, _) in enumerate(entries) if q == player)
    q, c = entries[i]
    if c == 1:
        del entries[i]
    else:
        entries[i] = (q, c - 1)
    state.placed[dst].append((player, 1))


def _next_turn(state: GameState, rng: Chance) -> None:
    n = state.n
    if state.turns_this_round >= TURN_LIMIT:
        for p in state.players:
            p.pool = 0
    for step in range(1, n + 1):
        p = (state.turn + step) % n
        if state.players[p].pool > 0:
            begin_turn(state, p, rng)
            return
    from .settlement import settle

    settle(state, rng)
    if not state.over:
        start_round(state, rng)
