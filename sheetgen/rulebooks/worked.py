"""Worked examples for the rulebooks, computed rather than typed.

Where sheetgen has a rules engine (Captain's Curse) the example is scored by it, so the book
and the engine cannot disagree. For games without an engine yet, the few lines of arithmetic
a worked example needs live here as small pure functions with tests, and the prose quotes
their results through jinja (`{{ worked.<name>() }}`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.games.captains_curse.state import GameResult, score_sheet


def captains_curse_score(
    columns: tuple[tuple[int, ...], ...], marks: tuple[str, ...], unsunk: int = 14,
    lost: bool = False,
) -> GameResult:
    """Score a finished Captain's Curse sheet with the engine (R16-R19).

    `marks` gives, per column top to bottom, "." for a circled value and "X" for a crossed-out
    one. The source's end-game example says the sheet missed the 15-unsunk-spaces goal, so the
    default `unsunk` is below 15.
    """
    ruleset = Ruleset(columns=columns)
    circled = [sum(1 << r for r, mark in enumerate(col) if mark == ".") for col in marks]
    complete = [col[5] == "." for col in marks]
    return score_sheet(ruleset, circled, complete, unsunk, lost)


CC_SYMBOLS = ("Barrel", "Chest", "Skull", "Map", "Coins", "Rum")
CC_COLUMNS = tuple((6, 5, 4, 3, 2, 1) if c % 2 == 0 else (1, 2, 3, 4, 5, 6) for c in range(6))
"""The spec's default column orders (R1)."""

CC_ENDGAME_MARKS = (".X.X..", "XXX...", "......", ".X....", "....X.", "X.XX..")
"""The source's end-game example sheet: per column, top to bottom, "." circled, "X" crossed."""


def cc_endgame() -> GameResult:
    """The source's end-game example as the engine scores it (R20: 90, not the printed 91)."""
    return captains_curse_score(CC_COLUMNS, CC_ENDGAME_MARKS)


# ---- Swashbuckle ------------------------------------------------------------------------

SB_ROLL = (1, 1, 1, 3, 3)
"""The example final roll: three 1s and two 3s."""

SB_MATCH = {
    "ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 20, "sixes": 18,
    "three_alike": 24, "four_alike": 17, "aces_high": 0, "full_boat": 25,
    "succession_4": 30, "succession_5": 0, "pieces_of_8": 25, "flotsam": 22,
    "piracy": 19, "swashbuckle": 0,
}
"""One solitaire match, box by box (Aces High, Succession of 5 and Swashbuckle scuttled)."""


@dataclass(frozen=True)
class SwashbuckleExample:
    roll: tuple[int, ...]
    options: list[tuple[str, int]]  # boxes the roll scores in (label, points), points > 0
    boxes: list[tuple[str, str, int]]  # (id, label, points) of the example match
    derived: dict  # the card's derived figures (subtotals, bonuses, tallies, moniker)
    points: dict  # the card's parameters (open values with their defaults)


def swashbuckle_example() -> SwashbuckleExample:
    """The roll and the match of the Swashbuckle worked example, scored by the engine."""
    from sheetgen.games.swashbuckle.card import load_card
    from sheetgen.games.swashbuckle.sheet import derive

    card = load_card("swashbuckle")
    options = [(b.label, card.score(SB_ROLL, b.id)) for b in card.boxes if b.id != "piracy"]
    boxes = [(b.id, b.label, SB_MATCH[b.id]) for b in card.boxes]
    return SwashbuckleExample(
        roll=SB_ROLL,
        options=[(label, pts) for label, pts in options if pts > 0],
        boxes=boxes,
        derived=derive(card, SB_MATCH),
        points=dict(card.parameters),
    )


# ---- The Curse of the Black Dice ---------------------------------------------------------

BD_SYMBOLS = ("Anchor", "Rum", "Swords", "Map", "Ship", "Flag")
"""The faces of every die, 1 to 6, in the order adventures are settled."""


@dataclass(frozen=True)
class Adventure:
    """One adventure at settlement time: its black dice and each player's dice on it."""

    black: int
    players: dict[str, int]

    @property
    def player_dice(self) -> int:
        return sum(self.players.values())


