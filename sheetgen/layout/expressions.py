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
import re
from collections.abc import Callable, Mapping
from typing import Any

from sheetgen import limits

MAX_ROUND_DIGITS = 100  # round(x, n): |n| beyond this only burns time on huge powers of ten
MAX_INT_BITS = 4096  # integers an expression may build (2 ** 1024 fits, a squared googolplex not)


class _Spent:
    """What the expression being evaluated has built so far, against the `expression_items`
    budget (sheetgen.limits): list items, characters, loop steps. One evaluation at a time."""

    total = 0
    cap = 0
    text_cap = 0


_SPENT = _Spent()


def _too_big(what: str, limit: str = "expression_items") -> ExpressionError:
    value = limits.get(limit)
    return ExpressionError(
        f"{what} is too large for a layout expression (over the limit {limit} = {value:,})",
        f"layouts never need this much; if this one does, raise it with "
        f"--limit {limit}={value * 10}")


def _charge(amount: int, what: str) -> None:
    _SPENT.total += max(amount, 0)
    if _SPENT.total > _SPENT.cap:
        raise _too_big(what)


def _check_text(text: str) -> str:
    if len(text) > _SPENT.text_cap:
        raise _too_big(f"a string of {len(text):,} characters", "string_length")
    return text


def _add(a: Any, b: Any) -> Any:
    if isinstance(a, (str, list, tuple)) and isinstance(b, (str, list, tuple)):
        _charge(len(a) + len(b), "the joined sequence")
    return operator.add(a, b)


def _mul(a: Any, b: Any) -> Any:
    for seq, n in ((a, b), (b, a)):
        if isinstance(seq, (str, list, tuple)) and isinstance(n, int):
            if n > 0 and len(seq) * n > _SPENT.cap:
                raise _too_big("the repeated sequence")
            _charge(len(seq) * n, "the repeated sequence")
    if isinstance(a, int) and isinstance(b, int) \
            and a.bit_length() + b.bit_length() > MAX_INT_BITS:
        raise _too_big(f"a product of {a.bit_length() + b.bit_length()} bits")
    return operator.mul(a, b)


def _pow(a: Any, b: Any) -> Any:
    if isinstance(a, int) and isinstance(b, int) and abs(a) > 1 \
            and b * math.log2(abs(a)) > 1024:
        raise _too_big(f"{a} ** {b}")
    return operator.pow(a, b)


_PERCENT_SPEC = re.compile(r"%[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")


def _mod(a: Any, b: Any) -> Any:
    if isinstance(a, str):  # printf-style formatting: widths are budgeted like format()
        for width, precision in _PERCENT_SPEC.findall(a):
            for part in (width, precision):
                if part == "*":
                    raise ExpressionError("'*' widths are not allowed in '%' formatting",
                                          "write the width as a number")
                if part and int(part) > _SPENT.text_cap:
                    raise _too_big(f"a width of {part} characters", "string_length")
    return operator.mod(a, b)


def _range(*args: int) -> list[int]:
    r = range(*args)
    try:
        n = len(r)
    except OverflowError:
        n = _SPENT.cap + 1
    if n > _SPENT.cap:
        raise _too_big(f"range of {n} numbers" if n != _SPENT.cap + 1 else "the range")
    _charge(n, f"range of {n} numbers")
    return list(r)


def _round(x: Any, digits: Any = None) -> Any:
    if digits is None:
        return round(x)
    if isinstance(digits, int) and abs(digits) > MAX_ROUND_DIGITS:
        raise ExpressionError(f"round(x, {digits}): at most {MAX_ROUND_DIGITS} digits")
    return round(x, digits)


def _fmt(value: Any, spec: str = "") -> str:
    for digits in re.findall(r"\d+", str(spec)):
        if int(digits) > _SPENT.text_cap:
            raise _too_big(f"a width or precision of {digits}", "string_length")
    return _check_text(format(value, spec))


def _join(sep: Any, items: Any) -> str:
    sep = str(sep)
    parts: list[str] = []
    size = 0
    for item in items:
        text = str(item)
        size += len(text) + (len(sep) if parts else 0)
        if size > _SPENT.text_cap:
            raise _too_big("the joined string", "string_length")
        parts.append(text)
    _charge(size, "the joined string")
    return sep.join(parts)


