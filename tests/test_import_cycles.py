"""No import circles: module A importing B (at the top or lazily inside a function) while B
imports A. A circle works only by the accident of which import runs first, and it hides
which of the two modules is the lower one. Found with Tarjan's strongly connected
components over every `sheetgen` import of every module (TYPE_CHECKING blocks excepted)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from helpers.imports import import_statements

PACKAGE = Path(__file__).resolve().parents[1] / "sheetgen"

KNOWN: set[tuple[str, ...]] = set()
"""Circles tolerated for now: none (the last two, canvas.pieces <-> canvas.protocol and
voodoo.game <-> voodoo.players, are gone), so any circle fails the test."""


def _module(path: Path, package: Path) -> str:
    rel = path.relative_to(package.parent).with_suffix("")
    return ".".join(rel.parts).removesuffix(".__init__")


def _type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(path: Path, module: str, modules: set[str]) -> set[str]:
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in import_statements(tree, skip=_type_checking_block):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                name = ".".join([*base, *([node.module] if node.module else [])])
            else:
                name = node.module or ""
            for alias in node.names:
                full = f"{name}.{alias.name}"
                found.add(full if full in modules else name)
    return {m for m in found if m in modules and m != module}


def import_circles(package: Path = PACKAGE) -> list[tuple[str, ...]]:
    paths = {_module(p, package): p for p in package.rglob("*.py") if "_bundled" not in p.parts}
    graph = {m: _imports(p, m, set(paths)) for m, p in paths.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[tuple[str, ...]] = []
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(tuple(sorted(part)))

    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(circles)


def test_no_new_import_circles():
    new = [c for c in import_circles() if c not in KNOWN]
    assert not new, "import circles: " + "; ".join(" <-> ".join(c) for c in new)


def test_the_check_sees_a_lazy_circle(tmp_path):
    fake = tmp_path / "sheetgen" / "games" / "toy"
    fake.mkdir(parents=True)
    (tmp_path / "sheetgen" / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "game.py").write_text("from .players import best\n")
    (fake / "players.py").write_text("def best():\n    from .game import State\n")
    (fake / "rules.py").write_text("from typing import TYPE_CHECKING\n"
                                   "if TYPE_CHECKING:\n    from .game import State\n")
    assert import_circles(tmp_path / "sheetgen") == [
        ("sheetgen.games.toy.game", "sheetgen.games.toy.players")]
