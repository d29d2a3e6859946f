"""The Shipwrecked! figures the rules card and the rulebook print (providers.measured) are
measured once per machine and read back from sheetgen's cache, unchanged, until a source
changes; the chi-square p-value among them is scipy.stats' own number."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from sheetgen.cache import cached_json_path
from sheetgen.games.shipwrecked import providers
from sheetgen.games.shipwrecked.simulate import chi2_sf


@pytest.fixture
def fresh_process_cache():
    """No figures in this process (as in a new process) before and after the test."""
    providers.measured.cache_clear()
    yield
    providers.measured.cache_clear()


def test_the_figures_are_measured_once_and_read_back_unchanged(tmp_path, monkeypatch,
                                                              fresh_process_cache):
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    played = []
    round_robin = providers._round_robin
    monkeypatch.setattr(providers, "_round_robin",
                        lambda: played.append(1) or round_robin())
    first = providers.measured()
    path = cached_json_path(*providers.measured_cache())
    assert played == [1] and path.is_file() and path.is_relative_to(tmp_path / "cache")
    providers.measured.cache_clear()  # a new process: reads the file, plays no game
    again = providers.measured()
    assert played == [1] and again == first and again is not first
    assert providers.length()["minutes"] == round(
        first["length"]["mean"] * providers.SECONDS_PER_ROLL / 60)


def test_the_cache_is_named_after_every_source_it_depends_on(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path))
    name, sources, settings = providers.measured_cache()
    names = {Path(p).name for p in sources}
    assert {"simulate.py", "policies.py", "batch.py", "rules.py", "runner.py",
            "stats.py"} <= names
    assert str(providers.CARD_SEED) in settings and str(providers.CARD_GAMES) in settings
    before = cached_json_path(name, sources, settings)
    edited = tmp_path / "simulate.py"
    edited.write_text(Path(next(p for p in sources if Path(p).name == "simulate.py"))
                      .read_text() + "\n# an edit\n")
    changed = [edited if Path(p).name == "simulate.py" else p for p in sources]
    assert cached_json_path(name, changed, settings) != before
    assert cached_json_path(name, sources, settings + " x") != before


@pytest.mark.parametrize("stat,dof", [(0.0, 3), (2.5, 1), (11.3, 7), (40.0, 12),
                                      (300.0, 20), (1e-9, 2), (math.inf, 4), (5.0, 0)])
def test_the_p_value_is_scipy_stats_own(stat, dof):
    from scipy.stats import chi2

    expected = float(chi2.sf(stat, dof))
    got = chi2_sf(stat, dof)
    assert got == expected or (math.isnan(got) and math.isnan(expected))
