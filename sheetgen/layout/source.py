"""YAML with source positions.

Layout files are read through PyYAML's composer, so every mapping and list remembers where
each of its entries stands in the file. Scalars stay plain Python values; their position is
asked of the container that holds them (`Mapping.pos_of(key)`, `Sequence.pos_of(index)`).
This keeps the rest of the code working on ordinary dicts and lists while every error can
still point at `file:line:column`.

Code that wants plain data plus a map from each value's path (keys and list indices) to its
position, as the game file loaders do, gets both from `plain_with_positions`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from sheetgen import errors, limits
from sheetgen.errors import QUOTABLE, Position, SheetgenError

try:  # libyaml's parser, in every PyYAML wheel; without it the Python one reads everything
    from yaml._yaml import CParser as _CParser
except ImportError:  # pragma: no cover - a PyYAML built without libyaml
    _CParser = None

PathKey = tuple[Any, ...]
_MAPPING: Any = object()  # parse_yaml's default for an empty document: an empty Mapping


class Mapping(dict):
    """A dict that knows its own position and the positions of its keys and values."""

    pos: Position
    key_pos: dict[Any, Position]
    value_pos: dict[Any, Position]

    def __init__(self, *args: Any, pos: Position | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.pos = pos or Position("<memory>")
        self.key_pos = {}
        self.value_pos = {}

    def pos_of(self, key: Any) -> Position:
        return self.value_pos.get(key, self.pos)

    def key_pos_of(self, key: Any) -> Position:
        return self.key_pos.get(key, self.pos)


class Sequence(list):
    """A list that knows its own position and the positions of its items."""

    pos: Position
    item_pos: list[Position]

    def __init__(self, *args: Any, pos: Position | None = None):
        super().__init__(*args)
        self.pos = pos or Position("<memory>")
        self.item_pos = []

    def pos_of(self, index: int) -> Position:
        if 0 <= index < len(self.item_pos):
            return self.item_pos[index]
        return self.pos


def position_of(container: Any, key: Any) -> Position | None:
    """The position of `container[key]` if the container tracks positions."""
    if isinstance(container, (Mapping, Sequence)):
        return container.pos_of(key)
    return None


_SCALAR_TYPES = frozenset({str, int, float, bool, type(None)})


def plain_with_positions(tree: Any, *, key_marker: Any = None
                         ) -> tuple[Any, dict[PathKey, Position]]:
    """Plain dicts/lists copied from a positioned tree, and the position of every value in it.

    Paths are tuples of keys and list indices from the root, whose path is `()`. With a
    `key_marker`, `path + (key, key_marker)` also maps to where the key itself is written.
    A scalar root has no position; containers that are not Mapping/Sequence add none.
    """
    positions: dict[PathKey, Position] = {}
    marked = key_marker is not None

    def walk(value: Any, path: PathKey, pos: Position | None) -> Any:
        # Scalars are copied in their container's loop, not by a call each (most values of
        # a game log are scalars: the calls were most of the copy's time).
        if pos is not None:
            positions[path] = pos
        if isinstance(value, dict):
            out = {}
            tracked = isinstance(value, Mapping)
            default = value.pos if tracked else None
            value_pos = value.value_pos if tracked else {}
            key_pos = value.key_pos if tracked else {}
            for key, item in value.items():
                if marked and tracked:
                    positions[(*path, key, key_marker)] = key_pos.get(key, default)
                at = value_pos.get(key, default)
                if type(item) in _SCALAR_TYPES:
                    if at is not None:
                        positions[(*path, key)] = at
                    out[key] = item
                else:
                    out[key] = walk(item, (*path, key), at)
            return out
        if isinstance(value, list):
            items = []
            tracked = isinstance(value, Sequence)
            default = value.pos if tracked else None
            item_pos = value.item_pos if tracked else []
            known = len(item_pos)
            for i, item in enumerate(value):
                at = item_pos[i] if i < known else default
                if type(item) in _SCALAR_TYPES:
                    if at is not None:
                        positions[(*path, i)] = at
                    items.append(item)
                else:
                    items.append(walk(item, (*path, i), at))
            return items
        return value

    return walk(tree, (), getattr(tree, "pos", None)), positions


def _positioned(data: Any, pos: Position) -> Any:
    """Wrap plain dicts/lists (e.g. from JSON) as Mapping/Sequence that all stand at `pos`."""
    if isinstance(data, dict):
        return Mapping({k: _positioned(v, pos) for k, v in data.items()}, pos=pos)
    if isinstance(data, list):
        return Sequence([_positioned(v, pos) for v in data], pos=pos)
    return data


def _mark(file: str, node: yaml.Node) -> Position:
    return Position(file, node.start_mark.line + 1, node.start_mark.column + 1)


_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_SCALAR_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("null", "bool", "int", "float", "str",
                                                    "timestamp")}


class _Loader(yaml.SafeLoader):
    """SafeLoader whose scalars are typed by the standard resolvers; nothing else is trusted.
    Composing counts how deep lists and mappings nest, so a thousand `[` is an error within
    budget rather than a RecursionError."""

    file = "<string>"
    depth = 0
    max_depth = 0  # the budget, read once per file (per node it was a tenth of the parse)

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.max_depth = limits.get("yaml_depth")

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > self.max_depth:
                mark = self.peek_event().start_mark
                raise limits.exceeded("yaml_depth", "lists and mappings nest too deeply",
                                      Position(self.file, mark.line + 1, mark.column + 1))
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class _FastLoader(_CParser, _Loader):  # type: ignore[misc, valid-type]
    """`_Loader` reading events from libyaml's C parser: the same composer (and its depth
    budget), resolver and constructor in Python, only the scanning and parsing, which took
    nine tenths of the time (0.21 s of CPU for a bundled island, 0.03 s so), in C.

    Used only where its result is the pure-Python loader's: text without what `_C_DIFFERS`
    finds, read and built without any fault; every faulty file is read again by `_Loader`,
    so its message and position stay exactly as they were. The nodes of every YAML file in
    the repository compare equal either way (tags, values, styles, lines and columns), and
    so did the results and errors for 9,000 mutated copies of them."""

    def __init__(self, stream: str) -> None:
        _CParser.__init__(self, stream)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.anchors = {}
        self.max_depth = limits.get("yaml_depth")

    # The composer's own methods, over the C parser's events (CParser has C versions).
    get_single_node = Composer.get_single_node
    compose_document = Composer.compose_document
    in_brackets = 0  # how many flow collections (`[...]`, `{...}`) the parser is inside

    def compose_sequence_node(self, anchor: Any) -> yaml.SequenceNode:
        return self._collection(Composer.compose_sequence_node, anchor)

    def compose_mapping_node(self, anchor: Any) -> yaml.MappingNode:
        return self._collection(Composer.compose_mapping_node, anchor)

    def _collection(self, compose: Callable[..., Any], anchor: Any) -> Any:
        flow = bool(self.peek_event().flow_style)
        self.in_brackets += flow
        try:
            return compose(self, anchor)
        finally:
            self.in_brackets -= flow

    def compose_scalar_node(self, anchor: Any) -> yaml.ScalarNode:
        """The composer's scalar node; a plain (unquoted) one holding `?` inside brackets
        is left to the Python loader: there PyYAML ends a plain scalar at `?` (and then
        refuses the text) where libyaml reads on (`[a?b]`, `{k: why?}`). With `_C_DIFFERS`
        sending every `?` that may be a key indicator to Python too, any other `?` (in
        plain text outside brackets, quotes, block scalars and comments, where neither
        parser treats it apart) keeps the C parser: card texts such as "Hit by a
        broadside? ..." (Voodoo's cards.yaml took 22 ms to read in Python, 1.5 ms so)."""
        node = Composer.compose_scalar_node(self, anchor)
        if _question_in_plain_bracketed(self.in_brackets, node.style, node.value):
            raise _NotFast
        return node

    def dispose(self) -> None:
        pass  # nothing to release: the C parser holds no Python state machine


