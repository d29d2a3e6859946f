"""Voodoo Pirate's studio page: the board, a ship placed by click, the squares a card
reaches under the wind and the tide (the movement rules' answers), API and browser."""

from __future__ import annotations

import pytest
from helpers.browser import by_id, click, css, open_page, reachable, shot
from in_page import cancel_while_queued, counter, press, until

from sheetgen.games.voodoo.board import default_board
from sheetgen.games.voodoo.sea import new_sea
from sheetgen.games.voodoo.sea import reachable as sea_reachable

pytestmark = pytest.mark.slow  # drives Chromium

VP = "g/voodoo"


@pytest.fixture()
def vp(client):
    sid = client.post("/api/session").json()["session"]
    return lambda path: f"/api/s/{sid}/{VP}/{path}"


def test_the_board_and_what_a_card_reaches(client, vp):
    board = client.get(vp("board")).json()
    assert len(board["cells"]) == 34 and board["shore_side"] == "W"
    assert {c["kind"] for c in board["cells"]} >= {"calm", "haunted", "tidal", "harbour"}
    for wind in board["winds"]:
        r = client.post(vp("reach"), json={"ship": [5, 1], "card": "#oodoo", "wind": wind,
                                           "tide": "OUT", "others": [[4, 2]]}).json()
        b = default_board()
        sea = new_sea(b, {"you": (5, 1), "ship 1": (4, 2)}, wind=wind, tide="OUT")
        expected = sea_reachable(b, sea, "you", "#oodoo")
        assert {tuple(e["square"]) for e in r["ends"]} == set(expected)
    storm = client.post(vp("reach"), json={"ship": [5, 1], "card": "#oodoo",
                                           "wind": "Storm"}).json()
    fair = client.post(vp("reach"), json={"ship": [5, 1], "card": "#oodoo",
                                          "wind": "Fair Wind"}).json()
    assert storm["ends"] != fair["ends"] and any("storm" in e["plan"] for e in storm["ends"])
    harbour = client.post(vp("reach"), json={"ship": [8, 0], "card": "Tix"}).json()
    assert harbour["ends"] == []  # no Tix in the harbour (l.514-518)


def test_bad_squares_are_refused(client, vp):
    for body in ({"ship": [40, 1]}, {"ship": "a1"}, {"ship": [5, 1], "others": [[5, 1]]},
                 {"ship": [5, 1], "card": "Fly"}, {"ship": [5, 1], "wind": "Gale"},
                 {"ship": [5, 1], "compass": "yes"}):
        assert client.post(vp("reach"), json=body).status_code == 400, body


def _reaches(d):
    return int(d.execute_script("return document.body.dataset.reaches || '0'"))


def test_the_sea_of_souls_in_the_browser(desktop, live_server):
    d = desktop
    open_page(d, live_server, "voodoo")
    seen = _reaches(d)
    click(d, css(d, "[data-square='5,1']")[0])
    until(d, f"{counter('reaches')} !== args[0]", seen, what="the reachable squares")
    assert css(d, "[data-ship=you]") and css(d, "#vp-board .reach")
    storm = sorted(r.get_attribute("data-reach") for r in css(d, "#vp-board .reach"))
    assert css(d, "#vp-board .wind-on")  # the wind acts on haunted water: marked
    shot(d, "voodoo-01-storm")
    # Another ship in the way, then Fair Wind: other squares.
    d.execute_script("document.querySelector(\"input[value=other]\").checked = true")
    seen = _reaches(d)
    click(d, css(d, "[data-square='4,2']")[0])
    until(d, f"{counter('reaches')} !== args[0]", seen, what="the other ship")
    seen = _reaches(d)
    d.execute_script("const s = document.getElementById('vp-wind'); s.value = 'Fair Wind';"
                     "s.dispatchEvent(new Event('change'))")
    until(d, f"{counter('reaches')} !== args[0]", seen, what="the fair wind")
    fair = sorted(r.get_attribute("data-reach") for r in css(d, "#vp-board .reach"))
    assert fair != storm and not css(d, "#vp-board .wind-on")
    seen = _reaches(d)
    d.execute_script("const s = document.getElementById('vp-tide'); s.value = 'OUT';"
                     "s.dispatchEvent(new Event('change'))")
    until(d, f"{counter('reaches')} !== args[0]", seen, what="the tide")
    assert css(d, "#vp-board .tide-on") and "tide runs out" in by_id(d, "vp-conditions").text
    shot(d, "voodoo-02-fair-wind-tide-out")


def test_the_sea_of_souls_at_phone_width(phone, live_server):
    d = phone
    open_page(d, live_server, "voodoo")
    seen = _reaches(d)
    click(d, css(d, "[data-square='6,2']")[0])
    until(d, f"{counter('reaches')} !== args[0]", seen, what="the reachable squares")
    assert css(d, "#vp-ends li") and reachable(d, by_id(d, "vp-card"))
    shot(d, "voodoo-phone-01")


