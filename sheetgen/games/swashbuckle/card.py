"""The card model: score boxes, sections with bonuses, the joker and no-zero bonuses, monikers.

A card is data (a YAML file under `cards/`), so the scorer, the sheet checker and the solver
work for any Yahtzee-like scorecard, not only Swashbuckle: tiny cards with two boxes and three
dice are how the solver is checked against brute force.

Values the source leaves open are `parameters` referenced as `$name`; `load_card(...,
overrides={...})` changes them, and the card's `fingerprint` changes with them so a strategy
table solved for other values is never silently reused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.games.swashbuckle import yamlsrc
from sheetgen.games.swashbuckle.dice import DiceTables, dice_tables
from sheetgen.games.swashbuckle.rules import RULES, Counts, Reroll, Rule, parameter_names
from sheetgen.games.swashbuckle.yamlsrc import KEY, YamlDoc, check_keys, expect_int
from sheetgen.resources import package_path

CARDS_DIR = package_path("games", "swashbuckle", "cards")


@dataclass(frozen=True)
class Box:
    """One score box: where it sits, which rule scores it, and its special cases."""

    id: str
    label: str
    rule: Rule
    section: str
    index: int
    below_waterline: bool = False
    joker_points: int = 0          # "max potential points" under the Swashbuckle Bonus
    cursed_multiplier: int = 1     # 4 Alike doubles on a cursed (one die short) roll
    cursed_forbidden: bool = False  # Swashbuckle cannot take a cursed roll


@dataclass(frozen=True)
class Bonus:
    """A section bonus: `points` when the section subtotal is strictly greater than `above`."""

    id: str
    label: str
    above: int
    points: int

    def earned(self, subtotal: int) -> bool:
        return subtotal > self.above


@dataclass(frozen=True)
class Section:
    id: str
    label: str
    boxes: tuple[str, ...]
    subtotal: str | None = None
    bonus: Bonus | None = None
    tally: str | None = None


@dataclass(frozen=True)
class Joker:
    """Swashbuckle Bonus: once `box` is scored (not zero), each further all-alike roll earns
    `points` and may fill any open box at its joker points when it scores nowhere."""

    box: str
    id: str
    tally: str | None
    points: int


@dataclass(frozen=True)
class NoZeroBonus:
    id: str
    points: int


@dataclass(frozen=True)
class Moniker:
    low: int
    name: str | None


SCUTTLE_READINGS = ("only_if_nothing_scores", "any")
# `3_alike` is how a player writes the box `three_alike`: suggest the spelt-out id
_NUMBER_WORDS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six"}


@dataclass(frozen=True)
class Options:
    """The readings and house rules a table agrees on before a match (card `options:`).

    `scuttle` is how the source's "if points from a turn cannot be applied, you can scuttle"
    is read: `only_if_nothing_scores` (the default, the source's stricter reading: a zero only
    when the final dice score in no open box) or `any` (any open box may take a zero at any
    time). The rest are the source's optional ("non-standard") rules 1-6:

    1. `correspondence`: play alone and leave the card for a rival; a player who curses a
       rival's card must roll one of their own turns cursed (a box entry `cursed: true`).
    2. `calculator_penalty`: points lost per use of a calculator (0: the rule is off).
    3. `manners`: one point lost per slip in addressing a player without moniker or name.
    4. `captains_ransom`: a Captain (who came into the match as one) loses double to Piracy.
    5. `gentle_piracy`: Piracy adds the loot to the pirate without taking it from the target.
    6. `columns`: Perfect Storm, several columns of the card in one match (`check` and
       `score` add the columns, the moniker by the average column; the solver plays one).
    """

    scuttle: str = "only_if_nothing_scores"
    correspondence: bool = False
    calculator_penalty: int = 0
    manners: bool = False
    captains_ransom: bool = False
    gentle_piracy: bool = False
    columns: int = 1

    @property
    def strict_scuttle(self) -> bool:
        return self.scuttle == "only_if_nothing_scores"

    @property
    def penalties(self) -> bool:
        """Whether a sheet may record table penalties (house rules 2 and 3)."""
        return self.calculator_penalty > 0 or self.manners


OPTION_NAMES = tuple(f.name for f in fields(Options))


@dataclass(frozen=True)
class Card:
    name: str
    n_dice: int
    n_faces: int
    rolls: int
    boxes: tuple[Box, ...]
    sections: tuple[Section, ...]
    joker: Joker | None = None
    no_zero_bonus: NoZeroBonus | None = None
    total: str = "total"
    monikers: tuple[Moniker, ...] = ()
    parameters: Mapping[str, int] = field(default_factory=dict)
    source: str = "<card>"
    options: Options = Options()

    def with_options(self, **changes: Any) -> Card:
        """The same card under other options (a match file's house rules, `--option`)."""
        return replace(self, options=replace(self.options, **changes))

    @property
    def tables(self) -> DiceTables:
        return dice_tables(self.n_dice, self.n_faces)

    def box(self, box_id: str) -> Box:
        for box in self.boxes:
            if box.id == box_id:
                return box
        ids = [b.id for b in self.boxes]
        head, _, tail = box_id.partition("_")
        spelt = f"{_NUMBER_WORDS.get(head, head)}_{tail}" if tail else ""
        guess = (f"did you mean '{spelt}'?" if spelt != box_id and spelt in ids
                 else did_you_mean(box_id, ids))
        raise SheetgenError(f"card '{self.name}' has no box '{box_id}'",
                            hint=(f"{guess} " if guess else "")
                            + f"`sheetgen swashbuckle card` lists the boxes: {', '.join(ids)}")

    def box_index(self, box_id: str) -> int:
        return self.box(box_id).index

    @property
    def bonus_section(self) -> Section | None:
        """The one section whose subtotal can earn a bonus (the solver tracks its subtotal)."""
        with_bonus = [s for s in self.sections if s.bonus is not None]
        return with_bonus[0] if with_bonus else None

    def moniker(self, total: int) -> str | None:
        name = None
        for rank in self.monikers:
            if total >= rank.low:
                name = rank.name
        return name

    def counts(self, dice: Sequence[int], cursed: bool = False) -> Counts:
        """Validate a list of face values and return its count vector."""
        expected = self.n_dice - 1 if cursed else self.n_dice
        if len(dice) != expected:
            raise SheetgenError(
                f"expected {expected} dice, got {len(dice)}",
                hint="a cursed turn is rolled with one die fewer" if cursed else None)
        for die in dice:
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= self.n_faces:
                raise SheetgenError(f"a die shows 1 to {self.n_faces}, not {die!r}")
        out = [0] * self.n_faces
        for die in dice:
            out[die - 1] += 1
        return tuple(out)

    def score(self, dice: Sequence[int], box_id: str, *, reroll: Sequence[int] | None = None,
              cursed: bool = False) -> int:
        """Points that `dice` earn in `box_id` (Piracy also needs the re-rolled dice)."""
        box = self.box(box_id)
        counts = self.counts(dice, cursed=cursed)
        if cursed and box.cursed_forbidden:
            return 0
        if isinstance(box.rule, Reroll):
            if not box.rule.qualifies(counts):
                return 0
            if reroll is None:
                raise SheetgenError(f"{box.label} needs the re-rolled dice to be scored")
            return box.rule.reroll_points(self.counts(reroll))
        points = box.rule.points(counts)
        return points * box.cursed_multiplier if cursed else points

    def fingerprint(self) -> str:
        """A hash of everything that affects scoring, for tying strategy tables to cards."""
        payload = {
            "dice": self.n_dice, "faces": self.n_faces, "rolls": self.rolls,
            "boxes": [[b.id, b.rule.describe(), b.below_waterline, b.joker_points]
                      for b in self.boxes],
            "bonus": [[s.id, list(s.boxes), s.bonus.above, s.bonus.points]
                      for s in self.sections if s.bonus],
            "joker": [self.joker.box, self.joker.points] if self.joker else None,
            "no_zero": self.no_zero_bonus.points if self.no_zero_bonus else None,
        }
        if self.options.strict_scuttle:
            # Only the strict reading changes the payload, so a table solved for `scuttle:
            # any` keeps the fingerprint it had before the option existed.
            payload["scuttle"] = self.options.scuttle
        text = json.dumps(payload, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def load_card(name_or_path: str | Path = "swashbuckle",
              overrides: Mapping[str, int] | None = None) -> Card:
    """Load a card by bundled name (`swashbuckle`) or by path to a YAML file."""
    path = Path(name_or_path)
    if not path.suffix and not path.exists():
        bundled = CARDS_DIR / f"{name_or_path}.yaml"
        if not bundled.exists():
            names = [p.stem for p in CARDS_DIR.glob("*.yaml")]
            raise SheetgenError(f"no card named '{name_or_path}'",
                                hint=did_you_mean(str(name_or_path), names)
                                or f"bundled cards: {', '.join(sorted(names))}")
        path = bundled
    return card_from_doc(yamlsrc.load(path), overrides)


def card_from_text(text: str, file: str = "<card>",
                   overrides: Mapping[str, int] | None = None) -> Card:
    return card_from_doc(yamlsrc.parse(text, file), overrides)


_TOP_KEYS = {"name", "dice", "faces", "rolls", "parameters", "sections", "waterline_after",
             "joker", "no_zero_bonus", "total", "monikers", "options"}
_BOX_KEYS = {"id", "label", "rule", "joker_points", "cursed_multiplier", "cursed"}


def card_from_doc(doc: YamlDoc, overrides: Mapping[str, int] | None = None) -> Card:
    """Validate a parsed card file; every fault points at its line."""
    top = check_keys(doc, (), doc.data, _TOP_KEYS, {"name", "dice", "faces", "sections"},
                     what="card")
    params: dict[str, int] = {}
    if not isinstance(top.get("parameters") or {}, dict):
        raise doc.error(("parameters",), "parameters must be a mapping of names to numbers",
                        hint="parameters: {straight: 40}")
    for key, value in (top.get("parameters") or {}).items():
        params[str(key)] = expect_int(doc, ("parameters", key), value, f"parameter '{key}'")
    for key, value in (overrides or {}).items():
        if key not in params:
            raise SheetgenError(f"card '{top['name']}' has no parameter '{key}'",
                                Position(doc.file),
                                hint=did_you_mean(key, params) or
                                f"parameters: {', '.join(sorted(params))}")
        params[key] = int(value)

    def value(path: tuple, raw: Any, what: str, minimum: int | None = None) -> int:
        if isinstance(raw, str) and raw.startswith("$"):
            name = raw[1:]
            if name not in params:
                raise doc.error(path, f"unknown parameter '{raw}'",
                                hint=did_you_mean(name, params) or "declare it under parameters:")
            return params[name]
        return expect_int(doc, path, raw, what, minimum)

    n_dice = expect_int(doc, ("dice",), top["dice"], "dice", 1)
    n_faces = expect_int(doc, ("faces",), top["faces"], "faces", 2)
    rolls = expect_int(doc, ("rolls",), top.get("rolls", 3), "rolls", 1)
    if n_dice > 8 or n_faces > 8:
        raise doc.error(("dice",), "cards are limited to 8 dice of at most 8 faces")

    boxes: list[Box] = []
    sections: list[Section] = []
    seen: dict[str, tuple] = {}
    if not isinstance(top["sections"], list) or not top["sections"]:
        raise doc.error(("sections",), "sections must be a non-empty list")
    waterline_after = top.get("waterline_after")
    if waterline_after is not None and not isinstance(waterline_after, str):
        raise doc.error(("waterline_after",), "waterline_after names a box (its id)")
    below = False
    for s_i, sec in enumerate(top["sections"]):
        spath = ("sections", s_i)
        check_keys(doc, spath, sec, {"id", "label", "boxes", "subtotal", "bonus", "tally"},
                   {"id", "boxes"}, what="section")
        box_ids: list[str] = []
        if not isinstance(sec["boxes"], list):
            raise doc.error(spath + ("boxes",), "boxes must be a list of boxes")
        for b_i, raw in enumerate(sec["boxes"]):
            bpath = spath + ("boxes", b_i)
            box = _box(doc, bpath, raw, str(sec["id"]), len(boxes), below, value,
                       n_dice, n_faces)
            if box.id in seen:
                raise doc.error(bpath + ("id",), f"box id '{box.id}' is used twice")
            seen[box.id] = bpath
            boxes.append(box)
            box_ids.append(box.id)
            if box.id == waterline_after:
                below = True
        bonus = None
        if "bonus" in sec:
            bp = spath + ("bonus",)
            raw_b = check_keys(doc, bp, sec["bonus"], {"id", "label", "above", "points"},
                               {"id", "above", "points"}, what="bonus")
            bonus = Bonus(str(raw_b["id"]), str(raw_b.get("label", raw_b["id"])),
                          value(bp + ("above",), raw_b["above"], "bonus threshold", 0),
                          value(bp + ("points",), raw_b["points"], "bonus points", 0))
            by_id = {b.id: b for b in boxes}
            if any(by_id[bid].rule.random for bid in box_ids):
                raise doc.error(bp, "a bonus section may only hold deterministic rules")
        sections.append(Section(str(sec["id"]), str(sec.get("label", sec["id"])), tuple(box_ids),
                                sec.get("subtotal"), bonus, sec.get("tally")))
    if waterline_after is not None and waterline_after not in seen:
        raise doc.error(("waterline_after",), f"no box '{waterline_after}' for the waterline",
                        hint=did_you_mean(str(waterline_after), seen))
    if sum(1 for s in sections if s.bonus) > 1:
        raise doc.error(("sections",), "at most one section may carry a bonus")

    joker = None
    if top.get("joker") is not None:
        jp = ("joker",)
        raw_j = check_keys(doc, jp, top["joker"], {"box", "id", "tally", "points"},
                           {"box", "points"}, what="joker")
        if not isinstance(raw_j["box"], str) or raw_j["box"] not in seen:
            raise doc.error(jp + ("box",), f"no box '{raw_j['box']}' for the joker",
                            hint=did_you_mean(str(raw_j["box"]), seen))
        joker = Joker(str(raw_j["box"]), str(raw_j.get("id", "joker_bonus")),
                      raw_j.get("tally"), value(jp + ("points",), raw_j["points"], "points", 0))
    nzb = None
    if top.get("no_zero_bonus") is not None:
        np_ = ("no_zero_bonus",)
        raw_n = check_keys(doc, np_, top["no_zero_bonus"], {"id", "points"}, {"points"},
                           what="no_zero_bonus")
        nzb = NoZeroBonus(str(raw_n.get("id", "no_zero_bonus")),
                          value(np_ + ("points",), raw_n["points"], "points", 0))
    monikers = []
    if not isinstance(top.get("monikers") or [], list):
        raise doc.error(("monikers",), "monikers must be a list of {from, name}")
    for m_i, raw_m in enumerate(top.get("monikers") or []):
        mp = ("monikers", m_i)
        check_keys(doc, mp, raw_m, {"from", "name"}, {"from", "name"}, what="moniker")
        low = expect_int(doc, mp + ("from",), raw_m["from"], "moniker 'from'")
        if monikers and low <= monikers[-1].low:
            raise doc.error(mp + ("from",), "monikers must rise in 'from' order")
        monikers.append(Moniker(low, raw_m["name"]))
    options = parse_options(doc, ("options",), top.get("options"))
    return Card(str(top["name"]), n_dice, n_faces, rolls, tuple(boxes), tuple(sections), joker,
                nzb, str(top.get("total", "total")), tuple(monikers), params, doc.file, options)


def parse_options(doc: YamlDoc, path: tuple, raw: Any, base: Options | None = None) -> Options:
    """An `options:` mapping (card, sheet or match file) over `base`; faults point at it."""
    base = base or Options()
    if raw is None:
        return base
    check_keys(doc, path, raw, set(OPTION_NAMES), what="options")
    changes: dict[str, Any] = {}
    for key, value in raw.items():
        changes[key] = option_value(key, value, doc.where(path + (key,)))
    return replace(base, **changes)


def option_value(key: str, value: Any, where: Position | None = None) -> Any:
    """Validate one option's value (YAML value or `--option key=value` text)."""
    default = getattr(Options(), key)
    if key == "scuttle":
        if value not in SCUTTLE_READINGS:
            raise SheetgenError(f"scuttle must be {' or '.join(SCUTTLE_READINGS)}, not {value!r}",
                                where, hint=did_you_mean(str(value), SCUTTLE_READINGS))
        return value
    if isinstance(default, bool):
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        if not isinstance(value, bool):
            raise SheetgenError(f"option '{key}' must be true or false, not {value!r}", where)
        return value
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < (1 if key == "columns"
                                                                        else 0):
        raise SheetgenError(f"option '{key}' must be a whole number"
                            f"{' of at least 1' if key == 'columns' else ''}, not {value!r}",
                            where)
    return value


def parse_option_args(card: Card, items: Sequence[str]) -> Card:
    """`--option scuttle=any --option gentle_piracy=true` applied to a card."""
    changes: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in OPTION_NAMES:
            raise SheetgenError(f"--option {item!r}: expected NAME=VALUE with a known name",
                                hint=did_you_mean(key, OPTION_NAMES)
                                or f"options: {', '.join(OPTION_NAMES)}")
        changes[key] = option_value(key, value.strip())
    return card.with_options(**changes) if changes else card


def _box(doc: YamlDoc, path: tuple, raw: Any, section: str, index: int, below: bool, value,
         n_dice: int, n_faces: int) -> Box:
    if not isinstance(raw, dict) or "rule" not in raw:
        raise doc.error(path, "a box needs at least 'id' and 'rule'")
    kind = raw["rule"]
    if not isinstance(kind, str) or kind not in RULES:
        raise doc.error(path + ("rule",), f"unknown rule '{kind}'",
                        hint=did_you_mean(str(kind), RULES) or f"rules: {', '.join(RULES)}")
    cls = RULES[kind]
    names = parameter_names(cls)
    check_keys(doc, path, raw, _BOX_KEYS | set(names), {"id"}, what=f"box ({kind} rule)")
    kwargs: dict[str, Any] = {}
    for yname, fname in names.items():
        field_ = next(f for f in fields(cls) if f.name == fname)
        if yname not in raw:
            if field_.default is not MISSING:  # optional parameter
                continue
            raise doc.error(path, f"rule '{kind}' needs '{yname}'")
        if field_.type in ("bool", bool):
            if not isinstance(raw[yname], bool):
                raise doc.error(path + (yname,), f"'{yname}' must be true or false")
            kwargs[fname] = raw[yname]
        else:
            kwargs[fname] = value(path + (yname,), raw[yname], f"'{yname}'", 0)
    if cls is Reroll:
        kwargs.update(n_dice=n_dice, n_faces=n_faces)
    for face_key in ("face",):
        if face_key in kwargs and not 1 <= kwargs[face_key] <= n_faces:
            raise doc.error(path + (face_key,), f"face must be 1 to {n_faces}")
    rule = cls(**kwargs)
    joker_points = (value(path + ("joker_points",), raw["joker_points"], "joker_points", 0)
                    if "joker_points" in raw else rule.max_points(n_dice, n_faces))
    cursed = raw.get("cursed")
    if cursed not in (None, "forbidden", "allowed"):
        raise doc.error(path + ("cursed",), "cursed must be 'forbidden' or 'allowed'")
    return Box(str(raw["id"]), str(raw.get("label", raw["id"])), rule, section, index, below,
               joker_points,
               value(path + ("cursed_multiplier",), raw.get("cursed_multiplier", 1),
                     "cursed_multiplier", 1),
               cursed == "forbidden")


def score(dice: Sequence[int], category: str, card: Card | None = None, **kw: Any) -> int:
    """`score([3, 3, 1, 1, 1], "full_boat")` on the Swashbuckle card (or `card`)."""
    return (card or default_card()).score(dice, category, **kw)


_DEFAULT: list[Card] = []


def default_card() -> Card:
    if not _DEFAULT:
        _DEFAULT.append(load_card("swashbuckle"))
    return _DEFAULT[0]


__all__ = ["Box", "Bonus", "Card", "Joker", "KEY", "OPTION_NAMES", "Options", "Section",
           "default_card", "load_card", "card_from_text", "parse_option_args", "parse_options",
           "score"]
