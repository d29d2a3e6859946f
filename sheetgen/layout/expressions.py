"""`${...}` expressions in layout values.

A value that is exactly one `${expr}` keeps the expression's type (a number stays a number, a
list stays a list); `${expr}` inside a longer string is formatted into it. Expressions are a
small safe subset of Python (arithmetic, comparisons, `a if c else b`, indexing, `a.b` for
mapping keys and a handful of functions); no attribute of a Python object is reachable, so a
layout file can never run code.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable, Mapping
from typing import Any

MAX_ITEMS = 100_000
"""Longest list or string an expression may build: a typo must not eat the machine's memory."""


def _too_big(what: str) -> ExpressionError:
    return ExpressionError(f"{what} is too large for a layout expression")


def _mul(a: Any, b: Any) -> Any:
    for seq, n in ((a, b), (b, a)):
        if isinstance(seq, (str, list, tuple)) and isinstance(n, int) \
                and len(seq) * n > MAX_ITEMS:
            raise _too_big("the repeated sequence")
    return operator.mul(a, b)


def _pow(a: Any, b: Any) -> Any:
    if isinstance(a, int) and isinstance(b, int) and abs(a) > 1 \
            and b * math.log2(abs(a)) > 1024:
        raise _too_big(f"{a} ** {b}")
    return operator.pow(a, b)


def _range(*args: int) -> list[int]:
    r = range(*args)
    if len(r) > MAX_ITEMS:
        raise _too_big(f"range of {len(r)} numbers")
    return list(r)


_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: _mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: _pow,
}
_CMPOPS: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


def _fmt(value: Any, spec: str = "") -> str:
    return format(value, spec)


def provide(name: str) -> Any:
    """Data a game computes for its layouts: `provide('swashbuckle.par')` calls
    `PROVIDERS['par']()` in `sheetgen.games.swashbuckle.providers`, imported only when used."""
    import importlib

    game, _, key = str(name).partition(".")
    if not game.isidentifier() or not key:
        raise ExpressionError(f"provide('{name}'): expected '<game>.<name>'")
    try:
        module = importlib.import_module(f"sheetgen.games.{game}.providers")
    except ModuleNotFoundError:
        raise ExpressionError(f"provide('{name}'): game '{game}' provides no data") from None
    providers = module.PROVIDERS
    if key not in providers:
        from sheetgen.errors import did_you_mean

        raise ExpressionError(f"provide('{name}'): unknown name '{key}'",
                              did_you_mean(key, providers))
    return providers[key]()


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "provide": provide,
    "min": min,
    "max": max,
    "abs": abs,
    "round": round,
    "int": int,
    "float": float,
    "str": str,
    "len": len,
    "range": _range,
    "upper": lambda s: str(s).upper(),
    "lower": lambda s: str(s).lower(),
    "title": lambda s: str(s).title(),
    "format": _fmt,
    "floor": math.floor,
    "ceil": math.ceil,
    "sqrt": math.sqrt,
    "sin": lambda deg: math.sin(math.radians(deg)),
    "cos": lambda deg: math.cos(math.radians(deg)),
    "sum": sum,
    "join": lambda sep, items: str(sep).join(str(i) for i in items),
}


