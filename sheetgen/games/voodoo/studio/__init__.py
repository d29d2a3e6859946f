"""Voodoo Pirate in sheetgen studio: the Sea of Souls with your ship placed by a click, the
squares a chosen card can reach under the wind and the tide, each with the plan that gets
there, as the movement rules (`sheetgen.games.voodoo.sea`) work it out.

The page keeps the placed ships and sends them with each question. A game against Cursed
Pirates (`play`) is kept per tab: the page offers the engine's legal moves as they print.
"""

from __future__ import annotations

from typing import Any

from sheetgen.errors import SheetgenError
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

from ..board import BOARD_FILE, WIND_CONDITIONS, Board, Space, default_board, parse_board
from ..sea import new_sea, plan_label, reachable
from .play import BrowserVoyage

CARDS = ("#oodoo", "Tix", "Stars", "Ghost Whisper", "Jax", "Tok", "Take", "Poppet")
CARD_NOTES = {
    "#oodoo": "a hoodoo ritual: two rounds, one space south or west each (two with a colour "
              "match)",
    "Tix": "the conjurer moves one space south or west (not in the harbour)",
    "Stars": "barrel magic: up to two spaces along the Stars directions (not in the harbour)",
    "Ghost Whisper": "one space any way",
    "Jax": "does not move the ship", "Tok": "does not move the ship",
    "Take": "does not move the ship", "Poppet": "does not move the ship",
}
ME = "you"


def _space(raw: Any, what: str) -> Space:
    if not (isinstance(raw, list) and len(raw) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in raw)):
        raise Refused(f"'{what}' is a square as [column, row]")
    return (raw[0], raw[1])


EDITABLE = ("calm", "haunted", "map")


def _board(call: Call) -> Board:
    """The tab's board: the bundled Sea of Souls, or one made or edited here."""
    text = call.state.get("board_text")
    return default_board() if text is None else parse_board(text, "<studio board>")


def board_view(call: Call) -> dict[str, Any]:
    board = _board(call)
    cells = [{"col": c, "row": r, "kind": board.kind((c, r)), "value": board.value((c, r)),
              "haunted": board.haunted((c, r)), "tidal": board.tidal((c, r))}
             for c, r in board.spaces()]
    shore = sorted(board.shore_landings())
    return {"edited": call.state.get("board_text") is not None,
            "verified": call.state.get("verified"),
            "name": board.name, "columns": board.columns, "rows": board.rows, "cells": cells,
            "shore_side": board.shore, "shore": [list(s) for s in shore],
            "tide_arrow": board.tide_arrow, "winds": list(WIND_CONDITIONS),
            "start_wind": board.start_wind, "start_tide": board.start_tide,
            "harbour": [list(s) for s in board.harbour_order],
            "stars_directions": list(board.stars_directions), "cards": list(CARDS),
            "card_notes": CARD_NOTES}


def reach(call: Call) -> dict[str, Any]:
    """Where the ship can end with the card, under this wind and tide, around these ships."""
    board = _board(call)
    ship = _space(call.body.get("ship"), "ship")
    if not board.is_space(ship):
        raise Refused("put the ship on a square of the sea or the harbour")
    others_raw = call.body.get("others", [])
    if not isinstance(others_raw, list) or len(others_raw) > 6:
        raise Refused("'others' is a list of at most six squares")
    others = [_space(o, "others") for o in others_raw]
    if any(not board.is_space(o) or o == ship for o in others):
        raise Refused("other ships stand on other squares of the board")
    card = choice(call.body, "card", "#oodoo", CARDS)
    wind = choice(call.body, "wind", board.start_wind, tuple(board.wind))
    tide = choice(call.body, "tide", board.start_tide, ("IN", "OUT"))
    compass, match = call.body.get("compass", False), call.body.get("match", True)
    if not isinstance(compass, bool) or not isinstance(match, bool):
        raise Refused("'compass' and 'match' are yes or no")
    ships = {ME: ship, **{f"ship {k + 1}": o for k, o in enumerate(others)}}
    sea = new_sea(board, ships, wind=wind, tide=tide)
    plans = reachable(board, sea, ME, card, compass=compass, match=match)
    ends = [{"square": list(end), "plan": plan_label(plan), "shore": board.is_shore(end),
             "value": board.value(end) if board.is_space(end) else None,
             "events": sorted({e for leg in plan for e in leg.events})}
            for end, plan in sorted(plans.items())]
    return {"card": card, "wind": wind, "tide": tide, "ends": ends,
            "note": CARD_NOTES[card]}


