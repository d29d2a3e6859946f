"""Reuse: styles (with extends), variables and --set, components with vars, data rows from a
list and from CSV/JSON/YAML files, and extends/include merging. Checked on what gets drawn."""

from __future__ import annotations

import pytest

from sheetgen.layout.document import RenderOptions, load_layout, parse_override
from sheetgen.render.compose import record_instances

MM = 72 / 25.4


def texts(path, options=None) -> list[list[tuple]]:
    """Per page instance: (text, font, size, colour) of every text call."""
    out = []
    for inst in record_instances(load_layout(path, options)):
        out.append([(a[2], a[3], a[4], a[5]) for _, rec in inst.blocks for name, a in rec.calls
                    if name == "text"])
    return out


def paths(path, options=None) -> list[tuple]:
    inst = record_instances(load_layout(path, options))[0]
    return [a for _, rec in inst.blocks for name, a in rec.calls if name == "path"]


def test_style_extends_and_explicit_values_win(write_layout):
    path = write_layout("""
        styles:
          base: {font: sans, size: 8, color: red}
          big: {extends: base, size: 14}
        elements:
          - {type: text, text: a, style: big}
          - {type: text, text: b, style: big, color: navy}
          - {type: text, text: c, style: [base, big], font: serif}
        """)
    red, navy = (0xb3 / 255, 0x26 / 255, 0x1e / 255), (0x1d / 255, 0x35 / 255, 0x57 / 255)
    got = texts(path)[0]
    assert [(t, f, s) for t, f, s, _ in got] == [("a", "sans", 14), ("b", "sans", 14),
                                                ("c", "serif", 14)]
    assert got[0][3] == pytest.approx(red)
    assert got[1][3] == pytest.approx(navy)


def test_style_can_supply_a_required_field(write_layout):
    path = write_layout("""
        styles:
          box: {w: 10mm, h: 5mm, fill: black}
        elements:
          - {type: rect, style: box, x: 1mm}
        """)
    (ops, fill, *_), = paths(path)
    assert ops[0] == ("M", pytest.approx(MM), 0.0)
    assert ops[2] == ("L", pytest.approx(11 * MM), pytest.approx(5 * MM))


def test_vars_and_set_overrides(write_layout):
    path = write_layout("""
        vars:
          matches: 6
          label: "${'M' + str(matches)}"
          points: {full_boat: 25, run: 30}
        elements:
          - {type: text, text: "${label} ${points.full_boat} ${points.run}"}
        """)
    assert texts(path)[0][0][0] == "M6 25 30"
    options = RenderOptions(overrides=dict([parse_override("points.run=35"),
                                            parse_override("matches=4")]))
    assert texts(path, options)[0][0][0] == "M4 25 35"  # later vars see the override


def test_parse_override_reads_values_as_yaml():
    assert parse_override("matches=4") == ("matches", 4)
    assert parse_override("name=Anne Bonny") == ("name", "Anne Bonny")
    assert parse_override("xs=[1, 2]") == ("xs", [1, 2])
    assert parse_override("flag=true") == ("flag", True)
    assert parse_override("empty=") == ("empty", "")


def test_set_changes_the_scorecard_columns():
    from sheetgen.layout.bundled import find_layout

    def columns(options=None):
        inst = record_instances(load_layout(find_layout("swashbuckle/scorecard"), options))[0]
        headers = [a[2] for _, rec in inst.blocks for n, a in rec.calls if n == "text"]
        return [h for h in headers if h.isdigit()]

    assert columns() == ["1", "2", "3", "4", "5", "6"]
    assert columns(RenderOptions(overrides={"matches": 3})) == ["1", "2", "3"]


def test_components_with_vars_defaults_and_with(write_layout):
    path = write_layout("""
        components:
          badge:
            vars: {label: "?", size: 8}
            elements:
              - {type: text, text: "[${label}]", size: "${size}"}
        elements:
          - {type: use, component: badge}
          - {type: use, component: badge, with: {label: Ahoy, size: 12}, x: 10mm}
        """)
    assert [(t, s) for t, _, s, _ in texts(path)[0]] == [("[?]", 8), ("[Ahoy]", 12)]


def test_use_with_an_undeclared_variable_is_an_error(write_layout):
    from sheetgen.errors import SheetgenError

    path = write_layout("""
        components:
          badge:
            vars: {label: "?"}
            elements: [{type: text, text: "${label}"}]
        elements:
          - {type: use, component: badge, with: {lable: Ahoy}}
        """)
    with pytest.raises(SheetgenError) as err:
        load_layout(path)
    assert "component 'badge' has no variable 'lable'" in err.value.message
    assert err.value.position.line == 6
    assert err.value.hint == "did you mean 'label'?"