@dataclass(frozen=True)
class Settled:
    symbol: str
    black: int  # black dice when this adventure was settled (after earlier re-rolls)
    player_dice: int
    status: str  # "inactive", "completed" or "failed"
    rerolled: tuple[int, ...] = ()  # results of the excess black dice re-rolled
    moved_to: tuple[str, ...] = ()  # adventures those dice joined


def adventure_outcome(black: int, player_dice: int) -> tuple[bool, int]:
    """(completed?, black dice to re-roll) for one adventure at settlement."""
    if player_dice >= black:
        return True, 0
    return False, black - player_dice


def settle_quest(adventures: list[Adventure], rolls: list[int]) -> list[Settled]:
    """Settle a quest tile from the anchor to the flag.

    A failed adventure re-rolls its excess black dice (results taken from `rolls`, in
    order): a result at or below the failed adventure's own value does nothing; a higher
    result joins the adventure of that symbol, unless that adventure is inactive, in which
    case the die is put aside. Later adventures are settled with the dice they gained.
    """
    black = [a.black for a in adventures]
    active = [a.black > 0 for a in adventures]
    pending = list(rolls)
    out: list[Settled] = []
    for i, adventure in enumerate(adventures):
        if not active[i]:
            out.append(Settled(BD_SYMBOLS[i], 0, adventure.player_dice, "inactive"))
            continue
        done, excess = adventure_outcome(black[i], adventure.player_dice)
        if done:
            out.append(Settled(BD_SYMBOLS[i], black[i], adventure.player_dice, "completed"))
            continue
        if len(pending) < excess:
            raise ValueError(f"{BD_SYMBOLS[i]} needs {excess} re-rolled dice, got {pending}")
        results = tuple(pending.pop(0) for _ in range(excess))
        moved = []
        for value in results:
            if value - 1 > i and active[value - 1]:
                black[value - 1] += 1
                moved.append(BD_SYMBOLS[value - 1])
        out.append(Settled(BD_SYMBOLS[i], black[i], adventure.player_dice, "failed", results,
                           tuple(moved)))
    return out


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


def black_dice_settlement() -> list[Settled]:
    return settle_quest(BD_EXAMPLE, BD_EXAMPLE_ROLLS)


def black_dice_winner(hoards: dict[str, list[int]], last_captain: str) -> tuple[str, str]:
    """(winner, deciding rule): most gold; then fewest tokens; then the last round's captain."""
    best = max(sum(v) for v in hoards.values())
    rich = [p for p, v in hoards.items() if sum(v) == best]
    if len(rich) == 1:
        return rich[0], "most gold"
    fewest = min(len(hoards[p]) for p in rich)
    lean = [p for p in rich if len(hoards[p]) == fewest]
    if len(lean) == 1:
        return lean[0], "fewest tokens"
    return last_captain, "the last captain"


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


# ---- Voodoo Pirate -----------------------------------------------------------------------


def broadside_hits(firing_poppets: int, target_poppets: int) -> int:
    """Hits scored by a broadside: the poppet difference, if the target has fewer."""
    return max(0, firing_poppets - target_poppets)


def broadside(firing_power: int, firing_poppets: int, target_power: int,
              target_poppets: int) -> tuple[int, int, int, bool]:
    """(hits, firing ship's new power, target's new power, target loses a coin?)."""
    hits = broadside_hits(firing_poppets, target_poppets)
    if hits == 0:
        return 0, firing_power, target_power, False
    if firing_power >= 6:
        return hits, 6, max(1, target_power - hits), True
    return hits, min(6, firing_power + hits), target_power, True


@dataclass(frozen=True)
class VoodooTally:
    """A pirate's Voodoo Power at the end of the game."""

    sea_space: int  # value of the ship's space on the Sea of Souls (1-13)
    coins: int
    ship_power: int  # the ship's Voodoo Power die (1-6)
    skull: str  # the end-game Object card held
    skull_bonus: int

    @property
    def total(self) -> int:
        return self.sea_space + self.coins + min(self.ship_power, 6) + self.skull_bonus


def red_skull_bonus(red_souls: int) -> int:
    """Red Skull card: +1, and +1 for every red soul."""
    return 1 + red_souls


@dataclass(frozen=True)
class VoodooExample:
    tally: VoodooTally
    red_souls: int
    shot: tuple[int, int, int, bool]  # broadside: 3 poppets against 1, firing power 5


