"""The Curse of the Black Dice as a pure rules engine on sheetgen's engine contract.

In the manner of python-chess and OpenSpiel (`sheetgen.engine.contract`): a `GameState`
holds everything; `to_move()` says whose turn it is (a seat, `CHANCE` when dice or the gold
pool decide, None when the game is over); `legal_moves()` lists what may be played,
`push(move)` plays it (raising `IllegalMove` with the rule id it breaks) and `pop()` takes
it back. Chance steps are moves too (`moves.Roll`, `moves.Draw`, `moves.Deal`, each labelled
by where it comes from), drawn by `sample_chance(rng)` from a seeded generator, so a whole
game is a plain list of move strings that a log keeps and `replay` re-checks. No I/O.

The flows between the players' moves (setup, a round's start, the next turn, stage 3's
settlement in `settlement.py`) are generators that yield the chance they need; the state
keeps the running one and the chance step it waits for.

Rules implemented, by the ids of docs/black-dice.md (each tied to lines of the source):
BD-SETUP, BD-CAPTAIN, BD-BLACK, BD-BLOCKED, BD-TURN, BD-INACTIVE, BD-RUM, BD-PIRATE,
BD-UNBLOCK, BD-ROUND, BD-CREW, BD-WINNER. Readings where the source is silent are sheetgen's,
listed in the rulebook's Interpretations box; each is marked "Reading:" below.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement, product
from typing import Protocol, TypeVar

from sheetgen.engine.contract import CHANCE, IllegalMove, Outcome

from .moves import (
    CHANCE_MOVES,
    Add,
    Bullseye,
    Course,
    Deal,
    Draw,
    Jibe,
    Keelhaul,
    Move,
    OnBoard,
    Overboard,
    Pass,
    PirateMove,
    Reroll,
    Roll,
    Rum,
    Sails,
    Storm,
    Unblock,
    parse_move,
)
from .pirates import BY_ID, PIRATES
from .quest import Quest
from .rules import black_dice_winner as winner
from .settlement import Report, move_one_die, settle
from .table import (
    BLACK_PER_PLAYER,
    DICE_PER_PLAYER,
    GOLD_TOKENS,
    MAX_DAMAGE,
    RUM_TOKENS,
    START_RUM,
    Flow,
    Need,
    Pirate,
    Player,
    Table,
    duel,
)

TURN_LIMIT = 400
"""Safety valve: turns in one round before unplaced dice are dropped (never reached in
practice: every turn has at least a 1-in-6 chance per die of an active symbol)."""

T = TypeVar("T")

__all__ = ["CHANCE", "GameState", "IllegalMove", "MAX_DAMAGE", "Move", "Pirate", "Player",
           "new_game", "parse_move"]


class Chance(Protocol):
    """The generator chance is drawn from: `SplitMix64` (sheetgen.engine.rng) or
    `random.Random` both fit."""

    def randrange(self, n: int) -> int: ...
    def random(self) -> float: ...
    def shuffle(self, items: list) -> None: ...
    def choice(self, items: Sequence[T]) -> T: ...


ROLL_RULES = {"captain": "BD-CAPTAIN", "black": "BD-BLACK", "black-again": "BD-BLOCKED",
              "turn": "BD-TURN", "reroll": "BD-INACTIVE", "rum": "BD-RUM", "storm": "BD-PIRATE",
              "sea-wolf": "BD-HALVES", "new-captain": "BD-HALVES"}
"""The rule a roll of each origin follows (settle-* rolls follow BD-REROLL)."""


def rule_of(need: Need) -> str:
    if need.kind == "roll":
        return ROLL_RULES.get(need.origin, "BD-REROLL")
    return "BD-SETUP" if need.kind == "deal" else "BD-CODES"


class GameState(Table):
    """A game in progress (see the module docstring). Make one with `new_game`."""

    def __init__(self, quest: Quest, players: int) -> None:
        if not 2 <= players <= 4:
            raise ValueError("The Curse of the Black Dice is for 2 to 4 players")
        super().__init__(quest, [Player() for _ in range(players)])
        pool = quest.pool_tokens(players)
        self.gold_left = len(GOLD_TOKENS) if pool is None else pool
        self.rum_supply = RUM_TOKENS - START_RUM * players
        self.blocked = set(quest.blocked_at_start)
        self.history: list[Move] = []
        self.settlements: list[Report] = []  # every settled round, in order
        self.pending: Need | None = None
        self._flow: Flow | None = self._setup()
        self._advance(None)

    # ------------------------------------------------------------------ the contract
    def to_move(self) -> int | None:
        if self.over:
            return None
        return CHANCE if self.pending is not None else self.turn

    def outcome(self) -> Outcome | None:
        """Won (the richest pirate wins, BD-WINNER), sunk or crew lost (nobody wins)."""
        if not self.over:
            return None
        scores = tuple(float(sum(p.gold)) for p in self.players)
        if self.ended != "won":
            return Outcome(str(self.ended), (), scores)
        seat, rule = winner(self.hoards(), self.round_captain)
        return Outcome("won", (int(seat),), scores, "" if rule == "most gold" else rule)

    def legal_moves(self) -> list[Move]:
        """What the player on turn may do: add one rolled symbol whose field is active
        (BD-TURN; `pass` when none is), re-roll inactive symbols once (BD-INACTIVE), drink rum
        (BD-RUM), free the blocked crew (BD-UNBLOCK), pay a pirate (BD-PIRATE). At a chance
        step, every outcome (a roll's dice as a sorted multiset; a duel's in seat order)."""
        if self.over:
            return []
        if self.pending is not None:
            return list(self._chance_outcomes(self.pending))
        moves: list[Move] = []
        for kind in (Add, Reroll, Rum, Unblock, PirateMove):
            moves.extend(self._moves_of(kind))
        return moves

    def _moves_of(self, kind: type) -> list[Move]:
        """The legal player moves of one kind (`Add` includes `Pass`): push checks a move
        against its own kind only, which is much cheaper than every move."""
        me = self.players[self.turn]
        if kind is Add or kind is Pass:
            adds: list[Move] = [Add(f) for f in sorted(set(self.counted())) if self.active(f)]
            return adds or [Pass()]
        if kind is Reroll:
            inactive = any(not self.active(f) for f in self.counted())
            return [Reroll()] if inactive and not self.rerolled_inactive else []
        if kind is Rum:
            return [Rum()] if me.rum > 0 and me.pool > 0 else []
        if kind is Unblock:
            return [Unblock()] if self._may_unblock() else []
        if me.rum == 0:
            return []
        return [m for p in self.pirates if p.usable for m in self._pirate_moves(p.id)]

    def sample_chance(self, rng: Chance) -> Move:
        need = self.pending
        if need is None:
            raise IllegalMove("BD-TURN", "no chance step now: a player is to move")
        if need.kind == "deal":
            kinds = list(PIRATES)
            rng.shuffle(kinds)
            chosen = sorted(kinds[:need.count], key=PIRATES.index)
            return Deal(tuple(k.id for k in chosen))
        if need.kind == "draw":
            k = rng.randrange(sum(self.unseen.values()))
            for value in sorted(self.unseen):
                if k < self.unseen[value]:
                    return Draw(need.origin, value)
                k -= self.unseen[value]
        return Roll(need.origin, tuple(rng.randrange(6) + 1 for _ in range(need.count)))

    def push(self, move: Move) -> None:
        """Play `move`; IllegalMove (with its rule id) leaves the state as it was."""
        self._check(move)
        self.history.append(move)
        if self.pending is not None:
            self._advance(self._outcome_of(move))
        else:
            self._play(move)

    def pop(self) -> Move:
        """Take back the last move. The state is rebuilt from the start by pushing every
        earlier move again: the flows between moves are generators, which cannot be copied,
        and no caller pops in a loop that this would make slow."""
        if not self.history:
            raise IndexError("pop from a game with no moves")
        *earlier, last = self.history
        GameState.__init__(self, self.quest, self.n)
        for move in earlier:
            GameState.push(self, move)
        return last

    # ------------------------------------------------------------------ checking
    def _check(self, move: Move) -> None:
        if self.over:
            raise IllegalMove("BD-GOAL", f"the game is over ({self.ended}): no move {move}")
        need = self.pending
        if need is not None:
            self._check_chance(need, move)
            return
        if isinstance(move, CHANCE_MOVES):
            raise IllegalMove("BD-TURN", f"{move} is chance, but player {self.turn} is to move")
        if move not in self._player_legal(move):
            raise IllegalMove(self._rule_for(move), f"{move} is not allowed for player "
                              f"{self.turn} now ({self._why_not(move)})")

    def _player_legal(self, move: Move) -> list[Move]:
        """The legal moves of the same kind as `move` (cheaper than all of them)."""
        if isinstance(move, PirateMove):
            me = self.players[self.turn]
            pirate = next((p for p in self.pirates if p.id == move.pirate), None)
            if pirate is None or not pirate.usable or me.rum == 0:
                return []
            return self._pirate_moves(pirate.id)
        return self._moves_of(type(move))

    @staticmethod
    def _rule_for(move: Move) -> str:
        return {Add: "BD-TURN", Pass: "BD-TURN", Reroll: "BD-INACTIVE", Rum: "BD-RUM",
                Unblock: "BD-UNBLOCK"}.get(type(move), "BD-PIRATE")

    def _why_not(self, move: Move) -> str:
        me = self.players[self.turn]
        if isinstance(move, Add):
            if move.face not in self.counted():
                return f"no rolled die counts for field {move.face}"
            return f"field {move.face} is inactive or blocked"
        if isinstance(move, Pass):
            return "a rolled die counts for an active field"
        if isinstance(move, Reroll):
            return "inactive symbols are re-rolled once, and only when one shows"
        if isinstance(move, Rum):
            return "no rum, or no die left to roll"
        if isinstance(move, Unblock):
            return "only with a gold token when every face-up pirate is blocked"
        assert isinstance(move, PirateMove)
        pirate = next((p for p in self.pirates if p.id == move.pirate), None)
        if pirate is None:
            return f"{BY_ID[move.pirate].name} is not in this game"
        if not pirate.usable:
            return f"{BY_ID[move.pirate].name} is blocked or face down"
        if me.rum == 0:
            return "no rum to pay the pirate"
        return "not a possible use of this pirate now"

    def _check_chance(self, need: Need, move: Move) -> None:
        rule = rule_of(need)
        if need.kind == "deal":
            ok = isinstance(move, Deal) and len(move.pirates) == need.count \
                and len(set(move.pirates)) == need.count and set(move.pirates) <= set(BY_ID)
            if not ok:
                raise IllegalMove(rule, f"expected the deal of {need.count} different pirate "
                                  f"tiles, got {move}")
        elif need.kind == "draw":
            if not isinstance(move, Draw) or move.origin != need.origin:
                raise IllegalMove(rule, f"expected a gold token drawn for {need.origin}, "
                                  f"got {move}")
            if self.unseen.get(move.value, 0) == 0:
                raise IllegalMove("BD-SETUP", f"no gold token worth {move.value} is left "
                                  "unseen")
        else:
            if not isinstance(move, Roll) or move.origin != need.origin:
                raise IllegalMove(rule, f"expected a roll of {need.count} dice for "
                                  f"{need.origin}, got {move}")
            if len(move.faces) != need.count or not all(1 <= f <= 6 for f in move.faces):
                raise IllegalMove(rule, f"{need.origin} rolls {need.count} dice of 1 to 6, "
                                  f"got {move}")

    @staticmethod
    def _outcome_of(move: Move) -> object:
        if isinstance(move, Roll):
            return move.faces
        if isinstance(move, Draw):
            return move.value
        assert isinstance(move, Deal)
        return move.pirates

    def _chance_outcomes(self, need: Need) -> Iterator[Move]:
        if need.kind == "deal":
            for ids in combinations([p.id for p in PIRATES], need.count):
                yield Deal(ids)
        elif need.kind == "draw":
            for value in sorted(v for v, c in self.unseen.items() if c):
                yield Draw(need.origin, value)
        elif need.seats:
            for faces in product(range(1, 7), repeat=need.count):
                yield Roll(need.origin, faces)
        else:
            for faces in combinations_with_replacement(range(1, 7), need.count):
                yield Roll(need.origin, faces)

    # ------------------------------------------------------------------ flows
    def _advance(self, sent: object) -> None:
        """Run the current flow until it waits for chance (`pending`) or finishes."""
        self.pending = None
        flow = self._flow
        if flow is None:
            return
        try:
            need = flow.send(sent)
            while need.count == 0 and need.kind == "roll":
                need = flow.send(())
        except StopIteration:
            self._flow = None
            return
        self.pending = need

    def _start(self, flow: Flow) -> None:
        self._flow = flow
        self._advance(None)

    def _setup(self) -> Flow:
        """BD-SETUP: lay out players + 1 pirates; BD-CAPTAIN: roll for the first captain;
        then the first round starts."""
        ids = yield Need("deal", "pirates", self.n + 1)
        self.pirates = [Pirate(i, BY_ID[i].limit) for i in ids]  # type: ignore[attr-defined]
        self.captain = yield from duel(list(range(self.n)), "captain")  # type: ignore[assignment]
        yield from self._start_round()

    def _start_round(self) -> Flow:
        """Stage 1 (BD-BLACK, BD-BLOCKED): the captain seeds the quest's fixed die, the black
        dice are rolled and lined up; the captain's turn begins (BD-TURN). The black dice
        count is 5 per player, plus or minus last settlement's more/fewer black (BD-CODES)."""
        q = self.quest
        self.round += 1
        self.round_captain = self.captain
        self.black = [0] * 7
        self.placed = [[] for _ in range(7)]
        if q.tokens is not None and self.goal_reached:
            self.blocked = {q.tokens.block}
        count = BLACK_PER_PLAYER * self.n + self.next_more_black - self.next_fewer_black
        seed = q.seed_after_tokens if self.goal_reached else q.seed_before_tokens
        if seed is not None and seed not in self.blocked and count > 0:
            # Reading: the seeded die is one of the round's black dice, not an extra one.
            self.black[seed] += 1
            count -= 1
        faces = yield Need("roll", "black", max(0, count))
        again = 0
        for face in faces:  # type: ignore[attr-defined]
            if face not in self.blocked:
                self.black[face] += 1
            elif q.blocked_die == "redirect" and q.tokens is not None:
                target = q.tokens.block if q.tokens.block not in self.blocked else q.tokens.open
                self.black[target] += 1
            else:
                again += 1
        # BD-BLOCKED: a black die showing a blocked adventure is rolled once more; blocked
        # again, it sits out the round.
        for face in (yield Need("roll", "black-again", again)):  # type: ignore[attr-defined]
            if face not in self.blocked:
                self.black[face] += 1
        self.lose_die, self.next_lose_die = self.next_lose_die, False
        dice = DICE_PER_PLAYER - self.lose_die + self.next_sixth_die
        self.next_more_black = self.next_fewer_black = 0
        self.next_sixth_die = False
        for p in self.players:
            p.pool = dice
        self.turns_this_round = 0
        yield from self._begin_turn(self.captain)

    def _begin_turn(self, player: int) -> Flow:
        self.turn = player
        self.rerolled_inactive = False
        self.turns_this_round += 1
        self.rolled = []
        faces = yield Need("roll", "turn", self.players[player].pool)
        self.rolled = list(faces)  # type: ignore[call-overload]

    def _next_turn(self) -> Flow:
        """The next player clockwise with dice left rolls; when every die is placed the tile
        is settled (BD-ROUND) and, unless the game is over, a new round starts."""
        n = self.n
        if self.turns_this_round >= TURN_LIMIT:
            for p in self.players:
                p.pool = 0
        for step in range(1, n + 1):
            p = (self.turn + step) % n
            if self.players[p].pool > 0:
                yield from self._begin_turn(p)
                return
        yield from self._settle()

    def _settle(self, next_round: bool = True) -> Flow:
        self.rolled = []
        report = yield from settle(self)
        self.settlements.append(report)  # type: ignore[arg-type]
        if next_round and not self.over:
            yield from self._start_round()

    def begin_settlement(self, next_round: bool = True) -> None:
        """Settle the tile as it lies now (for the rulebook's worked examples and for tests
        that set a position up by hand): the settlement's chance steps come next. Without
        `next_round` the state stops after it, to be looked at."""
        self._start(self._settle(next_round))

    # ------------------------------------------------------------------ player moves
    def _may_unblock(self) -> bool:
        face_up = [p for p in self.pirates if p.face_up]
        return bool(self.players[self.turn].gold) and bool(face_up) \
            and not any(p.usable for p in face_up)

    def _pirate_moves(self, pid: str) -> list[Move]:
        fields = range(1, 7)
        if pid == "overboard":
            return [Overboard()]
        if pid == "sails":
            return [Sails()]
        if pid == "bullseye":
            return [Bullseye(i, f) for i, d in enumerate(self.rolled) for f in fields if f != d]
        if pid == "jibe":
            return [Jibe(i) for i in range(len(self.rolled))]
        if pid == "course":
            # Reading: only two lines that both hold black dice (and are not blocked) swap.
            lines = [f for f in fields if self.active(f)]
            return [Course(a, b) for a in lines for b in lines
                    if a < b and self.black[a] != self.black[b]]
        if pid == "storm":
            return [Storm(f) for f in fields if self.active(f)]
        if pid == "keelhaul":
            return [Keelhaul(f) for f in fields if self.placed[f]]
        if pid == "onboard":
            return [OnBoard(p, a, b) for a in range(2, 7)
                    for p in sorted({p for p, _ in self.placed[a]})
                    for b in range(2, 7) if b != a and self.active(b)]
        raise ValueError(pid)

    def _play(self, move: Move) -> None:
        me = self.players[self.turn]
        if isinstance(move, Add):
            fields = self.counted()
            k = fields.count(move.face)
            self.placed[move.face].append((self.turn, k))
            me.pool -= k
            self._start(self._next_turn())
        elif isinstance(move, Pass):
            self._start(self._next_turn())
        elif isinstance(move, Reroll):
            self._start(self._reroll())
        elif isinstance(move, Rum):
            # BD-RUM: all unplaced dice, set-aside ones included (Reading: line 238's "ALL of
            # his dice" over line 189's "put away"). Reading: the once-only re-roll of
            # inactive symbols is allowed again after a fresh roll.
            me.rum -= 1
            self.rum_supply += 1
            self.rerolled_inactive = False
            self._start(self._roll_all("rum"))
        elif isinstance(move, Unblock):
            # BD-UNBLOCK. Reading: the player tosses their cheapest token.
            token = min(me.gold)
            me.gold.remove(token)
            self.box.append(token)
            for p in self.pirates:
                self.rum_supply += p.rum
                p.rum = 0
        else:
            assert isinstance(move, PirateMove)
            self._use_pirate(move)

    def _reroll(self) -> Flow:
        """BD-INACTIVE: only the dice counting for inactive symbols, once; inactive again,
        they are put aside for this turn."""
        keep = [f for f in self.rolled if self.active(self.player_face(f))]
        again = yield Need("roll", "reroll", len(self.rolled) - len(keep))
        self.rolled = keep + [f for f in again if self.active(self.player_face(f))]  # type: ignore
        self.rerolled_inactive = True

    def _roll_all(self, origin: str) -> Flow:
        faces = yield Need("roll", origin, self.players[self.turn].pool)
        self.rolled = list(faces)  # type: ignore[call-overload]

    def _use_pirate(self, move: PirateMove) -> None:
        me = self.players[self.turn]
        pirate = next(p for p in self.pirates if p.id == move.pirate)
        me.rum -= 1
        pirate.rum += 1
        if isinstance(move, Overboard):
            pirate.face_up = False
            self.shields += 1
            if not any(p.face_up for p in self.pirates):
                self.ended = "crew lost"  # BD-CREW
        elif isinstance(move, Bullseye):
            self.rolled[move.die] = move.face
        elif isinstance(move, Jibe):
            self.rolled[move.die] = 7 - self.rolled[move.die]  # the face shown turns over
        elif isinstance(move, Sails):
            self.next_sixth_die = True  # Reading: "next turn" taken as the next round
        elif isinstance(move, Course):
            self.black[move.a], self.black[move.b] = self.black[move.b], self.black[move.a]
        elif isinstance(move, Storm):
            self._start(self._storm(move.field))
        elif isinstance(move, Keelhaul):
            for p, c in self.placed[move.field]:
                self.players[p].pool += c
            self.placed[move.field] = []
        elif isinstance(move, OnBoard):
            move_one_die(self, move.player, move.src, move.dst)

    def _storm(self, f: int) -> Flow:
        k, self.black[f] = self.black[f], 0
        faces = yield Need("roll", "storm", k)
        for face in faces:  # type: ignore[attr-defined]
            # Reading: a die showing an adventure without black dice is set aside, as in the
            # settlement re-roll (BD-REROLL).
            if self.active(face) or face == f and face not in self.blocked:
                self.black[face] += 1
        if self.black[f] == 0:
            for p, c in self.placed[f]:
                self.players[p].pool += c  # the field went inactive: its dice come back
            self.placed[f] = []


def new_game(quest: Quest, players: int, rng: Chance | None = None) -> GameState:
    """A game set up (BD-SETUP). With `rng`, the chance steps before the first player's
    decision (the deal, the first captain's duel, the black dice, the captain's roll) are
    drawn from it; without, the state waits at its first chance step."""
    state = GameState(quest, players)
    if rng is not None:
        while state.to_move() == CHANCE:
            state.push(state.sample_chance(rng))
    return state


def play_out(state: GameState, rng: Chance) -> None:
    """Draw every chance step from `rng` until a player is to move or the game is over."""
    while state.to_move() == CHANCE:
        state.push(state.sample_chance(rng))

