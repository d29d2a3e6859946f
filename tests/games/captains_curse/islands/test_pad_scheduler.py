"""`sheetgen pad captains-curse --scheduler`: the islands computed on a dask.distributed
cluster give the same PDF, byte for byte, as worker processes (`--jobs`)."""

import pytest

from sheetgen.cli import main


@pytest.fixture
def distributed():
    """dask.distributed, imported by the tests that need it rather than when the module is
    collected (about 0.5 s of CPU in each xdist worker, most of which never runs them)."""
    return pytest.importorskip("distributed")


def test_local_cluster_of_two_workers_matches_jobs(distributed, runner, tmp_path):
    a, b = tmp_path / "jobs.pdf", tmp_path / "dask.pdf"
    # Two islands: one for each of the two workers (a third cost about 1 s of CPU in each
    # run and reached no other code; most of the test is the cluster's start). The bytes
    # to match are the pad made here with one job: `--jobs 2` gives the same bytes (a test
    # of test_pad_stream.py), and its pool of two fresh workers cost about 2 s more CPU.
    args = ["pad", "captains-curse", "--count", "2", "--seed", "9", "-q"]
    r = runner.invoke(main, [*args, "--jobs", "1", "-o", str(a)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(main, [*args, "--jobs", "2", "--scheduler", "local", "-o", str(b)])
    assert r.exit_code == 0, r.output
    assert a.read_bytes() == b.read_bytes()


def test_bad_scheduler_address_is_a_clean_error(distributed, runner, tmp_path):
    r = runner.invoke(main, ["pad", "captains-curse", "--count", "1", "--scheduler",
                             "myhost:8786", "-o", str(tmp_path / "x.pdf")])
    assert r.exit_code == 2
    assert "expected tcp://HOST:PORT or local" in r.output
