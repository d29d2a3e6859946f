"""Issue 10, 'time and memory': each budget stops a runaway input quickly, names itself and
says how to raise it; raising it lets a (harmless) big input through.

The worst inputs run in a subprocess capped at 1.5 GB of address space and 60 s, so a
regression fails here instead of eating the machine."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest
from helpers.hardening import REPO, clean_error

from sheetgen import limits
from sheetgen.errors import SheetgenError

BOMB = "".join(f"{a}: &{a} [{', '.join([f'*{p}' if p else 'x'] * 10)}]\n"
               for a, p in zip("abcdefghi", ["", *"abcdefgh"], strict=True))

RUNAWAY = {
    "yaml_nodes": BOMB,
    "repeat_product": "elements:\n  - type: repeat\n    count: 1000\n    elements:\n"
                      "      - type: repeat\n        count: 1000\n        elements: "
                      "[{type: rect, w: 1, h: 1, fill: red}]\n",
    "expression_items": "vars: {a: '${[[i for i in range(100000)] for j in range(100000)]}'}\n",
    "string_length": "vars: {a: \"${join('x' * 99999, range(99999))}\"}\n",
    "string_length ": "vars: {a: \"${format(1, '999999999')}\"}\n",
    "string_length  ": "vars: {a: \"${'%999999999d' % 1}\"}\n",
    "expression_items ": "vars: {a: '${sum([range(99999) for j in range(99999)], [])}'}\n",
    "yaml_depth": "vars: {a: " + "[" * 5000 + "]" * 5000 + "}\n",
}


def _cap_memory() -> None:
    limit = 1536 * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.parametrize("limit, text", RUNAWAY.items(), ids=[k.strip() + str(i) for i, k
                                                              in enumerate(RUNAWAY)])
def test_runaway_input_stops_at_its_budget(tmp_path, limit, text):
    (tmp_path / "l.yaml").write_text(text)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("SHEETGEN_LIMITS", None)
    done = subprocess.run([sys.executable, "-c", "from sheetgen.cli import main; main()",
                           "validate", "l.yaml"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
                          preexec_fn=_cap_memory)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    name = limit.strip()
    assert f"over the limit {name} = " in done.stderr, done.stderr
    assert f"--limit {name}=" in done.stderr


def _validate(path):
    from sheetgen.layout.document import load_layout
    from sheetgen.render.compose import record_instances

    return record_instances(load_layout(path))


def test_elements_per_page(write_layout):
    path = write_layout("elements: [{type: repeat, count: 300, elements: "
                        "[{type: rect, w: 1, h: 1, fill: red}]}]\n")
    with limits.override(elements_per_page=200):
        with pytest.raises(SheetgenError) as info:
            _validate(path)
    assert "over the limit elements_per_page = 200" in info.value.message
    assert info.value.position.line == 1
    with limits.override(elements_per_page=400):
        assert len(_validate(path)) == 1


def test_nesting(write_layout):
    body = "{type: rect, w: 1, h: 1, fill: red}"
    for _ in range(10):
        body = f"{{type: group, elements: [{body}]}}"
    path = write_layout(f"elements: [{body}]\n")
    with limits.override(nesting=5):
        with pytest.raises(SheetgenError, match="over the limit nesting = 5"):
            _validate(path)
    _validate(path)


def test_yaml_nodes_can_be_raised(write_layout):
    path = write_layout("a: &a [x, x, x, x, x, x, x, x, x, x]\n"
                        "vars: {b: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]}\nelements: []\n")
    with limits.override(yaml_nodes=50):
        with pytest.raises(SheetgenError, match="over the limit yaml_nodes = 50"):
            _validate(path)
    with pytest.raises(SheetgenError, match="unknown layout key 'a'"):  # within budget
        _validate(path)


def test_file_bytes(write_layout):
    path = write_layout("elements: []\n" + "# padding\n" * 200)
    with limits.override(file_bytes=1000):
        with pytest.raises(SheetgenError, match="over the limit file_bytes = 1,000"):
            _validate(path)
    _validate(path)


def test_expression_budgets_leave_real_expressions_alone(write_layout):
    path = write_layout("vars: {a: '${[i * 2 for i in range(1000)]}', "
                        "b: \"${join(', ', range(500))}\", c: \"${format(3.14159, '10.3f')}\"}\n"
                        "elements: []\n")
    _validate(path)


def test_limit_option_and_environment(sheetgen, tmp_path, monkeypatch):
    (tmp_path / "l.yaml").write_text("elements: [{type: repeat, count: 50, elements: "
                                     "[{type: rect, w: 1, h: 1, fill: red}]}]\n")
    clean_error(sheetgen("--limit", "elements_per_page=20", "validate", "l.yaml"),
                "over the limit elements_per_page = 20", "--limit elements_per_page=200")
    clean_error(sheetgen("validate", "l.yaml", "--limit", "elements_per_page=20"),
                "over the limit elements_per_page = 20")
    assert sheetgen("validate", "l.yaml", "--limit", "elements_per_page=100").exit_code == 0
    monkeypatch.setenv("SHEETGEN_LIMITS", "elements_per_page=30")
    limits._values.clear()
    clean_error(sheetgen("validate", "l.yaml"), "over the limit elements_per_page = 30")
    clean_error(sheetgen("--limit", "elements_per_pag=5", "validate", "l.yaml"),
                "no limit named 'elements_per_pag'", "did you mean 'elements_per_page'?")
    clean_error(sheetgen("--limit", "nesting=lots", "validate", "l.yaml"),
                "must be a whole number")


@pytest.fixture(autouse=True)
def _restore_limits(monkeypatch):
    saved = dict(limits._values)
    monkeypatch.delenv("SHEETGEN_LIMITS", raising=False)
    yield
    limits._values.clear()
    limits._values.update(saved)
