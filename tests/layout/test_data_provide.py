"""`data: {provide: <game>.<name>}` (rows a game computes) and values passed to provide()."""

from __future__ import annotations

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.layout.expressions import ExpressionError, provide


def _write(tmp_path, data: str):
    path = tmp_path / "l.yaml"
    path.write_text("version: 1\npage: {size: poker}\n" + data +
                    "elements:\n  - {type: text, text: '${name}', x: 5, y: 5}\n")
    return path


def test_rows_come_from_a_game_provider(tmp_path):
    layout = load_layout(_write(tmp_path, "data: {provide: black_dice.symbols}\n"),
                         RenderOptions())
    rows = layout.page_rows()
    assert [r.fields["name"] for r in rows][0] == "Anchor" and len(rows) == 6
    assert rows[2].number == 3 and rows[2].pos.line == 3  # placed at the data line


@pytest.mark.parametrize("data,message", [
    ("data: {provide: black_dice.nothing}\n", "unknown name 'nothing'"),
    ("data: {provide: nogame.rows}\n", "provides no data"),
    ("data: {provide: black_dice.symbols, file: x.csv}\n", "takes no other keys"),
])
def test_bad_provider_rows_point_at_the_line(tmp_path, data, message):
    with pytest.raises(SheetgenError) as err:
        load_layout(_write(tmp_path, data), RenderOptions())
    assert message in str(err.value)
    assert err.value.position is not None and err.value.position.line == 3


def test_provide_passes_values_on_and_checks_their_number():
    assert provide("black_dice.symbols")[5]["icon"] == "flag"
    with pytest.raises(ExpressionError, match="takes other values"):
        provide("black_dice.symbols", 1)
