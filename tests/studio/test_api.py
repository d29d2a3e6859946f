"""The studio's JSON API through Starlette's test client."""

from __future__ import annotations

import json

import yaml

from sheetgen.games.captains_curse.gamelog import replay
from sheetgen.games.captains_curse.island import island_from_dict, validate_island
from sheetgen.games.captains_curse.ruleset import Ruleset

CC = "g/captains-curse"  # Captain's Curse routes, below /api/s/<session>/


def _events(client, sid: str, kind: str) -> list[dict]:
    out = []
    with client.stream("GET", f"/api/s/{sid}/{CC}/jobs/{kind}/events") as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith("data: "):
                out.append(json.loads(line[6:]))
    return out


def test_page_and_assets_are_served_from_the_package(client):
    page = client.get("/")
    assert page.status_code == 200 and "sheetgen studio" in page.text
    assert "http" not in page.text.replace("http://www.w3.org", "")  # no CDN
    for asset in ("studio.js", "studio.css"):
        assert client.get(f"/static/{asset}").status_code == 200
    for asset in ("page.html", "page.js", "page.css"):
        r = client.get(f"/pages/captains-curse/{asset}")
        assert r.status_code == 200 and "http" not in r.text.replace("http://www.w3.org", "")


def test_the_page_list_comes_from_the_registry(client):
    from sheetgen import registry

    pages = client.get("/api/pages").json()["pages"]
    names = [p["name"] for p in pages]
    with_pages = [g.name for g in registry.games().values() if g.studio]
    assert names[:len(with_pages)] == with_pages and "captains-curse" in names
    cc = pages[names.index("captains-curse")]
    assert cc["title"] == "Captain's Curse" and "Aramini" in cc["credit"]


def test_a_new_game_page_appears_without_a_studio_edit(tmp_path, monkeypatch):
    """A toy game whose GAME names a studio module: listed, assets served, routes answer."""
    import sys

    from helpers.studio import studio_client

    from sheetgen import registry
    from sheetgen.registry import Game

    pkg = tmp_path / "toy_studio_page"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from sheetgen.studio_contract import Page, Route, whole\n"
        "def add(call):\n"
        "    call.state['n'] = call.state.get('n', 0) + whole(call.body, 'k', 1, 0, 9)\n"
        "    return {'n': call.state['n']}\n"
        "PAGE = Page(title='Toy', summary='a toy', routes=(Route('POST', 'add', add),))\n")
    (pkg / "page.html").write_text("<p id='toy'>toy</p>")
    monkeypatch.syspath_prepend(str(tmp_path))
    toy = Game(id="toy_game", title="Toy", studio="toy_studio_page")
    monkeypatch.setattr(registry, "_GAMES", {**registry.games(), "toy_game": toy})
    try:
        with studio_client() as c:
            assert "toy-game" in [p["name"] for p in c.get("/api/pages").json()["pages"]]
            assert c.get("/pages/toy-game/page.html").text == "<p id='toy'>toy</p>"
            sid = c.post("/api/session").json()["session"]
            assert c.post(f"/api/s/{sid}/g/toy-game/add", json={"k": 2}).json() == {"n": 2}
            assert c.post(f"/api/s/{sid}/g/toy-game/add", json={}).json() == {"n": 3}
            assert c.post(f"/api/s/{sid}/g/toy-game/add", json={"k": 99}).status_code == 400
    finally:
        sys.modules.pop("toy_studio_page", None)


def test_make_returns_the_map_svg_and_its_geometry(client, session):
    view = client.get(f"/api/s/{session}/{CC}/island").json()
    assert view["svg"].startswith("<svg") and view["seed"] == 7
    g = view["geometry"]
    assert len(g["spaces"]) == 36 and len(g["columns"]) == 6
    for space in g["spaces"]:
        xs = [p[0] for p in space["outline"]]
        ys = [p[1] for p in space["outline"]]
        assert 0 <= min(xs) and max(xs) <= view["width"]
        assert 0 <= min(ys) and max(ys) <= view["height"]
    assert not view["can_undo"] and view["verified"] is None


def test_same_seed_same_island_and_fresh_seed_when_none(client):
    sid = client.post("/api/session").json()["session"]
    a = client.post(f"/api/s/{sid}/{CC}/island", json={"seed": 123}).json()
    b = client.post(f"/api/s/{sid}/{CC}/island", json={"seed": 123}).json()
    assert a["svg"] == b["svg"]
    c = client.post(f"/api/s/{sid}/{CC}/island", json={}).json()
    assert isinstance(c["seed"], int)


