"""The island commands end to end (small counts: the pad benchmark lives in benchmarks/)."""

import yaml

from sheetgen.cli import main


def test_island_new_then_verify(runner, tmp_path):
    out = tmp_path / "isle.yaml"
    r = runner.invoke(main, ["captains-curse", "island", "new", "--seed", "5", "-o", str(out)])
    assert r.exit_code == 0, r.output
    data = yaml.safe_load(out.read_text())
    assert data["format"] == "captains-curse-island/1" and data["seed"] == 5
    r = runner.invoke(main, ["captains-curse", "island", "verify", str(out), "-n", "64"])
    assert "structure: ok" in r.output
    assert r.exit_code in (0, 1)
    assert ("NOT " in r.output) == (r.exit_code == 1)


def test_hand_edited_broken_island_is_reported(runner, tmp_path):
    out = tmp_path / "isle.yaml"
    runner.invoke(main, ["captains-curse", "island", "new", "--seed", "5", "-o", str(out)])
    data = yaml.safe_load(out.read_text())
    data["spaces"][0]["symbol"] = "rum"  # 7 rum, 5 of another symbol (R2)
    out.write_text(yaml.safe_dump(data, sort_keys=False))
    r = runner.invoke(main, ["captains-curse", "island", "verify", str(out), "-n", "16"])
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


def test_every_island_of_a_pad_passes_verify():
    from sheetgen.games.captains_curse.island import island_from_dict
    from sheetgen.games.captains_curse.islands.verify import verify
    from sheetgen.games.captains_curse.pad import make_pad

    items = make_pad(3, seed=11, difficulty="normal", jobs=1)
    assert len({d["name"] + str(d["seed"]) for d, _, _ in items}) == 3
    for data, small_print, _ in items:
        assert verify(island_from_dict(data), "normal", data=data, min_width=12).passed
        assert f"seed {data['seed']}" in small_print and "normal" in small_print


def test_island_new_without_seed_prints_the_fresh_seed(runner, tmp_path):
    out = tmp_path / "isle.yaml"
    r = runner.invoke(main, ["captains-curse", "island", "new", "-o", str(out)])
    assert r.exit_code == 0, r.output
    seed = int(r.stderr.split("seed ")[1].split()[0])
    assert yaml.safe_load(out.read_text())["seed"] == seed


def test_pad_with_progress_reports_what_it_wrote(runner, tmp_path):
    out = tmp_path / "p.pdf"
    r = runner.invoke(main, ["pad", "captains-curse", "--count", "1", "--seed", "3",
                             "--paper", "letter", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "1 islands" in r.stdout and out.exists()


def test_island_file_records_its_band_and_verify_uses_it(runner, tmp_path):
    """A hard island failed "verify" as normal unless --difficulty hard was given."""
    from sheetgen.games.captains_curse.islands.verify import read_record

    out = tmp_path / "hard.yaml"
    r = runner.invoke(main, ["captains-curse", "island", "new", "--seed", "11",
                             "--difficulty", "hard", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = out.read_text()
    record = read_record(text)
    assert record["band"] == "hard" and record["seed"] == 11
    assert record["figure"]["games"] > 0 and record["acceptance"]["games"] >= 48
    # The file stays a plain captains-curse-island/1 document (the record is a comment).
    assert set(yaml.safe_load(text)) == {"format", "name", "seed", "symbols", "spaces",
                                         "sink_lines"}
    r = runner.invoke(main, ["captains-curse", "island", "verify", str(out), "-n", "400"])
    assert "band: hard (recorded in the file)" in r.output
    assert "verified for 'hard'" in r.output
    r = runner.invoke(main, ["captains-curse", "island", "verify", str(out),
                             "--difficulty", "normal", "-n", "400"])
    assert "for 'normal'" in r.output


def test_island_without_record_verifies_as_normal(runner, tmp_path):
    out = tmp_path / "isle.yaml"
    runner.invoke(main, ["captains-curse", "island", "new", "--seed", "5", "-o", str(out)])
    out.write_text("\n".join(line for line in out.read_text().splitlines()
                             if not line.startswith("#")) + "\n")
    r = runner.invoke(main, ["captains-curse", "island", "verify", str(out), "-n", "64"])
    assert "band: normal (default)" in r.output
