"""Worked examples of The Curse of the Black Dice for the rulebook, computed by its engine."""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.engine.rng import SplitMix64
from sheetgen.games.black_dice.game import GameState, play_out
from sheetgen.games.black_dice.moves import Roll
from sheetgen.games.black_dice.quest import Field, Quest
from sheetgen.games.black_dice.rules import BD_SYMBOLS, black_dice_winner


@dataclass(frozen=True)
class Adventure:
    """One adventure of the worked example: its black dice and each player's dice on it."""

    black: int
    players: dict[str, int]


@dataclass(frozen=True)
class Settled:
    """One adventure as the engine's settlement left it (the names the rulebook prints)."""

    symbol: str
    black: int  # black dice when it was settled (after earlier re-rolls)
    player_dice: int
    status: str  # "inactive", "completed" or "failed"
    rerolled: tuple[int, ...] = ()
    moved_to: tuple[str, ...] = ()


BD_EXAMPLE = [
    Adventure(2, {"Red": 1, "Blue": 2}),
    Adventure(3, {"Green": 3}),
    Adventure(0, {}),
    Adventure(5, {"Red": 1, "Blue": 1, "Green": 1}),
    Adventure(3, {"Red": 1, "Blue": 2, "Green": 1}),
    Adventure(2, {"Red": 2}),
]
"""A three-player round at settlement (15 black dice, 5 dice per player)."""

BD_EXAMPLE_ROLLS = [2, 6, 4]
"""The map adventure's two excess black dice come up 2 and 6; the flag's one comes up 4."""
SEATS = ("Red", "Blue", "Green")


def example_quest() -> Quest:
    """A tile with no rewards or penalties: the example shows the settlement's dice only."""
    fields = tuple(Field(v, (), ()) for v in range(1, 7))
    return Quest("example", "Example", "", fields, "gold_gone", {2: 40, 3: 40, 4: 40})


def settle_example(adventures: list[Adventure], rolls: list[int]) -> list[Settled]:
    """Settle `adventures` with the engine's own settlement (`settlement.settle`), its
    re-rolled black dice taken from `rolls` in order (duels for sea wolf and captain from a
    fixed seed: they do not show in the example)."""
    state = GameState(example_quest(), len(SEATS))
    play_out(state, SplitMix64(1))
    state.black = [0, *(a.black for a in adventures)]
    state.placed = [[] for _ in range(7)]
    for v, a in enumerate(adventures, 1):
        state.placed[v] = [(SEATS.index(p), c) for p, c in a.players.items()]
    state.begin_settlement(next_round=False)
    pending, duels = list(rolls), SplitMix64(2)
    while state.pending is not None:
        need = state.pending
        if need.kind == "roll" and need.origin.startswith("settle-"):
            state.push(Roll(need.origin, tuple(pending.pop(0) for _ in range(need.count))))
        else:
            state.push(state.sample_chance(duels))
    return [Settled(BD_SYMBOLS[line.value - 1], line.black, line.crew, line.status,
                    line.rerolled, tuple(BD_SYMBOLS[v - 1] for v in line.moved_to))
            for line in state.settlements[-1].lines]


def black_dice_settlement() -> list[Settled]:
    return settle_example(BD_EXAMPLE, BD_EXAMPLE_ROLLS)


BD_HOARDS = {"Red": [4, 4, 4, 3], "Blue": [5, 5, 5], "Green": [3, 3, 4]}


@dataclass(frozen=True)
class BlackDiceEnd:
    hoards: dict[str, list[int]]
    totals: dict[str, int]
    winner: str
    rule: str


def black_dice_end() -> BlackDiceEnd:
    winner, rule = black_dice_winner(BD_HOARDS, last_captain="Green")
    totals = {p: sum(v) for p, v in BD_HOARDS.items()}
    return BlackDiceEnd(BD_HOARDS, totals, winner, rule)


EXAMPLES = {
    "bd-settlement": black_dice_settlement,
    "bd-end": black_dice_end,
}


REWARD_WORDS = {
    "move_die": "move a die", "rum": "rum", "gold": "{n} gold tokens", "token": "a {token}",
    "enemy_damage": "1 damage to the enemy", "enemy_damage_if_more": "1 damage if more dice",
    "unlock": "unlocks the flag", "fewer_black": "{n} fewer black dice",
}
PENALTY_WORDS = {
    "overboard": "overboard", "more_black": "more black dice", "lose_die": "one die fewer",
    "rum_on_pirates": "{n} rum on the pirates", "lost_gold": "lost gold",
    "ship_damage": "{n} ship damage",
}
"""The rulebook's words for each reward and penalty code (short, for a table cell)."""


@dataclass(frozen=True)
class QuestDesign:
    name: str
    pool: str
    rows: list[tuple[str, str, str]]  # (field, rewards, penalties)


@dataclass(frozen=True)
class BlackDiceDesign:
    quests: list[QuestDesign]
    pirates: list[tuple[str, int]]


def _words(table: dict[str, str], effects, token: str) -> str:
    text = ", ".join(table[e.code].format(n=e.amount, token=token) for e in effects)
    return text.replace("1 gold tokens", "1 gold token") or "none"


def black_dice_design() -> BlackDiceDesign:
    """sheetgen's designed facts, read from the quest files and the pirate list, so the
    Interpretations box can never drift from what the tiles print and the engine plays."""
    from sheetgen.games.black_dice.pirates import PIRATES
    from sheetgen.games.black_dice.providers import QUEST_TOKENS
    from sheetgen.games.black_dice.quest import SYMBOL_NAMES, bundled_quests

    quests = []
    for q in bundled_quests():
        token = QUEST_TOKENS.get(q.tokens.name if q.tokens else "", ("", "token"))[1]
        pool = ("all 40 tokens" if q.gold_pool is None else
                " / ".join(str(q.gold_pool[n]) for n in sorted(q.gold_pool))
                + " tokens for 2 / 3 / 4 players")
        rows = [(SYMBOL_NAMES[f.value - 1], _words(REWARD_WORDS, f.rewards, token),
                 _words(PENALTY_WORDS, f.penalties, token)) for f in q.fields]
        quests.append(QuestDesign(q.name, pool, rows))
    return BlackDiceDesign(quests, [(p.name, p.limit) for p in PIRATES])


EXAMPLES["bd-design"] = black_dice_design


def black_dice_difficulty():
    """The crew's win rate per quest and player count, measured by the engine at build time
    (`difficulty.py`; cached until the engine or a quest changes)."""
    from sheetgen.games.black_dice.difficulty import difficulty

    return difficulty()


EXAMPLES["bd-difficulty"] = black_dice_difficulty
