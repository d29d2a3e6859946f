"""Rulebook content: a game's `book.yaml` plus its Markdown chapters, turned into HTML.

Writers work in `templates/rulebooks/<game>/`: `book.yaml` holds the facts a cover and a
colophon need (title, players, playing time, credits) and names the Markdown files that make
up the book. Markdown keeps the prose readable in a diff; each file is first run through
jinja2 so it can place diagrams (`{{ diagram("name") }}`) and computed figures without a
writer touching HTML. Headings become the table of contents, so the ToC can never drift from
the text.

Folders named in `SHEETGEN_TEMPLATES` are searched first (`<folder>/rulebooks/<game>/`), so a
user can replace a game's book or the shared `book.html.j2`/`print.css` without editing the
installed package (see `sheetgen.resources`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import markdown
import markdown.extensions.toc
import yaml
from markupsafe import Markup

from sheetgen import registry
from sheetgen.errors import Position, SheetgenError, check_keys, did_you_mean
from sheetgen.resources import bundled_dir, search_path

TEMPLATES_DIR = bundled_dir("templates") / "rulebooks"
"""The bundled rulebook templates (the last folder searched)."""



def rulebook_games() -> tuple[str, ...]:
    """The rulebook id (the game's name, `black-dice`) of every game in the registry, in the
    order `rulebook --all` prints them (by id)."""
    return tuple(g.name for g in registry.games().values())


def __getattr__(name: str) -> Any:
    """`GAMES`: `rulebook_games()`, read from the registry when asked for, so a game added
    after import is seen."""
    if name == "GAMES":
        return rulebook_games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_REQUIRED = ("title", "tagline", "players", "minutes", "credits", "chapters", "quickref")
_OPTIONAL = ("source_note", "emblem", "pages")
_MARKDOWN_EXTENSIONS = ["tables", "attr_list", "md_in_html", "toc", "sane_lists", "smarty"]


def rulebook_dirs() -> list[Path]:
    """Folders holding rulebook templates, searched in order: each `SHEETGEN_TEMPLATES`
    folder's `rulebooks/`, then the bundled one."""
    extra = search_path("SHEETGEN_TEMPLATES", TEMPLATES_DIR)[:-1]
    return [*(folder / "rulebooks" for folder in extra), TEMPLATES_DIR]


def book_dir(game: str) -> Path:
    """The folder of `game`'s book: the first `SHEETGEN_TEMPLATES` folder that has its
    book.yaml, else the game's own (`Game.rulebook`, by default the bundled
    `templates/rulebooks/<game>/`)."""
    for folder in rulebook_dirs()[:-1]:
        if (folder / game / "book.yaml").is_file():
            return folder / game
    found = registry.find(game)
    if found is not None and found.rulebook:
        return Path(found.rulebook)
    return TEMPLATES_DIR / game


@dataclass(frozen=True)
class Credit:
    role: str
    name: str


@dataclass(frozen=True)
class Heading:
    """A ToC entry: level 1 is a chapter, level 2 a section."""

    level: int
    title: str
    anchor: str


@dataclass
class Book:
    """A rulebook ready for the HTML template: metadata plus rendered chapter HTML."""

    game: str
    title: str
    tagline: str
    players: str
    minutes: str
    credits: list[Credit]
    source_note: str
    body_html: str
    quickref_html: str
    headings: list[Heading] = field(default_factory=list)
    emblem: list[str] = field(default_factory=list)  # icon names drawn on the cover


def check_game(game: str) -> str:
    """The rulebook id of `game` (a rulebook id, or an older one a game still accepts:
    `voodoo-pirate` -> `voodoo`), else raise with a did-you-mean hint."""
    games = rulebook_games()
    if game in games:
        return game
    for entry in registry.games().values():
        if game in entry.rulebook_aliases:
            return entry.name
    raise SheetgenError(
        f"no rulebook for game '{game}'",
        hint=did_you_mean(game, games) or f"known games: {', '.join(games)}",
    )


def _load_meta(path: Path) -> dict[str, Any]:
    try:
        meta = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise SheetgenError(f"cannot read rulebook metadata: {err}", Position(str(path))) from err
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        pos = Position(str(path), mark.line + 1, mark.column + 1) if mark else Position(str(path))
        raise SheetgenError(f"bad YAML: {getattr(err, 'problem', err)}", pos) from err
    if not isinstance(meta, dict):
        raise SheetgenError("book.yaml must be a mapping", Position(str(path)))
    for key in _REQUIRED:
        if key not in meta:
            raise SheetgenError(f"book.yaml lacks '{key}'", Position(str(path)))
    check_keys(sorted(meta), (*_REQUIRED, *_OPTIONAL), lambda key: Position(str(path)),
               "unknown key '{key}' in book.yaml")
    return meta


def book_pages(directory: Path) -> tuple[int, int] | None:
    """The A4 length a book keeps to, `pages: [low, high]` in its book.yaml (enough pages to
    hold every rule, few enough to staple; tests/rulebooks checks the printed book against
    it), or None when the book does not say."""
    path = directory / "book.yaml"
    pages = _load_meta(path).get("pages")
    if pages is None:
        return None
    if not (isinstance(pages, list) and len(pages) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in pages)
            and pages[0] <= pages[1]):
        raise SheetgenError(f"pages must be [low, high], two page counts, not {pages!r}",
                            Position(str(path)), hint="e.g. pages: [5, 9]")
    return pages[0], pages[1]


