"""The quest designer's work: a quest as `black-dice-quest/1` data edited in a form, checked
by the quest reader, drawn as its tile, balanced by the engine, kept as variants.

The form sends the quest's data; it is written out as the quest file's YAML text and read
back with positions (`parse_yaml` + `quest_from`), so a fault is reported at its line in
exactly the file the designer downloads. The tile is the bundled `black-dice/quest-tile`
layout with its `q` variable set to the quest's tile values (the same provider the pad uses).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from sheetgen.engine.runner import run_games
from sheetgen.errors import SheetgenError, SheetgenErrors
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.layout.source import located, parse_yaml, plain_with_positions

from ..providers import quest_tile
from ..quest import Quest, load_quest, quest_from, quest_to_dict
from ..simulate import play_one, summarize

TILE = "black-dice/quest-tile"
MAX_VARIANTS = 6
HEADER = ("# A quest for The Curse of the Black Dice, made in sheetgen studio.\n"
          "# Codes and rules: sheetgen/games/black_dice/quest.py; check it with\n"
          "# `sheetgen black-dice verify FILE --band 40-60`.\n")


@dataclass
class Variant:
    name: str
    data: dict[str, Any]
    balance: dict[str, Any] | None = None


@dataclass
class Designer:
    """A tab's quest: its data, the last balance check, and the variants kept aside."""

    data: dict[str, Any] | None = None
    balance: dict[str, Any] | None = None
    variants: list[Variant] = field(default_factory=list)


def quest_text(data: dict[str, Any]) -> str:
    """The quest file the designer downloads (and the text faults are located in)."""
    return HEADER + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=90)


def file_name(data: dict[str, Any]) -> str:
    stem = re.sub(r"[^a-z0-9]+", "-", str(data.get("id", "quest")).lower()).strip("-")
    return f"{stem or 'quest'}.yaml"


def read_quest(data: dict[str, Any]) -> Quest:
    """The quest the data describes, checked by the quest reader (located errors)."""
    text = quest_text(data)
    name = file_name(data)
    return quest_from(located(parse_yaml(text, name), name))


def faults(err: SheetgenError, data: dict[str, Any]) -> list[dict[str, Any]]:
    lines = quest_text(data).splitlines()
    out = []
    for e in err.errors if isinstance(err, SheetgenErrors) else [err]:
        pos = e.position
        line = pos.line if pos and pos.line else 0
        out.append({"message": e.message, "hint": e.hint or "", "line": line,
                    "column": pos.column if pos and pos.column else 0,
                    "source": lines[line - 1] if 0 < line <= len(lines) else ""})
    return out


def parse_switches(text: str) -> Any:
    """The `rules:` mapping as the designer typed it (YAML); a syntax fault is located in
    that box. What the switches mean is checked with the rest of the quest."""
    try:
        return plain_with_positions(parse_yaml(text, "special rules", empty=None))[0]
    except SheetgenError as err:
        raise SheetgenError(f"special rules: {err.message}", err.position, err.hint) from None


def switches_text(data: dict[str, Any] | None) -> str:
    rules = (data or {}).get("rules")
    return yaml.safe_dump(rules, sort_keys=False, allow_unicode=True).strip() if rules else ""


def bundled(quest_id: str) -> dict[str, Any]:
    return quest_to_dict(load_quest(quest_id))


def tile_layout(quest: Quest):
    """The quest tile layout showing `quest` (its `q` variable set to the tile values)."""
    return load_layout(find_layout(TILE), RenderOptions(overrides={"q": quest_tile(quest)}))


# ------------------------------------------------------------------ balance (a job's work)

def balance_work(report, data: dict[str, Any], players: tuple[int, ...], n: int,
                 band: tuple[float, float], seed: int = 1, policy: str = "greedy"
                 ) -> dict[str, Any]:
    """The crew's win rate for each player count on games 0..n-1 of `seed` (the figures
    `sheetgen black-dice verify` prints for the same file, seed and -n), reported as the
    games finish; the verdict against `band` (Wilson 95% interval inside it)."""
    quest = read_quest(data)
    lo, hi = band
    rows: dict[str, Any] = {}
    total = n * len(players)
    report(done=0, total=total, players=list(players), band=[lo, hi], rows={})
    for k, count in enumerate(players):
        def progress(done: int, _n: int, k: int = k) -> None:
            report(done=k * n + done)

        games = run_games(play_one, n, seed, args=(quest, count, policy, None),
                          progress=progress)
        b = summarize(quest, count, policy, games)
        rate, low, high = b.win_rate
        rows[str(count)] = {"games": b.games, "wins": b.outcomes.get("won", 0),
                            "rate": rate, "low": low, "high": high,
                            "inside": lo <= low and high <= hi,
                            "rounds": round(b.rounds_all[0], 2),
                            "outcomes": dict(b.outcomes)}
        report(rows=dict(rows))
    verdict = all(r["inside"] for r in rows.values())
    report(verdict="passed" if verdict else "failed")
    return {"rows": rows, "band": [lo, hi], "passed": verdict, "n": n, "seed": seed}
