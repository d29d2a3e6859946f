"""Write constraints.txt: the exact versions of everything sheetgen (with its studio and test
extras) needs, as installed in the running environment, the one the tests pass in.

    .venv/bin/python scripts/lock.py        # after adding or upgrading a dependency

Only the packages sheetgen's requirements reach are written (walked through the installed
metadata), so tools someone installed by hand stay out. The header records the Python and
the GEOS that shapely bundles: islands are clipped by GEOS, and the same seed gives the same
island only with the same GEOS (tests/packaging/test_packaging_reproducible.py checks both).
"""

from __future__ import annotations

import platform
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
EXTRAS = ("studio", "test")


def _name(text: str) -> str:
    return re.sub(r"[-_.]+", "-", text).lower()


def _top_level(extras: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """sheetgen's own requirements, read from pyproject.toml (the installed metadata of an
    editable install can be older than the file)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    texts = list(project["dependencies"])
    for extra in extras:
        texts += project["optional-dependencies"].get(extra, [])
    reqs = [Requirement(t) for t in texts]
    return [(r.name, tuple(sorted(r.extras))) for r in reqs
            if r.marker is None or r.marker.evaluate()]


def closure(extras: tuple[str, ...] = EXTRAS) -> dict[str, str]:
    """Installed name -> version of every distribution sheetgen[extras] requires,
    transitively."""
    found: dict[str, str] = {}
    todo = _top_level(extras)
    seen: set[tuple[str, tuple[str, ...]]] = set()
    while todo:
        name, wanted = todo.pop()
        if (name, wanted) in seen:
            continue
        seen.add((name, wanted))
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # an optional dependency for another platform
        found[_name(dist.metadata["Name"])] = dist.version
        for text in dist.requires or []:
            req = Requirement(text)
            env_ok = [req.marker is None or req.marker.evaluate({"extra": e})
                      for e in (wanted or ("",))]
            if any(env_ok):
                todo.append((req.name, tuple(sorted(req.extras))))
    return dict(sorted(found.items()))


def main() -> None:
    import shapely

    lines = [
        "# Exact versions the test suite passed with (written by scripts/lock.py; do not edit).",
        "# Install with:  pip install -c constraints.txt -e '.[studio,test]'",
        f"# Python {platform.python_version()} on {sys.platform} {platform.machine()}; "
        f"shapely bundles GEOS {shapely.geos_version_string}",
    ]
    lines += [f"{name}=={version}" for name, version in closure().items()]
    (ROOT / "constraints.txt").write_text("\n".join(lines) + "\n")
    print(f"wrote constraints.txt: {len(lines) - 3} packages")


if __name__ == "__main__":
    main()
