"""Captain's Curse draws from the engine's SplitMix64 streams (`sheetgen.splitmix`, where
the generator and its reasons live); this name stays for the game's own modules and for the
compiled fast path, which compiles the same constants."""

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
