"""`${}` expressions: types kept for a whole value, text formatting inside strings, the safe
subset (no attribute of a Python object is reachable), and sizes capped."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.layout.expressions import ExpressionError, evaluate, split_template

NAMES = {
    "matches": 6,
    "w": 2.5,
    "name": "Anne",
    "points": {"full_boat": 25, "succession4": 30},
    "rows": [{"label": "Ones", "die": 1}, {"label": "Twos", "die": 2}],
    "flag": False,
}


@pytest.mark.parametrize("source, expected", [
    ("${matches}", 6),
    ("${w}", 2.5),
    ("${matches * 2 + 1}", 13),
    ("${matches / 4}", 1.5),
    ("${matches // 4}", 1),
    ("${matches % 4}", 2),
    ("${-w}", -2.5),
    ("${flag}", False),
    ("${not flag}", True),
    ("${points}", {"full_boat": 25, "succession4": 30}),
    ("${points.full_boat}", 25),
    ("${points['succession4']}", 30),
    ("${rows[1].label}", "Twos"),
    ("${[1, 2] + [3]}", [1, 2, 3]),
    ("${(1, 2)}", (1, 2)),
    ("${[r.die for r in rows]}", [1, 2]),
    ("${[a * b for a in range(1, 3) for b in range(2) if b]}", [1, 2]),
    ("${'yes' if matches > 4 else 'no'}", "yes"),
    ("${1 < matches <= 6}", True),
    ("${'Ones' in [r.label for r in rows]}", True),
    ("${flag or matches}", 6),
    ("${flag and matches}", False),
    ("${ {'a': 1}['a'] }", 1),
    ("${[10, 20, 30][1:]}", [20, 30]),
    ("${min(3, matches)}", 3),
    ("${round(w)}", 2),
    ("${len(rows)}", 2),
    ("${upper(name)}", "ANNE"),
    ("${join(', ', [1, 2])}", "1, 2"),
    ("${format(w, '.2f')}", "2.50"),
    ("${'%d-%s' % (matches, name)}", "6-Anne"),
    ("${true}", True),
    ("  ${matches}  ", 6),
])
def test_whole_value_keeps_its_type(source, expected):
    result = evaluate(source, NAMES)
    assert result == expected
    assert type(result) is type(expected)


@pytest.mark.parametrize("source, expected", [
    ("n=${matches}", "n=6"),
    ("${name}: ${matches}", "Anne: 6"),
    ("${matches}${matches}", "66"),
    ("width ${w * 2} mm", "width 5 mm"),  # whole floats print without '.0'
    ("width ${w} mm", "width 2.5 mm"),
    ("{plain braces} and ${ {'k': '}'}['k'] } end", "{plain braces} and } end"),
    ("no expression here", "no expression here"),
    ("${'a}b'}!", "a}b!"),
])
def test_expressions_inside_text_are_formatted(source, expected):
    assert evaluate(source, NAMES) == expected


def test_lists_and_mappings_are_evaluated_recursively():
    assert evaluate({"a": ["${matches}", "x${w}"], "b": 3}, NAMES) == {"a": [6, "x2.5"], "b": 3}


def test_split_template():
    assert split_template("a ${b} c ${ {'x': 1} }") == [
        (False, "a "), (True, "b"), (False, " c "), (True, " {'x': 1} ")]


@pytest.mark.parametrize("source, message", [
    ("${().__class__}", "'().__class__' is not allowed: a.b only reads the key b of a mapping"),
    ("${name.upper}", "'name.upper' is not allowed"),
    ("${''.join}", "''.join' is not allowed"),
    ("${name.upper()}", "'name.upper()' is not allowed in a layout expression"),
    ("${__import__('os')}", "unknown function '__import__'"),
    ("${open('/etc/passwd')}", "unknown function 'open'"),
    ("${(lambda: 1)()}", "is not allowed in a layout expression"),
    ("${[x for x in ().__class__.__mro__]}", "is not allowed"),
    ("${{1, 2}}", "is not allowed in a layout expression"),
    ("${points.nope}", "no key 'nope' in 'points'"),
    ("${nope}", "unknown name 'nope'"),
    ("${matches +}", "cannot read expression '${matches +}'"),
    ("${1 / 0}", "division by zero in '${1 / 0}'"),
    ("${rows[5]}", "cannot evaluate '${rows[5]}': list index out of range"),
    ("${10 ** 10 ** 10}", "is too large for a layout expression"),
    ("${range(10 ** 9)}", "range of 1000000000 numbers is too large"),
    ("${'a' * 10 ** 9}", "the repeated sequence is too large"),
    ("${[0] * 10 ** 9}", "the repeated sequence is too large"),
    ("x ${matches", "'${' has no closing '}'"),
    ("${[1 for a in range(100000) for b in range(100000)]}", "is too large for a layout"),
])
def test_unsafe_or_broken_expressions_are_rejected(source, message):
    with pytest.raises(ExpressionError) as info:
        evaluate(source, NAMES)
    assert message in str(info.value)


def test_unknown_name_hint():
    with pytest.raises(ExpressionError) as info:
        evaluate("${matchs}", NAMES)
    assert info.value.hint == "did you mean 'matches'?"


def test_missing_key_hint():
    with pytest.raises(ExpressionError) as info:
        evaluate("${points.full_bot}", NAMES)
    assert info.value.hint == "did you mean 'full_boat'?"


@given(st.integers(-10**6, 10**6), st.integers(-10**6, 10**6))
def test_arithmetic_matches_python(a, b):
    names = {"a": a, "b": b}
    assert evaluate("${a + b * 3 - (a - b)}", names) == a + b * 3 - (a - b)
    assert evaluate("${a} and ${b}", names) == f"{a} and {b}"


@given(st.text(alphabet=st.characters(blacklist_characters="$"), max_size=40))
def test_text_without_dollar_brace_is_untouched(text):
    assert evaluate(text, {}) == text
