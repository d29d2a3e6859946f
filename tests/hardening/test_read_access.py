"""Issue 10, 'reading outside the layout': a layout (or a sheet, or a match) reads files only
under its own folder tree, the bundled layouts and folders the user allowed with
--allow-path; symlinks are followed before the check; refusals name the path and never
print the file's content; errors quote source lines only from YAML files."""

from __future__ import annotations

import pytest
from helpers.hardening import ISLAND, SHEET, clean_error
from PIL import Image

SECRET = "root:x:0:0:TOPSECRET-line:/root:/bin/bash\n"


@pytest.fixture
def outside(tmp_path):
    """A folder beside the layout's folder holding files a layout must not reach."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.yaml").write_text(SECRET)
    (folder / "secret.csv").write_text("name\n" + SECRET)
    (folder / "island.yaml").write_text(ISLAND.read_text())
    Image.new("RGB", (4, 4)).save(folder / "pic.png")
    (folder / "card.yaml").write_text(SECRET)
    (folder / "sheet.yaml").write_text(SHEET.read_text())
    (tmp_path / "work").mkdir()
    return folder


# Each access point: (file name in 'work', its text with {target} for the path, command).
POINTS = {
    "include": ("l.yaml", "include: [{target}]\nelements: []\n", ["validate", "l.yaml"],
                "secret.yaml"),
    "extends": ("l.yaml", "extends: {target}\n", ["validate", "l.yaml"], "secret.yaml"),
    "data": ("l.yaml", "data: {target}\nelements: []\n", ["validate", "l.yaml"], "secret.csv"),
    "image src": ("l.yaml", "elements: [{{type: image, src: {target}, w: 5, h: 5}}]\n",
                  ["validate", "l.yaml"], "pic.png"),
    "island": ("l.yaml", "elements: [{{type: captains_curse.island_map, island: {target}, "
               "w: 50, h: 50}}]\n", ["validate", "l.yaml"], "island.yaml"),
    "card": ("s.yaml", SHEET.read_text().replace("card: swashbuckle", "card: {target}"),
             ["swashbuckle", "check", "s.yaml"], "card.yaml"),
    "sheets": ("m.yaml", "sheets: [{target}, {target}]\n", ["swashbuckle", "score", "m.yaml"],
               "sheet.yaml"),
}


def _place(tmp_path, point: str, how: str, outside) -> list[str]:
    name, text, args, target_name = POINTS[point]
    work = tmp_path / "work"
    target = outside / target_name
    if how == "absolute":
        ref = str(target)
    elif how == "dotdot":
        ref = f"../outside/{target_name}"
    else:  # a symlink inside the layout's folder that leads outside
        (work / f"link-{target_name}").symlink_to(target)
        ref = f"link-{target_name}"
    (work / name).write_text(text.replace("{target}", ref).replace("{{", "{").replace("}}", "}"))
    return [args[0], *args[1:-1], str(work / name)]


@pytest.mark.parametrize("how", ["absolute", "dotdot", "symlink"])
@pytest.mark.parametrize("point", sorted(POINTS))
def test_no_file_outside_the_allowed_folders_can_be_read(sheetgen, tmp_path, outside, point,
                                                         how):
    args = _place(tmp_path, point, how, outside)
    err = clean_error(sheetgen(*args), "is outside the folders this file may read",
                      "--allow-path")
    assert "TOPSECRET" not in err
    if how == "symlink":
        assert "(a link to " in err


@pytest.mark.parametrize("point", sorted(POINTS))
def test_allow_path_opens_a_folder(sheetgen, tmp_path, outside, point):
    args = _place(tmp_path, point, "dotdot", outside)
    result = sheetgen("--allow-path", str(outside), *args)
    assert "outside the folders" not in result.output
    result = sheetgen(*args, "--allow-path", str(outside))  # also after the command
    assert "outside the folders" not in result.output


def test_allowed_folder_from_the_environment(sheetgen, tmp_path, outside, monkeypatch):
    args = _place(tmp_path, "include", "absolute", outside)
    monkeypatch.setenv("SHEETGEN_ALLOW_PATH", str(outside))
    err = clean_error(sheetgen(*args), "a layout file must be a mapping")
    assert "TOPSECRET" not in err  # read now, but not YAML mapping text: never quoted


def test_reading_system_files_is_refused_without_showing_them(sheetgen, tmp_path):
    (tmp_path / "l.yaml").write_text("include: [/etc/passwd]\nelements: []\n")
    err = clean_error(sheetgen("validate", "l.yaml"), "/etc/passwd is outside")
    assert "root:" not in err
    (tmp_path / "l.yaml").write_text("extends: ../../../../../../etc/hostname\n")
    clean_error(sheetgen("validate", "l.yaml"), "is outside the folders")


def test_subfolders_and_bundled_layouts_are_readable(sheetgen, tmp_path):
    from sheetgen.layout.bundled import LAYOUTS_DIR

    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "styles.yaml").write_text("styles: {big: {size: 30}}\n")
    scorecard = LAYOUTS_DIR / "swashbuckle" / "scorecard.yaml"
    (tmp_path / "l.yaml").write_text(f"include: [parts/styles.yaml]\nextends: {scorecard}\n")
    result = sheetgen("validate", "l.yaml")
    assert result.exit_code == 0, result.output


def test_island_named_on_the_command_line_may_lie_anywhere(sheetgen, tmp_path, outside):
    result = sheetgen("validate", "captains-curse/island-sheet", "--island",
                      str(outside / "island.yaml"))
    assert result.exit_code == 0, result.output


def test_non_yaml_files_are_named_but_never_quoted(sheetgen, tmp_path):
    (tmp_path / "notes.txt").write_text("TOPSECRET: [unclosed\n")
    (tmp_path / "passwd").write_text(SECRET)
    (tmp_path / "l.yaml").write_text("include: [notes.txt]\nelements: []\n")
    err = clean_error(sheetgen("validate", "l.yaml"), "notes.txt:")
    assert "TOPSECRET" not in err
    (tmp_path / "l.yaml").write_text("extends: passwd\n")
    err = clean_error(sheetgen("validate", "l.yaml"), "passwd:1:1")
    assert "TOPSECRET" not in err
    (tmp_path / "d.csv").write_text("name\nTOPSECRET,extra\n")
    (tmp_path / "l.yaml").write_text("data: d.csv\nelements: []\n")
    err = clean_error(sheetgen("validate", "l.yaml"), "d.csv:2:1")
    assert "TOPSECRET" not in err


def test_yaml_files_are_still_quoted(sheetgen, tmp_path):
    (tmp_path / "l.yaml").write_text("elements:\n  - {type: rect, w: 12mn, h: 1}\n")
    err = clean_error(sheetgen("validate", "l.yaml"), "l.yaml:2:")
    assert "  - {type: rect, w: 12mn, h: 1}" in err and "^" in err
    (tmp_path / "l.yaml").write_text("name: a: b\n")  # a syntax error in a .yaml file
    assert "  name: a: b" in clean_error(sheetgen("validate", "l.yaml"), "YAML syntax error")
