"""One package per game (`sheetgen/games/<id>/`), each declaring a `GAME` for the game
registry (`sheetgen.registry`, docs/adding-a-game.md)."""
