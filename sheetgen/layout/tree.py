"""Reading a layout file with everything it `extends` or `include`s, merged into one tree,
with cycles reported where the circle closes. Every file a layout names (an include, a base,
a data file, a back layout) is opened through `relative`, which asks `sheetgen.access`
whether the layout may read it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheetgen.access import readable
from sheetgen.errors import Position, SheetgenError, check_keys
from sheetgen.layout.source import Mapping, Sequence, load_yaml

TOP_KEYS = {"version", "name", "description", "extends", "include", "vars", "styles",
            "components", "page", "imposition", "data", "elements", "back",
            "tile"}
INCLUDE_KEYS = {"version", "description", "vars", "styles", "components"}


def merge(base: Mapping, child: Mapping) -> Mapping:
    """Child values win; mappings merge key by key; `elements` lists concatenate."""
    out = Mapping(pos=child.pos)
    for src in (base, child):
        for key, value in src.items():
            if key in out and isinstance(out[key], Mapping) and isinstance(value, Mapping) \
                    and key != "data":
                out[key] = merge(out[key], value)
            elif key == "elements" and key in out and isinstance(value, list):
                merged = Sequence(pos=value.pos if isinstance(value, Sequence) else child.pos)
                for part in (out[key], value):
                    merged.extend(part)
                    merged.item_pos.extend(part.item_pos if isinstance(part, Sequence)
                                           else [child.pos] * len(part))
                out[key] = merged
            else:
                out[key] = value
            out.key_pos[key] = src.key_pos_of(key)
            out.value_pos[key] = src.pos_of(key)
    return out


def read_tree(path: Path, chain: tuple[Path, ...], ref: Position | None = None,
               root: Path | None = None) -> Mapping:
    """Read a layout and everything it extends or includes, merged, detecting cycles.
    `ref` is where the including file names this one (the place a cycle is reported);
    `root` is the top layout's folder, the tree that included files must lie in (see
    sheetgen.access)."""
    path = path.resolve()
    root = root or path.parent
    if path in chain:
        cycle = " -> ".join(p.name for p in (*chain, path))
        raise SheetgenError(f"layouts extend or include each other in a circle: {cycle}",
                            ref or Position(str(chain[-1])),
                            hint="remove one of these 'extends:' or 'include:' entries")
    raw = load_yaml(path, empty=None)
    if raw is None:
        raise SheetgenError("the layout file is empty", ref or Position(str(path)),
                            hint="a layout needs at least 'elements:' (see "
                                 "docs/layout-language.md)")
    if not isinstance(raw, Mapping):
        raise SheetgenError("a layout file must be a mapping of keys such as page: and "
                            "elements:", Position(str(path), 1, 1))
    for key in raw:
        if key == "game":
            raise SheetgenError("a layout has no 'game:' key", raw.key_pos_of(key),
                                hint="delete it: a game's element types already name their "
                                     "game (type: captains_curse.island_map), and game data "
                                     "comes from provide('<game>.<name>')")
    check_keys(raw, TOP_KEYS, raw.key_pos_of, "unknown layout key '{key}'", "layout keys")
    merged = Mapping(pos=raw.pos)
    includes = raw.get("include", [])
    if isinstance(includes, str):
        includes = [includes]
    if not isinstance(includes, list):
        raise SheetgenError("'include' must be a file name or a list of them",
                            raw.pos_of("include"))
    for i, name in enumerate(includes):
        pos = includes.pos_of(i) if isinstance(includes, Sequence) else raw.pos_of("include")
        inc_path = relative(path, name, pos, root)
        inc = read_tree(inc_path, (*chain, path), pos, root)
        for key in inc:
            if key not in INCLUDE_KEYS:
                raise SheetgenError(f"an included file may define only vars, styles and "
                                    f"components, not '{key}'", inc.key_pos_of(key),
                                    hint="use 'extends:' to build on a whole layout")
        merged = merge(merged, inc)
    if "extends" in raw:
        base = read_tree(relative(path, raw["extends"], raw.pos_of("extends"), root),
                          (*chain, path), raw.pos_of("extends"), root)
        merged = merge(merged, base)
    own = Mapping(pos=raw.pos)
    for key, value in raw.items():
        if key not in ("include", "extends"):
            own[key] = value
            own.key_pos[key] = raw.key_pos_of(key)
            own.value_pos[key] = raw.pos_of(key)
    return merge(merged, own)


def relative(path: Path, name: Any, pos: Position, root: Path,
              what: str = "layout file") -> Path:
    """The file `name` names from the layout `path`, if the layout may read it."""
    return readable(name, relative_to=path.parent, root=root, pos=pos, what=what)
