"""Measure Shipwrecked!: game length, island strategies, the first player's edge, draws.

A run plays every ordered pairing of the chosen policies (seat 0 starts), `n` games each,
in batches of `BATCH` games (batch.play_batch); batch `i` of the run gets the seed
`game_seed(seed, i)` through sheetgen.engine.runner, and the batches are cut the same way
whatever `jobs`, so the figures are identical with one worker process or many.

The figures:
- game length in captain rolls, against the exact law: the rolls until the third doubles
  are negative binomial (3 successes, p = 1/6), mean 18; a chi-square goodness-of-fit
  p-value says whether the simulated lengths follow it;
- each pair of policies: A's wins, B's wins and draws over both seat orders, with Wilson
  intervals; a table of each policy's rate against the field;
- for each policy against itself, the first player's share of the games that had a
  winner (Wilson interval; 50% means no edge);
- how often an island ends level (and empty), how often a game is drawn, and which rule
  decided the games (scoring.DECIDED_BY).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from sheetgen.engine.stats import Proportion, wilson

from .batch import BatchResult, play_batch
from .rules import FACES, ISLANDS, SHARK_LIMIT, GrabModel
from .scoring import DECIDED_BY

BATCH = 1000
"""Games per batch: enough for numpy to pay off, small enough to spread over workers."""

P_DOUBLES = 1 / FACES
LENGTH_MEAN = SHARK_LIMIT / P_DOUBLES


def length_pmf(rolls: int) -> float:
    """P(the third doubles come on roll `rolls`): negative binomial, 3 successes, p = 1/6."""
    if rolls < SHARK_LIMIT:
        return 0.0
    p = P_DOUBLES
    return math.comb(rolls - 1, SHARK_LIMIT - 1) * p ** SHARK_LIMIT * \
        (1 - p) ** (rolls - SHARK_LIMIT)


def length_median() -> int:
    """The exact median game length in captain rolls (16)."""
    total, rolls = 0.0, SHARK_LIMIT - 1
    while total < 0.5:
        rolls += 1
        total += length_pmf(rolls)
    return rolls


def length_fit(rolls: np.ndarray, min_expected: float = 5.0) -> dict[str, float]:
    """Pearson's chi-square of the lengths against the exact law: one bin per length while
    the expected count is at least `min_expected`, the tail in one bin."""
    n = len(rolls)
    observed, expected = [], []
    k = SHARK_LIMIT
    while n * length_pmf(k) >= min_expected and n * (1 - sum(
            length_pmf(j) for j in range(SHARK_LIMIT, k + 1))) >= min_expected:
        observed.append(int((rolls == k).sum()))
        expected.append(n * length_pmf(k))
        k += 1
    observed.append(int((rolls >= k).sum()))
    expected.append(n - sum(expected))
    obs, exp = np.array(observed, float), np.array(expected, float)
    stat = float(((obs - exp) ** 2 / exp).sum())
    dof = len(obs) - 1
    return {"chi2": stat, "dof": dof, "p_value": chi2_sf(stat, dof), "bins": len(obs)}


def chi2_sf(stat: float, dof: int) -> float:
    """`scipy.stats.chi2.sf(stat, dof)`, the same number, through `scipy.special.chdtrc`
    (what chi2.sf calls): scipy.special imports in a third of scipy.stats' second of CPU,
    which every process that prints the Shipwrecked! figures paid."""
    from scipy.special import chdtrc

    if not dof > 0 or math.isnan(stat):
        return math.nan
    return 1.0 if stat <= 0 else float(chdtrc(dof, stat))


@dataclass(frozen=True)
class Unit:
    """One batch of one pairing: games `start`.. `start + count - 1` of `seats`."""

    seats: tuple[str, str]
    start: int
    count: int


def plan(policies: list[str], n: int) -> list[Unit]:
    """Every ordered pairing (self-play included), `n` games each, cut into batches."""
    return [Unit((a, b), start, min(BATCH, n - start))
            for a in policies for b in policies for start in range(0, n, BATCH)]


def play_unit(seed: int, index: int, units: tuple[Unit, ...], grab: GrabModel,
              log_dir: str | None = None) -> BatchResult:
    """Batch `index` of a run (a top-level function, for worker processes); with
    `log_dir`, each game's log is written there as the game ends."""
    unit = units[index]
    on_game = None
    if log_dir is not None:
        from .gamelog import log_writer

        on_game = log_writer(Path(log_dir), unit.seats, unit.start, grab, seed)
    return play_batch(unit.count, seed, unit.seats, grab, on_game=on_game)


@dataclass
class Pairing:
    seats: tuple[str, str]
    results: list[BatchResult]

    def field(self, name: str) -> np.ndarray:
        return np.concatenate([getattr(r, name) for r in self.results])


def run(policies: list[str], n: int, seed: int, grab: GrabModel, *, jobs: int = 1,
        scheduler: str | None = None, log_dir: str | None = None,
        progress: Any = None) -> dict[str, Any]:
    """Play the round robin and return its figures (see `figures`)."""
    from sheetgen.engine.runner import run_games

    units = tuple(plan(policies, n))
    results = run_games(play_unit, len(units), seed, jobs=jobs, scheduler=scheduler,
                        args=(units, grab, log_dir), progress=progress)
    pairings: dict[tuple[str, str], Pairing] = {}
    for unit, result in zip(units, results, strict=True):
        pairings.setdefault(unit.seats, Pairing(unit.seats, [])).results.append(result)
    return figures(policies, n, seed, grab, pairings)


def _rate(p: Proportion) -> dict[str, float]:
    return {"rate": p.rate, "low": p.low, "high": p.high, "wins": p.wins, "n": p.n}


