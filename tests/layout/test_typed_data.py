"""Typed CSV data, `columns:` overrides, `copies:` per row, and errors that name the row."""

from __future__ import annotations

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.layout.document import load_layout, typed_cell
from sheetgen.render.compose import record_instances, sheet_count


@pytest.mark.parametrize("cell,value", [
    ("12", 12), ("-3", -3), ("+4", 4), ("0", 0), ("1.5", 1.5), (".5", 0.5), ("2.", 2.0),
    ("true", True), ("False", False), ("007", "007"), ("1e3", "1e3"), ("", ""),
    ("Black Bart", "Black Bart"), ("12 guns", "12 guns"), (None, None), (" 7 ", 7),
])
def test_cells_are_typed_as_they_look(cell, value):
    got = typed_cell(cell)
    assert got == value and type(got) is type(value)


def test_columns_override_the_guess():
    assert typed_cell("007", "int") == 7
    assert typed_cell("12", "str") == "12"
    assert typed_cell("3", "float") == 3.0 and isinstance(typed_cell("3", "float"), float)
    with pytest.raises(ValueError):
        typed_cell("maybe", "bool")


CSV = "name,rum,brave,code,copies\nBart,16,true,007,2\nAnne,9.5,false,012,0\nJack,3,TRUE,3,1\n"


def _layout(write_layout, data: str, text: str = "${name}: ${rum * 2}"):
    write_layout(CSV, "crew.csv")
    return load_layout(write_layout(f"""
        page: {{size: [60mm, 40mm]}}
        data: {data}
        elements:
          - {{type: text, text: "{text}", x: 2, y: 2}}
        """))


def test_csv_values_arrive_typed_and_copies_repeat_rows(write_layout):
    layout = _layout(write_layout, "{file: crew.csv, columns: {code: str}}")
    assert layout.data[0] == {"name": "Bart", "rum": 16, "brave": True, "code": "007",
                              "copies": 2}
    assert [r.fields["name"] for r in layout.page_rows()] == ["Bart", "Bart", "Jack"]
    assert [r.fields["name"] for r in layout.page_rows(2)] == ["Bart", "Bart", "Jack"] * 2
    assert sheet_count(layout, 1) == 3
    texts = [args for inst in record_instances(layout) for _, rec in inst.blocks
             for op, args in rec.calls if op == "text"]
    assert [t[2] for t in texts] == ["Bart: 32", "Bart: 32", "Jack: 6"]


def test_yaml_rows_take_copies_too(write_layout):
    layout = load_layout(write_layout("""
        data: [{name: coin, copies: 40}, {name: chest}]
        elements: [{type: text, text: "${name}"}]
        """))
    assert len(layout.page_rows()) == 41


@pytest.mark.parametrize("copies,line", [("-1", 2), ("two", 2), ("1.5", 2)])
def test_bad_copies_is_an_error_at_the_row(write_layout, copies, line):
    path = write_layout(f"""
        data:
          - {{name: coin, copies: {copies}}}
        elements: [{{type: text, text: "${{name}}"}}]
        """)
    with pytest.raises(SheetgenError, match="copies must be a whole number") as err:
        load_layout(path)
    assert err.value.position.line == 2
    assert "row 1, 'coin'" in err.value.message


def test_a_declared_type_that_does_not_fit_names_the_csv_line(write_layout):
    with pytest.raises(SheetgenError, match="declared int but holds 'Bart'") as err:
        _layout(write_layout, "{file: crew.csv, columns: {name: int}}")
    assert err.value.position.line == 2 and err.value.position.file.endswith("crew.csv")


def test_unknown_column_and_type_are_errors(write_layout):
    with pytest.raises(SheetgenError, match="not a column"):
        _layout(write_layout, "{file: crew.csv, columns: {nme: str}}")
    with pytest.raises(SheetgenError, match="unknown type 'string'"):
        _layout(write_layout, "{file: crew.csv, columns: {name: string}}")


def test_an_error_in_a_row_names_the_row_and_the_template_line(write_layout):
    layout = _layout(write_layout, "crew.csv", "${name[9]}")
    with pytest.raises(SheetgenError) as err:
        record_instances(layout)
    assert "(row 1, 'Bart')" in err.value.message
    assert err.value.position.line == 4  # the template's line in the layout


def test_an_error_in_a_repeat_names_the_item(write_layout):
    path = write_layout("""
        vars: {crew: [{name: Anne, rum: 3}, {name: Bart, rum: nope}]}
        elements:
          - type: repeat
            over: ${crew}
            as: p
            elements: [{type: text, text: "${p.rum * 2 + 1}"}]
        """)
    with pytest.raises(SheetgenError) as err:
        record_instances(load_layout(path))
    assert err.value.message.endswith("(repeat item 1, 'Bart')")
    assert err.value.position.line == 6


def test_a_blank_or_missing_copies_cell_in_csv_is_one_copy(write_layout):
    write_layout("name,copies,note\nBart,2,x\nAnne,,y\nJack\n", "crew.csv")
    layout = load_layout(write_layout("""
        page: {size: [60mm, 40mm]}
        data: crew.csv
        elements: [{type: text, text: "${name}", x: 2, y: 2}]
        """))
    assert [r.fields["name"] for r in layout.page_rows()] == ["Bart", "Bart", "Anne", "Jack"]
    assert layout.data[2]["note"] is None
