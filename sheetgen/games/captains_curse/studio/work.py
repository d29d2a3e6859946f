"""What the Captain's Curse page asks of the library, in one place: make, show, verify, play,
print. Each piece is a plain function over a `Desk`, tested without a server.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

from sheetgen.games.captains_curse.island import island_from_dict
from sheetgen.games.captains_curse.islands.generate import generate_island, island_yaml
from sheetgen.games.captains_curse.islands.params import IslandParams
from sheetgen.games.captains_curse.islands.verify import (
    BANDS,
    EXPERT_CAP,
    expert_trials,
    get_band,
    sheet_verification,
)
from sheetgen.games.captains_curse.pad import sheet_layout
from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.render.output import render_pdf

from .desk import Desk, Settings
from .mapview import render_map
from .play import BrowserGame

DIFFICULTIES = tuple(BANDS)
SPACE_SIZES = (240, 340)  # mean area of a space, mm^2: the generator's cell_area
MAX_PAD = 50


def make_island(settings: Settings) -> dict[str, Any]:
    """A fresh island from the settings: the generator's geometry with the band's sink plan.

    Not verified here (that is the Verify button's job, on fresh dice), so it appears at
    once; the same seed and settings always give the same island.
    """
    params = IslandParams(cell_area=float(settings.cell_area))
    band = get_band(settings.difficulty)
    return generate_island(settings.seed, params, band.plan).data


def island_view(desk: Desk) -> dict[str, Any]:
    """The island as the page shows it: map SVG, hit geometry, history and figures."""
    data = desk.island
    assert data is not None
    hidden = set(desk.hidden_lines)
    shown = [line["id"] for line in data["sink_lines"] if line["id"] not in hidden]
    view = render_map(data, shown if hidden else None)
    return {
        "name": data["name"], "seed": data.get("seed"),
        "settings": vars(desk.settings) if desk.settings else None,
        "svg": view.svg, "width": view.width, "height": view.height,
        "geometry": view.geometry, "hidden_lines": sorted(hidden),
        "can_undo": bool(desk.undo), "can_redo": bool(desk.redo),
        "verified": desk.verified,
    }


def verify_island(report: Callable[..., None], data: dict[str, Any], band_name: str,
                  ruleset: Ruleset, seed: int) -> dict[str, Any]:
    """A verify job's work (in its own process): expert games chunk by chunk, reported."""
    island = island_from_dict(data)
    band = get_band(band_name)
    report(games=0, wins=0, band=band.name, min_win=band.min_win, max_win=band.max_win,
           seed=seed, max_games=EXPERT_CAP)
    verdict: dict[str, Any] = {}
    for step in expert_trials(island, band, ruleset, seed):
        lo, hi = step.interval
        verdict = {"games": step.games, "wins": step.wins, "rate": step.wins / step.games,
                   "low": lo, "high": hi, "decided": step.decided, "passed": step.passed}
        report(**verdict)
    verdict["verdict"] = "passed" if verdict["passed"] else "failed"
    report(verdict=verdict["verdict"])
    return verdict


def new_game(desk: Desk, seed: int | None) -> dict[str, Any]:
    island = island_from_dict(desk.island)
    desk.game = BrowserGame(island, desk.ruleset,
                               seed if seed is not None else secrets.randbits(32))
    return {"seed": desk.game.seed, **desk.game.view()}


def island_file(desk: Desk) -> str:
    return island_yaml(desk.island)


def file_stem(desk: Desk) -> str:
    """A safe download name from the island's name (never a path)."""
    stem = re.sub(r"[^a-z0-9]+", "-", desk.island["name"].lower()).strip("-")
    return stem or "island"


def _small_print(desk: Desk) -> str:
    seed = desk.island.get("seed")
    origin = f"Island from seed {seed} · " if seed is not None else ""
    v = desk.verified
    if v is None:  # verified now, as `sheetgen render` verifies an island file
        band = desk.settings.difficulty if desk.settings else "normal"
        return sheet_verification("", island_from_dict(desk.island), band)
    return (f"{origin}tested in the studio, {v['band']}"
            f"{'' if v['passed'] else ' not reached'}: the expert player won {v['wins']} of "
            f"{v['games']} fresh games (95% range {v['low']:.0%}\u2013{v['high']:.0%})")


def sheet_pdf(desk: Desk, paper: str = "a4") -> bytes:
    """The island sheet of the current island, as printed by `sheetgen render`."""
    layout = sheet_layout(paper)
    layout.data = [{"island": desk.island, "small_print": _small_print(desk)}]
    return render_pdf(layout)


def make_pad_pdf(report: Callable[..., None], count: int, seed: int, difficulty: str,
                 paper: str) -> bytes:
    """A pad job's work (in its own process): the islands, reported one by one, then the PDF."""
    from sheetgen.games.captains_curse.pad import make_pad

    done = 0
    report(done=0, count=count)

    def step(n: int) -> None:
        nonlocal done
        done += n
        report(done=done)

    items = make_pad(count, seed, difficulty, 1, step)
    layout = sheet_layout(paper)
    layout.data = [{"island": d, "small_print": sp} for d, sp, _ in items]
    report(rendering=True)
    return render_pdf(layout)