def figures(policies: list[str], n: int, seed: int, grab: GrabModel,
            pairings: dict[tuple[str, str], Pairing]) -> dict[str, Any]:
    """The figures of a run as plain data (what `--json` prints)."""
    rolls = np.concatenate([p.field("rolls") for p in pairings.values()])
    decided = np.concatenate([p.field("decided") for p in pairings.values()])
    level = sum(int(p.field("level").sum()) for p in pairings.values())
    empty = sum(int(p.field("empty").sum()) for p in pairings.values())
    games = len(rolls)
    islands = games * ISLANDS
    exact = {"mean": LENGTH_MEAN, "median": length_median(),
             "sd": math.sqrt(SHARK_LIMIT * (1 - P_DOUBLES)) / P_DOUBLES}
    length = {"games": games, "mean": float(rolls.mean()), "median": float(np.median(rolls)),
              "p90": float(np.percentile(rolls, 90)),
              "sd": float(rolls.std(ddof=1)) if games > 1 else 0.0,
              "min": int(rolls.min()), "max": int(rolls.max()), "exact": exact,
              "fit": length_fit(rolls)}
    matches = []
    field = {name: [0, 0] for name in policies}  # wins, games against other policies
    for i, a in enumerate(policies):
        for b in policies[i + 1:]:
            ab, ba = pairings[(a, b)], pairings[(b, a)]
            win_a = int((ab.field("winner") == 0).sum() + (ba.field("winner") == 1).sum())
            win_b = int((ab.field("winner") == 1).sum() + (ba.field("winner") == 0).sum())
            total = 2 * n
            matches.append({"a": a, "b": b, "games": total, "a_wins": _rate(wilson(win_a, total)),
                            "b_wins": _rate(wilson(win_b, total)),
                            "draws": total - win_a - win_b})
            field[a][0] += win_a
            field[b][0] += win_b
            field[a][1] += total
            field[b][1] += total
    standings = sorted(
        ({"policy": name, **_rate(wilson(w, t))} for name, (w, t) in field.items() if t),
        key=lambda row: (-row["rate"], policies.index(row["policy"])))
    first = {}
    pooled = [0, 0]
    for name in policies:
        winner = pairings[(name, name)].field("winner")
        wins, decisive = int((winner == 0).sum()), int((winner >= 0).sum())
        pooled[0] += wins
        pooled[1] += decisive
        first[name] = {**_rate(wilson(wins, decisive)), "draws": int((winner < 0).sum())}
    return {
        "games": games, "games_per_pairing": n, "seed": seed, "policies": policies,
        "grab": {**grab.to_dict(), "share": grab.share},
        "length": length,
        "matches": matches,
        "standings": standings,
        "best": standings[0]["policy"] if standings else None,
        "first_player": {"by_policy": first, "pooled": _rate(wilson(*pooled))},
        "draws": {"games": _rate(wilson(int((decided == DECIDED_BY.index("draw")).sum()),
                                        games)),
                  "islands_level": level / islands, "islands_empty": empty / islands},
        "decided_by": {rule: int((decided == k).sum()) for k, rule in enumerate(DECIDED_BY)},
    }


def _pct(p: dict[str, float]) -> str:
    return f"{100 * p['rate']:5.1f}% [{100 * p['low']:4.1f}, {100 * p['high']:4.1f}]"


def report(fig: dict[str, Any]) -> str:
    """The figures as text for the terminal."""
    length = fig["length"]
    exact = length["exact"]
    grab = fig["grab"]
    lines = [
        f"{fig['games']} games ({fig['games_per_pairing']} per seat order of each pairing), "
        f"seed {fig['seed']}; grab speed {grab['speed'][0]:g}:{grab['speed'][1]:g}, "
        f"wrong grabs {grab['fumble'][0]:g}:{grab['fumble'][1]:g} "
        f"(seat 0 makes {100 * grab['share']:.1f}% of the grabs)",
        "",
        f"game length in captain rolls: mean {length['mean']:.2f} (exact {exact['mean']:g}), "
        f"median {length['median']:g} (exact {exact['median']}), sd {length['sd']:.2f} "
        f"(exact {exact['sd']:.2f}), {length['min']} to {length['max']}",
        f"  against the negative binomial (3 doubles, p 1/6): chi-square "
        f"{length['fit']['chi2']:.1f} on {length['fit']['dof']} df, "
        f"p = {length['fit']['p_value']:.3f}",
        "",
        "pairings (both seat orders; win rates with 95% Wilson intervals):",
    ]
    for m in fig["matches"]:
        lines.append(f"  {m['a']:>11} {_pct(m['a_wins'])}  vs  {m['b']:<11} "
                     f"{_pct(m['b_wins'])}  draws {m['draws']}")
    lines += ["", "against the field:"]
    lines += [f"  {row['policy']:>11} {_pct(row)}" for row in fig["standings"]]
    lines += ["", "first player, identical policies (share of games with a winner):"]
    for name, row in fig["first_player"]["by_policy"].items():
        lines.append(f"  {name:>11} {_pct(row)}  draws {row['draws']}")
    lines.append(f"  {'all':>11} {_pct(fig['first_player']['pooled'])}")
    draws = fig["draws"]
    lines += ["", f"islands level at the end: {100 * draws['islands_level']:.1f}% "
              f"({100 * draws['islands_empty']:.1f}% empty); games drawn: "
              f"{_pct(draws['games'])}",
              "decided by: " + ", ".join(f"{rule} {count}"
                                         for rule, count in fig["decided_by"].items())]
    return "\n".join(lines)