def test_sessions_are_independent(client, session):
    other = client.post("/api/session").json()["session"]
    assert client.get(f"/api/s/{other}/{CC}/island").status_code == 409  # no island there
    client.post(f"/api/s/{session}/{CC}/edit", json={"kind": "rename", "text": "Mine"})
    assert client.get(f"/api/s/{session}/{CC}/island").json()["name"] == "Mine"
    client.post(f"/api/s/{other}/{CC}/island", json={"seed": 8})
    assert client.get(f"/api/s/{other}/{CC}/island").json()["name"] != "Mine"


def test_edit_undo_redo(client, session):
    before = client.get(f"/api/s/{session}/{CC}/island").json()
    spaces = before["geometry"]["spaces"]
    a = spaces[0]
    b = next(s for s in spaces if s["symbol"] != a["symbol"])
    r = client.post(f"/api/s/{session}/{CC}/edit", json={"kind": "swap_symbols", "space": a["id"],
                                                    "other": b["id"], "symbol": b["symbol"]})
    assert r.status_code == 200
    after = r.json()
    assert after["can_undo"] and after["svg"] != before["svg"]
    undone = client.post(f"/api/s/{session}/{CC}/history/undo").json()
    assert undone["svg"] == before["svg"] and undone["can_redo"]
    redone = client.post(f"/api/s/{session}/{CC}/history/redo").json()
    assert redone["svg"] == after["svg"]


def test_a_bad_edit_is_a_422_with_the_validator_message(client, session):
    view = client.get(f"/api/s/{session}/{CC}/island").json()
    a = view["geometry"]["spaces"][0]
    other = next(s for s in view["geometry"]["symbols"] if s != a["symbol"])
    r = client.post(f"/api/s/{session}/{CC}/edit",
                    json={"kind": "set_symbol", "space": a["id"], "symbol": other})
    assert r.status_code == 422
    assert "R2" in r.json()["error"] and r.json()["rejected"]
    assert client.get(f"/api/s/{session}/{CC}/island").json()["svg"] == view["svg"]


def test_lines_with_an_inland_end_name_the_spaces_they_wait_for(client, session):
    view = client.get(f"/api/s/{session}/{CC}/island").json()
    spaces = {s["id"] for s in view["geometry"]["spaces"]}
    waiting = [line for line in view["geometry"]["lines"] if line["waits_for"]]
    assert waiting, "a normal islands/2 island has inland ends"
    for line in waiting:
        assert set(line["waits_for"]) <= spaces - set(line["region"])
    assert any(not line["waits_for"] for line in view["geometry"]["lines"])


def test_hiding_sink_lines_redraws_the_map(client, session):
    view = client.get(f"/api/s/{session}/{CC}/island").json()
    ids = [line["id"] for line in view["geometry"]["lines"]]
    hidden = client.post(f"/api/s/{session}/{CC}/lines", json={"hidden": ids[:3]}).json()
    assert hidden["hidden_lines"] == sorted(ids[:3])
    assert len(hidden["svg"]) < len(view["svg"])
    r = client.post(f"/api/s/{session}/{CC}/lines", json={"hidden": ["nope"]})
    assert r.status_code == 400


def test_verify_streams_progress_to_a_verdict_on_fresh_dice(client, session):
    r = client.post(f"/api/s/{session}/{CC}/verify", json={"difficulty": "normal"})
    assert r.status_code == 200
    events = _events(client, session, "verify")
    games = [e.get("games", 0) for e in events]
    assert games == sorted(games) and games[-1] >= 48
    last = events[-1]
    assert last["state"] == "done" and last["verdict"] in ("passed", "failed")
    assert last["seed"] != 20261122  # not the verification dice of the generator
    view = client.get(f"/api/s/{session}/{CC}/island").json()
    assert view["verified"]["games"] == last["games"]


def test_verify_can_be_cancelled(client, session):
    client.post(f"/api/s/{session}/{CC}/verify", json={"difficulty": "hard"})
    client.post(f"/api/s/{session}/{CC}/jobs/verify/cancel")
    events = _events(client, session, "verify")
    assert events[-1]["state"] in ("cancelled", "done")


def test_a_whole_game_through_the_api_replays(client, session):
    view = client.post(f"/api/s/{session}/{CC}/game", json={"seed": 42}).json()
    assert view["seed"] == 42 and view["phase"] == "roll"
    for _ in range(2000):
        if view["phase"] == "over":
            break
        if view["phase"] == "roll":
            view = client.post(f"/api/s/{session}/{CC}/game/roll").json()
        else:
            view = client.post(f"/api/s/{session}/{CC}/game/move",
                               json={"index": view["moves"][-1]["index"]}).json()
    assert view["phase"] == "over" and "score" in view["result"]
    r = client.get(f"/api/s/{session}/{CC}/game/log")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    report = replay(r.json())
    assert report.ok, report.describe()


