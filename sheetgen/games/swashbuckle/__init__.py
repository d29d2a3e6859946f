"""Swashbuckle rules engine: scoring, sheet checking, match scoring, optimal solitaire play.

Modules: `rules` (scoring-rule library), `card` (card model and YAML loader; cards/ holds the
Swashbuckle card and a 13-box Yacht card), `dice` (roll and keep tables), `sheet` (filled-sheet
checker), `match` (multi-player rules), `solver` (exact backward induction), `simulate`
(distribution of optimal play), `table` (persisted strategy table, `par_figures`), `advisor`.

Readings of the source where it is vague (each also written in cards/swashbuckle.yaml):
- Open point values are parameters with the scorecard's defaults: Succession of 4 = 30,
  Succession of 5 = 40, Pieces of 8 = 25, Aces High = 35 (four or more 1s), Full Boat = 25.
- Blimey Bonus: +45 when the Crow's Nest subtotal is strictly greater than 67 (68 earns it).
- A box takes exactly what the dice score there; a 0 is a scuttle. Full Boat needs two
  different numbers. A Succession of 5 also counts as a Succession of 4.
- Piracy needs a Succession of 5; all dice are then re-rolled and their sum scored (40 when
  the re-roll is five alike). In a match the sum is stolen from the target, who records it as
  Pillaged; in solitaire nobody is robbed and the re-roll is simply scored (the solver uses
  its expectation, 17.52, plus the Swashbuckle Bonus chance when one is due).
- Swashbuckle Bonus (joker): once Swashbuckle is scored (not scuttled), each further
  five-alike roll earns 50 and still fills a box; if it scores nothing in every open box, the
  player fills any open box with its max potential points (Piracy: 36, the source's example).
  A five-alike Piracy re-roll also earns the bonus when one is due.
- Smooth Sailing: +10 when no score box holds a zero at the end.
- Waterline: every score box of the card is above it (the source draws it below Swashbuckle).
  For cards that place boxes below it, those boxes cannot take a zero while a box above the
  line is open.
- Cursed (4-dice) roll: cannot be applied to Swashbuckle; in 4 Alike it scores double.
- Monikers are bands (e.g. 255-266 Swashbuckler, 181-228 none); only one Captain per match.
- The solitaire solver plays three rolls per turn and no Hornswaggle (a match rule).

>>> from sheetgen.games.swashbuckle import default_card
>>> card = default_card()
>>> card.score((1, 1, 1, 3, 3), "full_boat"), card.score((1, 1, 1, 3, 3), "ones")
(25, 3)
"""

from typing import Any

from sheetgen.registry import Game

GAME = Game(
    id="swashbuckle",
    title="Swashbuckle",
    summary="Swashbuckle rules engine: check sheets, score matches, solve and advise.",
    providers="sheetgen.games.swashbuckle.providers",
    cli="sheetgen.games.swashbuckle.cli",
    rulebook_effort=3,
    diagrams="sheetgen.games.swashbuckle.diagrams",
    examples="sheetgen.games.swashbuckle.examples",
    data_folders=("examples",),
    studio="sheetgen.games.swashbuckle.studio",
)

__all__ = ["GAME", "Card", "default_card", "load_card", "score"]


def __getattr__(name: str) -> Any:
    """`Card`, `default_card`, `load_card` and `score` from `card`, loaded on first use so
    that reading `GAME` stays light."""
    if name in ("Card", "default_card", "load_card", "score"):
        from sheetgen.games.swashbuckle import card

        return getattr(card, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
