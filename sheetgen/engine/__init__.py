"""The shared engine contract: what every game's rules engine is, and the machinery that
plays, measures, logs and replays any of them.

- `contract`: `GameState` / `Move` / `Player` protocols, `Outcome`, `IllegalMove`, `CHANCE`,
  and `play`, which drives any state to its end;
- `rng`: SplitMix64, the seeded generator every engine draws from;
- `runner`: `game_seeds` and `run_games`, many games over processes or a dask cluster with
  results in index order (the same figures whatever `--jobs`);
- `stats`: `wilson`, a win rate with its Wilson interval (`Proportion`);
- `gamelog`: the `<game>-log/1` family, `write_log`, `read_log`, `replay`;
- `dicenim`: a complete toy game on the contract, the worked example.

Importing this package loads only `contract` (no numpy, no worker pool).

>>> from sheetgen.engine import CHANCE, IllegalMove, Outcome, play
>>> CHANCE
-1
"""

from .contract import CHANCE, GameState, IllegalMove, Move, MoveLimit, Outcome, Player, play

__all__ = ["CHANCE", "GameState", "IllegalMove", "Move", "MoveLimit", "Outcome", "Player",
           "play"]
