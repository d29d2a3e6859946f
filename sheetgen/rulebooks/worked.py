"""Worked examples for the rulebooks, computed rather than typed.

Where sheetgen has a rules engine (Captain's Curse) the example is scored by it, so the book
and the engine cannot disagree. For games without an engine yet, the few lines of arithmetic
a worked example needs live here as small pure functions with tests, and the prose quotes
their results through jinja (`{{ worked.<name>() }}`).
"""

from __future__ import annotations

from dataclasses import dataclass

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


def swashbuckle_options(dice: tuple[int, ...]) -> list[tuple[str, int]]:
    """Every box the roll can fill with a non-zero score under the default card values."""
    from collections import Counter

    counts = Counter(dice)
    total = sum(dice)
    faces = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")
    options = [(faces[v - 1], v * counts[v]) for v in range(1, 7) if counts[v]]
    most = max(counts.values())
    if most >= 3:
        options.append(("3 Alike", total))
    if most >= 4:
        options.append(("4 Alike", total))
    if counts[1] >= 4:
        options.append(("Aces High", SWASHBUCKLE_POINTS["Aces High"]))
    if sorted(counts.values()) == [2, 3]:
        options.append(("Full Boat", SWASHBUCKLE_POINTS["Full Boat"]))
    faces_present = set(dice)
    if any(set(range(lo, lo + 4)) <= faces_present for lo in (1, 2, 3)):
        options.append(("Succession of 4", SWASHBUCKLE_POINTS["Succession of 4"]))
    if any(set(range(lo, lo + 5)) <= faces_present for lo in (1, 2)):
        options.append(("Succession of 5", SWASHBUCKLE_POINTS["Succession of 5"]))
    if total == 8:
        options.append(("Pieces of 8", SWASHBUCKLE_POINTS["Pieces of 8"]))
    options.append(("Flotsam", total))
    if most == 5:
        options.append(("Swashbuckle", SWASHBUCKLE_POINTS["Swashbuckle"]))
    return options


SWASHBUCKLE_POINTS = {
    # Fixed by the source: Full Boat 25, Swashbuckle 50. The others the source leaves open;
    # these are the defaults the bundled scorecard prints (issue 2 makes them variables).
    "Full Boat": 25,
    "Swashbuckle": 50,
    "Succession of 4": 30,
    "Succession of 5": 40,
    "Pieces of 8": 30,
    "Aces High": 40,
}


@dataclass(frozen=True)
class SwashbuckleMatch:
    """A finished solitaire match: the boxes filled, and the totals the card derives."""

    crows_nest: dict[str, int]
    bilge: dict[str, int]
    swashbuckle_bonus_marks: int = 0
    hornswaggle_used: bool = False

    @property
    def crows_nest_subtotal(self) -> int:
        return sum(self.crows_nest.values())

    @property
    def blimey_bonus(self) -> int:
        return 45 if self.crows_nest_subtotal > 67 else 0  # "higher than 67": strictly

    @property
    def crows_nest_tally(self) -> int:
        return self.crows_nest_subtotal + self.blimey_bonus

    @property
    def smooth_sailing(self) -> int:
        scores = list(self.crows_nest.values()) + list(self.bilge.values())
        return 10 if all(v != 0 for v in scores) else 0

    @property
    def bilge_tally(self) -> int:
        return (
            sum(self.bilge.values()) + 50 * self.swashbuckle_bonus_marks + self.smooth_sailing
            - (15 if self.hornswaggle_used else 0)
        )

    @property
    def total_plunder(self) -> int:
        return self.crows_nest_tally + self.bilge_tally


MONIKERS_LOW = ((130, "Shark Bait"), (138, "Knave"), (147, "Cabin Boy"), (157, "Scallywag"),
                (169, "Sea Hag"), (181, "Rascalion"))
MONIKERS_HIGH = ((340, "Captain"), (300, "First Mate"), (289, "Quartermaster"),
                 (266, "Coxswain"), (254, "Swashbuckler"), (242, "Seadog"), (228, "Buccaneer"))


def swashbuckle_moniker(plunder: int) -> str | None:
    """The rank earned by a match's Total Plunder (none between 181 and 228)."""
    for limit, name in MONIKERS_LOW:
        if plunder < limit:
            return name
    for limit, name in MONIKERS_HIGH:
        if plunder > limit:
            return name
    return None


