"""The Black Dice quest designer: API (open, edit, faults at their line, balance job,
variants, downloads) and headless Chromium at desktop and phone widths."""

from __future__ import annotations

import json
import time
from io import BytesIO

import pytest
import yaml
from helpers.browser import by_id, css, downloaded, open_page, reachable, shot, wait
from in_page import cancel_while_queued, counter, until
from pypdf import PdfReader

from sheetgen.games.black_dice.balance import win_rates
from sheetgen.games.black_dice.quest import load_quest

pytestmark = pytest.mark.slow  # drives Chromium

BD = "g/black-dice"


@pytest.fixture()
def bd(client):
    sid = client.post("/api/session").json()["session"]
    return lambda path: f"/api/s/{sid}/{BD}/{path}"


def _events(client, url):
    out = []
    with client.stream("GET", url) as r:
        for line in r.iter_lines():
            if line.startswith("data: "):
                out.append(json.loads(line[6:]))
    return out


def test_open_edit_and_faults_at_their_line(client, bd):
    assert client.get(bd("quest")).status_code == 409
    cat = client.get(bd("catalogue")).json()
    assert [q["id"] for q in cat["bundled"]] == ["treasure", "kraken", "armada", "dutchman"]
    assert cat["rewards"]["gold"] == "count" and "ship_damage" in cat["penalties"]
    view = client.post(bd("open"), json={"id": "kraken"}).json()
    assert view["svg"].startswith("<svg") and not view["errors"]
    assert view["data"]["enemy"] == "kraken"
    data = view["data"]
    data["fields"]["map"]["penalty"] = [{"ship_damage": "x"}]
    bad = client.post(bd("quest"), json={"data": data}).json()
    (fault,) = bad["errors"]
    assert "ship_damage" in fault["message"] and fault["line"] > 0
    assert fault["source"].strip() == "- ship_damage: x"
    assert bad["text"].splitlines()[fault["line"] - 1] == fault["source"]
    assert client.get(bd("download/quest.yaml")).status_code == 422  # never a bad file
    data["fields"]["map"]["penalty"] = [{"ship_damage": 3}]
    data["name"] = "The Hunt for the Sea Snake"
    good = client.post(bd("quest"), json={"data": data}).json()
    assert not good["errors"] and good["svg"] != view["svg"]
    text = client.get(bd("download/quest.yaml")).text
    saved = yaml.safe_load(text)
    assert saved["name"] == "The Hunt for the Sea Snake"
    assert saved["fields"]["map"]["penalty"] == [{"ship_damage": 3}]
    pdf = PdfReader(BytesIO(client.get(bd("download/tile.pdf")).content))
    assert "Sea Snake" in pdf.pages[0].extract_text()
    sw = client.post(bd("quest"), json={"data": data, "rules_yaml": "blocked_at_start: [map"})
    assert "special rules" in sw.json()["errors"][0]["message"]


def test_balance_streams_and_matches_verify(client, bd):
    client.post(bd("open"), json={"id": "treasure"})
    r = client.post(bd("balance"), json={"players": [2, 3], "n": 30, "low": 0.3, "high": 0.9})
    assert r.status_code == 200
    events = _events(client, bd("jobs/balance/events"))
    assert events[-1]["state"] == "done"
    done = [e.get("done") for e in events if e.get("done") is not None]
    assert done == sorted(done) and done[-1] == 60 and len(set(done)) > 2  # live progress
    rows = events[-1]["rows"]
    expected = win_rates(load_quest("treasure"), (2, 3), 30, 1, "greedy", 1)
    for count, p in expected.items():
        row = rows[str(count)]
        assert (row["wins"], row["games"]) == (p.wins, p.n)
        assert row["low"] == pytest.approx(p.low) and row["high"] == pytest.approx(p.high)
    view = client.get(bd("quest")).json()
    assert view["balance"]["rows"] == rows
    for bad in ({"players": [5]}, {"players": []}, {"n": 5}, {"low": 0.7, "high": 0.6}):
        assert client.post(bd("balance"), json=bad).status_code == 400, bad


