"""Scoring a finished match of several players: each sheet checked on its own, then the rules
that tie sheets together.

Cross-player rules, as read from the source:
- Piracy: a player's Piracy score names a `target`; the target's sheet records the same points
  as Pillaged (and may name the pirate in `pillaged_by`). "A player may only pillage or be
  pillaged one time": the one Piracy box per sheet limits pillaging; two Piracy scores naming
  the same target are a finding.
- Curse: the `curse` entry names another player of the match (once per match).
- Hornswaggle: once per match, 15 points, checked per sheet.
- Captain: "There can be only one Captain." If several players earn Captain, the highest
  Total Plunder keeps it and the others are demoted to First Mate. The source gives no
  tie-break; sheetgen's (documented in docs/swashbuckle.md): among players tied on the highest
  Total Plunder, one who came into the match as Captain (`earlier_rank: Captain`) keeps it,
  then the higher Crow's Nest Tally, then the player listed first in the match file (the
  starting order).
- House rules (the match file's `options:`, over the card's; card.Options): 1 a curser must
  roll one of their own turns cursed, 4 a Captain's Pillaged is twice the Piracy score, 5 the
  target's Pillaged stays blank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from sheetgen.access import readable
from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.games.swashbuckle import yamlsrc
from sheetgen.games.swashbuckle.card import Card, parse_option_args, parse_options
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


def load_match(path: str | Path, options: Sequence[str] = ()) -> Match:
    """Read a match file: `card` and `sheets`, each a path (relative to the file) or inline;
    `options` (`NAME=VALUE`, from `--option`) override the card's and the file's."""
    doc = yamlsrc.load(path)
    raw = check_keys(doc, (), doc.data, {"card", "sheets", "options"}, {"sheets"}, what="match")
    card = card_named(doc, ("card",), raw.get("card", "swashbuckle"))
    if raw.get("options") is not None:
        card = replace(card, options=parse_options(doc, ("options",), raw["options"],
                                                   card.options))
    card = parse_option_args(card, options)
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
        if any(s.player == sheets[-1].player for s in sheets[:-1]):
            # here the entry of the match file is known: point at it (score_match cannot)
            raise doc.error(("sheets", i), f"two sheets for player '{sheets[-1].player}'",
                            hint="pirate names must be distinct within a match")
    return score_match(card, sheets)


def score_match(card: Card, sheets: list[Sheet]) -> Match:
    """Check the cross-player rules and rank the players."""
    match = Match(card, sheets)
    by_name: dict[str, Sheet] = {}
    for sheet in sheets:
        if sheet.player in by_name:
            raise SheetgenError(f"two sheets for player '{sheet.player}'",
                                _pos(sheet, "player"),
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
        if target.player in stolen_from:
            match.findings.append(Finding(
                where, "piracy", f"{sheet.player} pillages {target.player}, who was already "
                f"pillaged by {stolen_from[target.player]}; a player may be pillaged only once"))
            continue
        stolen_from[target.player] = sheet.player
        loss = points
        if card.options.captains_ransom and _norm_rank(target.earlier_rank) == CAPTAIN.lower():
            loss = 2 * points  # house rule 4: a Captain loses double
        if card.options.gentle_piracy:
            loss = 0  # house rule 5: the target keeps everything
        if target.pillaged != loss:
            rule = (" (house rule 4: a Captain loses double)" if loss == 2 * points and loss
                    else " (house rule 5: gentle piracy takes nothing)" if not loss else "")
            match.findings.append(Finding(
                _pos(target, "pillaged"), "pillaged",
                f"{target.player} records {target.pillaged} pillaged, but {sheet.player}'s "
                f"Piracy took {loss}{rule}"))
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
        if sheet.curse is not None and card.options.correspondence and not sheet.cursed_turns:
            match.findings.append(Finding(
                _pos(sheet, "curse"), "curse",
                f"{sheet.player} cursed a rival's card, so under house rule 1 one of their own "
                "turns is rolled cursed: mark that box `cursed: true`"))
    order = {sheet.player: i for i, sheet in enumerate(sheets)}
    ranked = sorted(sheets, key=lambda s: (-s.total, order[s.player]))
    captain = captain_of(card, sheets)
    place = 0
    for i, sheet in enumerate(ranked):
        if i == 0 or sheet.total != ranked[i - 1].total:
            place = i + 1
        moniker = sheet.derived["moniker"]
        if moniker == CAPTAIN and sheet is not captain:
            moniker = FIRST_MATE
        match.standings.append(Standing(place, sheet.player, sheet.total, moniker))
    return match


def captain_of(card: Card, sheets: list[Sheet]) -> Sheet | None:
    """The one player who keeps Captain: the highest Total Plunder among those who earned
    it; on a tie, one who came in as Captain, then the higher Crow's Nest Tally, then the
    player listed first (the starting order)."""
    earned = [s for s in sheets if s.derived["moniker"] == CAPTAIN]
    if not earned:
        return None
    first_tally = card.sections[0].tally

    def key(item: tuple[int, Sheet]) -> tuple:
        i, sheet = item
        came_in = _norm_rank(sheet.earlier_rank) == CAPTAIN.lower()
        tally = sheet.derived.get(first_tally, 0) if first_tally else 0
        return (-sheet.total, not came_in, -tally, i)

    return min(enumerate(earned), key=key)[1]


def _norm_rank(rank: str | None) -> str:
    return str(rank or "").strip().lower()


def _pos(sheet: Sheet, key: str) -> Position:
    return sheet.positions.get(key, Position(sheet.file))