def test_a_game_against_cursed_pirates_offers_only_legal_moves(client, vp):
    from sheetgen.games.voodoo.studio.play import BrowserVoyage

    assert client.post(vp("game/move"), json={"index": 0}).status_code == 409
    view = client.post(vp("game"), json={"seed": 3, "cursed": 2}).json()
    assert view["your_move"] and all(m.startswith("place ") for m in view["moves"])
    assert client.post(vp("game/move"), json={"index": 99}).status_code == 409
    moves = 0
    while view["outcome"] is None and moves < 600:
        view = client.post(vp("game/move"), json={"index": moves % len(view["moves"])}).json()
        moves += 1
    assert view["outcome"] is not None and view["outcome"]["termination"]
    # The same seed and choices give the same game (seeded setup and chance).
    again = BrowserVoyage(3, 2)
    for k in range(moves):
        again.choose(k % len(again.view()["moves"]))
    assert again.view()["outcome"] == view["outcome"]


_NEXT_MOVE = ("document.getElementById('vp-result').hidden ? "
              "document.querySelector('#vp-moves button') : null")
"""The first move the page offers, none once the voyage is over."""


def test_a_game_in_the_browser(desktop, live_server):
    d = desktop
    open_page(d, live_server, "voodoo")
    assert press(d, "document.getElementById('vp-new')", counter("voyage"),
                 until_js=f"{counter('voyage')} !== before && "
                 "document.querySelector('#vp-moves button') !== null", what="a new game")
    for step in range(400):
        # Click the first move offered, as a user would (refused if anything covers it),
        # and await the answer, in one call to the page (`in_page.press`).
        if not press(d, _NEXT_MOVE, counter("voyage"), what="the move's answer"):
            break
        if step == 12:
            assert css(d, "[data-voyage-ship]")
            shot(d, "voodoo-03-playing")
    assert not by_id(d, "vp-result").get_attribute("hidden"), "the voyage did not end"
    assert "win" in by_id(d, "vp-result").text
    shot(d, "voodoo-04-game-over")


def test_board_made_edited_downloaded_and_verify_started(client, vp):
    import yaml

    from sheetgen.games.voodoo.board import parse_board
    from sheetgen.games.voodoo.generate import generate_board

    assert client.get(vp("board")).json()["edited"] is False
    new = client.post(vp("board/new"), json={"seed": 5}).json()
    assert new["edited"] and new["name"] == generate_board(5).board.name
    assert client.get(vp("download/board.yaml")).text == generate_board(5).text
    kinds = {(c["col"], c["row"]): c["kind"] for c in new["cells"]}
    mapped = next(s for s, k in kinds.items() if k == "map")
    calm = next(s for s, k in kinds.items() if k == "calm")
    swapped = client.post(vp("board/edit"), json={"square": list(mapped),
                                                  "other": list(calm)}).json()
    after = {(c["col"], c["row"]): c["kind"] for c in swapped["cells"]}
    assert after[mapped] == "calm" and after[calm] == "map"
    text = client.get(vp("download/board.yaml")).text
    assert parse_board(text).kind(calm) == "map" and yaml.safe_load(text)["name"].endswith(
        "(edited)")
    # The reach questions use this board.
    r = client.post(vp("reach"), json={"ship": list(calm), "card": "Ghost Whisper"})
    assert r.status_code == 200
    harbour = [8, 0]
    assert client.post(vp("board/edit"), json={"square": harbour, "other": list(calm)}
                       ).status_code == 422
    assert client.post(vp("verify"), json={"scale": "7"}).status_code == 400
    snap = client.post(vp("verify"), json={"scale": "0.1"}).json()
    assert snap["kind"] == "verify"
    assert client.post(vp("jobs/verify/cancel")).json()["cancelling"] is True
    back = client.post(vp("board/new"), json={"bundled": True}).json()
    assert not back["edited"] and back["name"] == default_board().name


def test_board_editing_and_verify_in_the_browser(desktop, live_server):
    d = desktop
    open_page(d, live_server, "voodoo")

    def count(key):
        return int(d.execute_script(f"return document.body.dataset.{key} || '0'"))

    seen = count("boards")
    by_id(d, "vp-board-new").click()
    until(d, f"{counter('boards')} !== args[0]", seen, what="a new board")
    assert "seed 1" in by_id(d, "vp-board-name").text
    cells = {c.get_attribute("data-square"): c.get_attribute("class")
             for c in css(d, "#vp-board rect[data-square]")}
    mapped = next(k for k, v in cells.items() if " map" in v)
    calm = next(k for k, v in cells.items() if " calm" in v)
    d.execute_script("document.querySelector('input[value=edit]').checked = true")
    click(d, css(d, f"[data-square='{mapped}']")[0])
    seen = count("boards")
    click(d, css(d, f"[data-square='{calm}']")[0])
    until(d, f"{counter('boards')} !== args[0]", seen, what="the swap")
    assert " map" in css(d, f"[data-square='{calm}']")[0].get_attribute("class")
    assert "edited" in by_id(d, "vp-board-name").text
    # Every worker busy (the server runs in this process): the verify waits; cancelled
    # there, it ends with a still, empty bar, not a moving one.
    seen = count("verified")
    cancel_while_queued(d, "vp-verify", "vp-verify-cancel", "the verification")
    until(d, f"{counter('verified')} !== args[0]", seen, what="the cancelled verification")
    assert by_id(d, "vp-verify-text").text == "cancelled"
    assert d.execute_script(
        "return document.getElementById('vp-verify-progress').hasAttribute('value')")
    seen = count("verified")
    by_id(d, "vp-verify").click()
    until(d, f"{counter('verified')} !== args[0]", seen, timeout=300,
          what="the verification")
    checks = css(d, "#vp-checks li")
    assert len(checks) >= 5 and by_id(d, "vp-verify-text").text
    shot(d, "voodoo-05-board-verified")
