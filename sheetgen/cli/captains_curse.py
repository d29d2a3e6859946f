"""`sheetgen captains-curse play | simulate | replay | island`: Captain's Curse in the
terminal, in bulk, on trial, and its islands (`sheetgen.cli.islands`).

A thin layer over sheetgen.games.captains_curse: parsing, prompting and printing only.
Exit status: 0 fine, 1 a replayed log has a fault, 2 an input could not be read.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from sheetgen.atomic import output_folder
from sheetgen.cli.islands import island
from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse.gamelog import make_log, replay_file, write_log
from sheetgen.games.captains_curse.island import Island, load_island, validate_island
from sheetgen.games.captains_curse.players import FastPlayer
from sheetgen.games.captains_curse.rng import dice_stream, game_seed
from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET, Ruleset, load_ruleset
from sheetgen.games.captains_curse.simulate import iter_games, play_game_turns, summarize
from sheetgen.games.captains_curse.state import (
    BLANK,
    CIRCLED,
    GameState,
    Loot,
    Phase,
    Place,
    Roll,
    Sink,
)

POLICY_CHOICE = click.Choice(["random", "greedy", "expert"])


def _load(island_path: str, ruleset_path: str | None) -> tuple[Island, Ruleset]:
    ruleset = load_ruleset(ruleset_path) if ruleset_path else DEFAULT_RULESET
    island = load_island(island_path)
    validate_island(island, ruleset)
    return island, ruleset


# ------------------------------------------------------------------ simulate

@click.command("simulate")
@click.argument("island", type=click.Path(dir_okay=False))
@click.option("--policy", type=POLICY_CHOICE, default="expert", show_default=True,
              help="The player: random, greedy or expert.")
@click.option("-n", "--games", "n_games", type=click.IntRange(1), default=2000,
              show_default=True, help="How many games.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Base seed; game i uses a seed derived from it and i.")
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True,
              help="Worker processes (results do not depend on it).")
@click.option("--ruleset", "ruleset_path", type=click.Path(dir_okay=False), default=None,
              help="A ruleset YAML (default: the spec's rules).")
@click.option("--log-dir", type=click.Path(file_okay=False), default=None,
              help="Write one captains-curse-log/1 JSON file per game here.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate_command(island: str, policy: str, n_games: int, seed: int, jobs: int,
                     ruleset_path: str | None, log_dir: str | None, as_json: bool) -> None:
    """Play many games of ISLAND with a bundled player and report the statistics.

    Ctrl-C stops within about a second and reports the games played so far (exit status 130).
    """
    isl, ruleset = _load(island, ruleset_path)
    results: list = []
    interrupted = False
    try:
        for part in iter_games(isl, ruleset, policy, seed, 0, n_games, jobs):
            results.extend(part)
    except KeyboardInterrupt:
        interrupted = True
    logs = 0
    if log_dir and not interrupted:
        output_folder(log_dir)
        try:
            for i in range(n_games):
                gseed = game_seed(seed, i)
                game, turns = play_game_turns(isl, ruleset, policy, gseed)
                write_log(Path(log_dir) / f"game-{i:05d}.json",
                          make_log(isl, ruleset, gseed, policy, turns, game))
                logs += 1
        except KeyboardInterrupt:
            interrupted = True
    if not results:
        click.echo("interrupted before the first games finished: nothing to report", err=True)
        sys.exit(130)
    result = summarize(results, ruleset, policy, seed)
    if as_json:
        out = result.to_dict()
        out["island"] = isl.name
        if interrupted:
            out.update(interrupted=True, games_requested=n_games)
        click.echo(json.dumps(out))
    else:
        low, high = result.win_rate_ci
        click.echo(f"{isl.name}: {result.games} games, policy {policy}, seed {seed}")
        click.echo(f"  wins            {result.wins} ({result.win_rate:.1%}, "
                   f"95% CI {low:.1%}-{high:.1%})")
        click.echo(f"  score           mean {result.mean_score:.1f}, "
                   f"median {result.median_score:g}")
        click.echo(f"  lost to sinking {result.lost_to_sinking:.1%}")
        click.echo("  titles          "
                   + ", ".join(f"{k} {v}" for k, v in result.titles.items()))
        click.echo("  scores          " + _histogram_line(result.score_histogram))
        if log_dir:
            click.echo(f"  logs            {logs} files in {log_dir}")
    if interrupted:
        click.echo(f"interrupted: {len(results)} of {n_games} games played"
                   + (f", {logs} logs written" if log_dir else "")
                   + "; the figures above cover those games", err=True)
        sys.exit(130)


def _histogram_line(hist: dict[int, int]) -> str:
    buckets: dict[int, int] = {}
    for score, count in hist.items():
        buckets[score // 10 * 10] = buckets.get(score // 10 * 10, 0) + count
    return ", ".join(f"{b}s: {c}" for b, c in sorted(buckets.items()))


# ------------------------------------------------------------------ replay

@click.command("replay")
@click.argument("log", type=click.Path(dir_okay=False))
def replay_command(log: str) -> None:
    """Check a captains-curse-log/1 file move by move; exit 1 at the first fault."""
    report = replay_file(log)
    click.echo(f"{log}: {report.describe()}")
    if not report.ok:
        sys.exit(1)


# ------------------------------------------------------------------ play

def _sheet(state: GameState) -> str:
    isl = state.island
    lines = ["  " + " ".join(f"{s[:3]:^3}" for s in isl.symbols), ]
    for row in state.sheet_text().splitlines():
        lines.append("  " + row)
    marks = {BLANK: " ", CIRCLED: "o", 2: "/"}
    lines.append("  doubles: " + "  ".join(f"{d}[{marks[state.doubles[d - 1]]}]"
                                           for d in range(1, 7))
                 + "   (o circled, / spent)")
    lines.append(f"  X so far: {state.x_count()}")
    return "\n".join(lines)


def _island(state: GameState) -> str:
    isl = state.island
    out = []
    for c, symbol in enumerate(isl.symbols):
        cells = []
        for i, space in enumerate(isl.spaces):
            if isl.symbol_of_space[i] != c:
                continue
            bit = 1 << i
            if state.sunk & bit:
                mark = "~"
            elif state.looted & bit:
                mark = "o"
            elif state.marked & bit:
                mark = "a"
            else:
                mark = " "
            ring = "*" if space.ring else ""
            place = f" {space.place}" if space.place else ""
            cells.append(f"{space.id}{ring}[{mark}]{place}")
        out.append(f"  {symbol:>7}: " + ", ".join(cells))
    out.append("  (* centre ring; o looted, a abandoned, ~ sunk)")
    lines = []
    for i in state.usable_lines():
        region = isl.region_masks[i] & ~state.sunk
        size = bin(region).count("1")
        avail = bin(region & state.available).count("1")
        ring = " ring" if region & isl.ring_mask else ""
        lines.append(f"{isl.sink_lines[i].id} {size}/{avail}{ring}")
    out.append("  sink lines now (spaces/unlooted): " + (", ".join(lines) or "none (R13)"))
    return "\n".join(out)


def _line_desc(state: GameState, i: int) -> str:
    line = state.island.sink_lines[i]
    region = state.island.region_masks[i] & ~state.sunk
    ids = [s.id for k, s in enumerate(state.island.spaces) if region >> k & 1]
    avail = bin(region & state.available).count("1")
    ring = bin(region & state.island.ring_mask).count("1")
    cost = f"{len(ids)} space(s), {avail} unlooted"
    if ring:
        cost += f", {ring} centre-ring"
    return f"{line.id}: sinks {', '.join(ids)} ({cost})"


def _place_desc(state: GameState, move: Place) -> str:
    isl = state.island
    mod = ""
    if move.modify is not None:
        sign = "+1" if move.modify.delta > 0 else "-1"
        mod = f"spend doubles {move.modify.spend}: {move.modify.die} {sign}; "
    if move.take == "pass":
        return f"{mod}pass (and sink)"
    value = state.value_of(move)
    assert move.column is not None
    curse = " (cursed: sink after)" if move.take == "black" else ""
    return f"{mod}{move.take} {value} in column {move.column + 1} ({isl.symbols[move.column]})" \
        f"{curse}"


def _ask_dice() -> Roll:
    while True:
        text = click.prompt("dice rolled, white then black (e.g. 3 5)")
        digits = [ch for ch in text if ch.isdigit()]
        if len(digits) == 2 and all(1 <= int(d) <= 6 for d in digits):
            return Roll(int(digits[0]), int(digits[1]))
        click.echo("  two dice from 1 to 6, please")


def _choose(options: list, describe, by_id: dict[str, int] | None = None) -> int:
    for k, option in enumerate(options, start=1):
        click.echo(f"  {k:>2}) {describe(option)}")
    while True:
        text = click.prompt("choice").strip()
        if text.isdigit() and 1 <= int(text) <= len(options):
            return int(text) - 1
        if by_id and text in by_id:
            return by_id[text]
        click.echo(f"  enter a number from 1 to {len(options)}")


@click.command("play")
@click.argument("island", type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=None, help="Seed for the dice (default: random).")
@click.option("--dice", "manual_dice", is_flag=True,
              help="Type the dice you rolled by hand (referee a paper game).")
@click.option("--ruleset", "ruleset_path", type=click.Path(dir_okay=False), default=None,
              help="A ruleset YAML (default: the spec's rules).")
@click.option("--hint", type=click.Choice(["greedy", "expert"]), default=None,
              help="Show what a bundled player would choose.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None,
              help="Write the game as a captains-curse-log/1 file at the end.")
def play_command(island: str, seed: int | None, manual_dice: bool, ruleset_path: str | None,
                 hint: str | None, log_path: str | None) -> None:
    """Play a game of ISLAND in the terminal; only legal choices are accepted."""
    isl, ruleset = _load(island, ruleset_path)
    if seed is None and not manual_dice:
        seed = int.from_bytes(os.urandom(4), "little")
    dice = dice_stream(seed) if not manual_dice and seed is not None else None
    state = GameState(isl, ruleset)
    adviser = FastPlayer(hint) if hint else None
    click.echo(f"Captain's Curse on {isl.name}" + (f" (seed {seed})" if dice else ""))
    while not state.is_over():
        if state.phase == Phase.CHANCE:
            click.echo(f"\n--- turn {state.turn + 1} ---")
            click.echo(_sheet(state))
            click.echo(_island(state))
            if dice is None:
                roll = _ask_dice()
            else:
                r = dice.randrange(36)
                roll = Roll(r // 6 + 1, r % 6 + 1)
            state.push(roll)
            doubles = " doubles!" if roll.white == roll.black else ""
            click.echo(f"rolled white {roll.white}, black {roll.black}{doubles}")
            if state.record and state.record["doubles_circled"]:
                click.echo(f"  doubles {roll.white} circled: you must take the black die (R8)")
            continue
        legal = state.legal_moves()
        if adviser is not None:
            click.echo(f"  hint ({hint}): {_describe_move(state, adviser.choose(state))}")
        if state.phase == Phase.PLACE:
            if len(legal) == 1 and legal[0].take == "pass":
                click.echo("  no die can be placed: you pass, and must sink (R7, R9)")
                state.push(legal[0])
                continue
            click.echo("your die decision:")
            k = _choose(legal, lambda m: _place_desc(state, m))
        elif state.phase == Phase.LOOT:
            click.echo("loot one space:")
            ids = {m.space: j for j, m in enumerate(legal)}
            k = _choose(legal, lambda m: _space_desc(state, m.space),
                        {isl.spaces[s].id: j for s, j in ids.items()})
        else:
            click.echo("sink part of the island (choose a line):")
            k = _choose(legal, lambda m: _line_desc(state, m.line),
                        {isl.sink_lines[m.line].id: j for j, m in enumerate(legal)})
        state.push(legal[k])
    result = state.result()
    click.echo("\n--- game over ---")
    click.echo(_sheet(state))
    click.echo(f"columns: {list(result.column_totals)}, X: {result.x_count}, "
               f"score {result.score}")
    goals = ", ".join(f"G{i + 1} {'yes' if g else 'no'}" for i, g in enumerate(result.goals))
    click.echo(f"goals: {goals}; unsunk spaces {result.unsunk_spaces}")
    verdict = "the island sank: you lose" if result.lost else (
        "you win" if result.won else "you lose")
    click.echo(f"{verdict}" + (f", title: {result.title}" if result.title else ""))
    if log_path:
        write_log(log_path, make_log(isl, ruleset, seed, "human", state.turns, result))
        click.echo(f"log written to {log_path}")


def _space_desc(state: GameState, i: int) -> str:
    space = state.island.spaces[i]
    extra = " centre ring" if space.ring else ""
    lines = [state.island.sink_lines[j].id for j in state.usable_lines()
             if state.island.region_masks[j] >> i & 1]
    risk = f"; sinkable now by {', '.join(lines)}" if lines else ""
    place = f" {space.place}" if space.place else ""
    return f"{space.id}{place}{extra}{risk}"


def _describe_move(state: GameState, move) -> str:
    if isinstance(move, Place):
        return _place_desc(state, move)
    if isinstance(move, Loot):
        return f"loot {state.island.spaces[move.space].id}"
    if isinstance(move, Sink):
        return f"sink {state.island.sink_lines[move.line].id}"
    return str(move)


@click.group("captains-curse")
def group() -> None:
    """Captain's Curse: play, simulate and replay games; generate and verify islands."""


for _command in (play_command, simulate_command, replay_command, island):
    group.add_command(_command)

__all__ = ["group", "SheetgenError"]
