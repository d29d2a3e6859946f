"""The studio in a real browser: Debian's headless Chromium driven by selenium.

Each step saves a screenshot (in $SHEETGEN_SCREENSHOTS, default output/studio-screenshots)
so a person can look at what a user sees.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from io import BytesIO
from pathlib import Path

import pytest

webdriver = pytest.importorskip("selenium.webdriver")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
pytestmark = pytest.mark.skipif(
    not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
    reason="Debian's chromium and chromium-driver are not installed (scripts/setup.sh test)")

SHOTS = Path(os.environ.get("SHEETGEN_SCREENSHOTS",
                            Path(__file__).resolve().parents[2] / "output" /
                            "studio-screenshots"))


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    downloads = tmp_path_factory.mktemp("downloads")
    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1400,1000",
                f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": str(downloads)})
    driver.downloads = downloads
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


def wait(driver, predicate, timeout=30.0, what="the page"):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(
        lambda d: predicate(d), message=f"waited {timeout} s for {what}")


def by_id(driver, name):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, name)


def css(driver, selector):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def shot(driver, name):
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def downloaded(driver, suffix, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done = [p for p in driver.downloads.iterdir() if p.name.endswith(suffix)]
        if done:
            return done[0]
        time.sleep(0.1)
    raise AssertionError(f"no {suffix} download appeared")


def test_make_edit_verify_play_and_print(browser, live_server):
    from selenium.common.exceptions import TimeoutException

    d = browser
    d.get(live_server)
    wait(d, lambda d: d.execute_script("return document.body.dataset.ready") == "1")

    # Make.
    by_id(d, "seed").send_keys("7")
    by_id(d, "make").click()
    wait(d, lambda d: len(css(d, "#overlay polygon.space")) == 36, what="the island")
    assert "seed 7" in by_id(d, "map-caption").text
    shot(d, "01-made")

    # Edit: a single symbol change breaks R2 and is rejected next to the map.
    spaces = css(d, "#overlay polygon.space")
    first = spaces[0]
    first_id = first.get_attribute("data-space")
    d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                     first)
    wait(d, lambda d: by_id(d, "space-editor").is_displayed(), what="the space editor")
    current = by_id(d, "symbol").get_attribute("value")
    options = [o.get_attribute("value") for o in css(d, "#symbol option")]
    target = next(o for o in options if o != current)
    d.execute_script("arguments[0].value = arguments[1]", by_id(d, "symbol"), target)
    by_id(d, "set-symbol").click()
    wait(d, lambda d: by_id(d, "edit-error").is_displayed(), what="the rejection")
    assert "R2" in by_id(d, "edit-error").text
    shot(d, "02-rejected")

    # A swap keeps the counts: accepted, and undo is offered.
    by_id(d, "swap-symbol").click()
    partner = next(p for p in css(d, "#overlay polygon.space")
                   if target in p.find_element("tag name", "title").get_attribute(
                       "textContent") and p.get_attribute("data-space") != first_id)
    d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                     partner)
    wait(d, lambda d: by_id(d, "undo").is_enabled(), what="the accepted swap")
    assert not by_id(d, "edit-error").is_displayed()
    shot(d, "03-swapped")

    # Verify on fresh dice, to a verdict.
    by_id(d, "verify").click()
    wait(d, lambda d: css(d, "#verify-verdict"), timeout=90, what="the verdict")
    assert "Verdict" in by_id(d, "verify-verdict").text
    assert "games, expert won" in by_id(d, "verify-text").text
    shot(d, "04-verified")

    # Play a whole game by clicking only what the page offers.
    by_id(d, "new-game").click()
    wait(d, lambda d: by_id(d, "roll").is_enabled(), what="a new game")

    def updates():
        return int(d.execute_script("return document.body.dataset.updates || '0'"))

    def answered(seen, timeout):
        wait(d, lambda d: updates() != seen, timeout=timeout, what="the move's answer")

    for clicks in range(1, 400):
        if css(d, "#final-score"):
            break
        seen = updates()
        if by_id(d, "roll").is_enabled():
            by_id(d, "roll").click()
        else:
            # What a player clicks: a green grid cell, a green space, a red line, else a
            # listed choice (a pass, or which die when two fit one cell).
            targets = (css(d, "#overlay rect.cell.target") or css(d, "#overlay .space.target")
                       or css(d, "#overlay .line-hit.target") or css(d, "#choices button"))
            assert targets, "the page offers nothing to click in the middle of a game"
            d.execute_script(
                "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                targets[0])
        try:
            answered(seen, 2)
        except TimeoutException:
            # Two dice fit the clicked cell: the page lists both; take the first.
            css(d, "#choices button")[0].click()
            answered(seen, 10)
        if clicks == 12:
            shot(d, "05-playing")
    wait(d, lambda d: css(d, "#final-score"), what="the end of the game")
    shot(d, "06-game-over")

    # The downloaded log is accepted by `sheetgen replay`.
    by_id(d, "game-log").click()
    log_path = downloaded(d, ".json")
    from click.testing import CliRunner

    from sheetgen.cli import main

    result = CliRunner().invoke(main, ["captains-curse", "replay", str(log_path)])
    assert result.exit_code == 0, result.output
    log = json.loads(log_path.read_text())
    assert log["format"] == "captains-curse-log/1" and log["policy"] == "human"

    # Print: the sheet PDF.
    by_id(d, "dl-sheet").click()
    pdf_path = downloaded(d, ".pdf")
    from pypdf import PdfReader

    reader = PdfReader(BytesIO(pdf_path.read_bytes()))
    assert len(reader.pages) == 1
    assert by_id(d, "island-name").get_attribute("value") in reader.pages[0].extract_text()
    shot(d, "07-printed")


def test_two_tabs_do_not_share_islands(browser, live_server):
    d = browser
    d.get(live_server)
    wait(d, lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    first_sid = d.execute_script("return sessionStorage.getItem('sheetgen-studio-session')")
    d.switch_to.new_window("tab")
    d.get(live_server)
    wait(d, lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    second_sid = d.execute_script("return sessionStorage.getItem('sheetgen-studio-session')")
    assert first_sid and second_sid and first_sid != second_sid
    assert by_id(d, "map-empty").is_displayed()
    d.close()
    d.switch_to.window(d.window_handles[0])
