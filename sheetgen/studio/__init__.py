"""sheetgen studio: a local web page to make, edit, verify, play and print islands.

- `app`: the Starlette application (`create_app`), a JSON API per browser tab.
- `work`: what the routes ask of the library (generator, validator, verifier, layouts).
- `mapview`: the island map as SVG through the layout language, plus its hit geometry.
- `islandedit`: edits as small values, each checked by the island validator.
- `play`: a game in the browser, refereed by `GameState`; logs that `sheetgen captains-curse
  replay` accepts.
- `sessions`, `jobs`: per-tab state in memory; background verification and pads.
- `server`: a loopback socket on a free port and uvicorn.

It is an optional extra: `pip install 'sheetgen[studio]'`.
"""
