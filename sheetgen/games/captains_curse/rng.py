"""Captain's Curse draws from the engines' SplitMix64 streams (`sheetgen.splitmix`, where
the generator and its reasons live, re-exported by `sheetgen.engine.rng`); this name stays
for the game's own modules and for the compiled fast path, which compiles the same
constants (`rng.GAMMA`, ...)."""

from sheetgen.engine.rng import *  # noqa: F403
from sheetgen.engine.rng import __all__  # noqa: F401
