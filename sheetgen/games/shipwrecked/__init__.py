"""Shipwrecked!: the scoring engine (`scoring`, `countsfile`), the whole-game engine
(`rules` with the rule ids, `state` on sheetgen.engine's contract, `policies`, the batch
simulator `batch`, `simulate`, logs in `gamelog`), the measured facts the card and rulebook
print (`providers`), the printed parts (`tiles`, `pictures`, `elements`) and the pad (`pad`).

>>> from sheetgen.games.shipwrecked.scoring import counts, decide
>>> result = decide(counts([(6, 4), (3, 5), (4, 4)], ocean=(5, 7)))
>>> result.winner, result.decided_by
('black', 'fewest in the ocean')
"""

from sheetgen.registry import Game, PadOption

GAME = Game(
    id="shipwrecked",
    title="Shipwrecked!",
    summary="Shipwrecked!: score a finished game, simulate many, replay a log (the pad is "
            "`sheetgen pad shipwrecked`).",
    elements="sheetgen.games.shipwrecked.elements",
    providers="sheetgen.games.shipwrecked.providers",
    cli="sheetgen.games.shipwrecked.cli",
    pad="sheetgen.games.shipwrecked.pad:build_pad",
    pad_options=(
        PadOption("--seed", "seed", "int", 1, "picks the islands' names and coasts"),
        PadOption("--paper", "paper", "str", "a4", "", choices=("a4", "letter")),
        PadOption("--cards", "score_cards", "int", 4, "score cards (four to a sheet)",
                  low=1, high=400),
        PadOption("--tile", "tile_mm", "float", None,
                  "tile side in mm (default 90; Letter fits 85)", low=40, high=90),
    ),
    diagrams="sheetgen.games.shipwrecked.diagrams",
    examples="sheetgen.games.shipwrecked.examples",
    studio="sheetgen.games.shipwrecked.studio",
)
