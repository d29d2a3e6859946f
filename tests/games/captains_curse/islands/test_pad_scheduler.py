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


def test_local_cluster_workers_fork_from_a_forkserver_that_imported_the_work(distributed,
                                                                              monkeypatch):
    """`--scheduler local` workers are forked from a forkserver that imported distributed,
    the task's sheetgen modules and their compiled code once (`forked_workers`), not
    spawned as fresh interpreters that each import them again (about 3 s of CPU each, and a
    slow exit the cluster ended with a kill). Other modules are not preloaded: one whose
    import failed otherwise than with ImportError would stop the forkserver. The pad above
    proves the forked workers' bytes."""
    import multiprocessing

    import dask
    from distributed.utils import get_mp_context

    from sheetgen.workers import WARM, forked_workers

    if "forkserver" not in multiprocessing.get_all_start_methods():
        pytest.skip("no forkserver on this platform")
    key = "distributed.worker.multiprocessing-method"
    before = dask.config.get(key)
    server = multiprocessing.get_context("forkserver")
    asked: list[list[str]] = []
    monkeypatch.setattr(server, "set_forkserver_preload", asked.append)
    with forked_workers(["sheetgen.games.captains_curse.pad", "conftest"]):
        assert dask.config.get(key) == "forkserver"
        assert get_mp_context() is server
    assert asked[-1] == ["distributed", "sheetgen.games.captains_curse.pad", WARM]
    assert dask.config.get(key) == before
