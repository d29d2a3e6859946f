"""Edits a designer makes to an island, each checked by the island validator.

An edit is a small value (`Edit`) applied to island data, producing new data; the data is
never changed in place, so undo and redo are a matter of keeping the old dicts. An edit
the rules forbid raises `EditRejected` carrying the validator's own message (the R-id
included), which the page shows beside the map; the island is left as it was.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse.island import island_from_dict, validate_island
from sheetgen.games.captains_curse.ruleset import Ruleset

MAX_NAME = 40
MAX_PLACE = 28
EDIT_KINDS = ("set_symbol", "swap_symbols", "set_place", "rename")


class EditRejected(ValueError):
    """An edit that would break the island; the message says which rule and why."""


@dataclass(frozen=True)
class Edit:
    kind: str
    space: str | None = None
    other: str | None = None
    symbol: str | None = None
    text: str | None = None

    @classmethod
    def from_json(cls, raw: Any) -> Edit:
        """Parse a request body; anything malformed is an EditRejected, never a crash."""
        if not isinstance(raw, dict):
            raise EditRejected("an edit is a JSON object with a 'kind'")
        kind = raw.get("kind")
        if kind not in EDIT_KINDS:
            raise EditRejected(f"unknown edit kind {kind!r}; one of {', '.join(EDIT_KINDS)}")
        fields = {}
        for key in ("space", "other", "symbol", "text"):
            value = raw.get(key)
            if value is not None and not isinstance(value, str):
                raise EditRejected(f"'{key}' must be a string")
            fields[key] = value
        return cls(kind, **fields)


def _clean_text(text: str | None, limit: int, what: str, allow_empty: bool) -> str:
    text = " ".join((text or "").split())
    if not text and not allow_empty:
        raise EditRejected(f"the {what} cannot be empty")
    if len(text) > limit:
        raise EditRejected(f"the {what} is {len(text)} characters long; at most {limit} fit "
                           "on the printed map")
    if any(not ch.isprintable() for ch in text):
        raise EditRejected(f"the {what} contains a character that cannot be printed")
    return text


def _space(data: dict[str, Any], space_id: str | None) -> dict[str, Any]:
    for space in data["spaces"]:
        if space["id"] == space_id:
            return space
    raise EditRejected(f"no space '{space_id}' on this island")


def apply_edit(data: dict[str, Any], edit: Edit, ruleset: Ruleset | None = None
               ) -> dict[str, Any]:
    """The island after `edit`, validated; raises EditRejected when the rules forbid it."""
    new = copy.deepcopy(data)
    if edit.kind == "rename":
        new["name"] = _clean_text(edit.text, MAX_NAME, "island name", allow_empty=False)
    elif edit.kind == "set_place":
        space = _space(new, edit.space)
        name = _clean_text(edit.text, MAX_PLACE, "place name", allow_empty=True)
        if name:
            space["place"] = name
        else:
            space.pop("place", None)
    else:
        space = _space(new, edit.space)
        if edit.symbol not in new["symbols"]:
            raise EditRejected(f"'{edit.symbol}' is not one of this island's symbols "
                               f"({', '.join(new['symbols'])})")
        if edit.kind == "swap_symbols":
            other = _space(new, edit.other)
            if other["symbol"] != edit.symbol:
                raise EditRejected(f"space {other['id']} shows {other['symbol']}, not "
                                   f"{edit.symbol}: swap with a space of that symbol")
            other["symbol"] = space["symbol"]
        space["symbol"] = edit.symbol
    check_island(new, ruleset)
    return new


def check_island(data: dict[str, Any], ruleset: Ruleset | None = None) -> None:
    """The island validator (R2, R3, R11, R12) as an EditRejected with its message; a name
    that cannot be printed, or a place name with no room on the printed map, too."""
    from ..sheet.elements import PlaceDoesNotFit, check_place_names

    try:
        island = island_from_dict(data)
        validate_island(island, ruleset or Ruleset())
        if all(s.polygon for s in island.spaces) and any(s.place for s in island.spaces):
            check_place_names(island)
    except SheetgenError as err:
        hint = f" (hint: {err.hint})" if err.hint else ""
        raise EditRejected(err.message + hint) from None
    except PlaceDoesNotFit as err:
        raise EditRejected(f"{err} (hint: shorten it)") from None
