"""The layouts shipped in the repository's `layouts/` folder, addressable by name.

The folders searched are those of `SHEETGEN_LAYOUTS` first, then the bundled `layouts/`
(see `sheetgen.resources`); a name found in an earlier folder hides the same name later.

`swashbuckle/scorecard` and `captains-curse/island-sheet` name
`layouts/swashbuckle/scorecard.yaml` and `layouts/captains_curse/island_sheet.yaml`: users
type hyphens, files use underscores, and both spellings work.
"""

from __future__ import annotations

from pathlib import Path

from sheetgen import registry
from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.layout.source import load_yaml
from sheetgen.resources import bundled_dir, search_path

LAYOUTS_DIR = bundled_dir("layouts")

def bundled_layouts() -> dict[str, Path]:
    """Name -> file for every printable layout on the search path, sorted by name.

    Folders that hold data rather than layouts (a game's `Game.data_folders`, such as
    `captains_curse/islands`) are skipped, and so are names starting with `_`. A game whose
    layouts live outside `layouts/` (`Game.layouts`) adds them as `<game name>/<file>`.
    """
    not_layouts = registry.data_folder_names()
    found: dict[str, Path] = {}
    roots = [(root, "") for root in search_path("SHEETGEN_LAYOUTS", LAYOUTS_DIR)]
    roots += [(Path(g.layouts), g.id) for g in registry.games().values() if g.layouts]
    for root, prefix in roots:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*.yaml")):
            rel = Path(prefix, path.relative_to(root))
            if any(part in not_layouts or part.startswith("_") for part in rel.parts[:-1]) \
                    or rel.name.startswith("_"):
                continue
            name = "/".join(rel.with_suffix("").parts).replace("_", "-")
            found.setdefault(name, path)
    return dict(sorted(found.items()))


def find_layout(name_or_path: str) -> Path:
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.exists():
        if not path.is_file():
            raise SheetgenError(f"no such layout file: {name_or_path}")
        return path
    layouts = bundled_layouts()
    key = name_or_path.replace("_", "-").strip("/")
    if key in layouts:
        return layouts[key]
    raise SheetgenError(f"no bundled layout named '{name_or_path}'",
                        hint=did_you_mean(key, layouts)
                        or "run 'sheetgen list' to see the bundled layouts")


def describe(path: Path) -> str:
    try:
        raw = load_yaml(path)
    except SheetgenError:
        return "(unreadable)"
    return str(raw.get("description", "")).strip().splitlines()[0] if raw.get("description") \
        else ""