def _environment(directory: Path, helpers: dict[str, Callable[..., Any]]) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(directory), *map(str, rulebook_dirs())]),
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # Markdown sources: HTML in them is intended
        keep_trailing_newline=True,
    )
    env.globals.update(helpers)
    return env


def _render_field(env: jinja2.Environment, text: str, where: Path) -> str:
    """A book.yaml field that may hold a template expression (a measured playing time:
    `about {{ example("shipwrecked-measured").length.minutes }} minutes`)."""
    if "{" not in text:
        return text
    try:
        return env.from_string(text).render()
    except jinja2.TemplateError as err:
        raise SheetgenError(f"template error: {err}", Position(str(where))) from err


def _render_markdown(
    env: jinja2.Environment, name: str, directory: Path, id_prefix: str = ""
) -> tuple[str, list]:
    try:
        source = env.get_template(name).render()
    except jinja2.TemplateNotFound as err:
        raise SheetgenError(f"missing chapter file '{name}'", Position(str(directory))) from err
    except jinja2.TemplateError as err:
        line = getattr(err, "lineno", 0) or 0
        where = getattr(err, "filename", None) or str(directory / name)
        raise SheetgenError(f"template error: {err}", Position(where, line, 1)) from err
    md = markdown.Markdown(
        extensions=_MARKDOWN_EXTENSIONS,
        extension_configs={
            "toc": {"toc_depth": "1-2", "slugify": _slugger(id_prefix)},
            "smarty": {"smart_angled_quotes": False},
        },
    )
    html = _keep_lead_ins(md.convert(source))
    return html, md.toc_tokens


_LEAD_IN = re.compile(r":</p>\s*<(table|figure|ul|ol|div)")


def _keep_lead_ins(html: str) -> str:
    """Mark paragraphs that end with a colon (they introduce the table or list after them)
    so the stylesheet can keep them on the same page as what they introduce."""
    out, last = [], 0
    for match in _LEAD_IN.finditer(html):
        start = html.rfind("<p>", last, match.start())
        if start < 0:
            continue
        out.append(html[last:start])
        out.append('<p class="lead-in">')
        last = start + len("<p>")
    out.append(html[last:])
    return "".join(out)


def _slugger(prefix: str) -> Callable[[str, str], str]:
    """Heading ids; the quick reference gets its own prefix so its ids never clash."""

    def slugify(value: str, separator: str) -> str:
        return prefix + markdown.extensions.toc.slugify(value, separator)

    return slugify


def _flatten(tokens: list[dict[str, Any]]) -> list[Heading]:
    out: list[Heading] = []
    for token in tokens:
        out.append(Heading(token["level"], Markup(token["name"]).striptags(), token["id"]))
        out.extend(_flatten(token.get("children", [])))
    return out


def load_book(game: str, helpers: dict[str, Callable[..., Any]] | None = None) -> Book:
    """Read and render one game's content. `helpers` become jinja globals (e.g. `diagram`)."""
    game = check_game(game)
    directory = book_dir(game)
    meta = _load_meta(directory / "book.yaml")
    env = _environment(directory, helpers or {})
    # One Markdown pass over all chapters keeps heading ids unique across the whole book.
    joined = "\n\n".join(
        f'{{% include "{name}" %}}' for name in meta["chapters"]
    )
    env_loader = env.loader
    assert isinstance(env_loader, jinja2.FileSystemLoader)
    env.loader = jinja2.ChoiceLoader([jinja2.DictLoader({"__book__.md": joined}), env_loader])
    body_html, tokens = _render_markdown(env, "__book__.md", directory)
    quickref_html, _ = _render_markdown(env, meta["quickref"], directory, "qr-")
    credits = [Credit(str(c["role"]), str(c["name"])) for c in meta["credits"]]
    return Book(
        game=game,
        title=str(meta["title"]),
        tagline=str(meta["tagline"]),
        players=str(meta["players"]),
        minutes=_render_field(env, str(meta["minutes"]), directory / "book.yaml"),
        credits=credits,
        source_note=str(meta.get("source_note", "")),
        body_html=body_html,
        quickref_html=quickref_html,
        headings=[h for h in _flatten(tokens) if h.level <= 2],
        emblem=[str(name) for name in meta.get("emblem", [])],
    )
