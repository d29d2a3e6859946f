"""Studio fixtures: an app per test, and a real server on a free loopback port.

The studio refuses requests without its launch token (sheetgen/studio/guard.py): the test
client sends it the way the page does (the X-Studio-Token header), and the live server's URL
carries it as `sheetgen studio` prints it.
"""

from __future__ import annotations

import pytest
from helpers.studio import start_live_server, stop_live_server, studio_client

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

SEED = 7
CC = "g/captains-curse"


@pytest.fixture()
def client():
    with studio_client() as c:
        yield c


@pytest.fixture()
def session(client):
    """A session id with the seed-7 island made."""
    sid = client.post("/api/session").json()["session"]
    r = client.post(f"/api/s/{sid}/{CC}/island", json={"seed": SEED, "difficulty": "normal"})
    assert r.status_code == 200, r.text
    return sid


@pytest.fixture(scope="module")
def live_server():
    """uvicorn serving the studio in a thread; yields a LiveServer (str() is the URL)."""
    live = start_live_server()
    yield live
    stop_live_server(live)


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
