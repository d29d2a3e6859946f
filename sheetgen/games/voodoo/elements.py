"""Layout element types of Voodoo Pirate (the layout loader imports this module by name).

- `voodoo.board`: the whole board (Sea of Souls, vane, tide, tracks, barrels, ritual grid,
  treasure stores) drawn from the board model in `board.py`.
- `voodoo.sea`: the sea grid alone (for aids and figures).
- `voodoo.action_card`, `voodoo.object_card`, `voodoo.card_back`: one 63 x 88 mm card.
- `voodoo.ship_mat`: one pirate's ship mat.

The drawing itself is in `draw.py`, shared with the rulebook's figures.
"""

from __future__ import annotations

from typing import Any

from sheetgen.canvas.protocol import Canvas
from sheetgen.errors import SheetgenError
from sheetgen.games.voodoo import draw
from sheetgen.games.voodoo.board import Board, default_board, load_board
from sheetgen.games.voodoo.cards import default_cards
from sheetgen.layout.elements.base import Element, Scope, register
from sheetgen.layout.params import LENGTH, SIZE, TEXT, Choice, FileName, Number, Param

_BLEED = {"bleed": Param(SIZE, 0.0, "carry the card's edge colour this far past the trim")}
_BOARD = {"board": Param(FileName(what="board file"), None,
                         "a board file (default: the bundled Sea of Souls)")}


def _board(v: dict[str, Any], scope: Scope, pos) -> Board:
    """The element's board: the bundled Sea of Souls, or a board file the layout may read
    (sheetgen.access: under the layout's folder, an allowed folder, or named by the user,
    as `sheetgen pad voodoo --board FILE` does). `board` is a FileName field, so
    Element.resolve has already run that check and handed over the file's Path."""
    return load_board(v["board"]) if v.get("board") else default_board()


@register
class BoardElement(Element):
    type_name = "voodoo.board"
    description = "the Voodoo Pirate board drawn from the board model, fitted to its box"
    params = {**_BOARD,
              "x": Param(LENGTH, 0.0, "left"), "y": Param(LENGTH, 0.0, "top"),
              "w": Param(SIZE, doc="width (the board is designed for A2, 594 x 420 mm)"),
              "h": Param(SIZE, doc="height")}

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        draw.draw_board(canvas, _board(v, scope, self.pos), v["x"], v["y"], v["w"], v["h"])


@register
class SeaElement(Element):
    type_name = "voodoo.sea"
    description = "the Sea of Souls grid alone (shore, sea, harbour), cell size given"
    params = {**_BOARD, "x": Param(LENGTH, 0.0, "left"), "y": Param(LENGTH, 0.0, "top"),
              "cell": Param(SIZE, "12mm", "side of one space")}

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        draw.draw_sea(canvas, _board(v, scope, self.pos), v["x"], v["y"], v["cell"])


def _index(v: dict[str, Any], n: int, what: str, pos) -> int:
    i = int(v["index"])
    if not 0 <= i < n:
        raise SheetgenError(f"{what} index {i} is out of range (0 to {n - 1})", pos)
    return i


@register
class ActionCardElement(Element):
    type_name = "voodoo.action_card"
    description = "Action card number `index` (0-29: six per pirate, pirates in order)"
    params = {"index": Param(Number(minimum=0), 0, "which card"),
              "x": Param(LENGTH, 0.0, "left"), "y": Param(LENGTH, 0.0, "top"),
              **_BLEED}

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        deck = default_cards().action_deck()
        pirate, card = deck[_index(v, len(deck), "Action card", self.pos)]
        draw.draw_action_card(canvas, v["x"], v["y"], pirate, card, v["bleed"])


@register
class ObjectCardElement(Element):
    type_name = "voodoo.object_card"
    description = "Object card number `index` (0-26, duplicates counted)"
    params = {"index": Param(Number(minimum=0), 0, "which card"),
              "x": Param(LENGTH, 0.0, "left"), "y": Param(LENGTH, 0.0, "top"),
              **_BLEED}

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        deck = default_cards().object_deck()
        draw.draw_object_card(canvas, v["x"], v["y"],
                              deck[_index(v, len(deck), "Object card", self.pos)], v["bleed"])


@register
class CardBackElement(Element):
    type_name = "voodoo.card_back"
    description = "the back of an Action card (in a pirate's colour) or of an Object card"
    params = {"kind": Param(Choice(options=("action", "object")), "object", ""),
              "index": Param(Number(minimum=0), 0, "Action card number: picks the colour"),
              "x": Param(LENGTH, 0.0, "left"), "y": Param(LENGTH, 0.0, "top"),
              **_BLEED}

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        colour, owner = None, ""
        if v["kind"] == "action":
            deck = default_cards().action_deck()
            pirate = deck[_index(v, len(deck), "Action card", self.pos)][0]
            colour, owner = pirate.rgb, pirate.colour
        draw.draw_card_back(canvas, v["x"], v["y"], v["kind"], colour, v["bleed"], owner)


@register
class ShipMatElement(Element):
    type_name = "voodoo.ship_mat"
    description = "a pirate's ship mat (190 x 120 mm): souls, holds, power die, coins, skill"
    params = {"colour": Param(TEXT, doc="Red, Blue, Green, Yellow or Purple"),
              "x": Param(LENGTH, 0.0, "left"), "y": Param(LENGTH, 0.0, "top")}

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        try:
            pirate = default_cards().pirate(v["colour"])
        except SheetgenError as err:
            raise SheetgenError(err.message, self.pos, hint=err.hint) from None
        draw.draw_mat(canvas, v["x"], v["y"], pirate)


@register
class TokensElement(Element):
    type_name = "voodoo.tokens"
    description = "one sheet of punch-out tokens (sheet 1: ships, figures, souls; 2: the rest)"
    params = {"sheet": Param(Number(minimum=1, maximum=2), 1, "which sheet"),
              "x": Param(LENGTH, 0.0, "left"), "y": Param(LENGTH, 0.0, "top"),
              "w": Param(SIZE, doc="width to fill")}

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        groups = draw.token_groups(default_cards().pirates, default_board().sea_tiles)
        draw.draw_tokens(canvas, v["x"], v["y"], v["w"], groups[int(v["sheet"]) - 1])
