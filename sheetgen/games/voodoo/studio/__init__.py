"""Voodoo Pirate in sheetgen studio: the Sea of Souls with your ship placed by a click, the
squares a chosen card can reach under the wind and the tide, each with the plan that gets
there, as the movement rules (`sheetgen.games.voodoo.sea`) work it out.

The page keeps the placed ships and sends them with each question. A game against Cursed
Pirates (`play`) is kept per tab: the page offers the engine's legal moves as they print.
"""

from __future__ import annotations

from typing import Any

from sheetgen.studio_contract import MAX_SEED, Call, Page, Refused, Route, choice, whole

from ..board import WIND_CONDITIONS, Space, default_board
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


def board_view(call: Call) -> dict[str, Any]:
    board = default_board()
    cells = [{"col": c, "row": r, "kind": board.kind((c, r)), "value": board.value((c, r)),
              "haunted": board.haunted((c, r)), "tidal": board.tidal((c, r))}
             for c, r in board.spaces()]
    shore = sorted(board.shore_landings())
    return {"name": board.name, "columns": board.columns, "rows": board.rows, "cells": cells,
            "shore_side": board.shore, "shore": [list(s) for s in shore],
            "tide_arrow": board.tide_arrow, "winds": list(WIND_CONDITIONS),
            "start_wind": board.start_wind, "start_tide": board.start_tide,
            "harbour": [list(s) for s in board.harbour_order],
            "stars_directions": list(board.stars_directions), "cards": list(CARDS),
            "card_notes": CARD_NOTES}


def reach(call: Call) -> dict[str, Any]:
    """Where the ship can end with the card, under this wind and tide, around these ships."""
    board = default_board()
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
                                         cursed)
    return call.state["voyage"].view()


def _voyage(call: Call) -> BrowserVoyage:
    voyage = call.state.get("voyage")
    if voyage is None:
        raise Refused("start a game first", 409)
    return voyage


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


PAGE = Page(
    title="Voodoo Pirate",
    summary="The Sea of Souls: place your ship, choose a card, see where the wind and the "
            "tide let it go",
    credit="Voodoo Pirate: game design by Phil Stenton. Movement as sheetgen's rules engine "
           "reads the source (sheetgen/games/voodoo/sea.py).",
    new_state=dict,
    routes=(Route("GET", "board", board_view), Route("POST", "reach", reach),
            Route("POST", "game", new_voyage), Route("GET", "game", voyage_view),
            Route("POST", "game/move", voyage_move)),
)
