"""The filled-sheet checker: recompute everything derivable from the score boxes and say,
line by line, where the written sheet disagrees, so a table can settle an argument.

A filled sheet is a YAML file (see layouts/swashbuckle/examples/). Score boxes hold a number
or `{score, dice, reroll, cursed}`; when the dice are given the box is re-scored from them,
otherwise the number must at least be a score the box can take. The derived fields
(subtotal, Blimey Bonus, tallies, Smooth Sailing, Total Plunder, moniker) are optional: a
written one is checked, a missing one is only computed.

Reading of the match boxes: Pillaged and Hornswaggle are written as the points lost (a minus
sign is accepted and ignored); both are subtracted in the Bilge Tally. The Swashbuckle Bonus
box holds the number of X marks. Structural faults (unknown keys, a die showing 7) raise
SheetgenError; wrong arithmetic becomes a `Finding`.

House rules (`options:` in the card, the match or the sheet; see card.Options): `penalty` holds
the points lost to rules 2 and 3 and is taken off with Pillaged; under rule 4 a Pillaged box may
hold twice a Piracy result; under rule 5 Pillaged stays blank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from sheetgen.access import readable
from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.games.swashbuckle import yamlsrc
from sheetgen.games.swashbuckle.card import (
    Box,
    Card,
    default_card,
    load_card,
    parse_option_args,
    parse_options,
)
from sheetgen.games.swashbuckle.rules import Reroll, Rule, all_counts
from sheetgen.games.swashbuckle.yamlsrc import KEY, YamlDoc, check_keys, expect_int

MATCH_KEYS = {"pillaged", "pillaged_by", "hornswaggle", "curse", "earlier_rank", "penalty"}
BOX_ENTRY_KEYS = {"score", "dice", "reroll", "cursed", "target"}


@dataclass(frozen=True)
class Finding:
    """One disagreement between the sheet as written and the rules."""

    position: Position
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.position}: {self.field}: {self.message}"


@dataclass
class Sheet:
    """A filled sheet, checked: the boxes as written and every derived figure recomputed."""

    card: Card
    player: str
    file: str
    boxes: dict[str, int]
    derived: dict[str, Any]
    findings: list[Finding] = field(default_factory=list)
    piracy_target: str | None = None
    pillaged: int = 0
    pillaged_by: str | None = None
    curse: str | None = None
    hornswaggle: int = 0
    positions: dict[str, Position] = field(default_factory=dict)
    earlier_rank: str | None = None
    cursed_turns: int = 0   # box entries marked `cursed: true` (house rule 1 needs one)

    @property
    def ok(self) -> bool:
        return not self.findings

    @property
    def total(self) -> int:
        return int(self.derived[self.card.total])

    def summary(self) -> list[str]:
        lines = [f"{self.player} ({self.card.name})"]
        for key, value in self.derived.items():
            lines.append(f"  {key}: {value if value is not None else '-'}")
        return lines


def derive(card: Card, boxes: dict[str, int], joker_marks: int = 0, pillaged: int = 0,
           hornswaggle: int = 0, penalty: int = 0) -> dict[str, Any]:
    """Every derived figure of a sheet from its score boxes and match entries (`penalty`:
    points lost to house rules 2 and 3, taken off with Pillaged and Hornswaggle)."""
    out: dict[str, Any] = {}
    total = 0
    for section in card.sections:
        subtotal = sum(boxes.get(b, 0) for b in section.boxes)
        if section.subtotal:
            out[section.subtotal] = subtotal
        tally = subtotal
        if section.bonus:
            bonus = section.bonus.points if section.bonus.earned(subtotal) else 0
            out[section.bonus.id] = bonus
            tally += bonus
        if section is card.sections[-1]:
            if card.joker:
                joker_tally = joker_marks * card.joker.points
                if card.joker.tally:
                    out[card.joker.tally] = joker_tally
                tally += joker_tally
            if card.no_zero_bonus:
                clean = all(boxes.get(b.id, 0) > 0 for b in card.boxes)
                nzb = card.no_zero_bonus.points if clean else 0
                out[card.no_zero_bonus.id] = nzb
                tally += nzb
            tally -= pillaged + hornswaggle + penalty
        if section.tally:
            out[section.tally] = tally
        total += tally
    out[card.total] = total
    out["moniker"] = card.moniker(total)
    return out


def possible_scores(card: Card, box: Box) -> set[int]:
    """Every value the box can hold: any roll, a cursed roll, or a joker placement."""
    return set(_possible_scores(box.rule, card.n_dice, card.n_faces, box.cursed_forbidden,
                                box.cursed_multiplier, box.joker_points if card.joker else None))


@lru_cache(maxsize=1024)
def _possible_scores(rule: Rule, n_dice: int, n_faces: int, cursed_forbidden: bool,
                     cursed_multiplier: int, joker_points: int | None) -> frozenset[int]:
    """`possible_scores` from the only fields of the card and box it reads, remembered: rules
    are frozen values, and every sheet load re-scored every roll (252 with five dice, and
    the cursed ones) for each box written without its dice, most of the CPU of checking a
    sheet."""
    values: set[int] = set()
    for counts in all_counts(n_dice, n_faces):
        values |= rule.possible(counts)
    if not cursed_forbidden and not isinstance(rule, Reroll) and n_dice > 1:
        for counts in all_counts(n_dice - 1, n_faces):
            values.add(rule.points(counts) * cursed_multiplier)
    if joker_points is not None:
        values.add(joker_points)
    return frozenset(values)


def load_sheet(path: str | Path, card: Card | None = None,
               options: Sequence[str] = ()) -> Sheet:
    """Check a sheet file; `options` (`NAME=VALUE`, from `--option`) override its card's and
    its own `options:`."""
    return check_sheet(yamlsrc.load(path), card, options)


def sheet_from_text(text: str, file: str = "<sheet>", card: Card | None = None) -> Sheet:
    return check_sheet(yamlsrc.parse(text, file), card)


def check_sheet(doc: YamlDoc, card: Card | None = None, options: Sequence[str] = ()) -> Sheet:
    """Validate the structure (errors) and the arithmetic (findings) of a filled sheet.

    Under house rule 6 (Perfect Storm, option `columns: n` > 1) the sheet holds `columns:`, a
    list of n mappings each with its `boxes` and, optionally, that column's written figures;
    the top level's figures are the columns' sums, with Pillaged, Hornswaggle and penalties
    taken off once, and the moniker is earned by the average column (Total Plunder / n,
    rounded), since the ladder is made for one column (docs/swashbuckle.md).
    """
    raw = doc.data
    if not isinstance(raw, dict):
        raise doc.error((), "a sheet must be a mapping with at least 'player' and 'boxes'")
    if card is None:
        card = _card_for(doc, raw)
    if raw.get("options") is not None:
        card = replace(card, options=parse_options(doc, ("options",), raw["options"],
                                                   card.options))
    card = parse_option_args(card, options)
    n_columns = card.options.columns
    derived_keys = set(derive(card, {}).keys())
    joker_key = card.joker.id if card.joker else None
    column_keys = {"boxes"} | (derived_keys - {"moniker", card.total}) | (
        {joker_key} if joker_key else set())
    if n_columns > 1:
        allowed = {"card", "player", "columns", "options"} | derived_keys | MATCH_KEYS
        check_keys(doc, (), raw, allowed, {"player", "columns"}, what="sheet")
        if not isinstance(raw["columns"], list) or len(raw["columns"]) != n_columns:
            raise doc.error(("columns",), f"house rule 6 is played with {n_columns} columns: "
                            f"'columns' must list {n_columns} mappings, each with its boxes")
        parts = [(("columns", k), col) for k, col in enumerate(raw["columns"])]
    else:
        allowed = {"card", "player", "boxes", "options"} | derived_keys | MATCH_KEYS | (
            {joker_key} if joker_key else set())
        check_keys(doc, (), raw, allowed, {"player", "boxes"}, what="sheet")
        parts = [((), raw)]
    findings: list[Finding] = []
    positions: dict[str, Position] = {}
    columns = []
    for base, col in parts:
        if base:
            check_keys(doc, base, col, column_keys, {"boxes"}, what="column")
        columns.append(_check_column(doc, base, col, card, findings, positions))
    targets = [c for c in columns if c[2]]
    if len(targets) > 1:
        findings.append(Finding(doc.where(targets[1][3]), "piracy",
                                "a second Piracy names a target; a player may only pillage "
                                "one time"))
    boxes, _, piracy_target, _, _ = targets[0] if targets else columns[0]
    cursed_turns = sum(c[1] for c in columns)

    for key in MATCH_KEYS:
        if key in raw:
            positions[key] = doc.where((key,))
    pillaged = _magnitude(doc, raw, "pillaged")
    hornswaggle = _magnitude(doc, raw, "hornswaggle")
    horn_cost = card.parameters.get("hornswaggle", 15)
    if hornswaggle not in (0, horn_cost):
        findings.append(Finding(doc.where(("hornswaggle",)), "hornswaggle",
                                f"is {hornswaggle}; it is {horn_cost} when the extra roll "
                                "was taken, otherwise blank"))
        hornswaggle = horn_cost
    piracy_box = next((b for b in card.boxes if isinstance(b.rule, Reroll)), None)
    if pillaged and piracy_box:
        loots = possible_scores(card, piracy_box) - {0}
        if card.options.captains_ransom:  # house rule 4: a Captain loses double
            loots |= {2 * v for v in loots}
        if pillaged not in loots:
            findings.append(Finding(doc.where(("pillaged",)), "pillaged",
                                    f"{pillaged} cannot be the result of a Piracy roll"))
    if pillaged and card.options.gentle_piracy:
        findings.append(Finding(doc.where(("pillaged",)), "pillaged",
                                f"is {pillaged}, but under house rule 5 (gentle piracy) Piracy "
                                "takes nothing from its target; leave it blank"))
        pillaged = 0
    penalty = _magnitude(doc, raw, "penalty")
    penalty_finding = _check_penalty(card, penalty)
    if penalty_finding:
        findings.append(Finding(doc.where(("penalty",)), "penalty", penalty_finding))

    if n_columns > 1:
        for (base, col), (col_boxes, _, _, _, marks) in zip(parts, columns, strict=True):
            _compare(doc, base, col, card, col_boxes, derive(card, col_boxes, marks), findings)
        derived = _storm_totals(card, columns, pillaged + hornswaggle + penalty)
    else:
        derived = derive(card, boxes, columns[0][4], pillaged, hornswaggle, penalty)
    if raw.get("earlier_rank"):
        derived["moniker"] = _higher_rank(card, derived["moniker"], str(raw["earlier_rank"]))
    _compare(doc, (), raw, card, boxes, derived, findings)
    findings.sort(key=lambda f: (f.position.line, f.position.column))
    return Sheet(card=card, player=str(raw["player"]), file=doc.file, boxes=boxes,
                 derived=derived, findings=findings, piracy_target=piracy_target,
                 pillaged=pillaged, pillaged_by=raw.get("pillaged_by"), curse=raw.get("curse"),
                 hornswaggle=hornswaggle, positions=positions,
                 earlier_rank=raw.get("earlier_rank"), cursed_turns=cursed_turns)


def _check_column(doc: YamlDoc, base: tuple, raw: dict, card: Card, findings: list[Finding],
                  positions: dict[str, Position]) -> tuple:
    """One column's boxes and Swashbuckle Bonus marks: (boxes, cursed turns, Piracy target,
    Piracy path, joker marks); box faults go to `findings`."""
    boxes_raw = check_keys(doc, base + ("boxes",), raw["boxes"], {b.id for b in card.boxes},
                           what="boxes")
    boxes: dict[str, int] = {}
    piracy_target = None
    piracy_path = base + ("boxes",)
    cursed_turns = 0
    for box in card.boxes:
        path = base + ("boxes", box.id)
        if box.id not in boxes_raw or boxes_raw[box.id] is None:
            findings.append(Finding(doc.where(base + ("boxes",)), box.id,
                                    "is empty; a finished sheet fills every box "
                                    "(a scuttle is a 0)"))
            continue
        entry = boxes_raw[box.id]
        positions.setdefault(box.id, doc.where(path))
        if isinstance(entry, dict) and entry.get("cursed") is True:
            cursed_turns += 1
        value, target, finding = _check_box(doc, path, card, box, entry)
        boxes[box.id] = value
        if target and not piracy_target:
            piracy_target, piracy_path = target, path
        if finding:
            findings.append(finding)
    joker_key = card.joker.id if card.joker else None
    joker_marks = 0
    if joker_key and raw.get(joker_key) is not None:
        joker_marks = expect_int(doc, base + (joker_key,), raw[joker_key],
                                 "Swashbuckle Bonus marks", 0)
        jbox = card.joker.box
        if joker_marks and boxes.get(jbox, 0) == 0:
            findings.append(Finding(doc.where(base + (joker_key,)), joker_key,
                                    f"{joker_marks} mark(s), but {card.box(jbox).label} was "
                                    "not scored; no bonus without a scored "
                                    f"{card.box(jbox).label}"))
            joker_marks = 0
    return boxes, cursed_turns, piracy_target, piracy_path, joker_marks


def _storm_totals(card: Card, columns: list[tuple], deductions: int) -> dict[str, Any]:
    """House rule 6: every figure summed over the columns; match deductions taken once off
    the last tally and the total; the moniker earned by the average column."""
    out: dict[str, Any] = {}
    for col_boxes, _, _, _, marks in columns:
        for key, value in derive(card, col_boxes, marks).items():
            if key != "moniker":
                out[key] = out.get(key, 0) + value
    last = card.sections[-1].tally
    if last:
        out[last] -= deductions
    out[card.total] -= deductions
    out["moniker"] = card.moniker(round(out[card.total] / len(columns)))
    return out


def _compare(doc: YamlDoc, base: tuple, raw: dict, card: Card, boxes: dict[str, int],
             derived: dict[str, Any], findings: list[Finding]) -> None:
    """A finding for each written figure of `raw` that differs from `derived`."""
    for key, expected in derived.items():
        if key not in raw or raw[key] is None:
            continue
        written = raw[key]
        where = doc.where(base + (key,))
        if key == "moniker":
            if _norm(written) != _norm(expected):
                findings.append(Finding(where, key,
                                        f"says {written!r}, Total Plunder "
                                        f"{derived[card.total]} earns {expected or 'no moniker'}"))
            continue
        if written != expected:
            findings.append(Finding(where, key, f"says {written}, should be {expected}"
                                    + _why(card, key, boxes, derived)))


def _check_penalty(card: Card, penalty: int) -> str | None:
    """Table penalties exist only under house rules 2 (calculator) and 3 (manners)."""
    options = card.options
    if not penalty:
        return None
    if not options.penalties:
        return (f"{penalty} point(s) of penalty, but neither house rule 2 (calculator_penalty) "
                "nor 3 (manners) is in play")
    step = options.calculator_penalty
    if not options.manners and penalty % step:
        return f"{penalty} is not a whole number of calculator penalties of {step}"
    return None


def _card_for(doc: YamlDoc, raw: dict) -> Card:
    return card_named(doc, ("card",), raw.get("card", "swashbuckle"))


def card_named(doc: YamlDoc, path: tuple, name: Any) -> Card:
    """The card a sheet or match names: a bundled card by name (`swashbuckle`), else a card
    file relative to the document, which may only lie where the document may read
    (sheetgen.access). Faults point at the `card:` entry."""
    where = doc.where(path)
    if not isinstance(name, str) or not name.strip():
        raise SheetgenError(f"card must be a card name or a card file, not {name!r}", where,
                            hint="card: swashbuckle  or  card: my-card.yaml")
    if name == "swashbuckle":
        return default_card()
    folder = Path(doc.file).parent
    if len(name) > 255 or "\0" in name:  # the file system would raise, not answer
        raise SheetgenError("card must be a card name or a card file name of at most 255 "
                            "characters, without NUL", where,
                            hint="card: swashbuckle  or  card: my-card.yaml")
    if not Path(name).suffix and "/" not in name and not (folder / name).exists():
        card_file = None  # a bundled card's name
    else:
        card_file = readable(name, relative_to=folder, root=folder, pos=where,
                             what="card file")
    try:
        return load_card(card_file or name)
    except SheetgenError as err:
        if err.position is not None and err.position.line:
            raise
        raise SheetgenError(err.message, where, err.hint) from None


def _check_box(doc: YamlDoc, path: tuple, card: Card, box: Box,
               entry: Any) -> tuple[int, str | None, Finding | None]:
    target = None
    if isinstance(entry, dict):
        check_keys(doc, path, entry, BOX_ENTRY_KEYS, {"score"}, what=f"box '{box.id}'")
        value = expect_int(doc, path + ("score",), entry["score"], f"{box.label} score", 0)
        target = entry.get("target")
        where = doc.where(path + ("score",))
        if "dice" in entry:
            cursed = bool(entry.get("cursed", False))
            dice = _dice(doc, path + ("dice",), entry["dice"], card, cursed)
            reroll = None
            if "reroll" in entry:
                reroll = _dice(doc, path + ("reroll",), entry["reroll"], card, False)
            if isinstance(box.rule, Reroll) and reroll is None and box.rule.qualifies(
                    card.counts(dice, cursed)):
                raise doc.error(path, f"{box.label} dice qualify; give the re-rolled dice "
                                "as 'reroll' to check the score")
            expected = card.score(dice, box.id, reroll=reroll, cursed=cursed)
            alike = len(set(dice)) == 1 and len(dice) == card.n_dice
            if value != expected and not (alike and card.joker and value == box.joker_points):
                return value, target, Finding(
                    where, box.id, f"says {value}, but {_show(dice)} score {expected} in "
                    f"{box.label}" + (" on a cursed roll" if cursed else ""))
            return value, target, None
        return value, target, _possible(card, box, value, where)
    value = expect_int(doc, path, entry, f"{box.label} score", 0)
    return value, target, _possible(card, box, value, doc.where(path))


def _possible(card: Card, box: Box, value: int, where: Position) -> Finding | None:
    allowed = possible_scores(card, box)
    if value in allowed:
        return None
    near = sorted(allowed, key=lambda v: (abs(v - value), v))[:3]
    return Finding(where, box.id, f"{value} is not a score {box.label} can hold "
                   f"(nearest possible: {', '.join(map(str, sorted(near)))})")


def _dice(doc: YamlDoc, path: tuple, raw: Any, card: Card, cursed: bool) -> list[int]:
    if not isinstance(raw, list):
        raise doc.error(path, "dice must be a list like [3, 3, 5, 6, 1]")
    try:
        card.counts(raw, cursed=cursed)
    except SheetgenError as err:
        raise SheetgenError(err.message, doc.where(path), err.hint) from None
    return list(raw)


def _magnitude(doc: YamlDoc, raw: dict, key: str) -> int:
    value = raw.get(key)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise doc.error((key,), f"{key} must be a number of points, not {value!r}")
    return abs(value)


def _why(card: Card, key: str, boxes: dict[str, int], derived: dict[str, Any]) -> str:
    for section in card.sections:
        if key == section.subtotal:
            parts = " + ".join(str(boxes.get(b, 0)) for b in section.boxes)
            return f" ({parts})"
        if section.bonus and key == section.bonus.id:
            sub = derived.get(section.subtotal, 0) if section.subtotal else 0
            rel = "is" if section.bonus.earned(sub) else "is not"
            return f" (subtotal {sub} {rel} higher than {section.bonus.above})"
    if card.no_zero_bonus and key == card.no_zero_bonus.id:
        zeros = [b for b, v in boxes.items() if v == 0]
        return f" (scuttled: {', '.join(zeros)})" if zeros else " (no scuttles)"
    return ""


def _norm(name: Any) -> str:
    return "" if name in (None, "", "none") else str(name).strip().lower()


def _higher_rank(card: Card, now: str | None, earlier: str) -> str | None:
    names = [_norm(m.name) for m in card.monikers]
    if _norm(earlier) not in names:
        raise SheetgenError(f"unknown rank '{earlier}'",
                            hint=did_you_mean(earlier, [m.name for m in card.monikers if m.name]))
    i_now = names.index(_norm(now)) if _norm(now) in names else -1
    i_earlier = names.index(_norm(earlier))
    return card.monikers[i_earlier].name if i_earlier > i_now else now


def _show(dice: Sequence[int]) -> str:
    return " ".join(map(str, dice))


__all__ = ["Finding", "KEY", "Sheet", "check_sheet", "derive", "load_sheet", "possible_scores",
           "sheet_from_text"]
