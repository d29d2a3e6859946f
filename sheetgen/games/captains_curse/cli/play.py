"""`sheetgen captains-curse play`: a game in the terminal, with seeded dice or as the referee
of a paper game (`--dice`: the player types the dice they rolled).

The prompts name spaces and sink lines by the labels a referee print of the sheet shows
(`sheetgen render captains_curse/island_sheet --set island=FILE --set ids=true`): space
numbers and line letters (`games.captains_curse.labels`). At any prompt: `?` help, `undo` the
last decision, `quit` (the log so far is written when `--log` was given; so it is on Ctrl-D
and Ctrl-C). Commands are whole words, so they never clash with a line letter (U, Q, ...).
A die decision is asked in at most two steps: the plain placements and one entry per
spendable doubles symbol, then that symbol's modifications.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from sheetgen.games.captains_curse.gamelog import make_log, write_log
from sheetgen.games.captains_curse.island import load_checked
from sheetgen.games.captains_curse.referee import Referee
from sheetgen.games.captains_curse.rng import dice_stream
from sheetgen.games.captains_curse.session import Session
from sheetgen.games.captains_curse.state import GameState, Phase, Place, Roll

if TYPE_CHECKING:  # the players load numpy; only `play --hint` needs them
    from sheetgen.games.captains_curse.players import FastPlayer

HELP = """  at a prompt: a choice (its number, or the space number / line letter shown in
  brackets, as printed on a referee sheet), ? this help, undo (the last decision),
  quit (the log so far is written if --log was given)"""

# Two dice from 1 to 6, apart: "3 5", "3,5", "3/5"; not "35", "3.5" or "-1 3".
DICE = re.compile(r"\s*([1-6])\s*[ ,/]\s*([1-6])\s*")


class Undo(Exception):
    """The player asked to take back the last decision."""


class Quit(Exception):
    """The player asked to stop (`quit`: asked, True), or input ended (Ctrl-D, Ctrl-C)."""

    def __init__(self, asked: bool = False):
        super().__init__()
        self.asked = asked


def _ask(prompt: str) -> str:
    """One answer; `?` prints help and asks again, `undo` and `quit` raise Undo and Quit."""
    while True:
        try:
            text = click.prompt(prompt, prompt_suffix=": ").strip()
        except click.Abort:
            raise Quit() from None
        low = text.lower()
        if low in ("?", "help"):
            click.echo(HELP)
            continue
        if low == "undo":
            raise Undo()
        if low == "quit":
            raise Quit(asked=True)
        return text


def parse_dice(text: str) -> Roll | None:
    """`"3 5"` -> Roll(3, 5); None unless it is exactly two dice from 1 to 6, apart."""
    m = DICE.fullmatch(text)
    return Roll(int(m.group(1)), int(m.group(2))) if m else None


def _ask_dice() -> Roll:
    while True:
        roll = parse_dice(_ask("dice rolled, white then black (e.g. 3 5)"))
        if roll is not None:
            return roll
        click.echo("  two dice from 1 to 6, white then black, apart (e.g. 3 5); ? for help")


def _choose(options: list, describe: Callable, keys: list[str] | None = None) -> int:
    """Index of the chosen option; `keys` (labels) replace the numbers 1..n when given."""
    shown = keys or [str(k) for k in range(1, len(options) + 1)]
    width = max(len(s) for s in shown)
    for key, option in zip(shown, options, strict=True):
        click.echo(f"  [{key:>{width}}] {describe(option)}")
    lookup = {key.lower(): k for k, key in enumerate(shown)}
    while True:
        text = _ask("choice").lower()
        if text in lookup:
            return lookup[text]
        what = f"a number from 1 to {len(options)}" if keys is None else \
            "one of " + ", ".join(shown)
        click.echo(f"  enter {what} (? for help)")


class TerminalReferee(Referee):
    """The referee's words, and the terminal's way of asking for a die decision."""

    def choose_place(self, legal: list[Place]) -> Place:
        """At most two steps: plain placements and one entry per doubles symbol to spend,
        then the modifications that symbol pays for."""
        plain = [m for m in legal if m.modify is None]
        spends = sorted({m.modify.spend for m in legal if m.modify is not None})
        if not spends:
            click.echo("your die decision:")
            return plain[_choose(plain, self.place_desc)]
        count = {d: sum(1 for m in legal if m.modify and m.modify.spend == d) for d in spends}
        options: list = plain + spends

        def describe(o) -> str:
            if isinstance(o, Place):
                return self.place_desc(o)
            return f"scribble out doubles {o} to move a die by 1 ({count[o]} choices)"

        while True:
            click.echo("your die decision:")
            k = _choose(options, describe)
            if k < len(plain):
                return plain[k]
            spend = options[k]
            mods = [m for m in legal if m.modify and m.modify.spend == spend]
            click.echo(f"spending doubles {spend} (back: the first step):")
            try:
                return mods[_choose_or_back(mods, self.place_desc)]
            except _Back:
                continue


class _Back(Exception):
    pass


def _choose_or_back(options: list, describe: Callable) -> int:
    for k, option in enumerate(options, start=1):
        click.echo(f"  [{k:>2}] {describe(option)}")
    while True:
        text = _ask("choice").lower()
        if text == "back":
            raise _Back()
        if text.isdigit() and 1 <= int(text) <= len(options):
            return int(text) - 1
        click.echo(f"  enter a number from 1 to {len(options)}, or back (? for help)")


def play_game(state: GameState, dice, adviser: FastPlayer | None, hint: str | None) -> None:
    """Run the game to its end; raises Quit if the player stops. `dice` is a seeded stream,
    or None for typed dice. The game's bookkeeping (undo, seeded dice that stay the same
    when taken back) is `session.Session`'s; this loop only asks and tells."""
    ref = TerminalReferee(state)
    table = Session(state, dice)
    while not state.is_over():
        try:
            if state.phase == Phase.CHANCE:
                click.echo(f"\n--- turn {state.turn + 1} ---")
                click.echo(ref.sheet())
                click.echo(ref.map())
                roll = table.roll(_ask_dice() if dice is None else None)
                doubles = " doubles!" if roll.white == roll.black else ""
                click.echo(f"rolled white {roll.white}, black {roll.black}{doubles}")
                if state.record and state.record["doubles_circled"]:
                    click.echo(f"  doubles {roll.white} circled: you must take the black die "
                               "(R8)")
                continue
            legal = state.legal_moves()
            if adviser is not None:
                click.echo(f"  hint ({hint}): {ref.describe(adviser.choose(state))}")
            if state.phase == Phase.PLACE:
                if len(legal) == 1 and legal[0].take == "pass":
                    click.echo("  no die can be placed: you pass, and must sink (R7, R9)")
                    table.push(legal[0], decided=False)
                    continue
                move = ref.choose_place(legal)
            elif state.phase == Phase.LOOT:
                click.echo("loot one space:")
                move = legal[_choose(legal, lambda m: ref.space_desc(m.space),
                                     [ref.space[m.space] for m in legal])]
            else:
                click.echo("sink part of the island (choose a line):")
                move = legal[_choose(legal, lambda m: ref.line_desc(m.line),
                                     [ref.line[m.line] for m in legal])]
            table.push(move)
        except Undo:
            undone = table.undo()
            if undone is None:
                click.echo("  nothing to undo")
                continue
            move, dealt = undone
            click.echo(f"  undone: {ref.describe(move)}")
            if dealt is not None:
                click.echo(f"  (the dice stay: white {dealt.white}, black {dealt.black})")


