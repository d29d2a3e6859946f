"""Captain's Curse: island model, rules engine, players, simulation and game logs.

The binding rules are R1-R20 of the spec (`shared/specs/captains-curse.md`); code and tests
cite them by id. Where things live:

- `island`: `Island`, `load_island`, `island_from_dict`, `island_to_dict`, `validate_island`
  (file format `captains-curse-island/1`).
- `ruleset`: `Ruleset` (spec defaults, the two *(option)* switches), `load_ruleset`.
- `state`: the referee. `GameState` with `legal_moves()`, `push()`/`pop()`, the chance step
  `Roll`, decisions `Place`/`Loot`/`Sink`, `result()`; `score_sheet` scores any sheet.
- `session`: `Session`, a person's game on the referee (typed or seeded dice, undo that
  never re-rolls): the terminal's `play` and the studio's game drive it.
- `players`: the bundled policies (random, greedy, expert) and `FastPlayer`/`RandomPlayer`
  for playing a `GameState`.
- `fast`: the same rules and players compiled with numba (whole games, no Python objects).
- `simulate`: `simulate`, `play_games` (chunks for early stopping), `play_game`,
  `game_seed`, `wilson_interval`.
- `gamelog`: `captains-curse-log/1` logs: `make_log`, `write_log`, `replay`/`replay_file`.
- `rng`: SplitMix64 streams shared by Python and the compiled path.
- `pad`: `build_pad`, the verified-island pad behind `sheetgen pad captains-curse`.
- `examples`: the rulebook's worked examples, scored by the engine.
- `cli/` (`sheetgen captains-curse ...`), `diagrams` (the rulebook's figures), `studio/`.

A turn through the referee, and back:

>>> from sheetgen.games.captains_curse.island import load_island
>>> from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET
>>> from sheetgen.games.captains_curse.state import GameState, Roll
>>> from sheetgen.resources import bundled_dir
>>> game = GameState(load_island(bundled_dir("layouts") / "captains_curse/islands/roomy.yaml"),
...                  DEFAULT_RULESET)
>>> game.push(Roll(3, 5))
>>> move = game.legal_moves()[0]
>>> move
Place(modify=None, take='white', column=0)
>>> game.push(move)
>>> game.pop() == move
True
"""

from sheetgen.registry import Game, PadOption

GAME = Game(
    id="captains_curse",
    title="Captain's Curse",
    summary="Captain's Curse: play, simulate and replay games; generate and verify islands.",
    elements="sheetgen.games.captains_curse.elements",
    cli="sheetgen.games.captains_curse.cli",
    cli_aliases={"play": "play", "simulate": "simulate", "replay": "replay",
                 "island": "island"},
    pad="sheetgen.games.captains_curse.pad:build_pad",
    pad_options=(
        PadOption("--count", "count", "int", 10, "islands, one sheet each", low=1, high=10000),
        PadOption("--seed", "seed", "int", 1, "pad seed; island i uses a seed derived from it"),
        PadOption("--difficulty", "difficulty", "str", "normal", "win-rate band",
                  choices=("easy", "normal", "hard")),
        PadOption("--jobs", "jobs", "int", 1, "worker processes (the pad does not depend on "
                  "it)", low=1, high=64),
        PadOption("--paper", "paper", "str", "a4", "", choices=("a4", "letter")),
        PadOption("--scheduler", "scheduler", "str", None,
                  "run island generation and verification on a dask.distributed cluster: "
                  "tcp://HOST:PORT of a running scheduler, or 'local' for a LocalCluster of "
                  "--jobs workers (same PDF as --jobs)"),
    ),
    rulebook_effort=2,
    diagrams="sheetgen.games.captains_curse.diagrams",
    examples="sheetgen.games.captains_curse.examples",
    data_folders=("islands", "rulesets"),
    studio="sheetgen.games.captains_curse.studio",
)
