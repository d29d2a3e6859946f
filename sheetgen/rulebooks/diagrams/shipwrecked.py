"""Figures for this game's rulebook (see the package docstring)."""
