"""The Curse of the Black Dice: a rules engine on the engine contract (`game`, `moves`,
`settlement`), quest files (`quest`), bundled players, the balance checker, game logs and the
rulebook's worked examples (`examples`); docs/black-dice.md.

>>> from sheetgen.games.black_dice.rules import adventure_outcome, black_dice_winner
>>> adventure_outcome(black=5, player_dice=3)  # failed: two black dice are re-rolled
(False, 2)
>>> black_dice_winner({"Red": [5, 5], "Blue": [4, 3, 3]}, last_captain="Blue")
('Red', 'fewest tokens')
"""

from sheetgen.registry import Game, PadOption

GAME = Game(
    id="black_dice",
    title="The Curse of the Black Dice",
    summary="The Curse of the Black Dice.",
    providers="sheetgen.games.black_dice.providers",
    pad="sheetgen.games.black_dice.pad:build_pad",
    pad_options=(PadOption("--paper", "paper", "str", "a4", "", choices=("a4", "letter")),),
    rulebook_aliases=("curse-of-the-black-dice",),
    rulebook_effort=2,
    diagrams="sheetgen.games.black_dice.diagrams",
    examples="sheetgen.games.black_dice.examples",
    cli="sheetgen.games.black_dice.cli",
    studio="sheetgen.games.black_dice.studio",
)