_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: _add,
    ast.Sub: operator.sub,
    ast.Mult: _mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: _mod,
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


def provide(name: str, *args: Any) -> Any:
    """Data a game computes for its layouts: `provide('swashbuckle.par')` calls
    `PROVIDERS['par']()` in the game's provider module (`Game.providers` in the game
    registry, here `sheetgen.games.swashbuckle.providers`), imported only when used. Values
    after the name are passed on: `provide('black_dice.quest', quest)`."""
    import importlib

    from sheetgen import registry

    game_id, _, key = str(name).partition(".")
    if not game_id.isidentifier() or not key:
        raise ExpressionError(f"provide('{name}'): expected '<game>.<name>'")
    game = registry.find(game_id)
    if game is None or not game.providers:
        raise ExpressionError(f"provide('{name}'): game '{game_id}' provides no data")
    providers = importlib.import_module(game.providers).PROVIDERS
    if key not in providers:
        from sheetgen.errors import did_you_mean

        raise ExpressionError(f"provide('{name}'): unknown name '{key}'",
                              did_you_mean(key, providers))
    function = providers[key]
    import inspect

    try:
        inspect.signature(function).bind(*args)
    except TypeError:
        raise ExpressionError(f"provide('{name}'): takes other values than the "
                              f"{len(args)} given") from None
    return function(*args)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "provide": provide,
    "min": min,
    "max": max,
    "abs": abs,
    "round": _round,
    "int": int,
    "float": float,
    "str": lambda v="": _check_text(str(v)),
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
    "join": _join,
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


def _depth(tree: ast.AST) -> int:
    """How deeply the expression's operators nest (counted without recursion)."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest


def _parse(source: str) -> ast.Expression:
    too_deep = _too_big("the expression's nesting", "expression_depth")
    if len(source) > limits.get("string_length"):
        raise _too_big(f"an expression of {len(source):,} characters", "string_length")
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError as err:
        raise ExpressionError(f"cannot read expression '${{{_short(source)}}}': "
                              f"{err.msg}") from None
    except (RecursionError, MemoryError):  # Python's own parser gave up on the nesting
        raise too_deep from None
    if _depth(tree) > limits.get("expression_depth"):
        raise too_deep
    return tree


def _short(source: str) -> str:
    return source if len(source) <= 80 else source[:60] + " ... " + source[-15:]


def eval_expr(source: str, names: Mapping[str, Any]) -> Any:
    tree = _CACHE.get(source)
    if tree is None:
        tree = _parse(source)
        if len(_CACHE) > 4096:
            _CACHE.clear()
        _CACHE[source] = tree
    _SPENT.total = 0
    _SPENT.cap = limits.get("expression_items")
    _SPENT.text_cap = limits.get("string_length")
    shown = _short(source)
    try:
        result = _eval(tree.body, names)
        if isinstance(result, str):
            _check_text(result)
        return result
    except ExpressionError:
        raise
    except ZeroDivisionError:
        raise ExpressionError(f"division by zero in '${{{shown}}}'") from None
    except OverflowError:
        raise ExpressionError(f"a number in '${{{shown}}}' is too large",
                              "numbers in layouts stay well within 1e308") from None
    except RecursionError:
        raise _too_big("the expression's nesting", "expression_depth") from None
    except (TypeError, ValueError, IndexError, KeyError) as err:
        raise ExpressionError(f"cannot evaluate '${{{shown}}}': {str(err)[:200]}") from None


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
        _charge(len(node.elts), "the list")
        return [_eval(e, names) for e in node.elts]
    if isinstance(node, ast.Tuple):
        _charge(len(node.elts), "the tuple")
        return tuple(_eval(e, names) for e in node.elts)
    if isinstance(node, ast.Dict):
        _charge(len(node.keys), "the mapping")
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

    def loop(level: int, scope: dict[str, Any]) -> None:
        if level == len(node.generators):
            results.append(_eval(node.elt, scope))
            return
        gen = node.generators[level]
        if not isinstance(gen.target, ast.Name):
            raise ExpressionError("comprehensions may only bind plain names")
        for item in _eval(gen.iter, scope):
            _charge(1, "the comprehension")
            inner = dict(scope)
            inner[gen.target.id] = item
            if all(_eval(cond, inner) for cond in gen.ifs):
                loop(level + 1, inner)

    loop(0, dict(names))
    return results
