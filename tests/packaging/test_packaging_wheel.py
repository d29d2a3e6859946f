"""The package as a user installs it: build the wheel and sdist, check their metadata, install
the wheel into a fresh virtual environment outside the checkout and use it from elsewhere.

The wheel is installed without its dependencies (`--no-index --no-deps`) and the fresh
environment sees the test environment's packages through a `.pth` line, so the test needs no
network for the dependencies and still proves what matters here: that the wheel carries its
layouts, templates, fonts and tables, and that nothing reads the checkout. A `.pth` line only
adds a folder to sys.path (the editable install's finder in that folder is not run), and the
fresh environment's own site-packages comes first, so `import sheetgen` finds the wheel; the
test asserts that too. Building uses `build` (the library behind `python -m build`), which
fetches setuptools into an isolated build environment as any user's build would.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from sheetgen.layout.bundled import bundled_layouts

pytestmark = pytest.mark.slow  # builds the wheel and sdist, installs it in a venv

REPO = Path(__file__).resolve().parents[2]


def _run(args: list[str | Path], cwd: Path, timeout: float = 300,
         extra_env: dict[str, str] | None = None) -> str:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "SHEETGEN_LAYOUTS", "SHEETGEN_TEMPLATES")}
    env.update(extra_env or {})
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _not_source(folder: str, names: list[str]) -> set[str]:
    """What a build must not see: environments, caches, and at the top earlier builds and
    outputs (`sheetgen-*` only there: the package holds a `sheetgen-fogra39l.icc`)."""
    skip = set(shutil.ignore_patterns("__pycache__", ".*_cache", ".hypothesis")(folder, names))
    if Path(folder) == REPO:
        skip |= set(shutil.ignore_patterns(".git", ".venv", "output", "build", "dist",
                                           "*.egg-info", "sheetgen-*")(folder, names))
    return skip



@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The wheel and sdist, built from a private copy of the checkout: setuptools writes its
    release tree (`sheetgen-<version>/`), `build/` and the egg-info inside the folder it
    builds, and the suite runs other tests beside this one (pytest-xdist), so a build in the
    checkout itself once lost its release tree half-way ('No such file or directory:
    sheetgen-0.1.0/templates/...') under `scripts/test.sh`.

    The two files are kept in the cache folder under a digest of every file of that copy
    (what the build reads) and of the Python, build and pip that build it, and reused for a
    day while the copy is byte for byte the same: a warm test run of an unchanged checkout
    then does not build them again (8-10 s of CPU: four setuptools processes and a pip). Any
    changed file builds afresh, and so does a day's age: setuptools comes from the package
    index at each build (`setuptools>=77`), so a new release is built with within a day."""
    from sheetgen.cache import cache_root

    source = tmp_path_factory.mktemp("source") / "sheetgen"
    shutil.copytree(REPO, source, ignore=_not_source, symlinks=True)
    home = cache_root() / "test-dists"
    home.mkdir(parents=True, exist_ok=True)
    out = tmp_path_factory.mktemp("dist")
    with open(home / "lock", "w") as lock:  # one builder at a time, as for `venv`
        fcntl.flock(lock, fcntl.LOCK_EX)
        kept = _kept_dist(source, home / source_content_key(source), tmp_path_factory)
        for built in kept.iterdir():  # copies: another session may remove a day-old one
            shutil.copy2(built, out)
    return out


DIST_DAYS = 1.0
"""How long a kept build serves (see `dist`)."""


def source_content_key(source: Path) -> str:
    """A digest of the names, modes and bytes of every file under `source` (symlinks by
    target) and of the Python, build and pip versions: the same key means the same build
    inputs."""
    import build
    import pip

    h = hashlib.sha256(f"{sys.version}\0{build.__version__}\0{pip.__version__}\0".encode())
    for path in sorted(source.rglob("*")):
        if path.is_symlink():
            data = os.readlink(path).encode()
        elif path.is_file():
            data = path.read_bytes()
        else:
            continue
        mode = f"\0{path.lstat().st_mode:o}\0".encode()
        h.update(path.relative_to(source).as_posix().encode() + mode + data + b"\0")
    return h.hexdigest()[:16]