def _question_in_plain_bracketed(in_brackets: int, style: str | None, value: str) -> bool:
    """Whether a scalar libyaml read is plain (unquoted), holds `?` and stands inside
    brackets: PyYAML's Python scanner ends a plain scalar there (and then refuses the
    text), so such text is left to the Python loader. Both fast readers ask this
    (`_FastLoader.compose_scalar_node` and `_Events.value`)."""
    return bool(in_brackets) and not style and "?" in value


_C_DIFFERS = re.compile(yaml.reader.Reader.NON_PRINTABLE.pattern
                        + r"|[\t\ufeff]|(?<!\w)\?|[|>][-+0-9]*#"
                        + r"|:[ \r\n\x85\u2028\u2029]*[,\]}]")
"""Text on which libyaml and the Python loader part ways, found by comparing both on 6,000
mutated copies of the repository's YAML files; such text goes to the Python loader: what
the Python reader refuses as a control character (libyaml's list differs), tabs (libyaml
allows them where the Python scanner refuses), a byte order mark after the start (libyaml
skips it without counting a column), `?` after anything but a letter or digit (where it
can be a key indicator: an explicit key's missing value at the end of the file stands
elsewhere), a block scalar's header followed at once by `#` (libyaml reads `|#` as `|`,
the Python scanner refuses it) and an empty value before `,`, `]` or `}` (its position is
one column apart). A `?` after a letter or digit is a key indicator for neither (after an
anchor name both read it alike); inside brackets the Python scanner still ends a plain
scalar there, which `_FastLoader.compose_scalar_node` finds in the scalars libyaml read."""