def test_variants_side_by_side(client, bd):
    data = client.post(bd("open"), json={"id": "treasure"}).json()["data"]
    client.post(bd("variants"), json={"name": "as printed"})
    data["gold_pool"] = {2: 8, 3: 16, 4: 24}
    client.post(bd("quest"), json={"data": data})
    view = client.post(bd("variants"), json={"name": "smaller chest"}).json()
    assert [v["name"] for v in view["variants"]] == ["as printed", "smaller chest"]
    back = client.post(bd("variants/open"), json={"index": 0}).json()
    assert back["data"]["gold_pool"] == {"2": 10, "3": 20, "4": 30} or \
        back["data"]["gold_pool"] == {2: 10, 3: 20, 4: 30}
    assert client.post(bd("variants/drop"), json={"index": 1}).json()["variants"][0]["name"] \
        == "as printed"
    assert client.post(bd("variants/open"), json={"index": 5}).status_code == 404


# ------------------------------------------------------------------ in the browser

def _count(d, key):
    return int(d.execute_script(f"return document.body.dataset.{key} || '0'"))


def test_quest_designer_in_the_browser(desktop, live_server):
    d = desktop
    open_page(d, live_server, "black-dice")
    d.execute_script("arguments[0].value = 'kraken'", by_id(d, "bd-bundled"))
    seen = _count(d, "quests")
    by_id(d, "bd-start").click()
    wait(d, lambda d: _count(d, "quests") != seen and css(d, "#bd-tile svg"), what="the tile")
    shot(d, "black-dice-01-kraken")
    # Edit: rename the enemy and raise a penalty; the tile is re-drawn.
    before = css(d, "#bd-tile svg")[0].get_attribute("outerHTML")
    seen = _count(d, "quests")
    by_id(d, "bd-enemy").clear()
    by_id(d, "bd-enemy").send_keys("sea snake")
    until(d, f"{counter('quests')} !== args[0]", seen, what="the edit")
    assert css(d, "#bd-tile svg")[0].get_attribute("outerHTML") != before
    # A count the reader refuses is shown with its line of the quest file.
    amount = css(d, "[data-list='flag.penalty'] .bd-effect input")[0]
    seen = _count(d, "quests")
    amount.clear()
    amount.send_keys("12")
    wait(d, lambda d: _count(d, "quests") != seen and css(d, "#bd-errors .error"),
         what=f"the fault (status: {by_id(d, 'status').text})")
    assert "line" in css(d, "#bd-errors .error")[0].text
    shot(d, "black-dice-02-fault")
    seen = _count(d, "quests")
    amount.clear()
    amount.send_keys("2")
    wait(d, lambda d: _count(d, "quests") != seen and not css(d, "#bd-errors .error"),
         what="the fix")
    # Balance for 2 and 3 players, small, streamed to a verdict.
    css(d, ".bd-players[value='4']")[0].click()
    by_id(d, "bd-n").clear()
    by_id(d, "bd-n").send_keys("40")
    # Cancelled while it waits for a worker, before any progress: a still, empty bar, not
    # an indeterminate one that keeps moving (and redrawing) after "cancelled".
    seen = _count(d, "balanced")
    cancel_while_queued(d, "bd-run", "bd-cancel", "the balance check")
    until(d, f"{counter('balanced')} !== args[0]", seen, what="the cancelled balance check")
    assert by_id(d, "bd-progress-text").text == "cancelled"
    assert d.execute_script("return document.getElementById('bd-progress').hasAttribute('value')")
    seen = _count(d, "balanced")
    by_id(d, "bd-run").click()
    until(d, f"{counter('balanced')} !== args[0]", seen, timeout=120,
          what="the balance check")
    assert len(css(d, "table.bd-rates tr[data-players]")) == 2 and css(d, "#bd-verdict")
    shot(d, "black-dice-03-balance")
    by_id(d, "bd-variant-name").send_keys("sea snake")
    by_id(d, "bd-keep").click()
    wait(d, lambda d: css(d, "[data-variant='0']"), what="the variant")
    started = time.time() - 1
    by_id(d, "bd-dl-quest").click()
    quest = yaml.safe_load(downloaded(d, ".yaml", since=started).read_text())
    assert quest["enemy"] == "sea snake"
    shot(d, "black-dice-04-variant")


def test_quest_designer_at_phone_width(phone, live_server):
    d = phone
    open_page(d, live_server, "black-dice")
    seen = _count(d, "quests")
    by_id(d, "bd-start").click()
    wait(d, lambda d: _count(d, "quests") != seen and css(d, "#bd-tile svg"), what="the tile")
    shot(d, "black-dice-phone-01")
    assert reachable(d, by_id(d, "bd-run"))
    assert reachable(d, css(d, "[data-list='map.reward'] select")[0])
    shot(d, "black-dice-phone-02-form")
