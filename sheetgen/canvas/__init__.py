"""The neutral drawing layer: what draws, without knowing what is drawn or where to.

- `protocol`: the `Canvas` protocol (y-down points) and its value types `Color`, `PathOp`,
  `Stroke`, `PageBoxes`;
- `geometry`: path construction (boxes, circles, polylines, dash patterns, rotations);
- `draw`: helpers for figures (measured labels, die faces, arrows, icons).

Both sides import it: `sheetgen.layout` (elements draw on a Canvas) and `sheetgen.render`
(the PDF, SVG and recording canvases implement it). The import graph is one-way:
cli/studio -> rulebooks -> games -> render -> layout -> canvas, each importing only layers
below it and the base modules (errors, registry, resources, assets, ...);
tests/test_import_direction.py fails on an import against that direction.
"""

from sheetgen.canvas.protocol import MM, Canvas, Color, PageBoxes, PathOp, Stroke

__all__ = ["MM", "Canvas", "Color", "PageBoxes", "PathOp", "Stroke"]
