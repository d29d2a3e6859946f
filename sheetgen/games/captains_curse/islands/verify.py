"""Is an island winnable, and how hard is it? Structural checks, then statistics done right.

- Structure: the engine's validator (R2, R3, R11, R12) plus geometric invariants (polygons
  valid and disjoint, the land one piece around the centre, spaces wide enough to circle).
- Play: the expert policy (the strongest bundled player) plays games whose dice come from
  `game_seed(VERIFY_SEED, i)`: every island ever verified faces the same dice sequences
  (common random numbers), so two islands' figures differ by the island, not by luck.
- Decision (`decision`): after each chunk of games, the 95% Wilson interval of the win rate
  is compared with the requested band. The island passes once the lower bound reaches the
  band's minimum (and, for bands with a maximum, the upper bound is under it); it fails once
  the interval shows it cannot; at the cap an undecided island fails. Early stopping keeps
  verification cheap for islands far from the band's edges. Its error rates are computed
  exactly by `acceptance_probability` (tabulated in docs/island-verification.md).
- Printed figure: the acceptance games cannot also be the figure printed on the sheet.
  Islands are kept *because* they did well on the verification dice, so their record there
  is biased upwards for bands with only a lower bound (easy, normal) and downwards for a band
  with an upper bound (hard): a selection effect. The figure on the sheet is measured
  afterwards on an independent second stream of dice (`FIGURE_GAMES` games seeded from
  `FIGURE_SEED` and the island itself, see `figure_seed`), which played no part in choosing
  the island, so it is an unbiased estimate with an honest 95% interval
  (tests/games/captains_curse/islands/test_honest_figures.py checks 20 islands against fresh
  2,000-game runs).
- Report: the greedy player's win rate over a fixed number of games beside the expert's;
  their gap is a measure of how much skill the island rewards.
- Record: `island new` writes the band, the seed and both summaries into the island file as
  a comment line (`# sheetgen-verification: {...}`), since `captains-curse-island/1` has no
  field for them; `island verify FILE` reads the band from it. The record carries the
  island's `play_digest`, so a sheet rendered from the file prints the record while the
  game-relevant content is unchanged (renamed places and islands keep it) and verifies the
  island afresh when it is not (`sheet_verification`).

Bands are win rates of the expert player; `BANDS` documents how their defaults were chosen.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sheetgen.errors import SheetgenError, did_you_mean

from ..island import Island, island_from_dict, validate_island
from ..rng import SplitMix64, game_seed
from ..ruleset import Ruleset
from ..simulate import play_games, wilson_interval
from .generate import GENERATOR_VERSION, Generated, generate_island, geometry_faults
from .params import DEFAULT_PARAMS, SINK_PLANS, IslandParams, SinkPlan

VERIFY_SEED = 20261122
"""Base seed of the verification dice: fixed, so every island meets the same rolls."""

CHUNK = 8
MIN_GAMES = 48
"""Never decide on fewer games. With common random numbers every island meets the same first
games, so their luck is shared: measured over generated islands, the expert won 85% of the
first 16 verification games against 55% of the next 112. Deciding on 48 or more keeps one
lucky stretch of dice from passing every island, and gives the printed figure some weight."""
EXPERT_CAP = 160
GREEDY_GAMES = 100

FIGURE_SEED = 0x46_49_47_55_52_45  # "FIGURE": a second stream, independent of VERIFY_SEED
FIGURE_GAMES = 128
"""Games of the printed figure, on dice the acceptance test never saw (about 0.4 s of expert
play): enough for an interval about +-8 points wide, which the small print states."""


@dataclass(frozen=True)
class Band:
    """A difficulty: the expert's win rate must be at least `min_win` (and at most `max_win`)."""

    name: str
    min_win: float
    max_win: float = 1.0
    plan: SinkPlan = SinkPlan()