def _kept_dist(source: Path, root: Path, tmp_path_factory) -> Path:
    out, marker = root / "dist", root / "built"
    if marker.is_file() and time.time() - float(marker.read_text()) < DIST_DAYS * 86400:
        return out
    for other in root.parent.glob("*/built"):  # other sources' builds, made over a day ago
        if time.time() - other.stat().st_mtime > DIST_DAYS * 86400:
            shutil.rmtree(other.parent, ignore_errors=True)
    shutil.rmtree(root, ignore_errors=True)  # a half-made or day-old one
    out.mkdir(parents=True)
    build_sdist_then_wheel(source, out, tmp_path_factory.mktemp("unpacked"))
    marker.write_text(f"{time.time()}\n")  # last: a half-made one is redone
    return out


def build_sdist_then_wheel(source: Path, out: Path, unpacked: Path) -> None:
    """What `python -m build` does (the sdist from `source`, then the wheel from the unpacked
    sdist, each in an isolated environment that holds only what the build asks for) with one
    isolated environment for both: `python -m build` made a second one for the wheel, a venv
    and a pip install of the same setuptools again (about 3 s of the build's 12 s of CPU), to
    hold what the first one held. The wheel is still built from the sdist alone, so a file the
    sdist misses is missing from the wheel; the files are byte for byte `python -m build`'s."""
    from build import ProjectBuilder
    from build.env import DefaultIsolatedEnv

    with DefaultIsolatedEnv() as env:
        builder = ProjectBuilder.from_isolated_env(env, source)
        env.install(builder.build_system_requires)
        env.install(builder.get_requires_for_build("sdist"))
        sdist = Path(builder.build("sdist", out))
        with tarfile.open(sdist) as tar:
            tar.extractall(unpacked, filter="data")
        top = unpacked / sdist.name.removesuffix(".tar.gz")
        from_sdist = ProjectBuilder.from_isolated_env(env, top)
        env.install(from_sdist.build_system_requires - builder.build_system_requires)
        env.install(from_sdist.get_requires_for_build("wheel"))
        from_sdist.build("wheel", out)


def wheel_content_key(wheel: Path) -> str:
    """A digest of what the wheel installs (member names and bytes, not the zip's dates,
    which change with every build) and of the Python and test environment it is installed
    against: the same key means the same installed files."""
    h = hashlib.sha256(f"{sys.version}\0{sysconfig.get_paths()['purelib']}\0".encode())
    with zipfile.ZipFile(wheel) as zf:
        for info in sorted(zf.infolist(), key=lambda i: i.filename):
            h.update(info.filename.encode() + b"\0" + zf.read(info) + b"\0")
    return h.hexdigest()[:16]


@pytest.fixture(scope="module")
def venv(dist) -> Path:
    """The wheel installed into a virtual environment of its own, outside the checkout.

    The environment is kept in the cache folder under a digest of the wheel's content, and
    reused while the package's files are byte for byte the same: a warm test run then does
    not re-create it. Its compiled numba code is the checkout's: numba's cache is keyed by a
    digest of the sources' bytes, not their folder (`sheetgen.numba_locator`), so the wheel's
    byte-identical fast path loads what the checkout's tests compiled (or compiles it for
    them) instead of compiling it again, 40-100 s of CPU, as any two installs of the same
    package share it. Any change to the package gives a new digest, a freshly made
    environment (environments unused for a day are removed; other test sessions of this
    machine may still be using younger ones)."""
    from sheetgen.cache import cache_root

    wheel = next(dist.glob("*.whl"))
    home = cache_root() / "test-wheel-venvs"
    home.mkdir(parents=True, exist_ok=True)
    # One maker at a time: two test processes (xdist workers, or two sessions on this
    # machine) making the same environment removed each other's half-made one, and ensurepip
    # failed; the second waits here and then finds the first one's environment ready.
    with open(home / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _made_venv(wheel, home)


def _made_venv(wheel: Path, home: Path) -> Path:
    root = home / wheel_content_key(wheel)
    marker = root / "installed"
    if marker.is_file():
        marker.touch()
        return root
    for other in home.glob("*/installed"):  # other contents' environments, unused for a day
        if time.time() - other.stat().st_mtime > 86400:
            shutil.rmtree(other.parent, ignore_errors=True)
    shutil.rmtree(root, ignore_errors=True)  # a half-made one
    home.mkdir(parents=True, exist_ok=True)
    # Without a pip of its own (ensurepip installing and compiling pip was 6 of the 8 s of
    # CPU the environment took): the test environment's pip installs into it (`--python`),
    # the way `python -m build` fills its isolated environments.
    _run([sys.executable, "-m", "venv", "--without-pip", root], cwd=home)
    python = root / "bin" / "python"
    purelib = _run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                   cwd=root).strip()
    Path(purelib, "_sheetgen_test_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n")
    _run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-index",
          "--no-deps", wheel], cwd=root)
    marker.write_text(wheel.name + "\n")  # last: a half-made one is redone
    return root