def test_components_may_use_each_other(write_layout):
    path = write_layout("""
        components:
          inner: {elements: [{type: text, text: "in ${n}"}]}
          outer:
            vars: {n: 1}
            elements: [{type: use, component: inner}]
        elements:
          - {type: use, component: outer, with: {n: 7}}
        """)
    assert texts(path)[0][0][0] == "in 7"


def test_data_rows_from_a_list_make_one_page_each(write_layout):
    path = write_layout("""
        data:
          - {name: Anne, score: 3}
          - {name: Mary, score: 4}
        elements:
          - {type: text, text: "${name}: ${score} (${page.number}/${page.count}) ${row.name}"}
        """)
    assert [t[0][0] for t in texts(path)] == ["Anne: 3 (1/2) Anne", "Mary: 4 (2/2) Mary"]


def test_data_rows_from_csv(write_layout):
    write_layout("name,score\nAnne,3\nMary,4\n", "crew.csv")
    path = write_layout("""
        data: crew.csv
        elements:
          - {type: text, text: "${name}: ${int(score) + 1}"}
        """)
    assert [t[0][0] for t in texts(path)] == ["Anne: 4", "Mary: 5"]


def test_data_rows_from_json_and_yaml(write_layout):
    write_layout('[{"n": 1}, {"n": 2}, {"n": 3}]', "rows.json")
    write_layout("- {n: a}\n- {n: b}\n", "rows.yaml")
    j = write_layout("data: rows.json\nelements: [{type: text, text: 'n${n}'}]\n", "j.yaml")
    y = write_layout("data: rows.yaml\nelements: [{type: text, text: 'n${n}'}]\n", "y.yaml")
    assert [t[0][0] for t in texts(j)] == ["n1", "n2", "n3"]
    assert [t[0][0] for t in texts(y)] == ["na", "nb"]


def test_count_repeats_every_data_row(write_layout):
    path = write_layout("data: [{n: 1}, {n: 2}]\nelements: [{type: text, text: '${n}'}]\n")
    insts = record_instances(load_layout(path), count=3)
    assert len(insts) == 6


def test_extends_merges_child_over_base(write_layout):
    write_layout("""
        name: base
        description: the base
        page: {size: a5, bleed: 2mm}
        vars: {title: Base, colour: red}
        styles:
          head: {font: display, size: 20}
        elements:
          - {type: text, text: "${title}", style: head}
        """, "base.yaml")
    child = write_layout("""
        extends: base.yaml
        name: child
        page: {bleed: 0}
        vars: {title: Child}
        elements:
          - {type: text, text: "${colour}", style: head, size: 9}
        """, "child.yaml")
    lay = load_layout(child)
    assert lay.name == "child" and lay.description == "the base"
    assert lay.page.width == pytest.approx(148 * MM)  # size kept from the base
    assert lay.page.bleed == 0.0                       # bleed from the child
    assert [(t, f, s) for t, f, s, _ in texts(child)[0]] == [("Child", "display", 20),
                                                            ("red", "display", 9)]


def test_include_brings_vars_styles_components_and_own_values_win(write_layout):
    write_layout("""
        vars: {a: from-include, b: from-include}
        styles: {small: {size: 6}}
        components:
          tag: {elements: [{type: text, text: "tag ${a}", style: small}]}
        """, "common/parts.yaml")
    path = write_layout("""
        include: common/parts.yaml
        vars: {b: own}
        elements:
          - {type: use, component: tag}
          - {type: text, text: "${b}", style: small}
        """)
    assert [(t, s) for t, _, s, _ in texts(path)[0]] == [("tag from-include", 6), ("own", 6)]


def test_when_hides_elements(write_layout):
    path = write_layout("""
        vars: {show: false}
        elements:
          - {type: text, text: hidden, when: "${show}"}
          - {type: text, text: shown, when: "${not show}"}
        """)
    assert [t[0] for t in texts(path)[0]] == ["shown"]
    assert [t[0] for t in texts(path, RenderOptions(overrides={"show": True}))[0]] == ["hidden"]


def test_seed_is_visible_to_expressions(write_layout):
    path = write_layout("elements: [{type: text, text: 'seed ${seed}'}]\n")
    assert texts(path, RenderOptions(seed=42))[0][0][0] == "seed 42"


def test_yaml_merge_keys_work(write_layout):
    path = write_layout("""
        vars:
          base: &b {size: 7}
        elements:
          - {<<: *b, type: text, text: merged}
        """)
    assert texts(path)[0][0][2] == 7


def test_csv_saved_by_a_spreadsheet_with_a_bom(write_layout, tmp_path):
    (tmp_path / "crew.csv").write_bytes("name,score\r\nAnne,3\r\n".encode("utf-8-sig"))
    path = write_layout("data: crew.csv\nelements: [{type: text, text: '${name}'}]\n")
    assert [t[0][0] for t in texts(path)] == ["Anne"]
