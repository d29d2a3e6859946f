"""The island commands end to end (small counts: the pad benchmark lives in benchmarks/)."""

import yaml

from sheetgen.cli import main


def test_island_new_then_verify(runner, tmp_path):
    out = tmp_path / "isle.yaml"
    r = runner.invoke(main, ["island", "new", "--seed", "5", "-o", str(out)])
    assert r.exit_code == 0, r.output
    data = yaml.safe_load(out.read_text())
    assert data["format"] == "captains-curse-island/1" and data["seed"] == 5
    r = runner.invoke(main, ["island", "verify", str(out), "-n", "64"])
    assert "structure: ok" in r.output
    assert r.exit_code in (0, 1)
    assert ("NOT winnable" in r.output) == (r.exit_code == 1)


def test_hand_edited_broken_island_is_reported(runner, tmp_path):
    out = tmp_path / "isle.yaml"
    runner.invoke(main, ["island", "new", "--seed", "5", "-o", str(out)])
    data = yaml.safe_load(out.read_text())
    data["spaces"][0]["symbol"] = "rum"  # 7 rum, 5 of another symbol (R2)
    out.write_text(yaml.safe_dump(data, sort_keys=False))
    r = runner.invoke(main, ["island", "verify", str(out), "-n", "16"])
    assert r.exit_code == 1
    assert "R2" in r.output


def test_pad_is_the_same_whatever_jobs(runner, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    args = ["pad", "captains-curse", "--count", "2", "--seed", "9", "-q"]
    assert runner.invoke(main, [*args, "--jobs", "1", "-o", str(a)]).exit_code == 0
    assert runner.invoke(main, [*args, "--jobs", "2", "-o", str(b)]).exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    from pypdf import PdfReader
    assert len(PdfReader(str(a)).pages) == 2