def test_metadata_passes_twine_check(dist):
    files = sorted(dist.iterdir())
    assert sorted(f.suffix for f in files) == [".gz", ".whl"]
    _run([sys.executable, "-m", "twine", "check", "--strict", *files], cwd=dist)


def test_wheel_and_sdist_carry_every_layout_and_template(dist):
    wheel = set(zipfile.ZipFile(next(dist.glob("*.whl"))).namelist())
    with tarfile.open(next(dist.glob("*.tar.gz"))) as tar:
        sdist = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for top in ("layouts", "templates"):
        files = [p.relative_to(REPO).as_posix() for p in (REPO / top).rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")]
        assert files, top
        for name in files:
            assert f"sheetgen/_bundled/{name}" in wheel, name
            assert name in sdist, name
    # Every data file the package holds in git ships too: game data (the Black Dice quests,
    # the Voodoo board and cards), Swashbuckle cards, fonts, icons, licences, the studio page.
    data = [name for name in subprocess.run(
        ["git", "ls-files", "sheetgen"], cwd=REPO, capture_output=True, text=True,
        check=True).stdout.split() if not name.endswith(".py")]
    for required in ("sheetgen/assets/icons/icons.json", "sheetgen/assets/fonts/serif/serif.ttf",
                     "sheetgen/assets/icons/CC-BY-3.0.txt",
                     "sheetgen/games/black_dice/quests/kraken.yaml",
                     "sheetgen/games/voodoo/data/sea_of_souls.yaml",
                     # measured figures shipped so a fresh install need not measure them
                     "sheetgen/games/black_dice/measured/difficulty.json",
                     "sheetgen/games/voodoo/measured/verdict.json",
                     "sheetgen/studio/static/index.html"):
        assert required in data, required
    for name in data:
        assert name in wheel, name
        assert name in sdist, name
    # Par summaries ship, and the default card's value table packed (the advisor answers at
    # once on a fresh install); other 16-box tables are built at first use and cached.
    assert any(n.startswith("sheetgen/games/swashbuckle/tables/") and n.endswith(".json")
               for n in wheel)
    assert any(n.startswith("sheetgen/games/swashbuckle/tables/") and n.endswith(".values.xz")
               for n in wheel)
    assert not any("__pycache__" in n or n.startswith("tests/") for n in wheel)


def test_the_environment_is_reused_only_for_the_same_package_content(dist, tmp_path):
    wheel = next(dist.glob("*.whl"))
    key = wheel_content_key(wheel)
    assert wheel_content_key(wheel) == key
    # Rewritten with other dates (and stored, not compressed again: the key reads the bytes
    # a member holds, not how the zip packs them): the same key. One member's bytes
    # changed: another key.
    for change, same in ((b"", True), (b"#", False)):
        copy = tmp_path / f"copy{len(change)}" / wheel.name
        copy.parent.mkdir()
        with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(copy, "w") as dst:
            for info in src.infolist():
                data = src.read(info)
                if info.filename == "sheetgen/__init__.py":
                    data += change
                info.date_time = (2001, 2, 3, 4, 5, 6)
                info.compress_type = zipfile.ZIP_STORED
                dst.writestr(info, data)
        assert (wheel_content_key(copy) == key) is same


def test_a_build_is_reused_only_for_the_same_sources(tmp_path):
    """`dist` keeps a build under `source_content_key`: copies of the same files at another
    path share it; a changed byte, a renamed file, a file made executable, a new file do not."""
    a = tmp_path / "a"
    (a / "pkg").mkdir(parents=True)
    (a / "pkg" / "__init__.py").write_text("X = 1\n")
    (a / "setup.py").write_text("setup()\n")
    key = source_content_key(a)
    b = tmp_path / "elsewhere" / "b"
    shutil.copytree(a, b)
    assert source_content_key(b) == key

    def changed(change) -> bool:
        c = tmp_path / f"c{len(list(tmp_path.iterdir()))}"
        shutil.copytree(a, c)
        change(c)
        return source_content_key(c) != key

    assert changed(lambda c: (c / "pkg" / "__init__.py").write_text("X = 2\n"))
    assert changed(lambda c: (c / "setup.py").rename(c / "setup2.py"))
    assert changed(lambda c: (c / "setup.py").chmod(0o755))
    assert changed(lambda c: (c / "pkg" / "data.txt").write_text(""))


_EACH = """\
import contextlib, json, sys
from sheetgen.cli import main
for args, stdout in json.loads(sys.argv[1]):
    with open(stdout, "w") if stdout else contextlib.nullcontext() as out, \
            contextlib.redirect_stdout(out) if out else contextlib.nullcontext():
        try:
            main(args)
        except SystemExit as end:
            if end.code:
                sys.exit(f"sheetgen {' '.join(args)}: exit status {end.code}")
"""


def _each(python: Path, commands: list[list[str | Path]], cwd: Path,
          stdout: dict[int, Path] | None = None) -> str:
    """Run sheetgen commands one after the other in one process of `python` (the wheel's),
    as `sheetgen` would run each: a process start per command cost about a second of CPU
    each (importing the CLI, reportlab, the fonts, WeasyPrint again) and tested nothing
    more; the entry point itself is run on its own by the tests. `stdout` names a file for
    a command's output (by its index), for the tests that read what it printed."""
    stdout = stdout or {}
    plan = [[[str(a) for a in c], str(stdout[k]) if k in stdout else None]
            for k, c in enumerate(commands)]
    return _run([python, "-c", _EACH, json.dumps(plan)], cwd=cwd)


GAMES = ("shipwrecked", "voodoo", "black-dice")
SIMULATE = ["black-dice", "simulate", "kraken", "-n", "20", "--seed", "3"]


@pytest.fixture(scope="module")
def made(venv, tmp_path_factory) -> Path:
    """What the two tests below make with the wheel's CLI, made in one process of the
    wheel's Python (`_each`) in a folder outside the checkout: every bundled layout but the
    first (which the first test renders through the entry point), a Captain's Curse pad,
    two rulebooks, the other games' pads, a Tabletop Simulator export, a Black Dice
    simulation and Swashbuckle's par line (their printed output kept in files). One
    process for both tests, not one each: the second paid the interpreter, the CLI,
    reportlab, WeasyPrint and the fonts again (about 3 s of CPU) and tested nothing more."""
    out = tmp_path_factory.mktemp("from-the-wheel")
    layouts = sorted(bundled_layouts())
    commands: list[list[str | Path]] = [
        *(["render", name, "--seed", "7", "-q", "-o", out / f"{name.replace('/', '-')}.pdf"]
          for name in layouts[1:]),
        ["pad", "captains-curse", "--count", "2", "--seed", "7", "--jobs", "1",
         "-o", out / "pad.pdf"],
        ["rulebook", "shipwrecked", "-o", out / "rules.pdf"],
        *(["pad", game, "-o", out / f"{game}.pdf"] for game in GAMES),
        # Image export (pypdfium2) of a Black Dice layout with its backs, from the wheel's
        # layouts.
        ["export", "tts", "black-dice/pirate-tiles", "-o", out / "tts"],
        ["rulebook", "black-dice", "-o", out / "black-dice-rules.pdf"],
        SIMULATE,
        ["swashbuckle", "par"]]
    n = len(commands)
    _each(venv / "bin" / "python", commands, cwd=out,
          stdout={n - 2: out / "simulate.txt", n - 1: out / "par.txt"})
    return out


def test_installed_wheel_works_from_another_folder(venv, made, tmp_path):
    python, sheetgen = venv / "bin" / "python", venv / "bin" / "sheetgen"
    where = _run([python, "-c", "import sheetgen; print(sheetgen.__file__)"], cwd=tmp_path)
    assert Path(where.strip()).is_relative_to(venv), where
    assert _run([sheetgen, "--version"], cwd=tmp_path).strip().endswith("0.1.0")

    listed = [line.split()[0] for line in _run([sheetgen, "list"], cwd=tmp_path).splitlines()]
    assert listed == sorted(bundled_layouts()), "the wheel lists other layouts than the checkout"
    # Every listed layout renders from the wheel: the first through the entry point, the rest
    # through the same CLI in one process of the wheel's Python (`made`), with a Captain's
    # Curse pad and a rulebook (Shipwrecked!'s, the shortest, 2.5 s of CPU where Voodoo's took
    # 6 s: any book proves the templates and fonts are read from the wheel, and the test below
    # sets the Black Dice book from it too).
    outs = {name: made / f"{name.replace('/', '-')}.pdf" for name in listed}
    outs[listed[0]] = tmp_path / "first.pdf"
    _run([sheetgen, "render", listed[0], "--seed", "7", "-q", "-o", outs[listed[0]]],
         cwd=tmp_path)
    for name, out in outs.items():
        assert out.read_bytes().startswith(b"%PDF-"), name
    assert (made / "pad.pdf").read_bytes().startswith(b"%PDF-")
    assert (made / "rules.pdf").read_bytes().startswith(b"%PDF-")


def test_every_game_runs_from_the_installed_wheel(venv, made, tmp_path):
    """Each of the five games reads its own data from the wheel, outside the checkout: the
    Shipwrecked!, Voodoo and Black Dice pads (their tiles, board and card YAML, icons, fonts),
    a Black Dice simulation of a bundled quest file and a Tabletop Simulator export of its
    pirate tiles, Swashbuckle's par line from the shipped JSON summary, the Black Dice
    rulebook (all made by `made`), and the Captain's Curse island pad (test above)."""
    python, sheetgen = venv / "bin" / "python", venv / "bin" / "sheetgen"
    for game in GAMES:
        out = made / f"{game}.pdf"
        assert out.read_bytes().startswith(b"%PDF-"), game
        assert len(re.findall(rb"/Type\s*/Page(?!s)", out.read_bytes())) > 1, game
    from click.testing import CliRunner  # the checkout's own CLI, in this process

    from sheetgen.cli import main

    checkout = CliRunner().invoke(main, SIMULATE)
    assert checkout.exit_code == 0, checkout.output
    simulated = (made / "simulate.txt").read_text()
    assert simulated == checkout.stdout, "the wheel's quest files differ from the checkout's"
    par = (made / "par.txt").read_text()
    assert "p50:" in par, par
    # The advisor on a fresh install (empty cache): the wheel's packed table, nothing solved.
    cache = tmp_path / "empty-cache"
    advice = _run([sheetgen, "swashbuckle", "advise", "--dice", "1", "2", "3", "4", "5",
                   "--rolls-left", "2"], cwd=tmp_path, extra_env={"SHEETGEN_CACHE": str(cache)})
    assert "keep all (stand)" in advice.splitlines()[0], advice
    # The books' measured figures on a fresh install: the wheel's shipped files match its
    # sources (the same digest as the checkout's), so nothing is measured.
    shipped = _run([python, "-c", "from sheetgen.games.black_dice.difficulty import is_measured; "
                    "from sheetgen.games.voodoo.verify import bundled_verdict_is_cached as v; "
                    "print(is_measured(), v())"], cwd=tmp_path,
                   extra_env={"SHEETGEN_CACHE": str(cache)})
    assert shipped.split() == ["True", "True"], shipped
    assert not cache.exists()
    assert sorted(p.name for p in (made / "tts").iterdir()) == [
        "black-dice-pirate-tiles-back.png", "black-dice-pirate-tiles-sheet.png",
        "black-dice-pirate-tiles.json"]
    assert (made / "black-dice-rules.pdf").read_bytes().startswith(b"%PDF-")
