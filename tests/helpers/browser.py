"""Driving the studio in Debian's headless Chromium (selenium): waits, finds, screenshots.

Each browser test saves screenshots in $SHEETGEN_SCREENSHOTS (default
output/studio-screenshots) so a person can look at what a user sees.
"""

from __future__ import annotations

import base64
import os
import shutil
import time
from pathlib import Path

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
HAVE_CHROMIUM = Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()
SHOTS = Path(os.environ.get("SHEETGEN_SCREENSHOTS",
                            Path(__file__).resolve().parents[2] / "output" /
                            "studio-screenshots"))
DESKTOP = (1280, 800)
PHONE = (390, 844)


def start_browser(downloads: Path, profile: Path):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1400,1000",
                "--hide-scrollbars", f"--user-data-dir={profile}"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": str(downloads)})
    driver.downloads = downloads
    SHOTS.mkdir(parents=True, exist_ok=True)
    return driver


def viewport(driver, size: tuple[int, int]) -> None:
    """The page's viewport exactly `size` CSS pixels (a phone is also a touch device)."""
    width, height = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


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


_MOUNTED = """
const [page, done] = arguments;
const deadline = performance.now() + 30000;
const check = () => {
  const body = document.body.dataset;
  if (body.ready === "1" && (!page || body.page === page)) done(true);
  else if (performance.now() > deadline) done(false);
  else setTimeout(check, 10);
};
check();
"""


def open_page(driver, url, page: str = "") -> None:
    """Open the studio (a LiveServer prints as the URL with its launch token) at `page`
    (a game's name, or the studio's own page) and wait until that page is mounted: in the
    page, one WebDriver call (asking every 0.1 s took a dozen round trips a page)."""
    from selenium.common.exceptions import TimeoutException

    driver.get(str(url) + (f"#{page}" if page else ""))
    driver.set_script_timeout(40)
    driver.script_timeout = 40  # (tests/studio/in_page.py sets it to what it needs)
    if not driver.execute_async_script(_MOUNTED, page):
        raise TimeoutException(f"waited 30 s for the page {page} to be ready")


def click(driver, element) -> None:
    """A click event on `element` itself (SVG shapes selenium cannot click natively)."""
    driver.execute_script(
        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", element)


def reachable(driver, element) -> bool:
    """Whether a user can click `element`: scrolled into view, nothing drawn over its centre."""
    return driver.execute_script("""
        const e = arguments[0];
        e.scrollIntoView({block: 'center'});
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top === e || e.contains(top);
    """, element)


def shot(driver, name: str) -> Path:
    """The viewport as a PNG in SHOTS. Chromium encodes it for speed (`optimizeForSpeed`:
    a larger file, the same pixels; WebDriver's screenshot took 80-95 ms, this 50-55)."""
    path = SHOTS / f"{name}.png"
    png = driver.execute_cdp_cmd("Page.captureScreenshot",
                                 {"format": "png", "optimizeForSpeed": True})["data"]
    path.write_bytes(base64.b64decode(png))
    return path


def downloaded(driver, suffix, timeout=20.0, since: float = 0.0) -> Path:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done = [p for p in driver.downloads.iterdir()
                if p.name.endswith(suffix) and p.stat().st_mtime >= since]
        if done:
            return max(done, key=lambda p: p.stat().st_mtime)
        time.sleep(0.1)
    raise AssertionError(f"no {suffix} download appeared")
