"""The "Any layout" page's API: open, typed variables, re-render, rows, faults, downloads,
and the access sandbox for users' files."""

from __future__ import annotations

import io
import zipfile

import pytest
from helpers.sample_layouts import USER_LAYOUT
from pypdf import PdfReader

from sheetgen import access

LP = "g/layouts"



@pytest.fixture()
def lp(client):
    sid = client.post("/api/session").json()["session"]
    return lambda path: f"/api/s/{sid}/{LP}/{path}"


@pytest.fixture()
def user_folder(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "crew.yaml").write_text(USER_LAYOUT)
    (folder / "broken.yaml").write_text(USER_LAYOUT.replace("size: 12}", "size: twelve}", 1))
    access.allow([folder])
    yield folder
    access.reset()


def test_the_catalogue_lists_bundled_layouts_and_only_allowed_folders(client, lp, tmp_path):
    cat = client.get(lp("catalogue")).json()
    assert "swashbuckle/scorecard" in [b["id"] for b in cat["bundled"]]
    assert cat["files"] == [] and cat["folders"] == []
    (tmp_path / "outside.yaml").write_text(USER_LAYOUT)
    r = client.post(lp("open"), json={"layout": str(tmp_path / "outside.yaml")}).json()
    assert r["errors"] and "outside the folders" in r["errors"][0]["message"]
    assert "allow-path" in r["errors"][0]["hint"] and not r["pages"]


def test_a_users_file_opens_with_typed_fields_and_rows(client, lp, user_folder):
    cat = client.get(lp("catalogue")).json()
    ids = [f["id"] for f in cat["files"]]
    assert str(user_folder / "crew.yaml") in ids
    view = client.post(lp("open"), json={"layout": str(user_folder / "crew.yaml")}).json()
    kinds = {v["name"]: (v["kind"], v["default"]) for v in view["vars"]}
    assert kinds == {"accent": ("color", "#8a1c1c"), "rum": ("int", 2),
                     "brave": ("bool", True), "motto": ("text", "Dead men tell no tales")}
    assert view["rows"] == 3 and view["row_label"] == "row 1, 'Anne'"
    assert view["pages"][0].startswith("<svg")
    # The motto runs out of its 20 mm box: a warning at its line in the user's file.
    (warning,) = view["warnings"]
    assert warning["line"] == 17 and warning["file"].endswith("crew.yaml")
    assert "overflows" in warning["message"] and "motto" in warning["excerpt"]


def test_a_change_re_renders_and_only_changed_values_are_overrides(client, lp, user_folder):
    client.post(lp("open"), json={"layout": str(user_folder / "crew.yaml")})
    first = client.post(lp("render"), json={"values": {}}).json()
    changed = client.post(lp("render"), json={"values": {
        "rum": 5, "brave": True, "accent": "#8a1c1c", "motto": "Yo"}, "row": 2}).json()
    assert changed["overrides"] == {"rum": 5, "motto": "Yo"}
    assert changed["row"] == 2 and changed["row_label"] == "row 3, 'Jack'"
    assert changed["pages"][0] != first["pages"][0] and not changed["warnings"]
    bad = client.post(lp("render"), json={"values": {"rum": "lots", "accent": "red",
                                                    "nope": 1}}).json()
    assert bad["problems"] == {"rum": "a number", "accent": "a colour like #7a1616",
                               "nope": "this layout has no such variable"}
    far = client.post(lp("render"), json={"values": {}, "row": 99}).json()
    assert far["row"] == 2  # clamped to the last row


def test_a_fault_in_the_file_is_shown_at_its_place(client, lp, user_folder):
    view = client.post(lp("open"), json={"layout": str(user_folder / "broken.yaml")}).json()
    assert not view["pages"]
    (fault,) = view["errors"]
    assert fault["file"].endswith("broken.yaml") and fault["line"] == 16
    assert "twelve" in fault["excerpt"]


def test_yaml_variables_are_read_as_yaml(client, lp):
    view = client.post(lp("open"), json={"layout": "swashbuckle/scorecard"}).json()
    kinds = {v["name"]: v["kind"] for v in view["vars"]}
    assert kinds["matches"] == "int" and kinds["show_par"] == "bool" and kinds["par"] == "yaml"
    r = client.post(lp("render"), json={"values": {"par": "mean: [1"}}).json()
    assert r["problems"]["par"].startswith("not YAML")
    r = client.post(lp("render"), json={"values": {"par": "{mean: 180, p10: 150, p90: 210}",
                                                   "show_par": True}}).json()
    assert r["overrides"]["par"] == {"mean": 180, "p10": 150, "p90": 210} and r["pages"]


def test_downloads_pdf_png_and_tts(client, lp, user_folder):
    client.post(lp("open"), json={"layout": str(user_folder / "crew.yaml")})
    client.post(lp("render"), json={"values": {"rum": 7}, "row": 1})
    pdf = client.get(lp("download/pdf"))
    assert pdf.headers["content-type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(pdf.content))
    assert len(reader.pages) == 3 and "7 tots" in reader.pages[1].extract_text()
    png = client.get(lp("download/png"))
    assert png.content.startswith(b"\x89PNG") and "crew-2.png" in \
        png.headers["content-disposition"]
    tts = zipfile.ZipFile(io.BytesIO(client.get(lp("download/tts")).content))
    assert any(n.endswith(".json") for n in tts.namelist())
    assert client.get(lp("download/exe")).status_code == 404


def test_nothing_before_a_layout_is_open(client, lp):
    assert client.post(lp("render"), json={"values": {}}).status_code == 409
    assert client.get(lp("download/pdf")).status_code == 409
    assert client.post(lp("render"), json={"values": []}).status_code == 409
    r = client.post(lp("open"), json={"layout": "no/such-layout"}).json()
    assert "no bundled layout" in r["errors"][0]["message"]
