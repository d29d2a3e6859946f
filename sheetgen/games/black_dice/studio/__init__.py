"""The Curse of the Black Dice in sheetgen studio: a quest designer.

Start from a bundled quest, edit its enemy, fields (rewards and penalties), gold pool and
special rules in a form, see the tile re-drawn, run the balance check for 2-4 players with
live progress and Wilson intervals, keep variants side by side, download the quest file and
its tile. `designer` holds the work; the figures are the engine's (`verify` figures).
"""

from __future__ import annotations

import copy
from typing import Any

from sheetgen.errors import SheetgenError
from sheetgen.render.output import render_pdf
from sheetgen.render.preview import svg_pages
from sheetgen.studio_contract import (
    Call,
    Download,
    Page,
    Refused,
    Route,
    number,
    present,
    text,
    whole,
)

from ..quest import BUNDLED, EFFECTS, ENDS, PENALTIES, REWARDS, SYMBOL_NAMES, SYMBOLS, load_quest
from . import designer as dz

MAX_GAMES = 2000


def catalogue(call: Call) -> dict[str, Any]:
    return {"bundled": [{"id": q, "name": load_quest(q).name} for q in BUNDLED],
            "rewards": REWARDS, "penalties": PENALTIES, "effects": EFFECTS, "ends": ENDS,
            "symbols": list(SYMBOLS), "symbol_names": list(SYMBOL_NAMES)}


def _view(desk: dz.Designer) -> dict[str, Any]:
    data = desk.data
    out: dict[str, Any] = {"data": data, "errors": [], "svg": "", "text": "",
                           "balance": desk.balance,
                           "variants": [{"name": v.name, "balance": v.balance,
                                         "data": v.data} for v in desk.variants]}
    if data is None:
        return out
    out["text"] = dz.quest_text(data)
    out["switches"] = dz.switches_text(data)
    try:
        quest = dz.read_quest(data)
        out["svg"] = svg_pages(dz.tile_layout(quest))[0]
    except SheetgenError as err:
        out["errors"] = dz.faults(err, data)
    return out


def _desk(call: Call) -> dz.Designer:
    desk: dz.Designer = call.state
    present(desk.data, "open a quest first")
    return desk


def open_quest(call: Call) -> dict[str, Any]:
    desk: dz.Designer = call.state
    quest_id = call.body.get("id", "treasure")
    if quest_id not in BUNDLED:
        raise Refused(f"no bundled quest '{str(quest_id)[:40]}' ({', '.join(BUNDLED)})", 404)
    desk.data = dz.bundled(quest_id)
    desk.balance = None
    return _view(desk)


def set_quest(call: Call) -> dict[str, Any]:
    """The form's quest data: kept even when it has faults (they are shown at their line)."""
    desk = _desk(call)
    data = call.body.get("data")
    if not isinstance(data, dict):
        raise Refused("'data' is the quest as black-dice-quest/1 data")
    switches = call.body.get("rules_yaml")
    if switches is not None:  # the special rules' engine switches, as the file writes them
        data = dict(data)
        try:
            parsed = dz.parse_switches(text(call.body, "rules_yaml", "", 4000))
        except SheetgenError as err:
            fault = {"message": err.message, "hint": err.hint or "", "line": 0, "column": 0,
                     "source": "", "box": "rules"}
            return {**_view(desk), "errors": [fault]}
        if parsed:
            data["rules"] = parsed
        else:
            data.pop("rules", None)
    if data != desk.data:
        desk.data = data
        desk.balance = None  # the figures were for another quest
    return _view(desk)


def get_quest(call: Call) -> dict[str, Any]:
    return _view(_desk(call))


def start_balance(call: Call) -> Any:
    desk = _desk(call)
    players = call.body.get("players", [2, 3, 4])
    if not isinstance(players, list) or not players or \
            not all(p in (2, 3, 4) for p in players) or len(set(players)) != len(players):
        raise Refused("'players' is a list of player counts from 2 to 4")
    n = whole(call.body, "n", 200, 20, MAX_GAMES) or 200
    low = number(call.body, "low", 0.4, 0.0, 1.0)
    high = number(call.body, "high", 0.6, 0.0, 1.0)
    if low >= high:
        raise Refused("the band's low end must be below its high end")
    dz.read_quest(desk.data)  # a faulty quest is the request's error, not the job's
    data = copy.deepcopy(desk.data)

    def filed(job: Any) -> None:
        if desk.data == data:
            desk.balance = job.result

    return call.start("balance", dz.balance_work,
                      (data, tuple(sorted(players)), n, (low, high)), filed)


def keep_variant(call: Call) -> dict[str, Any]:
    desk = _desk(call)
    name = text(call.body, "name", "", 40).strip() or f"variant {len(desk.variants) + 1}"
    if len(desk.variants) >= dz.MAX_VARIANTS:
        raise Refused(f"at most {dz.MAX_VARIANTS} variants side by side: drop one first", 409)
    desk.variants.append(dz.Variant(name, copy.deepcopy(desk.data), desk.balance))
    return _view(desk)


def variant_action(call: Call) -> dict[str, Any]:
    desk = _desk(call)
    index = whole(call.body, "index", None, 0, dz.MAX_VARIANTS - 1)
    if index is None or index >= len(desk.variants):
        raise Refused("'index' must name a kept variant", 404)
    action = call.params["action"]
    if action == "open":
        v = desk.variants[index]
        desk.data, desk.balance = copy.deepcopy(v.data), v.balance
    elif action == "drop":
        del desk.variants[index]
    else:
        raise Refused(f"no variant action '{action[:20]}' (open or drop)", 404)
    return _view(desk)


def download(call: Call) -> Download:
    desk = _desk(call)
    what = call.params["what"]
    if what == "quest.yaml":
        dz.read_quest(desk.data)  # never hand out a file the reader refuses
        return Download(dz.quest_text(desk.data).encode("utf-8"), "application/x-yaml",
                        dz.file_name(desk.data))
    if what == "tile.pdf":
        layout = dz.tile_layout(dz.read_quest(desk.data))
        return Download(render_pdf(layout), "application/pdf",
                        dz.file_name(desk.data).replace(".yaml", "-tile.pdf"))
    raise Refused(f"nothing to download as '{what[:40]}'", 404)


PAGE = Page(
    title="Black Dice",
    summary="Design a quest: edit the tile, check its balance for 2-4 players, compare "
            "variants, print it",
    new_state=dz.Designer,
    credit="The Curse of the Black Dice: game design by Alexander Lauck, art by Piotr "
           "Uzdowski, development by Ireneusz Huszcza. Balance figures are games played by "
           "sheetgen's rules engine.",
    routes=(
        Route("GET", "catalogue", catalogue),
        Route("POST", "open", open_quest),
        Route("GET", "quest", get_quest),
        Route("POST", "quest", set_quest),
        Route("POST", "balance", start_balance),
        Route("POST", "variants", keep_variant),
        Route("POST", "variants/{action}", variant_action),
        Route("GET", "download/{what}", download),
    ),
)