@click.command("play")
@click.argument("island", type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=None, help="Seed for the dice (default: random).")
@click.option("--dice", "manual_dice", is_flag=True,
              help="Type the dice you rolled by hand (referee a paper game; print the sheet "
                   "with --set ids=true to see the labels the prompts use).")
@click.option("--ruleset", "ruleset_path", type=click.Path(dir_okay=False), default=None,
              help="A ruleset YAML (default: the spec's rules).")
@click.option("--hint", type=click.Choice(["greedy", "expert"]), default=None,
              help="Show what a bundled player would choose.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None,
              help="Write the game as a captains-curse-log/1 file (at the end, or when you "
                   "quit: the turns played so far).")
def play_command(island: str, seed: int | None, manual_dice: bool, ruleset_path: str | None,
                 hint: str | None, log_path: str | None) -> None:
    """Play a game of ISLAND in the terminal; only legal choices are accepted.

    At any prompt: ? help, undo (the last decision), quit.
    """
    from sheetgen.games.captains_curse.players import FastPlayer

    isl, ruleset = load_checked(island, ruleset_path)
    if seed is None and not manual_dice:
        seed = int.from_bytes(os.urandom(4), "little")
    dice = dice_stream(seed) if not manual_dice and seed is not None else None
    state = GameState(isl, ruleset)
    adviser = FastPlayer(hint) if hint else None
    click.echo(f"Captain's Curse on {isl.name}" + (f" (seed {seed})" if dice else "")
               + "; ? for help")
    try:
        play_game(state, dice, adviser, hint)
    except Quit as stop:
        click.echo(f"\nstopped after {state.turn} turn(s)")
        if log_path:
            write_log(log_path, make_log(isl, ruleset, seed if dice else None, "human",
                                         state.turns, None))
            click.echo(f"log of the {len(state.turns)} finished turn(s) written to {log_path}")
        sys.exit(0 if stop.asked else 130)
    result = state.result()
    ref = Referee(state)
    click.echo("\n--- game over ---")
    click.echo(ref.sheet())
    click.echo(f"columns: {list(result.column_totals)}, X: {result.x_count}, "
               f"score {result.score}")
    goals = ", ".join(f"G{i + 1} {'yes' if g else 'no'}" for i, g in enumerate(result.goals))
    click.echo(f"goals: {goals}; unsunk spaces {result.unsunk_spaces}")
    verdict = "the island sank: you lose" if result.lost else (
        "you win" if result.won else "you lose")
    click.echo(f"{verdict}" + (f", title: {result.title}" if result.title else ""))
    if log_path:
        write_log(log_path, make_log(isl, ruleset, seed if dice else None, "human",
                                     state.turns, result))
        click.echo(f"log written to {log_path}")
