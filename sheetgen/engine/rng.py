"""The seeded generator every engine draws from: SplitMix64, with a game's two streams
(`dice_stream` for chance steps, `policy_stream` for the players' own choices) and
`game_seed` for game i of a run. Its home is `sheetgen.splitmix`, below every layer, so that
drawing code (a hand-drawn wobble) uses the very same streams; engines import it from here.

>>> dice_stream(7).randrange(6) == dice_stream(7).randrange(6)
True
"""

from sheetgen.splitmix import (
    GAMMA,
    MASK64,
    MIX1,
    MIX2,
    POLICY_STREAM,
    SplitMix64,
    dice_stream,
    game_seed,
    mix64,
    policy_stream,
)

__all__ = ["GAMMA", "MASK64", "MIX1", "MIX2", "POLICY_STREAM", "SplitMix64", "dice_stream",
           "game_seed", "mix64", "policy_stream"]
