"""Shipwrecked!'s studio page: the pad's print options (the game's own pad options), the pad
made as a job with page previews, the simulator's figures; API and browser."""

from __future__ import annotations

import json
import time
from io import BytesIO

import pytest
from helpers.browser import by_id, css, downloaded, open_page, reachable, shot
from in_page import counter, until
from pypdf import PdfReader

from sheetgen import registry
from sheetgen.games.shipwrecked.providers import length

pytestmark = pytest.mark.slow  # drives Chromium

SH = "g/shipwrecked"


@pytest.fixture()
def sh(client):
    sid = client.post("/api/session").json()["session"]
    return lambda path: f"/api/s/{sid}/{SH}/{path}"


def test_print_options_are_the_pads_and_the_pad_is_made(client, sh):
    spec = client.get(sh("info")).json()["options"]
    assert [o["flag"] for o in spec] == [o.flag for o in registry.get("shipwrecked").pad_options]
    for bad in ({"score_cards": 999}, {"paper": "a3"}, {"seed": "x"}, {"tile_mm": 10}):
        assert client.post(sh("pad"), json={"options": bad}).status_code == 400, bad
    assert client.get(sh("pad")).status_code == 409
    assert client.post(sh("pad"), json={"options": {"score_cards": 8, "seed": 3}}).status_code \
        == 200
    with client.stream("GET", sh("jobs/pad/events")) as r:
        states = [json.loads(line[6:])["state"] for line in r.iter_lines()
                  if line.startswith("data: ")]
    assert states[-1] == "done"
    pad = client.get(sh("pad")).json()
    pdf = client.get(sh("download/pad.pdf")).content
    assert len(PdfReader(BytesIO(pdf)).pages) == pad["pages"] == len(pad["previews"])
    from sheetgen.games.shipwrecked.pad import build_pad

    assert build_pad(seed=3, score_cards=8)[0] == pdf  # the command's pad, byte for byte


def test_the_figures_are_the_rules_cards(client, sh):
    figures = client.get(sh("figures")).json()
    assert figures["length"] == length()
    assert figures["strategy"]["best"] in ("greedy", "contest", "concentrate", "deny", "spread")


def _pads(d):
    return int(d.execute_script("return document.body.dataset.pads || '0'"))


def test_shipwrecked_page_in_the_browser(desktop, live_server):
    d = desktop
    open_page(d, live_server, "shipwrecked")
    until(d, "document.body.dataset.figures === '1'", timeout=120,
          what="the simulator's figures")
    assert "captain rolls" in by_id(d, "sh-figures-body").text
    by_id(d, "sh-opt-score_cards").clear()
    by_id(d, "sh-opt-score_cards").send_keys("8")
    seen = _pads(d)
    by_id(d, "sh-make").click()
    until(d, f"{counter('pads')} !== args[0]", seen, timeout=120, what="the pad")
    assert len(css(d, "#sh-pages img")) >= 4
    shot(d, "shipwrecked-01-pad")
    started = time.time() - 1
    by_id(d, "sh-dl").click()
    assert len(PdfReader(BytesIO(downloaded(d, ".pdf", since=started).read_bytes())).pages) >= 4


def test_shipwrecked_page_at_phone_width(phone, live_server):
    d = phone
    open_page(d, live_server, "shipwrecked")
    assert reachable(d, by_id(d, "sh-make"))
    shot(d, "shipwrecked-phone-01")
