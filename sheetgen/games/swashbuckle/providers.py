"""Figures the Swashbuckle layouts can ask for with `${provide('swashbuckle.<name>')}`."""

from __future__ import annotations

from sheetgen.games.swashbuckle.table import par_figures

PROVIDERS = {
    # Expected score of optimal solitaire play and percentiles of its distribution.
    "par": par_figures,
}