def _read_fast(text: str, file: str, empty: Any) -> Any:
    """`parse_yaml` through libyaml's parser (see `_FastLoader`); raises `_NotFast` for text
    it leaves to the Python loader, and on any fault, so every error is the Python loader's
    own, word for word."""
    if _CParser is None or _C_DIFFERS.search(text):
        raise _NotFast
    try:
        tree, collection = _Events(_FastLoader(text), file).document()
    except Exception:  # noqa: BLE001 - anything unusual: through the composer, as before
        pass
    else:
        if tree is _NOTHING:
            return Mapping(pos=Position(file, 1, 1)) if empty is _MAPPING else empty
        if collection:
            QUOTABLE.add(file)
        return tree
    loader = _FastLoader(text)
    loader.file = file
    try:
        node = loader.get_single_node()
        if node is None:
            return Mapping(pos=Position(file, 1, 1)) if empty is _MAPPING else empty
        tree = _Builder(loader, file).build(node)
    except Exception:  # noqa: BLE001 - read again by the Python loader, which says why
        raise _NotFast from None
    if isinstance(node, yaml.CollectionNode):
        QUOTABLE.add(file)
    return tree


class _NotFast(Exception):
    """This text is read by the Python loader."""


_NOTHING: Any = object()  # `_Events.document()` of a text without a document
_SCALARS: dict[tuple[Any, str, Any], Any] = {}
"""Scalars `_Events` read, by tag, text and implicitness (all that resolving and constructing
them looks at; the values are immutable: text, numbers, true/false, null, dates): a game log
writes the same few numbers and words thousands of times, and the Python resolver's regular
expressions and constructors per scalar were a third of reading one. Only values read without
fault are kept, so a faulty scalar is still met by the composer."""
_SCALARS_KEPT = 4096  # emptied when full: bounded memory for any stream of files


