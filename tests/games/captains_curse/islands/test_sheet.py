"""The island sheet renders through the layout language: what the map element draws."""

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse.islands.generate import generate_island, island_yaml
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.compose import record_instances
from sheetgen.render.output import render_pdf


@pytest.fixture(scope="module")
def island_data():
    return generate_island(21).data


def _calls(data, tmp_path):
    path = tmp_path / "isle.yaml"
    path.write_text(island_yaml(data))
    doc = load_layout(find_layout("captains-curse/island-sheet"),
                      RenderOptions(overrides={"island": str(path)}))
    (inst,) = record_instances(doc)
    return [c for _, rec in inst.blocks for c in rec.calls]


def test_map_draws_every_space_line_and_name(island_data, tmp_path):
    calls = _calls(island_data, tmp_path)
    texts = [c[1][2] for c in calls if c[0] == "text"]
    assert island_data["name"] in texts
    places = [s["place"] for s in island_data["spaces"] if "place" in s]
    joined = " ".join(texts)
    assert all(all(w in joined for w in p.split()) for p in places)
    # Coast-to-coast lines dotted (round caps), lines with an inland end dashed (R11).
    strokes = [c[1][2] for c in calls if c[0] == "path" and c[1][2] is not None]
    inland = [line for line in island_data["sink_lines"] if any(line["ends"])]
    assert inland  # the default (normal) plan makes some
    dotted = [st for st in strokes if st.dash and st.cap == 1]
    dashed = [st for st in strokes if st.dash and st.cap == 0]
    assert len(dotted) == len(island_data["sink_lines"]) - len(inland)
    assert len(dashed) == len(inland)
    # The centre grid: 36 values, each of 1..6 six times.
    values = [t for t in texts if t in {"1", "2", "3", "4", "5", "6"}]
    assert sorted(values) == sorted([str(v) for v in range(1, 7)] * 6)


def test_an_inland_end_gets_an_arrow_into_its_listed_space(island_data):
    """One filled arrowhead per inland end, its tip inside the space listed for that end, so
    a player sees which space must sink before the dashed line may be used."""
    from shapely.geometry import Point

    from sheetgen.games.captains_curse.island import island_from_dict
    from sheetgen.games.captains_curse.sheet.elements import (
        _inland_end_marks,
        island_land,
        map_frame,
    )

    class Recorder:
        def __init__(self):
            self.filled = []

        def path(self, ops, fill=None, stroke=None):
            if fill is not None:
                self.filled.append(ops)

    island = island_from_dict(island_data)
    polys, land = island_land(island)
    fr = map_frame(land, 10.0, 20.0, 500.0, 420.0)
    rec = Recorder()
    _inland_end_marks(rec, island, polys, fr, {line.id for line in island.sink_lines},
                      (0.5, 0.1, 0.1))
    inland = [line for line in island.sink_lines if any(line.ends)]
    assert inland and len(rec.filled) == sum(len(e) for line in inland for e in line.ends)
    by_id = {s.id: p for s, p in zip(island.spaces, polys, strict=True)}
    for line, ops in zip(inland, rec.filled, strict=True):
        tip = ops[0][1:3]  # the triangle starts at its tip
        x, y = (tip[0] - fr.ox) / fr.s, (tip[1] - fr.oy) / fr.s
        (listed,) = line.ends[1]
        assert by_id[listed].contains(Point(x, y)), (line.id, listed)
        assert not any(by_id[s].contains(Point(x, y)) for s in line.region)


def test_same_island_same_pdf(island_data, tmp_path):
    path = tmp_path / "isle.yaml"
    path.write_text(island_yaml(island_data))
    opts = RenderOptions(overrides={"island": str(path)})
    doc = load_layout(find_layout("captains-curse/island-sheet"), opts)
    assert render_pdf(doc) == render_pdf(load_layout(find_layout(
        "captains-curse/island-sheet"), opts))


def test_island_without_geometry_is_refused(island_data, tmp_path):
    bare = dict(island_data)
    bare["spaces"] = [{k: v for k, v in s.items() if k != "polygon"}
                      for s in island_data["spaces"]]
    with pytest.raises(SheetgenError, match="without polygons"):
        _calls(bare, tmp_path)


def test_centre_grid_element_alone(island_data, tmp_path, write_layout):
    path = tmp_path / "isle.yaml"
    path.write_text(island_yaml(island_data))
    layout = write_layout(f"""
        version: 1
        page: {{size: a5}}
        elements:
          - {{type: captains_curse.centre_grid, island: "{path}", x: 10mm, y: 10mm}}
        """)
    (inst,) = record_instances(load_layout(layout))
    texts = [c[1][2] for _, rec in inst.blocks for c in rec.calls if c[0] == "text"]
    assert sorted(texts) == sorted([str(v) for v in range(1, 7)] * 6)


def test_render_and_preview_from_a_seed(runner, tmp_path):
    from sheetgen.cli import main

    pdf, png = tmp_path / "s.pdf", tmp_path / "s.png"
    r = runner.invoke(main, ["render", "captains-curse/island-sheet", "--seed", "4",
                             "-o", str(pdf)])
    assert r.exit_code == 0, r.output
    assert pdf.read_bytes().startswith(b"%PDF")
    r = runner.invoke(main, ["captains-curse", "island", "preview", "--seed", "4", "-o", str(png)])
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_hairline_gaps_of_a_hand_edited_island_are_closed(island_data, tmp_path):
    edited = dict(island_data)
    spaces = [dict(s) for s in island_data["spaces"]]
    # Nudge one space's vertices by 0.05 mm, as a hand edit would: gaps appear.
    spaces[3]["polygon"] = [[x + 0.05, y] for x, y in spaces[3]["polygon"]]
    edited["spaces"] = spaces
    from shapely import union_all
    from shapely.geometry import Polygon

    raw = union_all([Polygon(s["polygon"]) for s in spaces])
    assert raw.geom_type != "Polygon" or len(raw.interiors) != 1  # the edit did open gaps
    calls = _calls(edited, tmp_path)
    assert any(c[0] == "text" and c[1][2] == island_data["name"] for c in calls)
