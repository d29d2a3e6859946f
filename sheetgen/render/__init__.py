"""Rendering: a resolved layout model drawn through one small backend protocol."""
