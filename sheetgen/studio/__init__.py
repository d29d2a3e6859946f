"""sheetgen studio: a local web page to design, check, play and print each game.

- `app`: the Starlette application (`create_app`): the page shell, the switcher's page
  list, each page's assets and JSON API over one session per tab.
- `pages`: the pages, from the registry (`Game.studio`, contract in
  `sheetgen/studio_contract.py`) plus the studio's own.
- `sessions`, `jobs`: per-tab state in memory; background work with progress and cancel.
- `server`: a loopback socket on a free port and uvicorn.

Each game's page lives in its package (`sheetgen/games/<id>/studio/`). It is an optional
extra: `pip install 'sheetgen[studio]'`.
"""
