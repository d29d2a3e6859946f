"""What lies on the table in a game of The Curse of the Black Dice, and the questions the rules
ask of it (which adventures are active, whose dice are where, what a die counts for).

Plain data, no rules flow: `game.GameState` (turns, rounds, the engine contract) and
`settlement` (stage 3) both work on a `Table`, and neither imports the other's flow, so the
two modules form no import circle. Chance reaches the flows as `Need`s (a roll of k dice, a
gold draw, the deal) that the state turns into chance moves.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

from .quest import Quest

DICE_PER_PLAYER = 5
BLACK_PER_PLAYER = 5
START_RUM = 2
RUM_TOKENS = 22
GOLD_TOKENS = (3,) * 10 + (4,) * 20 + (5,) * 10  # BD-SETUP
GOLD_VALUES = (3, 4, 5)
MAX_DAMAGE = 3  # the third ship damage sinks the ship; the third enemy damage beats it


@dataclass(frozen=True)
class Need:
    """A chance step a rules flow waits for: `kind` "roll" (`count` dice), "draw" (one gold
    token) or "deal" (the pirate tiles), labelled by `origin` (moves.ROLL_ORIGINS, ...)."""

    kind: str
    origin: str
    count: int = 1
    seats: tuple[int, ...] = ()  # a duel's players, in the order their dice are listed


Flow = Generator[Need, object, object]
"""A rules flow: yields the chance it needs, is sent the outcome (faces, a token value)."""


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


@dataclass
class Table:
    """Everything on the table. The gold pool is face down: `gold_left` tokens, whose values
    are drawn when taken from the tokens nobody has seen (`unseen`), which is the same chance
    as shuffling first (a token left in the box at setup is as unseen as one in the pool)."""

    quest: Quest
    players: list[Player]
    pirates: list[Pirate] = field(default_factory=list)
    gold_left: int = 0
    unseen: dict[int, int] = field(default_factory=lambda: {3: 10, 4: 20, 5: 10})
    box: list[int] = field(default_factory=list)  # gold tossed into the box
    rum_supply: int = 0
    captain: int = 0
    round_captain: int = 0  # the captain who led this round (BD-WINNER's last captain)
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
    next_more_black: int = 0
    next_fewer_black: int = 0
    next_lose_die: bool = False
    next_sixth_die: bool = False
    lose_die: bool = False  # this round
    ended: str | None = None  # "won", "sunk", "crew lost", or None while playing

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.ended is not None

    def active(self, value: int) -> bool:
        """An adventure the crew may add dice to: black dice on it and not blocked."""
        return self.black[value] > 0 and value not in self.blocked

    def crew(self, value: int) -> int:
        return sum(c for _, c in self.placed[value])

    def dice_of(self, player: int, value: int) -> int:
        return sum(c for p, c in self.placed[value] if p == player)

    def player_face(self, face: int) -> int:
        """The field a crew die showing `face` counts for: itself, or, where the quest
        redirects the crew's dice (`player_redirect`, the Flying Dutchman, BD-BLOCKED), a
        blocked symbol counts for the token field that is open (the rum, then the flag)."""
        q = self.quest
        if face in self.blocked and q.player_redirect and q.tokens is not None:
            return q.tokens.block if q.tokens.block not in self.blocked else q.tokens.open
        return face

    def counted(self) -> list[int]:
        """The field each rolled die counts for. The dice keep the face they show: The Jibe
        turns that face over, not the field it counts for (BD-PIRATE, line 266)."""
        return [self.player_face(f) for f in self.rolled]

    def hoards(self) -> dict[int, list[int]]:
        return {seat: p.gold for seat, p in enumerate(self.players)}


def duel(players: list[int], origin: str) -> Flow:
    """Each rolls a die, the highest wins, ties roll again (BD-CAPTAIN, BD-HALVES)."""
    while len(players) > 1:
        faces = yield Need("roll", origin, len(players), tuple(players))
        best = max(faces)  # type: ignore[call-overload]
        players = [p for p, f in zip(players, faces, strict=True) if f == best]  # type: ignore
    return players[0]


def draw_gold(table: Table, origin: str) -> Flow:
    """One token from the pool (None when it is empty), its value drawn by chance."""
    if table.gold_left == 0:
        return None
    value = yield Need("draw", origin)
    table.gold_left -= 1
    table.unseen[value] -= 1  # type: ignore[index]
    return value

