"""The island sheet reads its island file once per content and budgets, faulty or not."""

from __future__ import annotations

from click.testing import CliRunner
from helpers.hardening import REPO, clean_error

from sheetgen import limits
from sheetgen.cli import main
from sheetgen.games.captains_curse.island import load_island
from sheetgen.games.captains_curse.sheet import elements

SHEET = REPO / "layouts" / "captains_curse" / "island_sheet.yaml"


def _validate(island) -> object:
    return CliRunner().invoke(main, ["validate", str(SHEET), "--set", f"island={island}"])


def test_a_faulty_island_file_is_read_once_and_its_error_kept(tmp_path, monkeypatch):
    good = (REPO / "layouts" / "captains_curse" / "islands" / "roomy.yaml").read_text()
    island = tmp_path / "bad.yaml"
    island.write_text(good.replace("format:", "format: [", 1))
    reads = []

    def counted(path):
        reads.append(path)
        return load_island(path)

    monkeypatch.setattr(elements, "load_island", counted)
    elements._island_from_text.cache_clear()
    first = clean_error(_validate(island), str(island))
    assert len(reads) == 1  # three elements show the island: the error is kept for the others
    assert clean_error(_validate(island), str(island)) == first and len(reads) == 1

    island.write_text(good)  # the same file mended: read again
    assert _validate(island).exit_code == 0 and len(reads) == 2
    with limits.override(yaml_nodes=1000):  # the layout fits, the island does not
        clean_error(_validate(island), str(island), "yaml_nodes")
    assert len(reads) == 3

