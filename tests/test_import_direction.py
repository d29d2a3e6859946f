"""The import graph is one-way: cli -> studio -> rulebooks -> games -> preflight -> render ->
engine -> layout -> canvas, each package importing only the ones below it plus the base
modules. A layer that imports upward fails here with the offending line.

Every `import` counts, at the top of a module or inside a function (a lazy import is still a
dependency). Games are found through the registry by module-path strings, which are not
imports, so `layout` can load a game's element types without depending on `games`.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "sheetgen"

LAYERS = ["canvas", "layout", "engine", "render", "preflight", "games", "rulebooks", "studio",
          "cli"]
"""Lowest first: a layer may import the layers before it."""

BASE = {"sheetgen", "__version__", "errors", "registry", "resources", "atomic", "lazy",
        "limits", "access", "workers", "assets", "cache", "studio_contract"}
"""Modules below every layer: they import only one another."""

ALLOWED = {("sheetgen.registry", "sheetgen.games")}
"""The registry lists the game packages (`sheetgen.games.__path__`); it imports no game."""


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "sheetgen"


def _rank(layer: str) -> int:
    return -1 if layer in BASE else LAYERS.index(layer)


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            # `from sheetgen import registry` imports sheetgen.registry
            if node.module == "sheetgen":
                found += [(node.lineno, f"sheetgen.{a.name}") for a in node.names]
    return [(line, name) for line, name in found if name.split(".")[0] == "sheetgen"]


def upward_imports() -> list[str]:
    faults = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        module = ".".join(rel.parts).removesuffix(".__init__")
        here = _layer(module)
        for line, name in _imports(path):
            there = _layer(name)
            if there == "sheetgen" or here == there or (module, name) in ALLOWED \
                    or there in BASE:
                continue
            unknown = [x for x in (here, there) if x not in BASE and x not in LAYERS]
            assert not unknown, f"{rel}: place package(s) {unknown} in LAYERS or BASE"
            if here in BASE or _rank(there) >= _rank(here):
                faults.append(f"sheetgen/{rel.relative_to('sheetgen')}.py:{line}: "
                              f"{here} imports {name} ({there} is not below {here})")
    return faults


def test_imports_point_down_the_layers():
    faults = upward_imports()
    assert not faults, "\n".join(faults)


def test_the_check_sees_an_upward_import(tmp_path, monkeypatch):
    """The checker itself: a layout module importing render is reported."""
    fake = tmp_path / "sheetgen"
    (fake / "layout").mkdir(parents=True)
    (fake / "layout" / "bad.py").write_text("def f():\n    from sheetgen.render.pdf import x\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    faults = upward_imports()
    assert faults == ["sheetgen/layout/bad.py:2: layout imports sheetgen.render.pdf (render is "
                      "not below layout)"]
