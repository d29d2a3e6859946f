"""The Curse of the Black Dice: the rules sheetgen computes so far (`rules`: settling a quest
tile, the winner) and the rulebook's worked examples (`examples`)."""

from sheetgen.registry import Game

GAME = Game(
    id="black_dice",
    title="The Curse of the Black Dice",
    summary="The Curse of the Black Dice.",
    rulebook_aliases=("curse-of-the-black-dice",),
    rulebook_effort=2,
    diagrams="sheetgen.rulebooks.diagrams.black_dice",
    examples="sheetgen.games.black_dice.examples",
)
