"""Many Voodoo Pirate games on one board, measured: what `sheetgen voodoo simulate` prints
and what `verify` judges.

A run is a `Lineup` (who sits where: bundled players by name, Cursed Pirates as "cursed")
played `n` times. Game i is played by the engine's `play_game` with the seed
`runner.game_seeds(seed, n)[i]`; `run_games` hands the games to worker processes (or a dask
cluster) and returns them in index order, so the figures are the same whatever `--jobs`.
With `rotate`, game i seats the lineup turned by i places, so every player sits in every
seat equally often and a seat's advantage cannot pass for a player's skill.

Each game is cut down to a `GameSummary` in the worker (the moves stay there, or go to a
`voodoo-log/1` file when a log folder is given), and `summarize` turns the summaries into
`Figures`:

- rounds played (mean with its interval, least, most, how many games lasted each count);
- how games ended: a ship on the Voodoo Shore, or a parrot at the end of the lunar track;
- win share by seat, by starting harbour space, by player and by kind (players against
  Cursed Pirates), each a Wilson interval. A tie shares the win: every tied winner counts
  a win, so shares can add up to more than one;
- where the winners' Voodoo Power came from: their mean position, coins, ship's die and
  end-game bonuses, and each part's share of the total.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from sheetgen.engine.stats import Mean, Proportion, mean_interval, wilson
from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.games.voodoo.board import Board, Space, default_board, parse_board

CURSED = "cursed"
POWER_PARTS = ("position", "coins", "broadsides", "skulls")
"""The four sources of Voodoo Power (seed l.61-68), as the engine names them."""
ENDS = ("shore", "lunar")


@dataclass(frozen=True)
class Lineup:
    """Who plays: one entry per seat, clockwise, a player's name ("greedy") or "cursed".
    `options` are player settings (e.g. {"rollouts": 2} for the planner), applied to every
    player that has such a field."""

    seats: tuple[str, ...]
    rotate: bool = False
    options: tuple[tuple[str, Any], ...] = ()

    def seated(self, index: int) -> tuple[str, ...]:
        """The lineup of game `index`: turned by `index` places when rotating."""
        if not self.rotate:
            return self.seats
        k = index % len(self.seats)
        return self.seats[k:] + self.seats[:k]

    def describe(self) -> str:
        counts = Counter(self.seats)
        text = ", ".join(f"{n} {name}" for name, n in counts.items())
        return text + (" (seats rotated game by game)" if self.rotate else "")


def lineup(players: Sequence[str], cursed: int = 0, rotate: bool = False,
           options: dict[str, Any] | None = None) -> Lineup:
    """A checked lineup: player names first, then `cursed` Cursed Pirates (1 to 5 seats in
    all, seed l.5); an unknown name is a SheetgenError naming the known ones."""
    from sheetgen.games.voodoo.players import PLAYERS

    for name in players:
        if name not in PLAYERS:
            raise SheetgenError(f"unknown Voodoo Pirate player {name!r}",
                                hint=did_you_mean(name, sorted(PLAYERS))
                                or f"players: {', '.join(sorted(PLAYERS))}")
    seats = (*players, *([CURSED] * cursed))
    if not 1 <= len(seats) <= 5:
        raise SheetgenError(f"{len(seats)} seats: Voodoo Pirate seats 1 to 5 pirates",
                            hint="--players names the player seats, --cursed adds Cursed "
                                 "Pirates")
    return Lineup(seats, rotate, tuple(sorted((options or {}).items())))


@dataclass(frozen=True)
class GameSummary:
    """What the figures need of one game (the engine's GameRecord without its moves)."""

    seats: tuple[str, ...]            # player name or "cursed", per seat
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    rounds: int
    end: str                          # "shore" | "lunar"
    start: tuple[Space, ...]          # harbour space per seat
    power: tuple[tuple[int, ...], ...]  # per seat, POWER_PARTS in order


def summary_of(record: Any, seated: Sequence[str]) -> GameSummary:
    """The summary of an engine GameRecord (`outcome`, `rounds`, `end`, `start_space`,
    `power`), the lineup `seated` giving each seat's player."""
    return GameSummary(
        seats=tuple(seated), winners=tuple(record.outcome.winners),
        scores=tuple(record.outcome.scores), rounds=int(record.rounds), end=str(record.end),
        start=tuple(tuple(s) for s in record.start_space),
        power=tuple(tuple(int(p.get(k, 0)) for k in POWER_PARTS) for p in record.power))


# --- playing ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Run:
    """A run's settings, sent to every worker: the board as its file text (None: the bundled
    Sea of Souls) so a worker parses it once, the lineup, and where logs go."""

    board_text: str | None
    lineup: Lineup
    log_dir: str | None = None


@lru_cache(maxsize=4)
def board_from_text(text: str | None) -> Board:
    return default_board() if text is None else parse_board(text, "<board>")


def make_players(seated: Sequence[str], options: tuple[tuple[str, Any], ...]) -> list[Any]:
    """Player objects for a lineup (Cursed Pirates get None: the referee plays them)."""
    from dataclasses import fields, replace

    from sheetgen.games.voodoo.players import make_player

    out: list[Any] = []
    for name in seated:
        if name == CURSED:
            out.append(None)
            continue
        player = make_player(name)
        known = {f.name for f in fields(player)}
        settings = {k: v for k, v in options if k in known}
        out.append(replace(player, **settings) if settings else player)
    return out


def play_one(game_seed: int, index: int, run: Run) -> GameSummary:
    """Game `index` of a run (top level, so worker processes can call it)."""
    from sheetgen.games.voodoo.playthrough import play_game

    board = board_from_text(run.board_text)
    seated = run.lineup.seated(index)
    kinds = ["cursed" if s == CURSED else "player" for s in seated]
    players = make_players(seated, run.lineup.options)
    if run.log_dir is None:
        record = play_game(board, kinds, players, game_seed)
    else:
        from sheetgen.games.voodoo.gamelog import LogWriter, bundled_text

        writer = LogWriter(run.board_text or bundled_text(), seated, game_seed)
        record = play_game(board, kinds, players, game_seed, on_move=writer)
        writer.finish(record.outcome, Path(run.log_dir) / log_name(index))
    return summary_of(record, seated)


def log_name(index: int) -> str:
    return f"game-{index:06d}.json"


def play_games(run: Run, n: int, seed: int, *, jobs: int = 1, scheduler: str | None = None,
               progress: Callable[[int, int], None] | None = None) -> list[GameSummary]:
    """Games 0..n-1 of `run`, in index order whatever `jobs` or `scheduler`."""
    from sheetgen.engine.runner import run_games

    if run.log_dir is not None:
        from sheetgen.atomic import output_folder

        output_folder(run.log_dir)
        run = Run(run.board_text, run.lineup, os.path.abspath(run.log_dir))
    return run_games(play_one, n, seed, jobs=jobs, scheduler=scheduler, args=(run,),
                     progress=progress)


# --- figures ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Figures:
    """A run measured (see the module docstring)."""

    games: int
    lineup: str
    rounds: Mean
    rounds_least: int
    rounds_most: int
    rounds_count: dict[int, int]
    ends: dict[str, Proportion]
    seats: tuple[Proportion, ...]
    start_spaces: dict[Space, Proportion]
    players: dict[str, Proportion]
    player_power: dict[str, Mean]   # final Voodoo Power per seat played, by player
    kinds: dict[str, Proportion]
    cursed_won: Proportion | None   # games with a Cursed Pirate among the winners
    shared_wins: int
    winners_power: dict[str, Mean]
    winners_share: dict[str, float]
    power_parts: tuple[str, ...] = field(default=POWER_PARTS)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (`--json`), rounded so that equal runs print equal text."""
        def prop(p: Proportion) -> dict[str, Any]:
            return {"rate": round(p.rate, 4), "low": round(p.low, 4),
                    "high": round(p.high, 4), "wins": p.wins, "n": p.n}

        def mean(m: Mean) -> dict[str, Any]:
            return {"mean": round(m.mean, 3), "low": round(m.low, 3),
                    "high": round(m.high, 3), "n": m.n}

        return {
            "games": self.games, "lineup": self.lineup,
            "rounds": {**mean(self.rounds), "least": self.rounds_least,
                       "most": self.rounds_most,
                       "count": {str(k): v for k, v in sorted(self.rounds_count.items())}},
            "ends": {k: prop(v) for k, v in self.ends.items()},
            "seats": [prop(p) for p in self.seats],
            "start_spaces": {f"{c},{r}": prop(p) for (c, r), p in self.start_spaces.items()},
            "players": {k: prop(v) for k, v in self.players.items()},
            "player_power": {k: mean(v) for k, v in self.player_power.items()},
            "kinds": {k: prop(v) for k, v in self.kinds.items()},
            "cursed_won": prop(self.cursed_won) if self.cursed_won else None,
            "shared_wins": self.shared_wins,
            "winners_power": {k: mean(v) for k, v in self.winners_power.items()},
            "winners_share": {k: round(v, 4) for k, v in self.winners_share.items()},
        }


def _rate(pairs: list[tuple[str, bool]]) -> dict[str, Proportion]:
    """Per key, the share of its entries that won."""
    total: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for key, win in pairs:
        total[key] += 1
        won[key] += win
    return {k: wilson(won[k], total[k]) for k in total}


def summarize(games: Sequence[GameSummary], board: Board, lineup: Lineup) -> Figures:
    """The figures of a run (pure: the same games give the same figures)."""
    n = len(games)
    if n == 0:
        raise SheetgenError("no games to measure", hint="play at least one game (-n)")
    seats = len(games[0].seats)
    rounds = [g.rounds for g in games]
    ends = {end: wilson(sum(g.end == end for g in games), n) for end in ENDS}
    seat_rates = tuple(wilson(sum(s in g.winners for g in games), n) for s in range(seats))
    starts = _rate([(g.start[s], s in g.winners) for g in games for s in range(seats)])
    order = [s for s in board.harbour_order if s in starts]
    start_rates = {s: starts[s] for s in order}  # type: ignore[index]
    players = _rate([(g.seats[s], s in g.winners) for g in games for s in range(seats)])
    player_power = {name: mean_interval([g.scores[s] for g in games for s in range(seats)
                                         if g.seats[s] == name]) for name in sorted(players)}
    kinds = _rate([("cursed" if g.seats[s] == CURSED else "player", s in g.winners)
                   for g in games for s in range(seats)])
    has_cursed = any(CURSED in g.seats for g in games)
    cursed_won = (wilson(sum(any(g.seats[w] == CURSED for w in g.winners) for g in games), n)
                  if has_cursed else None)
    parts = [g.power[w] for g in games for w in g.winners]
    winners_power = {k: mean_interval([p[i] for p in parts]) for i, k in enumerate(POWER_PARTS)}
    grand = sum(sum(p) for p in parts)
    share = {k: (sum(p[i] for p in parts) / grand if grand else 0.0)
             for i, k in enumerate(POWER_PARTS)}
    return Figures(
        games=n, lineup=lineup.describe(), rounds=mean_interval(rounds),
        rounds_least=min(rounds), rounds_most=max(rounds),
        rounds_count=dict(sorted(Counter(rounds).items())), ends=ends, seats=seat_rates,
        start_spaces=start_rates, players=dict(sorted(players.items())),
        player_power=player_power, kinds=dict(sorted(kinds.items())), cursed_won=cursed_won,
        shared_wins=sum(len(g.winners) > 1 for g in games),
        winners_power=winners_power, winners_share=share)


def pct(p: Proportion) -> str:
    return f"{100 * p.rate:5.1f}% (95% {100 * p.low:.1f}-{100 * p.high:.1f}%, {p.wins}/{p.n})"


def report_lines(f: Figures, board: Board) -> list[str]:
    """The figures as the text `simulate` prints."""
    lines = [f"{board.name}: {f.games} games, {f.lineup}",
             f"rounds: mean {f.rounds.mean:.2f} (95% {f.rounds.low:.2f}-{f.rounds.high:.2f}),"
             f" least {f.rounds_least}, most {f.rounds_most}",
             "  " + "  ".join(f"{k}:{v}" for k, v in f.rounds_count.items()),
             f"ended by a ship on the Voodoo Shore: {pct(f.ends['shore'])}",
             f"ended by a parrot at the lunar track's end: {pct(f.ends['lunar'])}",
             f"shared wins (tied Voodoo Power): {f.shared_wins}",
             "win share by seat:"]
    lines += [f"  seat {s + 1}: {pct(p)}" for s, p in enumerate(f.seats)]
    lines.append("win share by starting harbour space (value):")
    lines += [f"  {c},{r} ({board.value((c, r))}): {pct(p)}"
              for (c, r), p in f.start_spaces.items()]
    lines.append("win share by player (per seat played), and mean final Voodoo Power:")
    lines += [f"  {name}: {pct(p)}; power {f.player_power[name].mean:.2f} "
              f"(95% {f.player_power[name].low:.2f}-{f.player_power[name].high:.2f})"
              for name, p in f.players.items()]
    if f.cursed_won is not None:
        lines.append("Cursed Pirates against players (per seat):")
        lines += [f"  {kind}: {pct(p)}" for kind, p in f.kinds.items()]
        lines.append(f"  games a Cursed Pirate won: {pct(f.cursed_won)}")
    lines.append("winners' Voodoo Power (mean per winner, share of the total):")
    lines += [f"  {k}: {f.winners_power[k].mean:.2f} ({100 * f.winners_share[k]:.0f}%)"
              for k in POWER_PARTS]
    return lines
