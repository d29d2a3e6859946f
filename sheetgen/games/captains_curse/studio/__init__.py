"""Captain's Curse in sheetgen studio: make, edit, verify, play and print islands.

The page (`page.html`, `page.js`, `page.css` here) talks to the routes below, served by the
studio under `/api/s/<session>/g/captains-curse/`. Where things live:

- `desk`: one designer's island, its undo history, verification and game (per tab).
- `work`: what the routes ask of the library (generator, verifier, sheet, pad).
- `mapview`: the island map as SVG through the layout language, plus its hit geometry.
- `edit`: edits as small values, each checked by the island validator.
- `play`: a game in the browser, refereed by `GameState`; logs `replay` accepts.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from sheetgen.games.captains_curse.island import island_from_dict
from sheetgen.games.captains_curse.islands.verify import get_band
from sheetgen.studio_contract import (
    MAX_SEED,
    Call,
    Download,
    Page,
    Refused,
    Route,
    choice,
    present,
    whole,
)

from . import work
from .desk import Desk, Settings
from .edit import Edit, EditRejected, apply_edit
from .play import BrowserGame


def _island(call: Call) -> Desk:
    desk: Desk = call.state
    present(desk.island, "make an island first")
    return desk


def make_island(call: Call) -> dict[str, Any]:
    desk: Desk = call.state
    seed = whole(call.body, "seed", None, 0, MAX_SEED)
    if seed is None:
        seed = secrets.randbits(32)
    settings = Settings(seed=seed,
                        difficulty=choice(call.body, "difficulty", "normal", work.DIFFICULTIES),
                        cell_area=whole(call.body, "space_size", 300, *work.SPACE_SIZES) or 300)
    data = work.make_island(settings)
    desk.settings = settings
    desk.replace_island(data)
    return work.island_view(desk)


def get_island(call: Call) -> dict[str, Any]:
    return work.island_view(_island(call))


def edit_island(call: Call) -> dict[str, Any]:
    desk = _island(call)
    try:
        desk.replace_island(apply_edit(desk.island, Edit.from_json(call.body), desk.ruleset))
    except EditRejected as err:
        raise Refused(str(err), 422, rejected=True) from None
    return work.island_view(desk)


def history(call: Call) -> dict[str, Any]:
    desk = _island(call)
    way = call.params["way"]
    if way not in ("undo", "redo"):
        raise Refused(f"no history step '{way[:40]}' (undo or redo)", 404)
    if not desk.step_history(way == "undo"):
        raise Refused(f"nothing to {way}", 409)
    return work.island_view(desk)


def set_lines(call: Call) -> dict[str, Any]:
    desk = _island(call)
    hidden = call.body.get("hidden", [])
    known = {line["id"] for line in desk.island["sink_lines"]}
    if not isinstance(hidden, list) or not all(isinstance(h, str) and h in known
                                               for h in hidden):
        raise Refused("'hidden' must be a list of this island's sink line ids")
    desk.hidden_lines = set(hidden)
    return work.island_view(desk)


def start_verify(call: Call) -> Any:
    """Verify the current island against a band on fresh dice, in a job's process; the
    verdict is filed on the desk if the island is still the one verified."""
    desk = _island(call)
    band = get_band(choice(call.body, "difficulty",
                           desk.settings.difficulty if desk.settings else "normal",
                           work.DIFFICULTIES))
    data = desk.island
    island_from_dict(data)  # a broken island is the request's error, not the job's
    seed = secrets.randbits(63)

    def verified(job: Any) -> None:
        with desk.lock:
            if desk.island is data:
                desk.verified = {"band": band.name, "seed": seed, **job.result}

    desk.verify_job = call.start("verify", work.verify_island,
                                 (data, band.name, desk.ruleset, seed), verified)
    return desk.verify_job


def start_pad(call: Call) -> Any:
    """A pad of `count` verified islands from the desk's seed and difficulty."""
    desk = _island(call)
    count = whole(call.body, "count", 4, 1, work.MAX_PAD) or 1
    paper = choice(call.body, "paper", "a4", ("a4", "letter"))
    settings = desk.settings or Settings(seed=secrets.randbits(32))
    return call.start("pad", work.make_pad_pdf,
                      (count, settings.seed, settings.difficulty, paper))


def new_game(call: Call) -> dict[str, Any]:
    desk = _island(call)
    return work.new_game(desk, whole(call.body, "seed", None, 0, MAX_SEED))


def _game(call: Call) -> BrowserGame:
    return present(_island(call).game)


def game_view(call: Call) -> dict[str, Any]:
    return _game(call).view()


def game_action(call: Call) -> dict[str, Any]:
    game = _game(call)
    action = call.params["action"]
    if action not in ("roll", "move"):
        raise Refused(f"no game action '{action}'", 404)
    try:
        if action == "roll":
            game.roll()
        else:
            index = whole(call.body, "index", None, 0, 10_000)
            if index is None:
                raise Refused("'index' (the chosen legal move) is required")
            game.choose(index)
    except ValueError as err:
        raise Refused(str(err), 409) from None
    return game.view()


def game_log(call: Call) -> Download:
    game = _island(call).game
    if game is None or not game.state.is_over():
        raise Refused("the log is ready when the game is over", 409)
    text = json.dumps(game.log(), indent=1, ensure_ascii=False) + "\n"
    return Download(text.encode("utf-8"), "application/json", "captains-curse-game.json")


def download(call: Call) -> Download:
    desk = _island(call)
    what = call.params["what"]
    if what == "island.yaml":
        return Download(work.island_file(desk).encode("utf-8"), "application/x-yaml",
                        work.file_stem(desk) + ".yaml")
    if what == "sheet.pdf":
        paper = choice(call.query, "paper", "a4", ("a4", "letter"))
        return Download(work.sheet_pdf(desk, paper), "application/pdf",
                        work.file_stem(desk) + ".pdf")
    if what == "pad.pdf":
        job = call.job("pad")
        if job is None or job.state != "done" or job.result is None:
            raise Refused("the pad is not ready", 409)
        return Download(job.result, "application/pdf", "captains-curse-pad.pdf")
    raise Refused(f"nothing to download as '{what}'", 404)


PAGE = Page(
    title="Captain's Curse",
    summary="Make, edit, verify, play and print Captain's Curse islands",
    new_state=Desk,
    credit="Captain's Curse is a game by Steven Aramini. Islands drawn by sheetgen's own "
           "layout engine; the rules engine referees every move.",
    routes=(
        Route("POST", "island", make_island),
        Route("GET", "island", get_island),
        Route("POST", "edit", edit_island),
        Route("POST", "history/{way}", history),
        Route("POST", "lines", set_lines),
        Route("POST", "verify", start_verify),
        Route("POST", "pad", start_pad),
        Route("POST", "game", new_game),
        Route("GET", "game", game_view),
        Route("GET", "game/log", game_log),
        Route("POST", "game/{action}", game_action),
        Route("GET", "download/{what}", download),
    ),
)
