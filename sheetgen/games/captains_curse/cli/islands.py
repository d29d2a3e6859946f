"""Island commands: `sheetgen captains-curse island new|verify|preview`.

A thin layer: generation, verification and rendering live in the library
(`sheetgen.games.captains_curse.islands`, the island sheet layout, and
`sheetgen.games.captains_curse.pad` for pads); this module parses options and writes files
atomically.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click

from sheetgen.atomic import write_text
from sheetgen.errors import SheetgenError

DIFFICULTIES = click.Choice(["easy", "normal", "hard"])


@click.group()
def island() -> None:
    """Generate, verify and preview Captain's Curse islands."""


def _seed_or_fresh(seed: int | None) -> int:
    """The given seed, or a fresh one (printed, so the island can be made again)."""
    if seed is not None:
        return seed
    fresh = int.from_bytes(os.urandom(4), "little")
    click.echo(f"seed {fresh}", err=True)
    return fresh


@island.command("new")
@click.option("--seed", type=int, default=None, help="Default: a fresh seed, printed.")
@click.option("--difficulty", type=DIFFICULTIES, default="normal", show_default=True)
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), required=True,
              help="Island file to write (YAML, editable by hand).")
def island_new(seed: int, difficulty: str, out: str) -> None:
    """Generate a verified island and write it as a `captains-curse-island/1` file."""
    from sheetgen.games.captains_curse.islands.verify import generate_verified, island_file_text

    verified = generate_verified(_seed_or_fresh(seed), difficulty)
    write_text(out, island_file_text(verified))
    click.echo(f"wrote {out}: {verified.data['name']} ({verified.attempts} island(s) tried)")
    click.echo(verified.small_print())


def _structure_facts(data: dict[str, Any]) -> str:
    """A few numbers a designer looks at: ring size, lines by cost, nesting depth."""
    lines = [set(x["region"]) for x in data["sink_lines"]]
    depth = max((sum(1 for b in lines if a < b) for a in lines), default=0) + 1
    cheap = sum(1 for r in lines if len(r) == 1)
    ring = sum(1 for s in data["spaces"] if s.get("ring"))
    places = sum(1 for s in data["spaces"] if s.get("place"))
    return (f"  {len(data['spaces'])} spaces, {ring} on the centre ring, {places} named; "
            f"{len(lines)} sink lines ({cheap} sink one space, the largest "
            f"{max(map(len, lines), default=0)}), nested {depth} deep")


def _conclusion(verdict, difficulty: str) -> str:
    from sheetgen.games.captains_curse.islands.verify import get_band

    band = get_band(difficulty)
    want = f"the expert's 95% interval within {band.min_win:.0%}-{band.max_win:.0%}"
    if verdict.passed:
        return f"winnable: verified for '{difficulty}' ({want})"
    if verdict.faults:
        return "NOT winnable: the island is malformed"
    lo, hi = verdict.expert_ci
    return (f"NOT verified for '{difficulty}': needs {want}, measured {lo:.1%}-{hi:.1%} "
            f"after {verdict.expert_games} games")


def _verdict_table(verdict) -> str:
    d = verdict.to_dict()
    rows = ["player            dice           games   wins   win rate   95% interval"]
    for name, label, dice in (("expert", "expert", "verification"),
                              ("greedy", "greedy", "verification"),
                              ("figure", "expert", "fresh")):
        r = d[name]
        if not r["games"]:
            continue
        lo, hi = r["ci95"]
        rows.append(f"{label:<17} {dice:<13} {r['games']:>5} {r['wins']:>6}   "
                    f"{r['win_rate']:>7.1%}   {lo:.1%}-{hi:.1%}")
    rows.append(f"skill gap (expert - greedy): {d['skill_gap']:+.1%}")
    if d["figure"]["games"]:
        rows.append("the sheet prints the fresh-dice figure (the verification dice chose the "
                    "island, so their record is biased)")
    return "\n".join(rows)


@island.command("verify")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=None, help="Regenerate the island of this seed.")
@click.option("--difficulty", type=DIFFICULTIES, default=None,
              help="Band to verify against. Default: the band recorded in the island file "
                   "(`island new` writes it), else normal.")
@click.option("-n", "--games", type=click.IntRange(16, 100000), default=4000,
              show_default=True, help="Cap on expert games (early stopping may use fewer).")
@click.option("--min-games", type=click.IntRange(8, 100000), default=96, show_default=True,
              help="Expert games played before stopping early (island files only).")
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
def island_verify(file: str | None, seed: int | None, difficulty: str | None, games: int,
                  min_games: int, as_json: bool) -> None:
    """Structural report plus win-rate table; exit status 1 if the island is not winnable.

    With --seed N the island is regenerated and verified exactly as `island new` and pads
    do (same dice, same stopping rule), so the figure printed on a sheet is reproduced.
    """
    from sheetgen.games.captains_curse.island import island_to_dict, load_island
    from sheetgen.games.captains_curse.islands.verify import (
        generate_verified,
        read_record,
        verify,
    )

    if (file is None) == (seed is None):
        raise SheetgenError("give an island FILE or --seed N (not both)")
    if file is not None:
        isl = load_island(file)
        record = read_record(Path(file).read_text(encoding="utf-8", errors="replace"))
        if difficulty is None:
            band = record.get("band") if record else None
            difficulty = band if band in ("easy", "normal", "hard") else "normal"
            if not as_json:
                click.echo(f"band: {difficulty} ("
                           f"{'recorded in the file' if band == difficulty else 'default'})")
        data: dict[str, Any] = island_to_dict(isl)
        verdict = verify(isl, difficulty, data=data, expert_cap=games, min_games=min_games)
        label = file
    else:
        difficulty = difficulty or "normal"
        verified = generate_verified(seed, difficulty)  # type: ignore[arg-type]
        verdict = verified.verdict
        label = f"seed {seed}: {verified.data['name']} ({verified.small_print()})"
    if as_json:
        click.echo(json.dumps(verdict.to_dict(), indent=2))
    else:
        click.echo(label)
        if verdict.faults:
            click.echo("structure: FAULTS")
            for fault in verdict.faults:
                click.echo(f"  - {fault}")
        else:
            click.echo("structure: ok (R2, R3, R11, R12, geometry)")
            click.echo(_structure_facts(data if file is not None else verified.data))
            click.echo(_verdict_table(verdict))
        click.echo(_conclusion(verdict, difficulty))
    if not verdict.passed:
        raise SystemExit(1)


@island.command("preview")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=None)
@click.option("--difficulty", type=DIFFICULTIES, default="normal", show_default=True)
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), required=True)
@click.option("--dpi", type=int, default=90, show_default=True)
def island_preview(file: str | None, seed: int | None, difficulty: str, out: str,
                   dpi: int) -> None:
    """A quick PNG of the island sheet, from a FILE or a --seed."""
    from sheetgen.games.captains_curse.islands.verify import generate_verified
    from sheetgen.games.captains_curse.pad import sheet_layout
    from sheetgen.render.output import pdf_to_png, render_pdf

    if file is not None:
        doc = sheet_layout(None, {"island": str(Path(file).resolve())})
    else:
        verified = generate_verified(_seed_or_fresh(seed), difficulty)
        doc = sheet_layout(None)
        doc.data = [{"island": verified.data, "small_print": verified.small_print()}]
    pdf_to_png(render_pdf(doc), out, dpi=dpi)
    click.echo(f"wrote {out}")
