"""Play many games of one quest and measure it: the balance checker.

For a quest (bundled or a designer's YAML file) and a player count, `simulate` plays `n`
seeded games with a bundled policy at every seat and reports the crew's win rate (with a
Wilson interval), how games are lost (ship sunk, crew lost, or not finished within the round
limit), rounds to finish, and gold per seat (means with normal-approximation intervals, and
each seat's share of wins). Game i draws its dice from `dice_stream(game_seed(seed, i))` and
the players' own choices from `policy_stream(...)` of the same seed (the SplitMix64 streams of
sheetgen.games.captains_curse.rng), so any one game can be replayed alone and the figures are
the same whatever the number of worker processes (`jobs`).
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from sheetgen.engine.stats import Z95, wilson_interval
from sheetgen.games.captains_curse.rng import dice_stream, game_seed, policy_stream

from .game import GameState, new_game, push
from .players import POLICIES
from .quest import Quest
from .rules import black_dice_winner

ROUND_LIMIT = 40
"""A game not over after this many rounds counts as unfinished (a quest that cannot end)."""


@dataclass(frozen=True)
class GameSummary:
    outcome: str  # "won", "sunk", "crew lost", "unfinished"
    rounds: int
    gold: tuple[int, ...]
    winner: int | None  # the richest pirate when the crew won


def winner(state: GameState) -> int:
    """Most gold; then fewest tokens; then the last round's captain (BD-WINNER)."""
    hoards = {seat: p.gold for seat, p in enumerate(state.players)}
    return black_dice_winner(hoards, state.round_captain)[0]


def play_game(quest: Quest, players: int, seed: int, policy: str = "greedy",
              round_limit: int = ROUND_LIMIT) -> GameSummary:
    """Play one game to its end (or `round_limit` rounds) with `policy` at every seat."""
    dice, own = dice_stream(seed), policy_stream(seed)
    choose = POLICIES[policy]
    state = new_game(quest, players, dice)
    while not state.over and state.round <= round_limit:
        push(state, choose(state, own), dice, check=False)
    outcome = state.outcome or "unfinished"
    rounds = state.round if outcome == "unfinished" else state.round - (not state.over)
    gold = tuple(sum(p.gold) for p in state.players)
    return GameSummary(outcome, min(rounds, state.round), gold,
                       winner(state) if outcome == "won" else None)


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
    wins = out.outcomes.get("won", 0)
    lo, hi = wilson_interval(wins, n)
    out.win_rate = (wins / n if n else 0.0, lo, hi)
    out.rounds_won = mean_ci([g.rounds for g in games if g.outcome == "won"])
    out.rounds_all = mean_ci([g.rounds for g in games])
    out.gold_per_seat = [mean_ci([g.gold[s] for g in games]) for s in range(players)]
    out.wins_per_seat = [sum(g.winner == s for g in games) for s in range(players)]
    return out


def _play_range(quest: Quest, players: int, seed: int, policy: str, start: int,
                stop: int) -> list[GameSummary]:
    return [play_game(quest, players, game_seed(seed, i), policy) for i in range(start, stop)]


def simulate(quest: Quest, players: int = 3, n: int = 2000, seed: int = 1,
             policy: str = "greedy", jobs: int = 1) -> Balance:
    """Play games 0..n-1 and summarise them; `jobs` > 1 splits them over processes (the
    games and so the figures do not change)."""
    if not 2 <= players <= 4:
        raise ValueError("The Curse of the Black Dice is for 2 to 4 players")
    if jobs <= 1 or n < 2 * jobs:
        games = _play_range(quest, players, seed, policy, 0, n)
    else:
        bounds = [n * k // jobs for k in range(jobs + 1)]
        with ProcessPoolExecutor(jobs) as pool:
            parts = pool.map(_play_range, [quest] * jobs, [players] * jobs, [seed] * jobs,
                             [policy] * jobs, bounds[:-1], bounds[1:])
            games = [g for part in parts for g in part]
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
