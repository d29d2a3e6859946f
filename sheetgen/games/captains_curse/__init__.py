"""Captain's Curse: island model, rules engine, players, simulation and game logs.

The binding rules are R1-R20 of the spec (`shared/specs/captains-curse.md`); code and tests
cite them by id. Where things live:

- `island`: `Island`, `load_island`, `island_from_dict`, `island_to_dict`, `validate_island`
  (file format `captains-curse-island/1`).
- `ruleset`: `Ruleset` (spec defaults, the two *(option)* switches), `load_ruleset`.
- `state`: the referee. `GameState` with `legal_moves()`, `push()`/`pop()`, the chance step
  `Roll`, decisions `Place`/`Loot`/`Sink`, `result()`; `score_sheet` scores any sheet.
- `players`: the bundled policies (random, greedy, expert) and `FastPlayer`/`RandomPlayer`
  for playing a `GameState`.
- `fast`: the same rules and players compiled with numba (whole games, no Python objects).
- `simulate`: `simulate`, `play_games` (chunks for early stopping), `play_game`,
  `game_seed`, `wilson_interval`.
- `gamelog`: `captains-curse-log/1` logs: `make_log`, `write_log`, `replay`/`replay_file`.
- `rng`: SplitMix64 streams shared by Python and the compiled path.
"""