class ExpressionError(ValueError):
    """An expression that cannot be evaluated; the caller adds the source position."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.hint = hint


def has_expression(value: Any) -> bool:
    return isinstance(value, str) and "${" in value


def split_template(text: str) -> list[tuple[bool, str]]:
    """`text` as (is_expression, source) parts. An expression runs from `${` to the `}` that
    closes it: braces, brackets and quotes inside it are matched, so `${ {'a': 1}['a'] }` and
    `${a}: ${b}` both split where a reader expects."""
    parts: list[tuple[bool, str]] = []
    i, n = 0, len(text)
    while True:
        start = text.find("${", i)
        if start < 0:
            if i < n:
                parts.append((False, text[i:]))
            return parts
        if start > i:
            parts.append((False, text[i:start]))
        k, depth, quote = start + 2, 0, ""
        while k < n:
            ch = text[k]
            if quote:
                if ch == "\\":
                    k += 1
                elif ch == quote:
                    quote = ""
            elif ch in "'\"":
                quote = ch
            elif ch in "{[(":
                depth += 1
            elif ch in "}])":
                if ch == "}" and depth == 0:
                    break
                depth -= 1
            k += 1
        if k >= n:
            raise ExpressionError(f"'${{' has no closing '}}' in '{text}'",
                                  "write expressions as ${name} or ${a + b}")
        parts.append((True, text[start + 2:k]))
        i = k + 1


def evaluate(value: Any, names: Mapping[str, Any]) -> Any:
    """Substitute every `${...}` in `value` (recursing into lists and mappings)."""
    if isinstance(value, str):
        if "${" not in value:
            return value
        parts = split_template(value.strip())
        if len(parts) == 1 and parts[0][0]:
            return eval_expr(parts[0][1], names)
        return "".join(_to_text(eval_expr(src, names)) if is_expr else src
                       for is_expr, src in split_template(value))
    if isinstance(value, list):
        return [evaluate(v, names) for v in value]
    if isinstance(value, dict):
        return {k: evaluate(v, names) for k, v in value.items()}
    return value


def _to_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_CACHE: dict[str, ast.Expression] = {}


def eval_expr(source: str, names: Mapping[str, Any]) -> Any:
    tree = _CACHE.get(source)
    if tree is None:
        try:
            tree = ast.parse(source.strip(), mode="eval")
        except SyntaxError as err:
            raise ExpressionError(f"cannot read expression '${{{source}}}': {err.msg}") from None
        _CACHE[source] = tree
    try:
        return _eval(tree.body, names)
    except ExpressionError:
        raise
    except ZeroDivisionError:
        raise ExpressionError(f"division by zero in '${{{source}}}'") from None
    except (TypeError, ValueError, IndexError, KeyError) as err:
        raise ExpressionError(f"cannot evaluate '${{{source}}}': {err}") from None


def _eval(node: ast.AST, names: Mapping[str, Any]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in names:
            return names[node.id]
        if node.id in ("true", "True"):
            return True
        if node.id in ("false", "False"):
            return False
        from sheetgen.errors import did_you_mean

        raise ExpressionError(f"unknown name '{node.id}'", did_you_mean(node.id, names))
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        return _BINOPS[type(node.op)](_eval(node.left, names), _eval(node.right, names))
    if isinstance(node, ast.UnaryOp):
        operand = _eval(node.operand, names)
        if isinstance(node.op, ast.USub):
            return -operand
        if isinstance(node.op, ast.UAdd):
            return +operand
        if isinstance(node.op, ast.Not):
            return not operand
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            result: Any = True
            for v in node.values:
                result = _eval(v, names)
                if not result:
                    return result
            return result
        result = False
        for v in node.values:
            result = _eval(v, names)
            if result:
                return result
        return result
    if isinstance(node, ast.Compare):
        left = _eval(node.left, names)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = _eval(comparator, names)
            if not _CMPOPS[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        return _eval(node.body if _eval(node.test, names) else node.orelse, names)
    if isinstance(node, ast.Attribute):
        base = _eval(node.value, names)
        if not isinstance(base, Mapping):
            raise ExpressionError(f"'{ast.unparse(node)}' is not allowed: a.b only reads the key "
                                  f"b of a mapping, and {ast.unparse(node.value)} is a "
                                  f"{type(base).__name__}")
        if node.attr not in base:
            from sheetgen.errors import did_you_mean

            raise ExpressionError(f"no key '{node.attr}' in '{ast.unparse(node.value)}'",
                                  did_you_mean(node.attr, [str(k) for k in base]))
        return base[node.attr]
    if isinstance(node, ast.Subscript):
        return _eval(node.value, names)[_eval(node.slice, names)]
    if isinstance(node, ast.Slice):
        return slice(*(None if part is None else _eval(part, names)
                       for part in (node.lower, node.upper, node.step)))
    if isinstance(node, ast.List):
        return [_eval(e, names) for e in node.elts]
    if isinstance(node, ast.Tuple):
        return tuple(_eval(e, names) for e in node.elts)
    if isinstance(node, ast.Dict):
        return {_eval(k, names): _eval(v, names) for k, v in zip(node.keys, node.values,
                                                                   strict=True)}
    if isinstance(node, ast.ListComp):
        return _comprehension(node, names)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        func = FUNCTIONS.get(node.func.id)
        if func is None:
            from sheetgen.errors import did_you_mean

            raise ExpressionError(f"unknown function '{node.func.id}'",
                                  did_you_mean(node.func.id, FUNCTIONS))
        return func(*[_eval(a, names) for a in node.args])
    raise ExpressionError(f"'{ast.unparse(node)}' is not allowed in a layout expression")


def _comprehension(node: ast.ListComp, names: Mapping[str, Any]) -> list[Any]:
    """`[expr for name in items if cond]`, one or more `for` clauses, plain names as targets."""
    results: list[Any] = []
    steps = [0]

    def loop(level: int, scope: dict[str, Any]) -> None:
        if level == len(node.generators):
            results.append(_eval(node.elt, scope))
            return
        gen = node.generators[level]
        if not isinstance(gen.target, ast.Name):
            raise ExpressionError("comprehensions may only bind plain names")
        for item in _eval(gen.iter, scope):
            steps[0] += 1
            if steps[0] > MAX_ITEMS:
                raise _too_big("the comprehension")
            inner = dict(scope)
            inner[gen.target.id] = item
            if all(_eval(cond, inner) for cond in gen.ifs):
                loop(level + 1, inner)

    loop(0, dict(names))
    return results