def voodoo_example() -> VoodooExample:
    """Red's broadside (power 5, three poppets against one) happens before the tally, so the
    die counted at the end is the one the broadside left (6, capped), not the 5 it had."""
    red = 2
    shot = broadside(5, 3, 4, 1)
    tally = VoodooTally(sea_space=11, coins=4, ship_power=shot[1], skull="Red Skull",
                        skull_bonus=red_skull_bonus(red))
    return VoodooExample(tally, red, shot)


# ---- Shipwrecked! ------------------------------------------------------------------------


# The rule itself lives in sheetgen.games.shipwrecked.scoring (the engine behind
# `sheetgen shipwrecked score`); the example below only dresses its result for the book.


# ---- Lookup for templates ----------------------------------------------------------------

@dataclass(frozen=True)
class ShipwreckedExample:
    rows: list[tuple[int, int, str | None]]
    held: dict[str, int]
    ashore: dict[str, int]
    winner: str
    rule: str


SHIPWRECKED_END = ([(6, 4), (3, 5), (4, 4), (7, 2), (2, 6)], (5, 7))
"""(black, white) sailors on each of the five islands, and (black, white) still afloat."""


def shipwrecked_end() -> ShipwreckedExample:
    from sheetgen.games.shipwrecked.scoring import counts, decide

    islands, ocean = SHIPWRECKED_END
    result = decide(counts(islands, ocean))
    side = {"black": "Black", "white": "White", None: None}
    rows = [(b, w, side[c]) for (b, w), c in zip(islands, result.controllers, strict=True)]
    held = {side[k]: v for k, v in result.held.items()}
    ashore = {side[k]: v for k, v in result.ashore.items()}
    return ShipwreckedExample(rows, held, ashore, side[result.winner] or "nobody",
                              _RULE_WORDS[result.decided_by])


_RULE_WORDS = {
    "islands": "islands controlled",
    "sailors ashore": "sailors ashore, the first tie-break",
    "fewest in the ocean": "fewest sailors in the ocean, the second tie-break",
    "draw": "nothing: it is a draw",
}

EXAMPLES = {
    "cc-endgame": cc_endgame,
    "shipwrecked-end": shipwrecked_end,
    "swashbuckle": swashbuckle_example,
    "bd-settlement": black_dice_settlement,
    "bd-end": black_dice_end,
    "voodoo": voodoo_example,
}


def example(name: str):
    """A worked example by name (a jinja global: `{% set r = example("cc-endgame") %}`)."""
    from sheetgen.errors import SheetgenError, did_you_mean

    if name not in EXAMPLES:
        raise SheetgenError(f"unknown worked example '{name}'", hint=did_you_mean(name, EXAMPLES))
    return EXAMPLES[name]()


# ---- Captain's Curse island excerpt (generated island) -------------------------------------

CC_ISLAND_SEED = 7


@dataclass(frozen=True)
class NestedSink:
    """Two sink lines of a generated island, the region of `inner` inside that of `outer`."""

    island: dict  # the island file data (captains-curse-island/1)
    inner: dict  # sink line sunk earlier ("A")
    outer: dict  # sink line chosen now ("B")
    place: str  # a place name inside the inner region ("" if none)


@lru_cache(maxsize=4)
def cc_nested_sink(seed: int = CC_ISLAND_SEED) -> NestedSink:
    """Pick, on the island the generator makes from `seed`, the smallest sink line whose
    region strictly contains another line's region, preferring one whose end only becomes
    wet once that inner region has sunk (R11)."""
    from sheetgen.games.captains_curse.islands.generate import generate_island

    data = generate_island(seed).data
    lines = data["sink_lines"]
    best = None
    for outer in lines:
        outer_region = set(outer["region"])
        for inner in lines:
            inner_region = set(inner["region"])
            if not inner_region < outer_region:
                continue
            wet_by_inner = any(set(end) & inner_region for end in outer["ends"])
            key = (not wet_by_inner, len(outer_region), len(inner_region), outer["id"])
            if best is None or key < best[0]:
                best = (key, inner, outer)
    if best is None:
        raise ValueError(f"island seed {seed} has no nested sink lines")
    _, inner, outer = best
    places = [s.get("place") for s in data["spaces"] if s["id"] in inner["region"]]
    return NestedSink(data, inner, outer, next((p for p in places if p), ""))


EXAMPLES["cc-nested-sink"] = cc_nested_sink