def test_illegal_game_requests_are_4xx(client, session):
    assert client.post(f"/api/s/{session}/{CC}/game/move", json={"index": 0}).status_code == 409
    client.post(f"/api/s/{session}/{CC}/game", json={"seed": 1})
    assert client.post(f"/api/s/{session}/{CC}/game/move", json={"index": 0}).status_code == 409
    client.post(f"/api/s/{session}/{CC}/game/roll")
    assert client.post(f"/api/s/{session}/{CC}/game/move", json={"index": 9999}).status_code == 409
    assert client.post(f"/api/s/{session}/{CC}/game/move", json={"index": "x"}).status_code == 400
    assert client.post(f"/api/s/{session}/{CC}/game/fly").status_code == 404
    assert client.get(f"/api/s/{session}/{CC}/game/log").status_code == 409


def test_downloads(client, session):
    from io import BytesIO

    from pypdf import PdfReader

    island = client.get(f"/api/s/{session}/{CC}/download/island.yaml")
    assert island.status_code == 200
    data = yaml.safe_load(island.text)
    validate_island(island_from_dict(data), Ruleset())
    pdf = client.get(f"/api/s/{session}/{CC}/download/sheet.pdf?paper=letter")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    reader = PdfReader(BytesIO(pdf.content))
    assert len(reader.pages) == 1
    assert round(float(reader.pages[0].mediabox.width)) == 612
    assert data["name"] in reader.pages[0].extract_text()
    assert client.get(f"/api/s/{session}/{CC}/download/..%2F..%2Fetc%2Fpasswd").status_code == 404
    assert client.get(f"/api/s/{session}/{CC}/download/pad.pdf").status_code == 409


def test_pad_job(client, session):
    from io import BytesIO

    from pypdf import PdfReader

    r = client.post(f"/api/s/{session}/{CC}/pad", json={"count": 2})
    assert r.status_code == 200
    events = _events(client, session, "pad")
    assert events[-1]["state"] == "done" and events[-1]["done"] == 2
    pdf = client.get(f"/api/s/{session}/{CC}/download/pad.pdf")
    assert len(PdfReader(BytesIO(pdf.content)).pages) == 2


def test_bad_parameters_are_4xx_json(client, session):
    bad = [
        ("post", "/api/s/nope/g/captains-curse/island", {"seed": 1}, 404),
        ("post", f"/api/s/{session}/{CC}/island", {"seed": -1}, 400),
        ("post", f"/api/s/{session}/{CC}/island", {"seed": "abc"}, 400),
        ("post", f"/api/s/{session}/{CC}/island", {"difficulty": "deadly"}, 400),
        ("post", f"/api/s/{session}/{CC}/island", {"space_size": 9000}, 400),
        ("post", f"/api/s/{session}/{CC}/pad", {"count": 10_000}, 400),
        ("post", f"/api/s/{session}/{CC}/edit", {"kind": 3}, 422),
        ("get", f"/api/s/{session}/{CC}/jobs/mine/events", None, 409),
        ("get", f"/api/s/{session}/g/no-such-game/jobs/verify/events", None, 404),
        ("get", "/pages/captains-curse/..%2Fdesk.py", None, 404),
        ("get", "/pages/captains-curse/desk.py", None, 404),
        ("get", "/pages/no-such-game/page.js", None, 404),
        ("post", f"/api/s/{session}/{CC}/verify", {"difficulty": 1}, 400),
    ]
    for method, path, body, status in bad:
        r = client.request(method.upper(), path, json=body)
        assert r.status_code == status, (path, body, r.text)
        assert "error" in r.json()
    r = client.post(f"/api/s/{session}/{CC}/island", content=b"{not json",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]


def test_a_verify_waiting_for_a_worker_says_queued_and_takes_the_island_band(client):
    from sheetgen.studio import jobs

    sid = client.post("/api/session").json()["session"]
    client.post(f"/api/s/{sid}/{CC}/island", json={"seed": 11, "difficulty": "hard"})
    held = 0
    try:
        for _ in range(jobs.MAX_CONCURRENT_JOBS):
            jobs._SLOTS.acquire()
            held += 1
        first = client.post(f"/api/s/{sid}/{CC}/verify", json={}).json()
        assert first["state"] == "queued"
    finally:
        for _ in range(held):
            jobs._SLOTS.release()
    with client.stream("GET", f"/api/s/{sid}/{CC}/jobs/verify/events") as r:
        for line in r.iter_lines():
            if line.startswith("data: ") and "band" in (event := json.loads(line[6:])):
                break
    client.post(f"/api/s/{sid}/{CC}/jobs/verify/cancel")
    assert event["band"] == "hard" and event["max_games"] == 160
