"""Studio fixtures: an app per test module, and a real server on a free loopback port."""

from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

SEED = 7


@pytest.fixture()
def client():
    from starlette.testclient import TestClient

    from sheetgen.studio.app import create_app

    with TestClient(create_app()) as c:
        yield c


@pytest.fixture()
def session(client):
    """A session id with the seed-7 island made."""
    sid = client.post("/api/session").json()["session"]
    r = client.post(f"/api/s/{sid}/island", json={"seed": SEED, "difficulty": "normal"})
    assert r.status_code == 200, r.text
    return sid


@pytest.fixture(scope="module")
def live_server():
    """uvicorn serving the studio in a thread; yields its URL."""
    import uvicorn

    from sheetgen.studio.app import create_app
    from sheetgen.studio.server import bind, url_of

    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the studio server did not start"
    yield url_of(sock)
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """One headless Chromium for all studio browser tests (skipped when not installed)."""
    pytest.importorskip("selenium.webdriver")
    from helpers.browser import DESKTOP, HAVE_CHROMIUM, start_browser, viewport

    if not HAVE_CHROMIUM:
        pytest.skip("Debian's chromium and chromium-driver are not installed "
                    "(scripts/setup.sh test)")
    driver = start_browser(tmp_path_factory.mktemp("downloads"),
                           tmp_path_factory.mktemp("chromium-profile"))
    viewport(driver, DESKTOP)
    yield driver
    driver.quit()


@pytest.fixture()
def desktop(browser):
    from helpers.browser import DESKTOP, viewport

    viewport(browser, DESKTOP)
    return browser


@pytest.fixture()
def phone(browser):
    from helpers.browser import DESKTOP, PHONE, viewport

    viewport(browser, PHONE)
    yield browser
    viewport(browser, DESKTOP)