class _Events:
    """The tree `_Builder` makes of `_FastLoader`'s nodes, built straight from libyaml's
    events without making the nodes: the composer's and the builder's layers of calls per
    value were most of the time of reading a YAML or JSON file once libyaml parsed it (a
    Captain's Curse game log: 0.06 of 0.09 s). It reads only the plainest text: no anchor
    or alias, no tag but the resolved plain ones (so no merge key), plain scalar keys,
    within the node and depth budgets with room to spare; anything else raises and the
    text is read by the composer and `_Builder` as before, which also find every fault.
    Values, positions and the `?` check are theirs: a mapping or list stands where its
    start event does, each key and value where its own event starts."""

    def __init__(self, loader: _FastLoader, file: str) -> None:
        self.loader = loader
        self.file = file
        self.count = 0
        self.max_nodes = limits.get("yaml_nodes")
        self.max_depth = limits.get("yaml_depth") - 2
        self.in_brackets = 0
        self.constructors = loader.yaml_constructors

    def document(self) -> tuple[Any, bool]:
        """The tree (or `_NOTHING`) and whether its root is a mapping or a list."""
        loader = self.loader
        loader.get_event()  # the stream's start
        if loader.check_event(yaml.StreamEndEvent):
            return _NOTHING, False
        loader.get_event()  # the document's start
        event = loader.get_event()
        tree = self.value(event, 0)
        loader.get_event()  # the document's end
        if not loader.check_event(yaml.StreamEndEvent):
            raise _NotFast  # more than one document: the composer says so
        return tree, not isinstance(event, yaml.ScalarEvent)

    def _pos(self, event: yaml.Event) -> Position:
        mark = event.start_mark
        return Position(self.file, mark.line + 1, mark.column + 1)

    def value(self, event: yaml.Event, depth: int) -> Any:
        self.count += 1
        if self.count > self.max_nodes or event.anchor is not None:
            raise _NotFast
        kind = type(event)
        loader = self.loader
        if kind is yaml.ScalarEvent:
            if _question_in_plain_bracketed(self.in_brackets, event.style, event.value):
                raise _NotFast
            key = (event.tag, event.value, event.implicit)
            known = _SCALARS.get(key, _SCALARS)
            if known is not _SCALARS:
                return known
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
            if tag not in _SCALAR_TAGS:
                raise _NotFast
            node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark,
                                   event.style)
            value = self.constructors[tag](loader, node)
            if len(_SCALARS) >= _SCALARS_KEPT:
                _SCALARS.clear()
            _SCALARS[key] = value
            return value
        if depth >= self.max_depth:
            raise _NotFast
        flow = bool(event.flow_style)
        self.in_brackets += flow
        if kind is yaml.SequenceStartEvent:
            if event.tag not in (None, "!", _SEQ_TAG):
                raise _NotFast
            seq = Sequence(pos=self._pos(event))
            while True:
                item = loader.get_event()
                if type(item) is yaml.SequenceEndEvent:
                    break
                seq.append(self.value(item, depth + 1))
                seq.item_pos.append(self._pos(item))
            self.in_brackets -= flow
            return seq
        if kind is not yaml.MappingStartEvent or event.tag not in (None, "!", _MAP_TAG):
            raise _NotFast
        out = Mapping(pos=self._pos(event))
        while True:
            key_event = loader.get_event()
            if type(key_event) is yaml.MappingEndEvent:
                break
            if type(key_event) is not yaml.ScalarEvent:
                raise _NotFast
            key = self.value(key_event, depth + 1)
            if key is None or not isinstance(key, (str, int, float, bool)) or key in out:
                raise _NotFast
            value_event = loader.get_event()
            out[key] = self.value(value_event, depth + 1)
            out.key_pos[key] = self._pos(key_event)
            out.value_pos[key] = self._pos(value_event)
        self.in_brackets -= flow
        return out


def _tag_error(node: yaml.Node, file: str) -> SheetgenError:
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    return SheetgenError(f"unsupported YAML tag '{tag}'", _mark(file, node),
                         hint="sheetgen reads plain YAML (mappings, lists, text, numbers, "
                              "true/false): remove the tag")


class _Builder:
    """Turns composed nodes into Mapping/Sequence/scalars, within the YAML budgets: every
    value built counts against `yaml_nodes` (an alias counts each time it is used, so a
    'billion laughs' file stops early), nesting after alias expansion against `yaml_depth`,
    and an alias that refers to a value containing itself is an error, not endless recursion."""

    def __init__(self, loader: _Loader, file: str):
        self.loader = loader
        self.file = file
        self.count = 0
        self.max_nodes = limits.get("yaml_nodes")
        self.max_depth = limits.get("yaml_depth")
        self.open: set[int] = set()

    def build(self, node: yaml.Node, depth: int = 0) -> Any:
        self.count += 1
        if self.count > self.max_nodes:
            raise limits.exceeded("yaml_nodes", "the file expands to too many values "
                                  "(aliases count each time they are used)",
                                  _mark(self.file, node))
        if isinstance(node, yaml.ScalarNode):
            if node.tag not in _SCALAR_TAGS:
                raise _tag_error(node, self.file)
            return self.loader.construct_object(node, deep=True)
        if depth >= self.max_depth:
            raise limits.exceeded("yaml_depth", "lists and mappings nest too deeply (aliases "
                                  "included)", _mark(self.file, node))
        if id(node) in self.open:
            raise SheetgenError("this alias refers to a value that contains it",
                                _mark(self.file, node), hint="a value cannot include itself")
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self._mapping(node, depth)
            if node.tag != _SEQ_TAG:
                raise _tag_error(node, self.file)
            seq = Sequence(pos=_mark(self.file, node))
            for item in node.value:
                seq.append(self.build(item, depth + 1))
                seq.item_pos.append(_mark(self.file, item))
            return seq
        finally:
            self.open.discard(id(node))

    def _mapping(self, node: yaml.MappingNode, depth: int) -> Mapping:
        if node.tag != _MAP_TAG:
            raise _tag_error(node, self.file)
        self.loader.flatten_mapping(node)  # YAML merge keys (<<) behave as users expect
        file = self.file
        out = Mapping(pos=_mark(file, node))
        for key_node, value_node in node.value:
            key = self.build(key_node, depth + 1)
            if not isinstance(key, (str, int, float, bool)) or key is None:
                raise SheetgenError("mapping keys must be plain words or numbers",
                                    _mark(file, key_node))
            if key in out:
                raise SheetgenError(f"duplicate key '{key}'", _mark(file, key_node),
                                    hint=f"'{key}' is already set at {out.key_pos[key]}")
            out[key] = self.build(value_node, depth + 1)
            out.key_pos[key] = _mark(file, key_node)
            out.value_pos[key] = _mark(file, value_node)
        return out


