"""Is a Voodoo Pirate board a fair game that ends? `sheetgen voodoo verify [BOARD.yaml]`.

The board is played in three lineups (`Plan`), each a seeded `simulate` run:

- **table**: four greedy players, seats fixed. Games must end in a sensible number of
  rounds, both end triggers (the Voodoo Shore and the lunar track) must happen, and no
  seat and no starting harbour space may be favoured beyond a stated margin;
- **skill**: a planner, two greedy players and a random one, the seats turned game by game
  (so every player sits everywhere equally often). Skill must matter: the planner wins
  more than greedy, greedy more than random;
- **cursed**: two greedy players and two Cursed Pirates, seats turned game by game. The
  Cursed Pirates must be neither doormats nor unbeatable.

Every check is a `Band` with the reason it was chosen (docs/voodoo.md holds the
measurements they were chosen from). A rate is judged by its Wilson interval, so a check
fails on evidence, not on noise: a seat is "favoured beyond the margin" when its whole 95%
interval lies beyond it, Cursed Pirates are doormats when their whole interval lies below
the floor. The same board, plan and seed give the same verdict whatever `--jobs`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheetgen.engine.stats import Proportion
from sheetgen.games.voodoo.board import Board
from sheetgen.games.voodoo.simulate import (
    Figures,
    Run,
    board_from_text,
    lineup,
    play_games,
    summarize,
)


@dataclass(frozen=True)
class Plan:
    """How many games each lineup plays (`scale` multiplies them all)."""

    table: int = 240
    skill: int = 60
    cursed: int = 120

    def scaled(self, scale: float) -> Plan:
        return Plan(*(max(8, round(n * scale)) for n in (self.table, self.skill, self.cursed)))


DEFAULT_PLAN = Plan()


@dataclass(frozen=True)
class Band:
    """A documented band: its name, what it bounds, the bounds, and why these."""

    name: str
    low: float
    high: float
    why: str


ROUNDS = Band("rounds", 4.0, 10.0,
              "mean rounds of four greedy players between 4 and 10, and at most one game in "
              "twenty over within two rounds: shorter is a dash to the shore in which cards "
              "and rituals hardly matter, longer a game the lunar track has to stop")
DASH_ROUNDS, DASH_SHARE = 2, 0.05
SHORE = Band("shore end", 0.10, 0.90,
             "share of games a ship ends by reaching the Voodoo Shore: both end triggers "
             "must happen, so neither may be rarer than one game in ten")
SEAT_MARGIN = Band("seat margin", -0.10, 0.10,
                   "a seat's win share may differ from the average seat's by 10 points "
                   "(the whole 95% interval must lie beyond to fail)")
SPACE_MARGIN = Band("start margin", -0.15, 0.15,
                    "a starting harbour space's win share may differ from the average by 15 "
                    "points: the back row's +1 die is meant to balance its worse position")
CURSED = Band("cursed", 0.05, 0.45,
              "a Cursed Pirate seat's win share against two greedy players: below 5% they "
              "are doormats, above 45% (almost twice a fair quarter) unbeatable")


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    measured: str
    band: str
    why: str


@dataclass(frozen=True)
class Verdict:
    board: str
    checks: tuple[Check, ...]
    figures: dict[str, Figures]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def lines(self) -> list[str]:
        out = [f"{self.board}: " + ("fair and ending: every band holds" if self.ok
                                    else "OUTSIDE its bands")]
        for c in self.checks:
            out.append(f"  {'ok ' if c.ok else 'BAD'} {c.name}: {c.measured}  [band {c.band}]")
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"board": self.board, "ok": self.ok,
                "checks": [{"name": c.name, "ok": c.ok, "measured": c.measured,
                            "band": c.band, "why": c.why} for c in self.checks],
                "figures": {k: f.to_dict() for k, f in self.figures.items()}}


def _pct(p: Proportion) -> str:
    return f"{100 * p.rate:.1f}% ({100 * p.low:.1f}-{100 * p.high:.1f})"


def _beyond(p: Proportion, centre: float, band: Band) -> bool:
    """Favoured (or disfavoured) beyond the margin: the whole interval lies outside it."""
    return p.low > centre + band.high or p.high < centre + band.low


def table_checks(f: Figures) -> list[Check]:
    dashes = sum(n for r, n in f.rounds_count.items() if r <= DASH_ROUNDS) / f.games
    checks = [Check("rounds", ROUNDS.low <= f.rounds.mean <= ROUNDS.high
                    and dashes <= DASH_SHARE,
                    f"mean {f.rounds.mean:.2f}, least {f.rounds_least}, most {f.rounds_most}, "
                    f"{100 * dashes:.1f}% over within {DASH_ROUNDS}",
                    f"mean {ROUNDS.low:g}-{ROUNDS.high:g}, at most {100 * DASH_SHARE:g}% "
                    f"within {DASH_ROUNDS}", ROUNDS.why)]
    shore = f.ends["shore"]
    checks.append(Check("both ends", SHORE.low <= shore.rate <= SHORE.high,
                        f"shore {_pct(shore)}, lunar {_pct(f.ends['lunar'])}",
                        f"shore {100 * SHORE.low:g}-{100 * SHORE.high:g}%", SHORE.why))
    centre = sum(p.rate for p in f.seats) / len(f.seats)
    bad = [s + 1 for s, p in enumerate(f.seats) if _beyond(p, centre, SEAT_MARGIN)]
    checks.append(Check("seats", not bad, "; ".join(
        f"seat {s + 1} {_pct(p)}" for s, p in enumerate(f.seats)) + (
        f" — favoured: {bad}" if bad else ""), f"average {100 * centre:.1f} ± 10 points",
        SEAT_MARGIN.why))
    n_spaces = sum(p.n for p in f.start_spaces.values())
    centre = sum(p.wins for p in f.start_spaces.values()) / n_spaces
    bad_spaces = [s for s, p in f.start_spaces.items() if _beyond(p, centre, SPACE_MARGIN)]
    checks.append(Check("start spaces", not bad_spaces, "; ".join(
        f"{c},{r} {_pct(p)}" for (c, r), p in f.start_spaces.items()) + (
        f" — favoured: {bad_spaces}" if bad_spaces else ""),
        f"average {100 * centre:.1f} ± 15 points", SPACE_MARGIN.why))
    return checks


def skill_checks(f: Figures) -> list[Check]:
    planner, greedy, rand = (f.players[k] for k in ("planner", "greedy", "random"))
    power = {k: f.player_power[k] for k in ("planner", "greedy", "random")}

    def mean(k: str) -> str:
        m = power[k]
        return f"{k} {m.mean:.1f} ({m.low:.1f}-{m.high:.1f})"

    return [
        Check("planner beats greedy", planner.rate > greedy.rate
              and power["planner"].mean > power["greedy"].mean,
              f"wins: planner {_pct(planner)}, greedy {_pct(greedy)}; power: "
              f"{mean('planner')}, {mean('greedy')}", "planner ahead in wins and power",
              "a player who looks a round ahead must win more often, and end with more "
              "Voodoo Power, than one who looks one move ahead"),
        Check("greedy beats random", power["greedy"].low > power["random"].high
              and greedy.rate >= rand.rate,
              f"power: {mean('greedy')}, {mean('random')}; wins: greedy {_pct(greedy)}, "
              f"random {_pct(rand)}", "power intervals apart",
              "choices must matter: a greedy player ends with clearly more Voodoo Power than "
              "one who moves at random (judged on power: beside a planner both rarely win)"),
    ]


def cursed_checks(f: Figures) -> list[Check]:
    cp = f.kinds["cursed"]
    doormat, unbeatable = cp.high < CURSED.low, cp.low > CURSED.high
    verdict = " — doormats" if doormat else " — unbeatable" if unbeatable else ""
    return [Check("cursed pirates", not (doormat or unbeatable),
                  f"Cursed Pirate seat {_pct(cp)}, player seat {_pct(f.kinds['player'])}"
                  + verdict, f"{100 * CURSED.low:g}-{100 * CURSED.high:g}%", CURSED.why)]


LINEUPS: dict[str, tuple[tuple[str, ...], int, bool, Callable[[Figures], list[Check]]]] = {
    "table": (("greedy",) * 4, 0, False, table_checks),
    "skill": (("planner", "greedy", "greedy", "random"), 0, True, skill_checks),
    "cursed": (("greedy", "greedy"), 2, True, cursed_checks),
}


def verify_board(board_text: str | None, plan: Plan = DEFAULT_PLAN, seed: int = 1, *,
                 jobs: int = 1, scheduler: str | None = None,
                 progress: Callable[[str, int, int], None] | None = None,
                 lineups: tuple[str, ...] = tuple(LINEUPS)) -> Verdict:
    """Play the board in the lineups of `plan` (all three unless `lineups` names fewer) and
    check every band."""
    board: Board = board_from_text(board_text)
    checks: list[Check] = []
    figures: dict[str, Figures] = {}
    for name, (players, cursed, rotate, judge) in LINEUPS.items():
        if name not in lineups:
            continue
        line = lineup(players, cursed, rotate)
        n = getattr(plan, name)
        games = play_games(Run(board_text, line), n, seed, jobs=jobs, scheduler=scheduler,
                           progress=(lambda d, t, name=name: progress(name, d, t))
                           if progress else None)
        figures[name] = summarize(games, board, line)
        checks += judge(figures[name])
    return Verdict(board.name, tuple(checks), figures)


# --- the figures the rulebook prints ------------------------------------------------------
BOOK_SEED = 1
FIRST_DESIGN = (("stars_directions: [N, E, S]", "stars_directions: [N, E, S, W]"),
                ("lunar_track: 6", "lunar_track: 9"))
"""How the Sea of Souls was first printed: Stars showing west too, a lunar track of a start
space and eight more (the redesign undone on the bundled file's text)."""


def first_design_text() -> str:
    from sheetgen.games.voodoo.board import BOARD_FILE

    text = BOARD_FILE.read_text(encoding="utf-8")
    for now, before in FIRST_DESIGN:
        if now not in text:
            raise ValueError(f"the bundled board no longer says {now!r}")
        text = text.replace(now, before)
    return text


SHIPPED_VERDICT = Path(__file__).resolve().parent / "measured" / "verdict.json"
"""`bundled_verdict` as measured under its current key, shipped so that a fresh install reads
it rather than playing some 1,000 games (tools/ship_measurements.py rewrites it)."""


def _verdict_cache() -> tuple[str, list[Path], str]:
    """`cached_json`'s name, sources and settings for `bundled_verdict`: every Voodoo and
    engine source and the board."""
    from sheetgen.cache import game_sources

    sources = game_sources(Path(__file__).resolve().parent, "data/*.yaml")
    return "voodoo-verify", sources, f"{DEFAULT_PLAN} seed {BOOK_SEED}"


def bundled_verdict() -> dict[str, Any]:
    """`verify` of the bundled Sea of Souls with the documented plan and seed 1, as JSON
    data: read from the package when it ships them for these sources (`SHIPPED_VERDICT`), else
    measured when the rulebook is built (one process: a book may itself be built in a
    worker) and kept in sheetgen's cache until a Voodoo or engine source, or the board,
    changes."""
    from sheetgen.cache import cached_json

    return cached_json(*_verdict_cache(), measure_bundled_verdict, shipped=SHIPPED_VERDICT)


def measure_bundled_verdict() -> dict[str, Any]:
    """What `bundled_verdict` measures when neither the package nor the cache has it."""
    data = verify_board(None, DEFAULT_PLAN, BOOK_SEED).to_dict()
    first = verify_board(first_design_text(), DEFAULT_PLAN, BOOK_SEED, lineups=("table",))
    data["first_design"] = first.to_dict()
    return data


def bundled_verdict_key() -> str:
    """The digest the verdict is cached and shipped under (`sheetgen.cache.sources_key`)."""
    from sheetgen.cache import sources_key

    _, sources, settings = _verdict_cache()
    return sources_key(sources, settings)


def bundled_verdict_is_cached() -> bool:
    """Whether `bundled_verdict` would read its figures (shipped with the package, or from
    the cache) rather than measure them (about 50 s of CPU): the test suite measures them
    before its workers start when not."""
    from sheetgen.cache import is_cached

    return is_cached(*_verdict_cache(), shipped=SHIPPED_VERDICT)


@dataclass(frozen=True)
class BookFigures:
    """`bundled_verdict` dressed for the rulebook: percentages and means as text."""

    ok: bool
    table_games: int
    skill_games: int
    cursed_games: int
    rounds: str
    least: int
    most: int
    shore: str
    lunar: str
    seats: str
    spaces: str
    players: dict[str, str]
    power: dict[str, str]
    cursed: str
    cursed_player: str
    sources: dict[str, str]
    first_rounds: str
    first_dashes: str
    first_shore: str
    first_lunar: str


def _by_cp_label(spaces: dict[str, Any], pct: Callable[[dict[str, Any]], str]) -> str:
    """Starting squares as the board labels them ("CP 1" ... in the harbour), which a
    reader can find: "CP 1 42%, CP 2 21%"."""
    order = board_from_text(None).harbour_order
    label = {f"{c},{r}": f"CP {i + 1}" for i, (c, r) in enumerate(order)}
    return ", ".join(f"{label.get(k, k)} {pct(p)}" for k, p in spaces.items())


def book_figures() -> BookFigures:
    data = bundled_verdict()
    fig = data["figures"]
    table, skill, cursed = fig["table"], fig["skill"], fig["cursed"]

    def pct(p: dict[str, Any]) -> str:
        return f"{100 * p['rate']:.0f}%"

    return BookFigures(
        ok=data["ok"], table_games=table["games"], skill_games=skill["games"],
        cursed_games=cursed["games"], rounds=f"{table['rounds']['mean']:.1f}",
        least=table["rounds"]["least"], most=table["rounds"]["most"],
        shore=pct(table["ends"]["shore"]), lunar=pct(table["ends"]["lunar"]),
        seats=", ".join(pct(p) for p in table["seats"]),
        spaces=_by_cp_label(table["start_spaces"], pct),
        players={k: pct(p) for k, p in skill["players"].items()},
        power={k: f"{m['mean']:.1f}" for k, m in skill["player_power"].items()},
        cursed=pct(cursed["kinds"]["cursed"]), cursed_player=pct(cursed["kinds"]["player"]),
        sources={k: f"{100 * v:.0f}%" for k, v in table["winners_share"].items()},
        **_first(data["first_design"]["figures"]["table"], pct))


def _first(table: dict[str, Any], pct: Callable[[dict[str, Any]], str]) -> dict[str, str]:
    dashes = sum(n for r, n in table["rounds"]["count"].items() if int(r) <= DASH_ROUNDS)
    return {"first_rounds": f"{table['rounds']['mean']:.1f}",
            "first_dashes": f"{100 * dashes / table['games']:.0f}%",
            "first_shore": pct(table["ends"]["shore"]),
            "first_lunar": pct(table["ends"]["lunar"])}
