"""Play many games of one quest and measure it: the balance checker.

For a quest (bundled or a designer's YAML file) and a player count, `simulate` plays `n`
seeded games with a bundled policy at every seat (`sheetgen.engine.contract.play`) and
reports the crew's win rate (Wilson interval, `sheetgen.engine.stats`), how games are lost
(ship sunk, crew lost, or not finished within the round limit), rounds to finish, and gold
per seat (means with normal-approximation intervals, and each seat's share of wins). Game i
of a run has the seed `game_seeds(seed, n)[i]` (`sheetgen.engine.runner`): its dice come
from `dice_stream(...)` of that seed and the players' own choices from `policy_stream(...)`,
so any one game can be replayed alone and the figures are the same whatever `jobs`.

With `log_dir`, each game is logged as it is played (`black-dice-log/1`, see `gamelog.py`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from sheetgen.engine.contract import play
from sheetgen.engine.rng import dice_stream, policy_stream
from sheetgen.engine.runner import run_games
from sheetgen.engine.stats import Z95, wilson

from .game import GameState
from .gamelog import GameRecorder, log_name
from .players import players as bundled_players
from .quest import Quest

ROUND_LIMIT = 40
"""A game not over after this many rounds counts as unfinished (a quest that cannot end)."""


class RoundLimit(Exception):
    """Raised from `play`'s move hook when a game passes the round limit."""


@dataclass(frozen=True)
class GameSummary:
    outcome: str  # "won", "sunk", "crew lost", "unfinished"
    rounds: int
    gold: tuple[int, ...]
    winner: int | None  # the richest pirate when the crew won


def play_game(quest: Quest, players: int, seed: int, policy: str = "greedy",
              round_limit: int = ROUND_LIMIT, log_path: str | Path | None = None
              ) -> GameSummary:
    """Play one game to its end (or `round_limit` rounds) with `policy` at every seat; with
    `log_path`, its log is kept while it is played and written when it stops."""
    state = GameState(quest, players)
    seats = bundled_players(policy, players)
    recorder = GameRecorder(state, quest, [s.name for s in seats], seed) if log_path else None

    def on_move(seat: int, move: object) -> None:
        if recorder is not None:
            recorder(seat, move)
        if state.round > round_limit:
            raise RoundLimit

    try:
        outcome = play(state, seats, dice_stream(seed), on_move, player_rng=policy_stream(seed))
    except RoundLimit:
        outcome = None
    if recorder is not None:
        recorder.write(log_path, outcome)  # type: ignore[arg-type]
    gold = tuple(sum(p.gold) for p in state.players)
    if outcome is None:
        return GameSummary("unfinished", round_limit, gold, None)
    return GameSummary(outcome.termination, state.round, gold,
                       outcome.winners[0] if outcome.winners else None)


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(values) / n
    if n == 1:
        return (m, m, m)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return (m, m - half, m + half)


@dataclass
class Balance:
    quest: str
    players: int
    policy: str
    games: int
    outcomes: dict[str, int] = field(default_factory=dict)
    win_rate: tuple[float, float, float] = (0.0, 0.0, 0.0)
    rounds_won: tuple[float, float, float] = (0.0, 0.0, 0.0)
    rounds_all: tuple[float, float, float] = (0.0, 0.0, 0.0)
    gold_per_seat: list[tuple[float, float, float]] = field(default_factory=list)
    wins_per_seat: list[int] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "quest": self.quest, "players": self.players, "policy": self.policy,
            "games": self.games, "outcomes": self.outcomes,
            "crew_win_rate": _triple(self.win_rate),
            "rounds_when_won": _triple(self.rounds_won),
            "rounds_all_games": _triple(self.rounds_all),
            "gold_per_seat": [_triple(t) for t in self.gold_per_seat],
            "richest_per_seat": self.wins_per_seat,
        }


def _triple(t: tuple[float, float, float]) -> dict:
    return {"mean": round(t[0], 4), "low": round(t[1], 4), "high": round(t[2], 4)}


def summarize(quest: Quest, players: int, policy: str,
              games: list[GameSummary]) -> Balance:
    n = len(games)
    out = Balance(quest.id, players, policy, n)
    for g in games:
        out.outcomes[g.outcome] = out.outcomes.get(g.outcome, 0) + 1
    rate = wilson(out.outcomes.get("won", 0), n)
    out.win_rate = (rate.rate, rate.low, rate.high)
    out.rounds_won = mean_ci([g.rounds for g in games if g.outcome == "won"])
    out.rounds_all = mean_ci([g.rounds for g in games])
    out.gold_per_seat = [mean_ci([g.gold[s] for g in games]) for s in range(players)]
    out.wins_per_seat = [sum(g.winner == s for g in games) for s in range(players)]
    return out


def play_one(seed: int, index: int, quest: Quest, players: int, policy: str,
              log_dir: str | None) -> GameSummary:
    path = Path(log_dir) / log_name(quest, players, index) if log_dir else None
    return play_game(quest, players, seed, policy, log_path=path)


def simulate(quest: Quest, players: int = 3, n: int = 2000, seed: int = 1,
             policy: str = "greedy", jobs: int = 1, log_dir: str | Path | None = None,
             scheduler: str | None = None) -> Balance:
    """Play games 0..n-1 and summarise them; `jobs` > 1 (or a dask `scheduler`) spreads
    them over processes without changing a game or a figure."""
    if not 2 <= players <= 4:
        raise ValueError("The Curse of the Black Dice is for 2 to 4 players")
    games = run_games(play_one, n, seed, jobs=jobs, scheduler=scheduler,
                      args=(quest, players, policy, str(log_dir) if log_dir else None))
    return summarize(quest, players, policy, games)


def report_lines(b: Balance) -> list[str]:
    """The balance as plain text lines (the CLI prints them)."""
    pct = lambda t: f"{100 * t[0]:.1f}% (95% {100 * t[1]:.1f}-{100 * t[2]:.1f}%)"  # noqa: E731
    rng = lambda t: f"{t[0]:.2f} (95% {t[1]:.2f}-{t[2]:.2f})"  # noqa: E731
    lines = [f"{b.quest}: {b.games} games, {b.players} players, {b.policy} players",
             f"crew wins: {pct(b.win_rate)}"]
    lost = ", ".join(f"{k} {v}" for k, v in sorted(b.outcomes.items()) if k != "won")
    lines.append(f"crew loses: {lost or 'never'}")
    lines.append(f"rounds when won: {rng(b.rounds_won)}; all games: {rng(b.rounds_all)}")
    for s, (t, w) in enumerate(zip(b.gold_per_seat, b.wins_per_seat, strict=True)):
        lines.append(f"seat {s + 1} gold: {rng(t)}; richest in {w} won games")
    return lines
