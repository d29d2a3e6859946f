"""The import statements of a parsed module, for the import-structure tests
(tests/test_import_cycles.py, tests/test_import_direction.py).

An import is a statement, so only statements are walked (module and function bodies,
branches, loops, try/with/match blocks, classes): `ast.walk` also entered every expression,
most of a module's nodes, and the two tests walked all of sheetgen that way (about 6 s of
CPU between them)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

_HOLDS_STATEMENTS = (ast.stmt, ast.excepthandler, ast.match_case)


def import_statements(tree: ast.AST, skip: Callable[[ast.AST], bool] = lambda node: False
                      ) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every `import` and `from ... import` in `tree`, in source order, at any depth; a
    statement for which `skip(statement)` is true is left out with everything inside it."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
            continue
        if skip(node):
            continue
        for _, value in ast.iter_fields(node):
            if isinstance(value, list):
                stack.extend(v for v in reversed(value) if isinstance(v, _HOLDS_STATEMENTS))
