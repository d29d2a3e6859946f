"""Robustness: any wrong value in any field of any element is reported as a SheetgenError
(the CLI turns it into `file:line:column` and exit status 2), never a traceback."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from sheetgen.errors import SheetgenError
from sheetgen.layout.document import load_layout
from sheetgen.layout.elements import ELEMENT_TYPES
from sheetgen.render.compose import record_instances

MINIMAL = {
    "rect": {"w": 10, "h": 10, "fill": "red"},
    "text": {"text": "x"},
    "line": {"points": [[0, 0], [1, 1]]},
    "polyline": {"points": [[0, 0], [1, 1]]},
    "polygon": {"points": [[0, 0], [1, 1], [2, 0]]},
    "circle": {"cx": 1, "cy": 1, "r": 1},
    "grid": {"columns": [10], "rows": [5], "cells": [{"row": 0, "col": 0, "text": "a"}]},
    "icon": {"name": "skull", "size": 10},
    "die": {"value": 3, "size": 10},
    "image": {"src": "x.png", "w": 10, "h": 10},
    "group": {"elements": [{"type": "rect", "w": 1, "h": 1, "fill": "red"}]},
    "repeat": {"count": 2, "elements": [{"type": "rect", "w": 1, "h": 1, "fill": "red"}]},
    "use": {"component": "c"},
}
WRONG = [None, True, -5, 12345, "abc", "", [], [[1, 2, 3]], {"a": 1}, "${nope}", "${[1, 2]}",
         "12mn", "#zzz", "${ {'a': 1} }"]


def test_every_builtin_element_is_covered():
    builtin = {"rect", "text", "line", "polyline", "polygon", "circle", "grid", "icon", "die",
               "image", "group", "repeat", "use"}
    assert builtin <= set(ELEMENT_TYPES) and set(MINIMAL) == builtin


@pytest.mark.parametrize("type_name", sorted(MINIMAL))
def test_wrong_values_give_clean_errors(type_name, tmp_path):
    Image.new("RGB", (4, 4)).save(tmp_path / "x.png")
    path = tmp_path / "layout.yaml"
    base = dict(MINIMAL[type_name], type=type_name)
    path.write_text(json.dumps({"components": {"c": {"elements": []}}, "elements": [base]}))
    record_instances(load_layout(path))  # the minimal element itself is fine
    failures = []
    for field in ELEMENT_TYPES[type_name].params:
        for value in WRONG:
            doc = {"components": {"c": {"elements": []}},
                   "elements": [dict(base, **{field: value})]}
            path.write_text(json.dumps(doc))
            try:
                record_instances(load_layout(path))
            except SheetgenError as err:
                if err.position is None or not err.position.line:
                    failures.append((field, value, "no position", err.message))
            except Exception as err:  # noqa: BLE001 - the point is to catch anything else
                failures.append((field, value, type(err).__name__, str(err)[:80]))
    assert failures == []


def test_wrong_grid_cell_values_give_clean_errors(tmp_path):
    from sheetgen.layout.elements.grid import CELL_KEYS

    path = tmp_path / "layout.yaml"
    failures = []
    for key in sorted(CELL_KEYS):
        for value in WRONG:
            cell = {"row": 0, "col": 0, "text": "a", key: value}
            doc = {"elements": [{"type": "grid", "columns": [10, 10], "rows": [5, 5],
                                 "cells": [cell]}]}
            path.write_text(json.dumps(doc))
            try:
                record_instances(load_layout(path))
            except SheetgenError as err:
                if err.position is None or not err.position.line:
                    failures.append((key, value, "no position", err.message))
            except Exception as err:  # noqa: BLE001
                failures.append((key, value, type(err).__name__, str(err)[:80]))
    assert failures == []


def _sections():
    from sheetgen.layout.document import IMPOSITION_KEYS, PAGE_KEYS, TOP_KEYS

    for key in sorted(PAGE_KEYS):
        yield f"page.{key}", lambda v, key=key: {"page": {key: v}}
    for key in sorted(IMPOSITION_KEYS):
        yield f"imposition.{key}", lambda v, key=key: {"page": {"size": "a6"},
                                                       "imposition": {key: v}}
    for key in sorted(TOP_KEYS - {"page", "imposition"}):
        yield key, lambda v, key=key: {key: v}
    use_c = [{"type": "use", "component": "c"}]
    yield "styles.s", lambda v: {"styles": {"s": v}}
    yield "styles.s.extends", lambda v: {"styles": {"s": {"extends": v}}}
    yield "components.c", lambda v: {"components": {"c": v}}
    yield "components.c.elements", lambda v: {"components": {"c": {"elements": v}}}
    yield "components.c.vars", lambda v: {"components": {"c": {"elements": [], "vars": v}},
                                          "elements": use_c}
    yield "use.with", lambda v: {"components": {"c": {"elements": []}},
                                 "elements": [{"type": "use", "component": "c", "with": v}]}
    yield "elements[0]", lambda v: {"elements": [v]}
    yield "type", lambda v: {"elements": [{"type": v}]}
    yield "style", lambda v: {"elements": [{"type": "text", "text": "x", "style": v}]}
    yield "when", lambda v: {"elements": [{"type": "text", "text": "x", "when": v}]}


@pytest.mark.parametrize("name, make", list(_sections()), ids=[n for n, _ in _sections()])
def test_wrong_values_in_layout_sections_give_clean_errors(tmp_path, name, make):
    from sheetgen.render.output import render_pdf

    path = tmp_path / "layout.yaml"
    failures = []
    for value in WRONG:
        path.write_text(json.dumps(make(value)))
        try:
            render_pdf(load_layout(path))
        except SheetgenError as err:
            if err.position is None or not err.position.line:
                failures.append((value, "no position", err.message))
        except Exception as err:  # noqa: BLE001
            failures.append((value, type(err).__name__, str(err)[:80]))
    assert failures == []