def _control_character(err: yaml.reader.ReaderError, text: str, file: str) -> SheetgenError:
    index = max(0, min(err.position, len(text)))
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    code = f"#x{err.character:02x}" if isinstance(err.character, int) else repr(err.character)
    return SheetgenError(f"the file contains a control character ({code}), which YAML does "
                         "not allow", Position(file, line, column),
                         hint="delete it (in quoted text write it as an escape such as "
                              "\"\\x01\" if it is really meant)")


def parse_yaml(text: str, file: str = "<string>", *, empty: Any = _MAPPING,
               json_fallback: bool = False) -> Any:
    """Parse YAML text into Mapping/Sequence/scalars with positions; errors point at the fault.

    A document with no content (blank or only comments) gives `empty`, by default an empty
    Mapping. With `json_fallback`, text that is not YAML but is JSON (say, tab-indented) is
    accepted; its values then only know the file, not their line. Control characters, tags
    other than the plain ones, and files over the YAML budgets (`sheetgen.limits`) are errors.
    """
    try:
        return _read_fast(text, file, empty)
    except _NotFast:
        pass
    loader: _Loader | None = None
    try:
        loader = _Loader(text)
        loader.file = file
        node = loader.get_single_node()
        if node is None:
            return Mapping(pos=Position(file, 1, 1)) if empty is _MAPPING else empty
        if isinstance(node, yaml.CollectionNode):  # YAML text: its lines may be quoted
            QUOTABLE.add(file)
        return _Builder(loader, file).build(node)
    except yaml.reader.ReaderError as err:
        raise _control_character(err, text, file) from None
    except yaml.MarkedYAMLError as err:
        if json_fallback:
            try:
                tree = json.loads(text)
            except (ValueError, RecursionError):
                pass
            else:
                if "\t" in text:
                    # A raw tab in JSON can only be whitespace (in strings it must be
                    # escaped): as a space, YAML reads the same text and every value keeps
                    # its line and column, so later errors still point at file:line:col.
                    try:
                        return parse_yaml(text.replace("\t", " "), file, empty=empty)
                    except SheetgenError:
                        pass
                return _positioned(tree, Position(file))
        if file.endswith((".yaml", ".yml")):
            QUOTABLE.add(file)
        mark = err.problem_mark or err.context_mark
        pos = Position(file, mark.line + 1, mark.column + 1) if mark else Position(file)
        problem = err.problem or err.context or "invalid YAML"
        hint = "check indentation, colons and quotes near this place"
        start = err.context_mark
        if mark is not None and start is not None and mark.index >= len(text.rstrip()):
            # The file ended inside a bracket or quote: point at where it was opened.
            pos = Position(file, start.line + 1, start.column + 1)
            what = (err.context or "").replace("while parsing ", "").replace("while scanning ",
                                                                              "")
            hint = f"{what or 'this'} starting here is not closed before the end of the file"
        raise SheetgenError(f"YAML syntax error: {problem}", pos, hint=hint) from None
    except yaml.YAMLError as err:
        raise SheetgenError(f"YAML error: {err}", Position(file)) from None
    except (OverflowError, ValueError) as err:  # e.g. a timestamp out of range
        raise SheetgenError(f"a value cannot be read: {err}", Position(file)) from None
    finally:
        if loader is not None:
            loader.dispose()