# Chosen from measured distributions (benchmarks/bench_islands.py --distribution; 12-16
# islands per plan, 64 expert games each on the verification dice; generator islands/1,
# players of engine commit e54196f). The sink plan is the strongest lever: fewer cheap
# one-space lines leave fewer ways to pay the curse without losing land that matters.
#   band    plan (1-space, 2-3, 4+ lines)   expert win rate: mean  p10   p50   p90
#   easy    12, 8, 6 in coast order                           0.78  0.62  0.80  0.90
#   normal   6, 4, 3 in coast order                           0.60  0.41  0.62  0.76
#   hard     3, 2, 1 at random                                0.30  0.20  0.29  0.45
# Re-measured for islands/2 (lines with an inland end on normal and hard; easy islands are
# unchanged), 24 islands per band (seeds 1000-1023), 64 expert games each, same players:
#   band    plan (1-space, 2-3, 4+, inland)   verification dice: mean p10  p50  p90 | fresh
#   normal   5, 2, 3, 2 in coast order                            0.56 0.40 0.55 0.73 | 0.60
#   hard     3, 0, 1, 2 at random                                 0.30 0.20 0.30 0.41 | 0.35
# (islands/1 plans on the same seeds: normal 0.54 | 0.58, hard 0.32 | 0.41; the islands/1
# plans plus two inland lines: normal 0.60, hard 0.43, which is why islands/2 trades
# medium and one-space lines for them; see islands/params.py SINK_PLANS.)
# "normal" asks for a clearly winnable island (lower bound 40%: most pass within 48-96
# games). "easy" keeps islands the expert wins about three games in four or more (lower
# bound 65%). "hard" keeps islands whose interval lies within 10%-45%.
# The players keep getting stronger: tests/.../test_bands.py trips when these drift, and
# the benchmark's --distribution prints the figures to move them by.
BANDS: dict[str, Band] = {
    "easy": Band("easy", 0.65, 1.0, SINK_PLANS["easy"]),
    "normal": Band("normal", 0.40, 1.0, SINK_PLANS["normal"]),
    "hard": Band("hard", 0.10, 0.45, SINK_PLANS["hard"]),
}


def get_band(name: str) -> Band:
    if name not in BANDS:
        raise SheetgenError(f"unknown difficulty {name!r}",
                            hint=did_you_mean(name, BANDS) or f"choose {', '.join(BANDS)}")
    return BANDS[name]


@dataclass(frozen=True)
class Verdict:
    """What verification found. `passed` is the answer; the rest is the evidence."""

    band: str
    passed: bool
    faults: tuple[str, ...]
    expert_games: int
    expert_wins: int
    greedy_games: int
    greedy_wins: int
    figure_games: int = 0   # expert games on the independent figure dice
    figure_wins: int = 0

    @property
    def figure_rate(self) -> float:
        return self.figure_wins / self.figure_games if self.figure_games else 0.0

    @property
    def figure_ci(self) -> tuple[float, float]:
        return wilson_interval(self.figure_wins, self.figure_games)

    @property
    def expert_rate(self) -> float:
        return self.expert_wins / self.expert_games if self.expert_games else 0.0

    @property
    def expert_ci(self) -> tuple[float, float]:
        return wilson_interval(self.expert_wins, self.expert_games)

    @property
    def greedy_rate(self) -> float:
        return self.greedy_wins / self.greedy_games if self.greedy_games else 0.0

    @property
    def greedy_ci(self) -> tuple[float, float]:
        return wilson_interval(self.greedy_wins, self.greedy_games)

    def summary(self) -> str:
        """What the sheet's small print says of the island's difficulty: the figure on fresh
        dice when measured (the acceptance record is biased by the selection, see the module
        docstring), in words a player reads, with its 95% range."""
        if self.figure_games:
            rate, (lo, hi), games, kind = (self.figure_rate, self.figure_ci, self.figure_games,
                                           "fresh games")
        else:
            rate, (lo, hi), games, kind = (self.expert_rate, self.expert_ci, self.expert_games,
                                           "test games")
        return (f"{self.band}: the expert player won {rate:.0%} of {games} {kind} "
                f"(95% range {lo:.0%}\u2013{hi:.0%})")

    def to_dict(self) -> dict[str, Any]:
        return {"band": self.band, "passed": self.passed, "faults": list(self.faults),
                "expert": {"games": self.expert_games, "wins": self.expert_wins,
                           "win_rate": round(self.expert_rate, 4),
                           "ci95": [round(x, 4) for x in self.expert_ci],
                           "dice": "verification (acceptance test)"},
                "figure": {"games": self.figure_games, "wins": self.figure_wins,
                           "win_rate": round(self.figure_rate, 4),
                           "ci95": [round(x, 4) for x in self.figure_ci],
                           "dice": "independent second stream (the printed figure)"},
                "greedy": {"games": self.greedy_games, "wins": self.greedy_wins,
                           "win_rate": round(self.greedy_rate, 4),
                           "ci95": [round(x, 4) for x in self.greedy_ci]},
                "skill_gap": round(self.expert_rate - self.greedy_rate, 4)}


