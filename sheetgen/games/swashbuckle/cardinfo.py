"""A card told in words: its boxes (with the ids that sheets, match files and `advise --state`
use), how each scores, its bonuses, options and monikers.

`sheetgen swashbuckle card` prints this, so a player never has to guess a box id
(`three_alike`, not `3_alike`) or an option name. The sentences are made from the card's own
data, so a card file of your own is described as exactly as the bundled one.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

from sheetgen.games.swashbuckle.card import OPTION_NAMES, SCUTTLE_READINGS, Card
from sheetgen.games.swashbuckle.rules import (
    Alike,
    Chance,
    FaceCount,
    FaceSum,
    FullHouse,
    KindSum,
    Reroll,
    Rule,
    Straight,
    SumEquals,
)


def how_it_scores(rule: Rule) -> str:
    """One sentence: what the dice must show and what the box gets."""
    if isinstance(rule, FaceSum):
        return f"the sum of the dice showing {rule.face}"
    if isinstance(rule, KindSum):
        return f"at least {rule.n} dice alike: the sum of all dice"
    if isinstance(rule, FaceCount):
        return f"at least {rule.n} dice showing {rule.face}: {rule.points_} points"
    if isinstance(rule, FullHouse):
        return f"three of one face and two of another: {rule.points_} points"
    if isinstance(rule, Straight):
        return f"{rule.length} faces in a row: {rule.points_} points"
    if isinstance(rule, SumEquals):
        return f"dice totalling exactly {rule.total}: {rule.points_} points"
    if isinstance(rule, Chance):
        return "any dice: their sum"
    if isinstance(rule, Alike):
        return f"{rule.n} dice alike: {rule.points_} points"
    if isinstance(rule, Reroll):
        return (f"{rule.length} faces in a row, then all dice rolled once more: their sum "
                f"({rule.alike_points} if all alike)")
    return rule.describe()


def card_facts(card: Card) -> dict[str, Any]:
    """The card as plain data (what `--json` prints)."""
    boxes = []
    for section in card.sections:
        for box_id in section.boxes:
            box = card.box(box_id)
            notes = []
            if box.below_waterline:
                notes.append("below the waterline")
            if box.cursed_multiplier != 1:
                notes.append(f"x{box.cursed_multiplier} on a cursed roll")
            if box.cursed_forbidden:
                notes.append("not on a cursed roll")
            if box.joker_points:
                notes.append(f"{box.joker_points} as a joker")
            boxes.append({"id": box.id, "label": box.label, "section": section.label,
                          "scores": how_it_scores(box.rule), "notes": notes})
    sections = []
    for section in card.sections:
        entry: dict[str, Any] = {"id": section.id, "label": section.label,
                                 "subtotal": section.subtotal, "tally": section.tally}
        if section.bonus is not None:
            entry["bonus"] = {"id": section.bonus.id, "label": section.bonus.label,
                              "points": section.bonus.points, "above": section.bonus.above}
        sections.append(entry)
    defaults = {f.name: getattr(card.options, f.name) for f in fields(card.options)}
    return {
        "name": card.name, "source": card.source, "dice": card.n_dice, "faces": card.n_faces,
        "rolls": card.rolls, "boxes": boxes, "sections": sections,
        "joker": None if card.joker is None else {
            "box": card.joker.box, "id": card.joker.id, "tally": card.joker.tally,
            "points": card.joker.points},
        "no_zero_bonus": None if card.no_zero_bonus is None else {
            "id": card.no_zero_bonus.id, "points": card.no_zero_bonus.points},
        "total": card.total,
        "parameters": dict(card.parameters),
        "options": {name: defaults[name] for name in OPTION_NAMES},
        "monikers": [{"from": m.low, "name": m.name} for m in card.monikers],
    }


def card_lines(card: Card) -> list[str]:
    """The card as text, widest ids first aligned."""
    facts = card_facts(card)
    width = max(len(b["id"]) for b in facts["boxes"])
    out = [f"{card.name}: {card.n_dice} dice of {card.n_faces} faces, {card.rolls} rolls a "
           f"turn ({Path(card.source).name})", "",
           "Boxes (the ids sheets, match files and `advise --state 'ones=3 fours=12'` use):"]
    section = None
    for box in facts["boxes"]:
        if box["section"] != section:
            section = box["section"]
            out.append(f"  {section}")
        notes = f" [{'; '.join(box['notes'])}]" if box["notes"] else ""
        out.append(f"    {box['id'].ljust(width)}  {box['label']}: {box['scores']}{notes}")
    out.append("")
    out.append("Totals and bonuses:")
    for sec in facts["sections"]:
        parts = []
        if sec["subtotal"]:
            parts.append(f"subtotal {sec['subtotal']}")
        if "bonus" in sec:
            bonus = sec["bonus"]
            parts.append(f"{bonus['id']} ({bonus['label']}): {bonus['points']} when the "
                         f"subtotal is over {bonus['above']}")
        if sec["tally"]:
            parts.append(f"tally {sec['tally']}")
        if parts:
            out.append(f"  {sec['label']}: " + "; ".join(parts))
    if facts["joker"]:
        joker = facts["joker"]
        out.append(f"  {joker['id']}: {joker['points']} for each further "
                   f"{card.box(joker['box']).label} once that box is scored"
                   + (f" (tally {joker['tally']})" if joker["tally"] else ""))
    if facts["no_zero_bonus"]:
        bonus = facts["no_zero_bonus"]
        out.append(f"  {bonus['id']}: {bonus['points']} for a match with no zero")
    out.append(f"  grand total: {facts['total']}")
    out.append("")
    out.append("Options (--option NAME=VALUE; docs/swashbuckle.md):")
    for name, value in facts["options"].items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        extra = f" (or {', '.join(r for r in SCUTTLE_READINGS if r != value)})" \
            if name == "scuttle" else ""
        out.append(f"  {name}={shown}{extra}")
    if facts["parameters"]:
        out.append("")
        out.append("Values the card sets (change them in a card file of your own):")
        out.append("  " + ", ".join(f"{k}={v}" for k, v in facts["parameters"].items()))
    if facts["monikers"]:
        out.append("")
        out.append("Monikers: " + ", ".join(f"{m['from']}+ {m['name'] or '(none)'}"
                                            for m in facts["monikers"]))
    return out
