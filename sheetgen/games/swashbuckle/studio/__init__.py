"""Swashbuckle in sheetgen studio: the card's options, the scorecard preview and PDF, and a
solitaire game with the advisor's ranked choices, scored by the card's rules.

- `solitaire`: the game (seeded dice, keeps, fills, the advisor's rankings).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, fields
from typing import Any

from sheetgen.games.swashbuckle.card import OPTION_NAMES, Options, default_card
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.output import render_pdf
from sheetgen.render.preview import svg_pages
from sheetgen.studio_contract import (
    MAX_SEED,
    Call,
    Download,
    Page,
    Refused,
    Route,
    choice,
    present,
    whole,
)

from .solitaire import Solitaire, strategy_table

SCORECARD = "swashbuckle/scorecard"
SCUTTLE = ("only_if_nothing_scores", "any")
RULES = {  # the source's optional rules 1-6, as the page names them
    "correspondence": "1. Correspondence play",
    "calculator_penalty": "2. Calculator penalty (points per use)",
    "manners": "3. Manners (a point per slip)",
    "captains_ransom": "4. Captain's ransom (double loss to Piracy)",
    "gentle_piracy": "5. Gentle piracy (loot not taken from the target)",
    "columns": "6. Perfect Storm: columns played at once",
}


@dataclass
class Table:
    """A tab's Swashbuckle: the card's options and a solitaire game."""

    matches: int = 6
    show_par: bool = False
    options: Options = field(default_factory=Options)
    game: Solitaire | None = None


def _card_options(body: dict[str, Any], base: Options) -> Options:
    raw = body.get("options", {})
    if not isinstance(raw, dict) or any(k not in OPTION_NAMES for k in raw):
        raise Refused(f"'options' takes {', '.join(OPTION_NAMES)}")
    values = {}
    for f in fields(Options):
        if f.name not in raw:
            values[f.name] = getattr(base, f.name)
        elif f.name == "scuttle":
            values[f.name] = choice(raw, "scuttle", base.scuttle, SCUTTLE)
        elif isinstance(f.default, bool):
            if not isinstance(raw[f.name], bool):
                raise Refused(f"'{f.name}' is yes or no")
            values[f.name] = raw[f.name]
        else:
            values[f.name] = whole(raw, f.name, getattr(base, f.name),
                                   1 if f.name == "columns" else 0, 10 if f.name ==
                                   "columns" else 100)
    return Options(**values)


def describe(call: Call) -> dict[str, Any]:
    table: Table = call.state
    from sheetgen.games.swashbuckle.table import par_figures

    par = par_figures()
    return {"matches": table.matches, "show_par": table.show_par,
            "options": vars(table.options), "rules": RULES, "scuttle": list(SCUTTLE),
            "par": {k: par[k] for k in ("mean", "p10", "p90", "moniker")},
            "boxes": [{"id": b.id, "label": b.label} for b in default_card().boxes]}


def _scorecard(table: Table):
    return load_layout(find_layout(SCORECARD), RenderOptions(overrides={
        "matches": table.matches, "show_par": table.show_par}))


def card(call: Call) -> dict[str, Any]:
    """Set the card's options; the scorecard re-drawn as SVG."""
    table: Table = call.state
    table.matches = whole(call.body, "matches", table.matches, 1, 6) or 6
    show = call.body.get("show_par", table.show_par)
    if not isinstance(show, bool):
        raise Refused("'show_par' is yes or no")
    table.show_par = show
    table.options = _card_options(call.body, table.options)
    return {"svg": svg_pages(_scorecard(table))[0], "matches": table.matches,
            "show_par": table.show_par, "options": vars(table.options)}


def scorecard_pdf(call: Call) -> Download:
    table: Table = call.state
    layout = _scorecard(table)
    return Download(render_pdf(layout, layout.imposition.per_sheet if layout.imposition
                               else 1), "application/pdf", "swashbuckle-scorecard.pdf")


def new_game(call: Call) -> dict[str, Any]:
    table: Table = call.state
    seed = whole(call.body, "seed", None, 0, MAX_SEED)
    the_card = default_card().with_options(**vars(table.options))
    table.game = Solitaire(the_card, seed if seed is not None else secrets.randbits(32),
                           strategy_table(the_card))
    return table.game.view()


def _game(call: Call) -> Solitaire:
    table: Table = call.state
    return present(table.game)


def game_view(call: Call) -> dict[str, Any]:
    return _game(call).view()


def game_keep(call: Call) -> dict[str, Any]:
    game = _game(call)
    kept = call.body.get("keep", [])
    if not isinstance(kept, list) or not all(isinstance(d, int) and not isinstance(d, bool)
                                             for d in kept) or len(kept) > 5:
        raise Refused("'keep' is a list of the dice to keep, e.g. [3, 3]")
    try:
        game.keep(kept)
    except ValueError as err:
        raise Refused(str(err), 409) from None
    return game.view()


def game_fill(call: Call) -> dict[str, Any]:
    game = _game(call)
    box = call.body.get("box")
    if box not in {b.id for b in game.card.boxes}:
        raise Refused("'box' must be one of the card's boxes")
    try:
        done = game.fill(box)
    except ValueError as err:
        raise Refused(str(err), 409) from None
    return {**game.view(), "filled_now": done}


PAGE = Page(
    title="Swashbuckle",
    summary="Choose the card's options, preview and print the scorecard, play a solitaire "
            "game with the advisor",
    new_state=Table,
    credit="Swashbuckle: rules and game by yachtsea.org. The advisor plays the exact "
           "optimal-solitaire strategy table; the card's rules score every box.",
    routes=(
        Route("GET", "card", describe),
        Route("POST", "card", card),
        Route("GET", "download/scorecard.pdf", scorecard_pdf),
        Route("POST", "game", new_game),
        Route("GET", "game", game_view),
        Route("POST", "game/keep", game_keep),
        Route("POST", "game/fill", game_fill),
    ),
)
