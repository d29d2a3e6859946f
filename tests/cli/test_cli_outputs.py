"""Output files as users expect them: normal permissions (0666 minus the umask, not the
private 0600 of a temporary file), no folders created unless asked (`--mkdir`), and a clear
message when part of the output path is a file."""

from __future__ import annotations

import os
import stat

import pytest
from click.testing import CliRunner

from sheetgen.atomic import current_umask, making_folders, write_bytes
from sheetgen.cli import main
from sheetgen.errors import SheetgenError

TINY = "page: {size: [40mm, 30mm]}\nelements:\n  - {type: rect, w: 10, h: 10, fill: navy}\n"


@pytest.fixture(params=[0o022, 0o077, 0o002])
def umask(request):
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def _cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_umask_is_read_without_changing_it(umask):
    assert current_umask() == umask
    assert current_umask() == umask


def test_pdf_png_and_island_files_get_0666_minus_umask(umask, tmp_path):
    layout = tmp_path / "tiny.yaml"
    layout.write_text(TINY)
    expected = 0o666 & ~umask
    pdf, png, island = tmp_path / "t.pdf", tmp_path / "t.png", tmp_path / "isle.yaml"
    assert _cli("render", layout, "-q", "-o", pdf).exit_code == 0
    assert _cli("preview", layout, "--dpi", "20", "-o", png).exit_code == 0
    result = _cli("captains-curse", "island", "new", "--seed", "3", "-o", island)
    assert result.exit_code == 0, result.output
    for path in (pdf, png, island):
        assert _mode(path) == expected, (path.name, oct(_mode(path)), oct(expected))
    write_bytes(pdf, b"again")  # replacing a file gives the same mode
    assert _mode(pdf) == expected
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_missing_folder_is_an_error_unless_mkdir(tmp_path):
    layout = tmp_path / "tiny.yaml"
    layout.write_text(TINY)
    out = tmp_path / "new" / "deeper" / "t.pdf"
    result = _cli("render", layout, "-q", "-o", out)
    assert result.exit_code == 2
    assert f"there is no folder {out.parent}" in result.stderr and "--mkdir" in result.stderr
    assert not (tmp_path / "new").exists()
    result = _cli("render", layout, "-q", "--mkdir", "-o", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF-")
    # the flag lasts for that command only
    with pytest.raises(SheetgenError, match="no folder"):
        write_bytes(tmp_path / "other" / "x.bin", b"x")


def test_a_file_in_the_path_is_named(tmp_path):
    layout = tmp_path / "tiny.yaml"
    layout.write_text(TINY)
    (tmp_path / "plain").write_text("not a folder")
    for out in (tmp_path / "plain" / "t.pdf", tmp_path / "plain" / "sub" / "t.pdf"):
        result = _cli("render", layout, "-q", "--mkdir", "-o", out)
        assert result.exit_code == 2
        assert f"{tmp_path / 'plain'} is a file, not a folder" in result.stderr
        assert "Traceback" not in result.output


def test_default_output_folder_is_created(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiny.yaml").write_text(TINY)
    result = _cli("render", "tiny.yaml", "-q")
    assert result.exit_code == 0, result.output
    assert len(list((tmp_path / "output").glob("*.pdf"))) == 1


def test_making_folders_in_library_code(tmp_path):
    with making_folders():
        write_bytes(tmp_path / "a" / "b" / "c.bin", b"ok")
    assert (tmp_path / "a" / "b" / "c.bin").read_bytes() == b"ok"


def test_every_command_that_writes_offers_mkdir():
    def walk(group, prefix=()):
        ctx = main.make_context("sheetgen", [], resilient_parsing=True)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if hasattr(command, "list_commands"):
                yield from walk(command, (*prefix, name))
            else:
                yield (*prefix, name), command

    writers = 0
    for path, command in walk(main):
        names = {p.name for p in command.params}
        if names & {"out", "output", "log_dir"}:
            writers += 1
            result = _cli(*path, "--help")
            assert "--mkdir" in result.output, path
    assert writers >= 5


def test_a_named_output_folder_is_created_but_not_its_parents(tmp_path):
    from sheetgen.resources import bundled_dir

    island = bundled_dir("layouts") / "captains_curse" / "islands" / "roomy.yaml"
    logs = tmp_path / "logs"
    result = _cli("captains-curse", "simulate", island, "-n", "1", "--log-dir", logs)
    assert result.exit_code == 0, result.output
    assert len(list(logs.glob("*.json"))) == 1
    deep = tmp_path / "no" / "logs"
    result = _cli("captains-curse", "simulate", island, "-n", "1", "--log-dir", deep)
    assert result.exit_code == 2 and f"there is no folder {deep.parent}" in result.stderr
    result = _cli("captains-curse", "simulate", island, "-n", "1", "--log-dir", deep, "--mkdir")
    assert result.exit_code == 0, result.output
