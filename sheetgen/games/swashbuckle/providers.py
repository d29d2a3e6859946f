"""Figures the Swashbuckle layouts can ask for with `${provide('swashbuckle.<name>')}`."""

from __future__ import annotations

from typing import Any

from sheetgen.errors import SheetgenError
from sheetgen.games.swashbuckle.table import par_figures


def par(card: Any = None) -> dict[str, Any]:
    """`provide('swashbuckle.par')`, or `provide('swashbuckle.par', 'my-card.yaml')` for a
    card file (checked like every file a layout names: sheetgen.access)."""
    if card is None:
        return par_figures()
    if not isinstance(card, str) or not card:
        raise SheetgenError("swashbuckle.par: give a card file's name (or nothing for the "
                            "bundled card)")
    from sheetgen import access
    from sheetgen.games.swashbuckle.card import load_card

    if card == "swashbuckle":
        return par_figures(load_card())
    return par_figures(load_card(access.named_file(card, what="card file")))


PROVIDERS = {
    # Expected score of optimal solitaire play and percentiles of its distribution.
    "par": par,
}
