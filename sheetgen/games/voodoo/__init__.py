"""Voodoo Pirate: the board model (`board`, data/sea_of_souls.yaml), movement (`sea`), cards
(`cards`, data/cards.yaml), broadsides and the final tally (`rules`), the printed parts
(`elements`, `draw`) and the pad (`pad`).

>>> from sheetgen.games.voodoo.rules import broadside
>>> broadside(firing_power=5, firing_poppets=3, target_power=4, target_poppets=1)
(2, 6, 4, True)
"""

from sheetgen.registry import Game, PadOption

GAME = Game(
    id="voodoo",
    title="Voodoo Pirate",
    summary="Voodoo Pirate: check a board file, ask where a ship can sail (the pad is "
            "`sheetgen pad voodoo`).",
    elements="sheetgen.games.voodoo.elements",
    cli="sheetgen.games.voodoo.cli",
    pad="sheetgen.games.voodoo.pad:build_pad",
    pad_options=(
        PadOption("--paper", "paper", "str", "a4",
                  "a4/letter: the board tiled over sheets to tape together; a2/a1: the board "
                  "on one sheet (print shop), the rest on A4",
                  choices=("a4", "letter", "a2", "a1")),
        PadOption("--board", "board", "str", None,
                  "a board file to print instead of the Sea of Souls (made by `sheetgen "
                  "voodoo board new`)"),
    ),
    rulebook_aliases=("voodoo-pirate",),
    rulebook_effort=3,
    diagrams="sheetgen.games.voodoo.diagrams",
    examples="sheetgen.games.voodoo.examples",
    studio="sheetgen.games.voodoo.studio",
)