def new_voyage(call: Call) -> dict[str, Any]:
    import secrets

    seed = whole(call.body, "seed", None, 0, MAX_SEED)
    cursed = whole(call.body, "cursed", 2, 1, 4) or 2
    call.state["voyage"] = BrowserVoyage(seed if seed is not None else secrets.randbits(32),
                                         cursed, call.state.get("board_text"))
    return call.state["voyage"].view()


def _voyage(call: Call) -> BrowserVoyage:
    return present(call.state.get("voyage"))


def voyage_view(call: Call) -> dict[str, Any]:
    return _voyage(call).view()


def voyage_move(call: Call) -> dict[str, Any]:
    voyage = _voyage(call)
    index = whole(call.body, "index", None, 0, 10_000)
    if index is None:
        raise Refused("'index' (the chosen legal move) is required")
    try:
        voyage.choose(index)
    except ValueError as err:
        raise Refused(str(err), 409) from None
    return voyage.view()


def _set_board(call: Call, text: str | None) -> dict[str, Any]:
    call.state["board_text"] = text
    call.state["verified"] = None
    call.state.pop("voyage", None)  # a game belongs to its board
    return board_view(call)


def new_board(call: Call) -> dict[str, Any]:
    """A board from the generator (`sheetgen voodoo board new --seed N`), or the bundled
    one again."""
    from ..generate import generate_board

    if call.body.get("bundled"):
        return _set_board(call, None)
    seed = whole(call.body, "seed", 1, 0, MAX_SEED)
    return _set_board(call, generate_board(seed or 0).text)


def edit_board(call: Call) -> dict[str, Any]:
    """Two squares of open water swap what they are (calm, haunted, a map): the counts the
    rules fix stay, and the board checks must still hold (a refusal says which; the board
    is left as it was)."""
    from ..generate import board_yaml

    board = _board(call)
    one = _space(call.body.get("square"), "square")
    two = _space(call.body.get("other"), "other")
    for sq in (one, two):
        if not board.is_space(sq) or board.kind(sq) not in EDITABLE:
            raise Refused("only open water changes: calm, haunted or map squares", 422)
    kinds = {s: board.kind(s) for s in board.spaces()}
    kinds[one], kinds[two] = kinds[two], kinds[one]
    name = board.name if board.name.endswith("(edited)") else f"{board.name} (edited)"
    text = board_yaml(board, kinds, board.moonlight_barrels, board.dusk_barrels, name,
                      "edited in sheetgen studio")
    try:
        parse_board(text, "<studio board>")
    except SheetgenError as err:
        raise Refused(err.message + (f" ({err.hint})" if err.hint else ""), 422) from None
    return _set_board(call, text)


def board_file(call: Call) -> Download:
    text = call.state.get("board_text") or BOARD_FILE.read_text(encoding="utf-8")
    return Download(text.encode("utf-8"), "application/x-yaml", "voodoo-board.yaml")


def verify_work(report, text: str | None, scale: float) -> dict[str, Any]:
    """A verify job's work (its own process): the three lineups of `voodoo verify`, scaled,
    with progress per lineup; the verdict as a dict."""
    from ..verify import DEFAULT_PLAN, verify_board

    plan = DEFAULT_PLAN.scaled(scale)
    totals = {"table": plan.table, "skill": plan.skill, "cursed": plan.cursed}
    report(total=sum(totals.values()), done=0, lineup="table", plan=totals)
    before = {"table": 0, "skill": plan.table, "cursed": plan.table + plan.skill}

    def progress(name: str, done: int, total: int) -> None:
        report(lineup=name, done=before[name] + done)

    return verify_board(text, plan, 1, progress=progress).to_dict()


def start_verify(call: Call) -> Any:
    scale = choice(call.body, "scale", "0.1", ("0.1", "0.25", "0.5", "1"))
    text = call.state.get("board_text")
    _board(call)

    def filed(job: Any) -> None:
        if call.state.get("board_text") == text:
            call.state["verified"] = job.result

    return call.start("verify", verify_work, (text, float(scale)), filed)


PAGE = Page(
    title="Voodoo Pirate",
    summary="The Sea of Souls: place your ship, choose a card, see where the wind and the "
            "tide let it go",
    credit="Voodoo Pirate: game design by Phil Stenton. Movement as sheetgen's rules engine "
           "reads the source (sheetgen/games/voodoo/sea.py).",
    new_state=dict,
    routes=(Route("GET", "board", board_view), Route("POST", "reach", reach),
            Route("POST", "game", new_voyage), Route("GET", "game", voyage_view),
            Route("POST", "game/move", voyage_move),
            Route("POST", "board/new", new_board), Route("POST", "board/edit", edit_board),
            Route("GET", "download/board.yaml", board_file),
            Route("POST", "verify", start_verify)),
)