def read_text(path: str | Path, what: str = "file") -> str:
    """A text file's content within the `file_bytes` budget; a missing, unreadable, binary or
    oversized file is a clear error that names the path and never shows its content."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > limits.get("file_bytes"):
            raise limits.exceeded("file_bytes", f"{path} is {size:,} bytes")
        with path.open("rb") as fh:
            data = fh.read(limits.get("file_bytes") + 1)
    except FileNotFoundError:
        raise SheetgenError(f"no such {what}: {path}", hint="check the path") from None
    except IsADirectoryError:
        raise SheetgenError(f"{path} is a folder, not a {what}") from None
    except OSError as err:
        raise SheetgenError(f"cannot read {path}: {err.strerror or err}") from None
    if len(data) > limits.get("file_bytes"):
        raise limits.exceeded("file_bytes", f"{path} is over {limits.get('file_bytes'):,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SheetgenError(f"cannot read {path}: it is not UTF-8 text",
                            hint=f"a {what} must be a text file") from None


def load_yaml(path: str | Path, *, empty: Any = _MAPPING, json_fallback: bool = False) -> Any:
    """Read and parse a YAML file (options as for `parse_yaml`); a missing, unreadable or
    oversized file is a clear error."""
    return parse_yaml(read_text(path), str(path), empty=empty, json_fallback=json_fallback)


@dataclass
class Located:
    """Plain data plus the position of every value in it, by path (keys and list indices).

    Game files (islands, rulesets, logs, cards, filled sheets) are validated as plain data;
    when a check fails, `at(path)` gives the position of the value, or of its nearest
    enclosing value, so the error still points at `file:line:column`.
    """

    data: Any
    source: str
    positions: dict[PathKey, Position] = field(default_factory=dict)

    def at(self, path: PathKey) -> Position:
        path = tuple(path)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return self.positions.get((), Position(self.source))

    where = at

    @property
    def file(self) -> str:
        return self.source

    def error(self, path: PathKey, message: str, hint: str | None = None) -> SheetgenError:
        return SheetgenError(message, self.at(path), hint=hint)

    def check_mapping(self, path: PathKey, mapping: Any, allowed: Iterable[str],
                      required: Iterable[str] = (), what: str = "entry",
                      key_path: Callable[[Any], PathKey] | None = None) -> dict[str, Any]:
        """The one key checker of game files (islands, rulesets, logs, cards, quests,
        counts): `mapping`, found at `path`, must be a dict with only `allowed` keys (an
        unknown key is an error at that key, with a did-you-mean hint or the list of
        allowed keys: `errors.check_keys`) and every `required` one. `key_path(key)` is
        where a key's own position is stored when it is not `(*path, key)`.

        >>> doc = Located({"colour": 1}, "f.yaml")
        >>> doc.check_mapping((), doc.data, ["color"], what="the card")
        Traceback (most recent call last):
        ...
        sheetgen.errors.SheetgenError: error: f.yaml: unknown key 'colour' in the card
        hint: did you mean 'color'?
        """
        if not isinstance(mapping, dict):
            raise self.error(path, f"{what} must be a mapping, got {type(mapping).__name__}")
        where = key_path or (lambda key: (*tuple(path), key))
        allowed = set(allowed) | set(required)
        errors.check_keys(mapping, allowed, lambda key: self.at(where(key)),
                          f"unknown key '{{key}}' in {what}")
        for key in required:
            if key not in mapping:
                raise self.error(path, f"{what} lacks the required key '{key}'",
                                 hint=f"add '{key}:'")
        return mapping


def located(tree: Any, source: str, *, key_marker: Any = None) -> Located:
    """A `Located` document from a positioned tree (see `plain_with_positions`)."""
    data, positions = plain_with_positions(tree, key_marker=key_marker)
    positions.setdefault((), Position(source, 1, 1))
    return Located(data, source, positions)