def play_digest(island: Island) -> str:
    """A digest of what an island gives the game and nothing else: the column order of the
    symbols, each space's symbol column and ring flag, and each sink line's region and ends
    as sets of space indices. Names, place names, ids, seeds and geometry (polygons, paths)
    take no part in play, so renaming an island or its places, or redrawing its coast, keeps
    the digest, its figure dice (`figure_seed`) and its recorded verification (`record_for`)."""
    facts = {"symbols": list(island.symbols), "space_symbols": list(island.symbol_of_space),
             "ring": island.ring_mask, "regions": list(island.region_masks),
             "ends": [list(e) for e in island.end_masks]}
    text = json.dumps(facts, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def figure_seed(island: Island) -> int:
    """The base seed of an island's figure dice: `FIGURE_SEED` mixed with the island's
    `play_digest`. Unlike the acceptance dice, these differ between islands, so the figures
    of a pad's islands do not share one lucky (or unlucky) stretch of dice; and they depend
    only on what affects play, so a renamed island keeps its printed figure."""
    return game_seed(FIGURE_SEED, int(play_digest(island), 16))


def structural_faults(island: Island, ruleset: Ruleset, data: dict[str, Any] | None,
                      min_width: float) -> list[str]:
    """Every structural fault: the engine validator's first, then geometric ones."""
    faults: list[str] = []
    try:
        validate_island(island, ruleset)
    except SheetgenError as err:
        faults.append(err.message)
    if data is not None and all(s.get("polygon") for s in data["spaces"]):
        faults.extend(geometry_faults(data, min_width))
    return faults


@dataclass(frozen=True)
class TrialProgress:
    """The expert's record after a chunk of verification games, and the verdict so far."""

    games: int
    wins: int
    decided: bool  # the band's question is answered (or the cap is reached)
    passed: bool

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def looks(expert_cap: int = EXPERT_CAP, min_games: int = MIN_GAMES) -> list[int]:
    """The game counts after which the stopping rule is consulted: every `CHUNK` games
    from `min_games` on (counts below it only report progress), and the cap."""
    counts = list(range(CHUNK, expert_cap, CHUNK)) + [expert_cap]
    return [n for n in counts if n >= min(min_games, expert_cap)]


def decision(wins: int, games: int, band: Band, expert_cap: int = EXPERT_CAP) -> int:
    """The stopping rule at a look: 1 pass (the 95% Wilson interval lies inside the band),
    -1 fail (it lies outside, or the cap is reached undecided), 0 play on."""
    lo, hi = wilson_interval(wins, games)
    if lo >= band.min_win and hi <= band.max_win:
        return 1
    if hi < band.min_win or lo > band.max_win or games >= expert_cap:
        return -1
    return 0


def acceptance_probability(win_rate: float, band: Band, expert_cap: int = EXPERT_CAP,
                           min_games: int = MIN_GAMES) -> tuple[float, float]:
    """Exactly, for an island whose expert wins each game with probability `win_rate`
    independently: the chance that the acceptance test passes it, and the expected number
    of games it plays (`decision` at every look of `looks`, by dynamic programming over the
    win count). This is the test's operating characteristic: its error rates are the
    passing chance of an island below the band and the failing chance of one inside it.

    Repeated looks make it more lenient than one 95% interval: a normal island whose true
    rate is exactly 40% passes 8.9% of the time, not 2.5% (tests/.../test_acceptance.py
    pins the figures; docs/island-verification.md tabulates them).
    """
    dist = [1.0]  # dist[w]: chance of w wins so far on a path not yet decided
    games = 0
    passed = expected = 0.0
    for look in looks(expert_cap, min_games):
        while games < look:
            new = [0.0] * (len(dist) + 1)
            for w, q in enumerate(dist):
                new[w] += q * (1 - win_rate)
                new[w + 1] += q * win_rate
            dist = new
            games += 1
        for w, q in enumerate(dist):
            if q and (d := decision(w, games, band, expert_cap)):
                passed += q if d == 1 else 0.0
                expected += q * games
                dist[w] = 0.0
    return passed, expected


def expert_trials(island: Island, band: Band, ruleset: Ruleset, seed: int,
                  expert_cap: int = EXPERT_CAP, min_games: int = MIN_GAMES
                  ) -> Iterator[TrialProgress]:
    """The early-stopped expert run, chunk by chunk, so a caller can show progress or stop.

    Dice come from `game_seed(seed, i)`: `VERIFY_SEED` for the acceptance test, any other
    seed for a figure measured on fresh dice. The last item has `decided` set. The rule
    applied at each look is `decision`; its error rates are `acceptance_probability`.
    """
    wins = games = 0
    while games < expert_cap:
        stop = min(expert_cap, games + CHUNK)
        results = play_games(island, ruleset, "expert", seed, games, stop)
        wins += sum(r.won for r in results)
        games = stop
        if games < min(min_games, expert_cap):
            yield TrialProgress(games, wins, False, False)
            continue
        d = decision(wins, games, band, expert_cap)
        yield TrialProgress(games, wins, d != 0, d == 1)
        if d:
            return


def verify(island: Island, band: Band | str = "normal", ruleset: Ruleset | None = None,
           data: dict[str, Any] | None = None, expert_cap: int = EXPERT_CAP,
           greedy_games: int = GREEDY_GAMES, min_width: float = 0.0,
           min_games: int = MIN_GAMES, figure_games: int = FIGURE_GAMES,
           report_failures: bool = True) -> Verdict:
    """Structural checks plus the early-stopped expert simulation against `band`, then (for
    a sound island) the printed figure: `figure_games` expert games on independent dice.

    `report_failures=False` skips the greedy games and the figure of an island that fails
    the acceptance test (its verdict then has `greedy_games == figure_games == 0`):
    `generate_verified` discards such an island, and those games were a third of its
    expert play. The acceptance decision and every passing island's verdict are the same."""
    band = get_band(band) if isinstance(band, str) else band
    ruleset = ruleset or Ruleset()
    faults = structural_faults(island, ruleset, data, min_width)
    if faults:
        return Verdict(band.name, False, tuple(faults), 0, 0, 0, 0)
    games = wins = 0
    passed = False
    for progress in expert_trials(island, band, ruleset, VERIFY_SEED, expert_cap, min_games):
        games, wins, passed = progress.games, progress.wins, progress.passed
    if not passed and not report_failures:
        return Verdict(band.name, False, (), games, wins, 0, 0)
    greedy = play_games(island, ruleset, "greedy", VERIFY_SEED, 0, greedy_games)
    figure = play_games(island, ruleset, "expert", figure_seed(island), 0, figure_games)
    return Verdict(band.name, passed, (), games, wins, greedy_games,
                   sum(r.won for r in greedy), figure_games, sum(r.won for r in figure))


@dataclass(frozen=True)
class VerifiedIsland:
    generated: Generated
    verdict: Verdict
    attempts: int  # islands generated and tested, this one included

    @property
    def data(self) -> dict[str, Any]:
        return self.generated.data

    def small_print(self) -> str:
        """The line a printed sheet carries so it can be regenerated and re-verified."""
        return (f"Island from seed {self.generated.seed} · {self.verdict.summary()} · "
                f"generator {GENERATOR_VERSION}, attempt {self.generated.attempt}")


    def record(self) -> dict[str, Any]:
        """What the island file keeps of its verification (see `island_file_text`)."""
        v = self.verdict
        return {"band": v.band, "seed": self.generated.seed, "attempt": self.generated.attempt,
                "generator": GENERATOR_VERSION,
                "acceptance": {"games": v.expert_games, "wins": v.expert_wins},
                "figure": {"games": v.figure_games, "wins": v.figure_wins},
                "play_digest": play_digest(island_from_dict(self.data)),
                "small_print": self.small_print()}


RECORD_PREFIX = "# sheetgen-verification: "


def island_file_text(verified: VerifiedIsland) -> str:
    """The island file of a verified island: `captains-curse-island/1` YAML exactly as the
    spec defines it, headed by one comment line holding the verification record as JSON.
    The format has no field for it, and a comment keeps the file valid for every reader."""
    from .generate import island_yaml

    return (RECORD_PREFIX + json.dumps(verified.record(), sort_keys=True,
                                       ensure_ascii=False) + "\n" + island_yaml(verified.data))


def read_record(text: str) -> dict[str, Any] | None:
    """The verification record of an island file's text, or None (hand-made, JSON, or an
    unreadable record: the file itself stays valid either way)."""
    for line in text.splitlines()[:5]:
        if line.startswith(RECORD_PREFIX):
            try:
                record = json.loads(line[len(RECORD_PREFIX):])
            except ValueError:
                return None
            return record if isinstance(record, dict) else None
    return None


def record_for(text: str, island: Island) -> dict[str, Any] | None:
    """The file's verification record if it still speaks for `island`: its `play_digest`
    equals the island's, so what the record measured is what the island plays (names and
    drawings may have been edited since). None for no record, an older record without a
    digest, or an island whose play changed."""
    record = read_record(text)
    if record is None or record.get("play_digest") != play_digest(island):
        return None
    return record if isinstance(record.get("small_print"), str) else None


def sheet_verification(text: str, island: Island, default_band: str = "normal") -> str:
    """The small print of a sheet rendered from an island file: the file's record when it
    still speaks for the island (`record_for`), else the verdict of verifying the island
    now, on the band recorded in the file (or `default_band`), with the same dice as
    `island new` (about half a second of expert play)."""
    record = record_for(text, island)
    if record is not None:
        return f"{record['small_print']} · record matches the island"
    old = read_record(text) or {}
    band = old.get("band") if old.get("band") in BANDS else default_band
    seed_note = f"Island from seed {island.seed} · " if island.seed is not None else ""
    verdict = verify(island, band)
    if verdict.faults:
        return f"{seed_note}not winnable: {verdict.faults[0]}"
    if verdict.passed:
        return f"{seed_note}tested when printed, {verdict.summary()}"
    lo, hi = verdict.expert_ci
    return (f"{seed_note}not proven {band} (the expert player won {lo:.0%}\u2013{hi:.0%} of "
            f"{verdict.expert_games} test games) · {verdict.summary()}")


MAX_VERIFY_ATTEMPTS = 12


def generate_verified(seed: int, difficulty: str = "normal",
                      params: IslandParams = DEFAULT_PARAMS, ruleset: Ruleset | None = None,
                      max_attempts: int = MAX_VERIFY_ATTEMPTS) -> VerifiedIsland:
    """Generate and test until an island passes `difficulty`, deterministically.

    Attempt k continues from the geometry attempt after the last one used, so the sequence
    of islands tried depends only on the seed and parameters. After `max_attempts` islands
    the request is declared impossible with the measured rates, never looped on forever.
    """
    band = get_band(difficulty)
    ruleset = ruleset or Ruleset()
    next_attempt = 0
    seen: list[str] = []
    for tries in range(1, max_attempts + 1):
        generated = generate_island(seed, params, band.plan, first_attempt=next_attempt)
        next_attempt = generated.attempt + 1
        island = island_from_dict(generated.data)
        # No width check here: make_mesh already refused any space narrower than
        # params.min_space_width, measured the way geometry_faults measures it (the inscribed
        # circle at 0.05 mm of the same polygons), and geometry_faults only flags spaces
        # 0.05 mm narrower still; the other structural checks run as for any island.
        verdict = verify(island, band, ruleset, generated.data, report_failures=False)
        if verdict.passed:
            return VerifiedIsland(generated, verdict, tries)
        seen.append(f"{verdict.expert_rate:.0%}" if not verdict.faults else "invalid")
    raise SheetgenError(
        f"no island for seed {seed} reached difficulty '{difficulty}' "
        f"(expert win rate {band.min_win:.0%}-{band.max_win:.0%}) in {max_attempts} attempts; "
        f"measured: {', '.join(seen)}",
        hint="choose another difficulty or seed")


def pad_seed(seed: int, index: int) -> int:
    """The seed of island `index` of a pad: independent of how the pad is split over jobs."""
    return SplitMix64.for_step(seed, "pad", index).next64() >> 16
