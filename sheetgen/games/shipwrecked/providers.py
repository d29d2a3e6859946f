"""Measured facts for the printed Shipwrecked! pieces: `${provide('shipwrecked.length')}` and
`${provide('shipwrecked.strategy')}` on the rules card, the same figures in the rulebook
(examples.py). Nothing here is typed in: both come from one round robin of the five island
policies (simulate.run), played with a fixed seed and a modest number of games (`CARD_GAMES`
per seat order of each pairing) the first time a piece is built, and kept in sheetgen's cache
until a Shipwrecked! or engine source changes (`sheetgen.cache.cached_json`): about 2 s of
CPU that every process printing these figures paid (a worker of `rulebook --all`, a studio
job, each CLI run), now once per machine.

The minutes are an estimate resting on one stated assumption, `SECONDS_PER_ROLL`: a captain
roll (naming islands, rolling, the grab, landing, re-rolling what went back) takes about
that long at the table. The rolls themselves are measured.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

CARD_SEED = 26
CARD_GAMES = 400
SECONDS_PER_ROLL = 40
"""The assumption behind the minutes printed: seconds of table time per captain roll."""

PLANS = {
    "greedy": "name the island where your likely catch this roll takes or keeps the most "
              "islands",
    "contest": "follow your opponent to the island they named",
    "concentrate": "pile onto one island until you lead it by three, then the next",
    "deny": "spread out and grab the other crew's sailors first",
    "spread": "name the island with the fewest of your sailors",
}
"""Each policy (policies.POLICIES) as advice a player can follow."""


@lru_cache(maxsize=1)
def measured() -> dict[str, Any]:
    """The round robin behind the printed figures (simulate.figures), JSON data: measured
    once and read back from sheetgen's cache (JSON keeps these floats exactly)."""
    from sheetgen.cache import cached_json

    return cached_json(*measured_cache(), _round_robin)


def _round_robin() -> dict[str, Any]:
    from .policies import POLICIES
    from .rules import GrabModel
    from .simulate import run

    return run(list(POLICIES), CARD_GAMES, CARD_SEED, GrabModel())


def measured_cache() -> tuple[str, list[Path], str]:
    """`cached_json`'s name, sources and settings for `measured`: every Shipwrecked! and
    engine source, the seed and game count, and numpy's version (its generators deal the
    dice)."""
    import numpy

    from sheetgen.cache import game_sources

    sources = game_sources(Path(__file__).resolve().parent)
    return ("shipwrecked-figures", sources,
            f"{CARD_GAMES} games seed {CARD_SEED} numpy {numpy.__version__}")


def length() -> dict[str, Any]:
    """Mean, median and 90th percentile of the game length in captain rolls, and the minutes
    the mean takes at SECONDS_PER_ROLL (rounded to whole minutes)."""
    fig = measured()["length"]
    return {"mean": round(fig["mean"], 1), "median": int(fig["median"]),
            "p90": int(fig["p90"]),
            "minutes": round(fig["mean"] * SECONDS_PER_ROLL / 60),
            "seconds": SECONDS_PER_ROLL, "games": fig["games"]}


def strategy() -> dict[str, Any]:
    """The best and the worst island plan against the field, as advice and win rates (%)."""
    fig = measured()
    best, worst = fig["standings"][0], fig["standings"][-1]
    return {"best": best["policy"], "plan": PLANS[best["policy"]],
            "rate": round(100 * best["rate"]), "others": len(fig["standings"]) - 1,
            "worst": worst["policy"], "worst_plan": PLANS[worst["policy"]],
            "worst_rate": round(100 * worst["rate"]), "games": fig["games"],
            "first_player": round(100 * fig["first_player"]["pooled"]["rate"]),
            "deny_vs_spread": round(100 * _match(fig, "deny", "spread"))}


def _match(fig: dict[str, Any], a: str, b: str) -> float:
    """Policy a's win rate against policy b in the round robin."""
    for m in fig["matches"]:
        if (m["a"], m["b"]) == (a, b):
            return float(m["a_wins"]["rate"])
        if (m["a"], m["b"]) == (b, a):
            return float(m["b_wins"]["rate"])
    raise KeyError((a, b))


PROVIDERS = {
    "length": length,
    "strategy": strategy,
}
