"""Swashbuckle's studio page: the card's options and scorecard, and a solitaire game with
the advisor, through the API and in headless Chromium (desktop and phone)."""

from __future__ import annotations

import time
from io import BytesIO

import pytest
from helpers.browser import by_id, css, downloaded, open_page, reachable, shot, wait
from in_page import counter, press, until
from pypdf import PdfReader

from sheetgen.games.swashbuckle.card import default_card
from sheetgen.games.swashbuckle.sheet import derive
from sheetgen.games.swashbuckle.studio.solitaire import Solitaire

pytestmark = pytest.mark.slow  # drives Chromium

SW = "g/swashbuckle"


@pytest.fixture()
def sw(client):
    sid = client.post("/api/session").json()["session"]
    return lambda path: f"/api/s/{sid}/{SW}/{path}"


def test_card_options_redraw_the_scorecard(client, sw):
    info = client.get(sw("card")).json()
    assert info["matches"] == 6 and info["options"]["scuttle"] == "only_if_nothing_scores"
    assert 280 < info["par"]["mean"] < 290
    six = client.post(sw("card"), json={}).json()["svg"]
    three = client.post(sw("card"), json={"matches": 3, "show_par": True,
                                          "options": {"scuttle": "any", "manners": True}})
    assert three.status_code == 200
    view = three.json()
    assert view["svg"] != six and view["options"]["scuttle"] == "any"
    assert view["options"]["manners"] is True
    pdf = PdfReader(BytesIO(client.get(sw("download/scorecard.pdf")).content))
    assert "PAR" in pdf.pages[0].extract_text()
    for bad in ({"matches": 9}, {"show_par": "yes"}, {"options": {"scuttle": "never"}},
                {"options": {"piracy": True}}, {"options": {"columns": 0}}):
        r = client.post(sw("card"), json=bad)
        assert r.status_code == 400, bad


def test_a_solitaire_game_follows_the_rules_and_the_advisor(client, sw):
    assert client.post(sw("game/keep"), json={"keep": []}).status_code == 409
    view = client.post(sw("game"), json={"seed": 5}).json()
    assert view["advisor"] and view["turn"] == 1 and view["rolls_left"] == 2
    values = [k["value"] for k in view["keeps"]]
    assert values == sorted(values, reverse=True) and len(values) > 5
    assert client.post(sw("game/keep"), json={"keep": [7]}).status_code == 409
    moves = 0
    while not view["over"]:
        if view["rolls_left"] and view["keeps"][0]["label"] != "all (stand)":
            view = client.post(sw("game/keep"), json={"keep": view["keeps"][0]["keep"]}).json()
        else:
            allowed = set(view["allowed"])
            assert {f["box"] for f in view["fills"]} <= allowed | {None}
            view = client.post(sw("game/fill"), json={"box": view["fills"][0]["box"]}).json()
        moves += 1
    assert moves >= 16 and len(view["filled"]) == 16
    card = default_card()
    assert view["total"] == derive(card, view["filled"], view["joker_marks"])[card.total]
    r = client.post(sw("game/fill"), json={"box": "ones"})
    assert r.status_code == 409 and "over" in r.json()["error"]


def test_the_strict_scuttle_reading_refuses_a_zero_where_dice_score():
    game = Solitaire(default_card(), 3, None)
    game.dice = [2, 3, 4, 5, 6]  # scores in many boxes, nothing in Aces High
    assert "aces_high" not in game.allowed_boxes()
    with pytest.raises(ValueError, match="strict scuttle"):
        game.fill("aces_high")
    loose = Solitaire(default_card().with_options(scuttle="any"), 3, None)
    loose.dice = [2, 3, 4, 5, 6]
    assert loose.fill("aces_high")["points"] == 0


def test_piracy_re_rolls_and_scores_the_re_roll():
    game = Solitaire(default_card(), 11, None)
    game.dice = [2, 3, 4, 5, 6]
    done = game.fill("piracy")
    assert done["reroll"] and done["points"] == default_card().score(
        [2, 3, 4, 5, 6], "piracy", reroll=done["reroll"])


# ------------------------------------------------------------------ in the browser

_ADVISED = """(() => {
  if (!document.getElementById('sw-result').hidden) return null;
  const keep = document.querySelector('#sw-keeps li:first-child button');
  const fill = document.querySelector('#sw-fills li:first-child button');
  return keep && !keep.innerText.includes('all (stand)') ? keep : fill;
})()"""
"""The advisor's first choice (its best keep, else its best box: standing with every die
is a box to fill), none once the game is over."""


def _cards(d) -> int:
    return int(d.execute_script("return document.body.dataset.cards || '0'"))


def _moves(d) -> int:
    return int(d.execute_script("return document.body.dataset.moves || '0'"))


def test_swashbuckle_page_card_and_a_whole_game(desktop, live_server):
    d = desktop
    open_page(d, live_server, "swashbuckle")
    wait(d, lambda d: css(d, "#sw-card svg"), what="the scorecard")
    before = _cards(d)
    by_id(d, "sw-matches").clear()
    by_id(d, "sw-matches").send_keys("3")
    by_id(d, "sw-par").click()
    wait(d, lambda d: _cards(d) > before and "par line" in by_id(d, "sw-card-caption").text,
         what="the redrawn card")
    shot(d, "swashbuckle-01-card")
    started = time.time() - 1
    by_id(d, "sw-dl-card").click()
    assert "PAR" in PdfReader(BytesIO(downloaded(d, ".pdf", since=started).read_bytes())
                              ).pages[0].extract_text()

    by_id(d, "sw-seed").send_keys("5")
    seen = _moves(d)
    by_id(d, "sw-new").click()
    until(d, f"{counter('moves')} !== args[0]", seen, timeout=90, what="a new game")
    assert len(css(d, "#sw-dice .die")) == 5 and css(d, "#sw-keeps li")
    evs = [float(b.get_attribute("data-value")) for b in css(d, "#sw-keeps button")]
    assert evs == sorted(evs, reverse=True)
    shot(d, "swashbuckle-02-advisor")
    # Hold two dice by clicking them, re-roll the others.
    css(d, "#sw-dice .die")[0].click()
    css(d, "#sw-dice .die")[1].click()  # (the dice are redrawn on each click)
    kept = sorted(int(x.text) for x in css(d, "#sw-dice .die.held"))
    seen = _moves(d)
    by_id(d, "sw-reroll").click()
    until(d, f"{counter('moves')} !== args[0]", seen, what="the re-roll")
    after = [int(x.text) for x in css(d, "#sw-dice .die")]
    assert all(after.count(v) >= kept.count(v) for v in kept)
    # Then follow the advisor's first choice to the end of the game (found, clicked as a
    # user would and its answer awaited in one call to the page: `in_page.press`).
    for _ in range(80):
        if not press(d, _ADVISED, counter("moves"), what="the advisor's move"):
            break
    assert "Final score" in by_id(d, "sw-result").text
    shot(d, "swashbuckle-03-game-over")


def test_swashbuckle_page_at_phone_width(phone, live_server):
    d = phone
    open_page(d, live_server, "swashbuckle")
    wait(d, lambda d: css(d, "#sw-card svg"), what="the scorecard")
    shot(d, "swashbuckle-phone-01")
    seen = _moves(d)
    by_id(d, "sw-new").click()
    until(d, f"{counter('moves')} !== args[0]", seen, timeout=90, what="a new game")
    assert reachable(d, css(d, "#sw-dice .die")[0])
    assert reachable(d, css(d, "#sw-keeps button")[0])
    shot(d, "swashbuckle-phone-02-game")