# ---- The Curse of the Black Dice ---------------------------------------------------------


def adventure_outcome(black: int, player_dice: int) -> tuple[bool, int]:
    """(completed?, black dice to re-roll) for one adventure at settlement."""
    if player_dice >= black:
        return True, 0
    return False, black - player_dice


def black_dice_winner(hoards: dict[str, list[int]], last_captain: str) -> str:
    """Most gold wins; then fewest tokens; then the last round's captain."""
    best = max(sum(v) for v in hoards.values())
    rich = [p for p, v in hoards.items() if sum(v) == best]
    fewest = min(len(hoards[p]) for p in rich)
    lean = [p for p in rich if len(hoards[p]) == fewest]
    if len(lean) == 1:
        return lean[0]
    return last_captain


# ---- Voodoo Pirate -----------------------------------------------------------------------


@dataclass(frozen=True)
class VoodooTally:
    sea_space: int
    coins: int
    ship_power: int
    skull_bonus: int

    @property
    def total(self) -> int:
        return self.sea_space + self.coins + min(self.ship_power, 6) + self.skull_bonus


def broadside_hits(firing_poppets: int, target_poppets: int) -> int:
    """Hits scored by a broadside: the poppet difference, if the target has fewer."""
    return max(0, firing_poppets - target_poppets)


# ---- Shipwrecked! ------------------------------------------------------------------------


def shipwrecked_result(
    islands: list[tuple[int, int]], ocean: tuple[int, int]
) -> tuple[str, list[str | None], str]:
    """Winner of a Shipwrecked! game from (black, white) sailor counts per island.

    Returns (winner, controller per island, the deciding rule).
    """
    control: list[str | None] = []
    for black, white in islands:
        control.append("Black" if black > white else "White" if white > black else None)
    held = {side: control.count(side) for side in ("Black", "White")}
    if held["Black"] != held["White"]:
        return max(held, key=held.__getitem__), control, "islands"
    on_islands = {"Black": sum(b for b, _ in islands), "White": sum(w for _, w in islands)}
    if on_islands["Black"] != on_islands["White"]:
        return max(on_islands, key=on_islands.__getitem__), control, "sailors ashore"
    afloat = {"Black": ocean[0], "White": ocean[1]}
    if afloat["Black"] != afloat["White"]:
        return min(afloat, key=afloat.__getitem__), control, "fewest in the ocean"
    return "nobody", control, "a draw"


# ---- Lookup for templates ----------------------------------------------------------------

@dataclass(frozen=True)
class ShipwreckedExample:
    rows: list[tuple[int, int, str | None]]
    held: dict[str, int]
    ashore: dict[str, int]
    winner: str
    rule: str


SHIPWRECKED_END = ([(6, 4), (3, 5), (4, 4), (7, 2), (2, 6)], (9, 7))
"""(black, white) sailors on each of the five islands, and (black, white) still afloat."""


def shipwrecked_end() -> ShipwreckedExample:
    islands, ocean = SHIPWRECKED_END
    winner, control, rule = shipwrecked_result(islands, ocean)
    rows = [(b, w, c) for (b, w), c in zip(islands, control, strict=True)]
    held = {side: control.count(side) for side in ("Black", "White")}
    ashore = {"Black": sum(b for b, _ in islands), "White": sum(w for _, w in islands)}
    return ShipwreckedExample(rows, held, ashore, winner, _RULE_WORDS[rule])


_RULE_WORDS = {
    "islands": "islands controlled",
    "sailors ashore": "sailors ashore, the first tie-break",
    "fewest in the ocean": "fewest sailors in the ocean, the second tie-break",
    "a draw": "nothing: it is a draw",
}

EXAMPLES = {
    "cc-endgame": cc_endgame,
    "shipwrecked-end": shipwrecked_end,
}


def example(name: str):
    """A worked example by name (a jinja global: `{% set r = example("cc-endgame") %}`)."""
    from sheetgen.errors import SheetgenError, did_you_mean

    if name not in EXAMPLES:
        raise SheetgenError(f"unknown worked example '{name}'", hint=did_you_mean(name, EXAMPLES))
    return EXAMPLES[name]()
