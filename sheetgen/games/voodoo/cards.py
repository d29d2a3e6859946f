"""Voodoo Pirate's cards and pirates as data: six Action cards per colour, the Object deck.

The texts live in `data/cards.yaml` (the project's own words); this module reads them, checks
them (every field present, icons that exist, the deck the source lists: 27 cards, 9 of them
end-game cards, seed l.389-395, although l.264 says 24) and expands counts into printed cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.games.voodoo.board import DATA_DIR
from sheetgen.layout.source import Located, load_yaml, located

CARDS_FILE = DATA_DIR / "cards.yaml"
ACTION_NAMES = ("Jax", "Tok", "Take", "#oodoo", "Tix", "Poppet")  # seed l.19-21
OBJECT_DECK_SIZE = 27      # the list of seed l.389-395
END_GAME_CARDS = 9         # 7 Skulls and 2 Morgan's Eyes (l.391)
OBJECT_KINDS = ("treasure", "action", "defence", "end")

Rgb = tuple[float, float, float]


@dataclass(frozen=True)
class ActionCard:
    name: str
    icon: str
    title: str
    text: str


@dataclass(frozen=True)
class Pirate:
    colour: str
    rgb: Rgb
    power: int
    skill: str
    skill_text: str


@dataclass(frozen=True)
class ObjectCard:
    name: str
    count: int
    icon: str
    kind: str
    text: str
    colour: Rgb | None = None


@dataclass(frozen=True)
class CardSet:
    actions: tuple[ActionCard, ...]
    pirates: tuple[Pirate, ...]
    objects: tuple[ObjectCard, ...]

    def pirate(self, colour: str) -> Pirate:
        for p in self.pirates:
            if p.colour.lower() == colour.lower():
                return p
        raise SheetgenError(f"no pirate '{colour}'",
                            hint=did_you_mean(colour, [p.colour for p in self.pirates]))

    def action_deck(self) -> list[tuple[Pirate, ActionCard]]:
        """Every printed Action card: each pirate's six (30 for five pirates)."""
        return [(p, a) for p in self.pirates for a in self.actions]

    def object_deck(self) -> list[ObjectCard]:
        """Every printed Object card, duplicates repeated."""
        return [o for o in self.objects for _ in range(o.count)]


def _text(doc: Located, path: tuple, value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise doc.error(path, f"{what} must be non-empty text")
    return value


def _rgb(doc: Located, path: tuple, value: Any) -> Rgb:
    if (not isinstance(value, list) or len(value) != 3
            or not all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in value)):
        raise doc.error(path, "a colour is [r, g, b] with each part from 0 to 1")
    return (float(value[0]), float(value[1]), float(value[2]))


def _icon(doc: Located, path: tuple, value: Any) -> str:
    from sheetgen.assets.icons import icon_names

    names = icon_names()
    if value not in names:
        raise doc.error(path, f"unknown icon {value!r}", hint=did_you_mean(str(value), names))
    return value


def _keys(doc: Located, path: tuple, entry: Any, required: set[str], optional: set[str],
          what: str) -> dict:
    return doc.check_mapping(path, entry, required | optional, sorted(required), what)


def _validate(doc: Located) -> CardSet:
    data = _keys(doc, (), doc.data, {"format", "actions", "pirates", "objects"}, set(),
                 "the card file")
    if data["format"] != "voodoo-cards/1":
        raise doc.error(("format",), "unknown card format", hint="expected 'voodoo-cards/1'")
    for section in ("actions", "pirates", "objects"):
        if not isinstance(data[section], list):
            raise doc.error((section,), f"'{section}' must be a list of cards, not "
                                        f"{type(data[section]).__name__}",
                            hint=f"{section}:\n  - name: ...")
    actions = []
    for i, raw in enumerate(data["actions"]):
        e = _keys(doc, ("actions", i), raw, {"name", "icon", "title", "text"}, set(),
                  "an Action card")
        actions.append(ActionCard(e["name"], _icon(doc, ("actions", i, "icon"), e["icon"]),
                                  _text(doc, ("actions", i, "title"), e["title"], "title"),
                                  _text(doc, ("actions", i, "text"), e["text"], "text")))
    names = tuple(a.name for a in actions)
    if names != ACTION_NAMES:
        raise doc.error(("actions",), f"the Action cards are {', '.join(map(str, names))}",
                        hint="the rules give six, in this order: " + ", ".join(ACTION_NAMES))
    pirates = []
    for i, raw in enumerate(data["pirates"]):
        e = _keys(doc, ("pirates", i), raw, {"colour", "rgb", "power", "skill", "skill_text"},
                  set(), "a pirate")
        power = e["power"]
        if isinstance(power, bool) or not isinstance(power, int) or not 1 <= power <= 6:
            raise doc.error(("pirates", i, "power"), "power is a die face, 1 to 6")
        pirates.append(Pirate(_text(doc, ("pirates", i, "colour"), e["colour"], "colour"),
                              _rgb(doc, ("pirates", i, "rgb"), e["rgb"]), power,
                              _text(doc, ("pirates", i, "skill"), e["skill"], "skill"),
                              _text(doc, ("pirates", i, "skill_text"), e["skill_text"],
                                    "skill_text")))
    if len(pirates) != 5:
        raise doc.error(("pirates",), f"{len(pirates)} pirates; the game has five (1-5 "
                        "players, l.5)")
    objects = []
    for i, raw in enumerate(data["objects"]):
        e = _keys(doc, ("objects", i), raw, {"name", "count", "icon", "kind", "text"},
                  {"colour"}, "an Object card")
        count = e["count"]
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise doc.error(("objects", i, "count"), "count must be a whole number from 1")
        if e["kind"] not in OBJECT_KINDS:
            raise doc.error(("objects", i, "kind"), f"unknown kind {e['kind']!r}",
                            hint=did_you_mean(str(e["kind"]), OBJECT_KINDS))
        colour = _rgb(doc, ("objects", i, "colour"), e["colour"]) if "colour" in e else None
        objects.append(ObjectCard(_text(doc, ("objects", i, "name"), e["name"], "name"),
                                  count, _icon(doc, ("objects", i, "icon"), e["icon"]),
                                  e["kind"], _text(doc, ("objects", i, "text"), e["text"],
                                                   "text"), colour))
    total = sum(o.count for o in objects)
    if total != OBJECT_DECK_SIZE:
        raise doc.error(("objects",), f"the Object deck has {total} cards; the source's list "
                        f"gives {OBJECT_DECK_SIZE}")
    end = sum(o.count for o in objects if o.kind == "end")
    if end != END_GAME_CARDS:
        raise doc.error(("objects",), f"{end} end-game cards; the source gives "
                        f"{END_GAME_CARDS} (7 Skulls, 2 Morgan's Eyes)")
    return CardSet(tuple(actions), tuple(pirates), tuple(objects))


def load_cards(path: str | Path | None = None) -> CardSet:
    path = Path(path) if path is not None else CARDS_FILE
    return _validate(located(load_yaml(path), str(path)))


@cache
def default_cards() -> CardSet:
    return load_cards()
