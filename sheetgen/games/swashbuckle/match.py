"""Scoring a finished match of several players: each sheet checked on its own, then the rules
that tie sheets together.

Cross-player rules, as read from the source:
- Piracy: a player's Piracy score names a `target`; the target's sheet records the same points
  as Pillaged (and may name the pirate in `pillaged_by`). A player may pillage once and be
  pillaged once; the one Pillaged box per sheet enforces the second, the one Piracy box the
  first.
- Curse: the `curse` entry names another player of the match (once per match).
- Hornswaggle: once per match, 15 points, checked per sheet.
- Captain: there can be only one. If several players earn Captain, the highest Total Plunder
  keeps it and the others are demoted to First Mate; players tied for the highest all keep it
  (the source does not say, and a tie-break roll is for the table to make).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sheetgen.access import readable
from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.games.swashbuckle import yamlsrc
from sheetgen.games.swashbuckle.card import Card
from sheetgen.games.swashbuckle.rules import Reroll
from sheetgen.games.swashbuckle.sheet import Finding, Sheet, card_named, check_sheet
from sheetgen.games.swashbuckle.yamlsrc import check_keys

CAPTAIN, FIRST_MATE = "Captain", "First Mate"


@dataclass(frozen=True)
class Standing:
    place: int
    player: str
    total: int
    moniker: str | None


@dataclass
class Match:
    card: Card
    sheets: list[Sheet]
    findings: list[Finding] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)

    @property
    def all_findings(self) -> list[Finding]:
        return [f for s in self.sheets for f in s.findings] + self.findings

    @property
    def ok(self) -> bool:
        return not self.all_findings


def load_match(path: str | Path) -> Match:
    """Read a match file: `card` and `sheets`, each a path (relative to the file) or inline."""
    doc = yamlsrc.load(path)
    raw = check_keys(doc, (), doc.data, {"card", "sheets"}, {"sheets"}, what="match")
    card = card_named(doc, ("card",), raw.get("card", "swashbuckle"))
    if not isinstance(raw["sheets"], list) or len(raw["sheets"]) < 2:
        raise doc.error(("sheets",), "a match needs a list of at least two sheets")
    sheets = []
    folder = Path(doc.file).parent
    for i, entry in enumerate(raw["sheets"]):
        if isinstance(entry, str):
            sheet_path = readable(entry, relative_to=folder, root=folder,
                                  pos=doc.where(("sheets", i)), what="sheet file")
            sheets.append(check_sheet(yamlsrc.load(sheet_path), card))
        else:
            sub = yamlsrc.YamlDoc(entry, doc.file, {
                p[2:]: pos for p, pos in doc.positions.items() if p[:2] == ("sheets", i)})
            sheets.append(check_sheet(sub, card))
    return score_match(card, sheets)


def score_match(card: Card, sheets: list[Sheet]) -> Match:
    """Check the cross-player rules and rank the players."""
    match = Match(card, sheets)
    by_name: dict[str, Sheet] = {}
    for sheet in sheets:
        if sheet.player in by_name:
            raise SheetgenError(f"two sheets for player '{sheet.player}'",
                                hint="pirate names must be distinct within a match")
        by_name[sheet.player] = sheet
    piracy_box = next((b for b in card.boxes if isinstance(b.rule, Reroll)), None)
    stolen_from: dict[str, str] = {}
    for sheet in sheets:
        points = sheet.boxes.get(piracy_box.id, 0) if piracy_box else 0
        where = sheet.positions.get(piracy_box.id) if piracy_box else None
        if points and not sheet.piracy_target:
            match.findings.append(Finding(where, "piracy", f"{sheet.player} scored {points} in "
                                          "Piracy but named no target"))
            continue
        if not points:
            continue
        target = by_name.get(sheet.piracy_target)
        if target is None or target is sheet:
            hint = did_you_mean(sheet.piracy_target, [n for n in by_name if n != sheet.player])
            match.findings.append(Finding(where, "piracy", f"target '{sheet.piracy_target}' is "
                                          "not another player of this match"
                                          + (f"; {hint}" if hint else "")))
            continue
        stolen_from[target.player] = sheet.player
        if target.pillaged != points:
            match.findings.append(Finding(
                _pos(target, "pillaged"), "pillaged",
                f"{target.player} records {target.pillaged} pillaged, but {sheet.player}'s "
                f"Piracy took {points}"))
        if target.pillaged_by and target.pillaged_by != sheet.player:
            match.findings.append(Finding(where, "pillaged_by", f"{target.player} names "
                                          f"{target.pillaged_by}, but {sheet.player} pillaged"))
    for sheet in sheets:
        if sheet.pillaged and sheet.player not in stolen_from:
            match.findings.append(Finding(
                _pos(sheet, "pillaged"), "pillaged",
                f"{sheet.player} records {sheet.pillaged} pillaged, but no Piracy names them"))
        if sheet.curse is not None and (sheet.curse not in by_name or sheet.curse == sheet.player):
            match.findings.append(Finding(
                _pos(sheet, "curse"), "curse",
                f"{sheet.player} cursed '{sheet.curse}', who is not another player here"))
    ranked = sorted(sheets, key=lambda s: -s.total)
    best_captain = max((s.total for s in sheets if s.derived["moniker"] == CAPTAIN), default=None)
    place = 0
    for i, sheet in enumerate(ranked):
        if i == 0 or sheet.total != ranked[i - 1].total:
            place = i + 1
        moniker = sheet.derived["moniker"]
        if moniker == CAPTAIN and sheet.total != best_captain:
            moniker = FIRST_MATE
        match.standings.append(Standing(place, sheet.player, sheet.total, moniker))
    return match


def _pos(sheet: Sheet, key: str) -> Position:
    return sheet.positions.get(key, Position(sheet.file))
