"""Waiting for the studio page inside the page: one WebDriver call per wait.

`helpers.browser.wait` asks the browser again every 0.1 s, each time a round trip through
chromedriver (about 10 ms of CPU between the test, chromedriver and Chromium): a game of
sixty moves spent 6 s waiting for answers that took a few milliseconds, and as many round
trips again. `until` hands the condition to the page, which checks it every 10 ms and
answers once it holds (or the time is up).
"""

from __future__ import annotations

from contextlib import contextmanager

_UNTIL = """
const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, -1);
const deadline = performance.now() + args.shift() * 1000;
const check = () => {
  let ok = false;
  try { ok = Boolean(%s); } catch (e) { ok = false; }
  if (ok) done(true);
  else if (performance.now() > deadline) done(false);
  else setTimeout(check, 10);
};
check();
"""


def until(driver, condition: str, *args, timeout: float = 30.0, what: str = "the page"):
    """Wait until the JavaScript expression `condition` holds in the page (`args[i]` are the
    values after `what`: `until(d, "document.body.dataset.moves !== args[0]", seen)`);
    raises selenium's TimeoutException after `timeout` seconds, as `wait` does. Not across
    a navigation (the page that runs the check goes away)."""
    from selenium.common.exceptions import TimeoutException

    if getattr(driver, "script_timeout", None) != timeout + 10:
        driver.set_script_timeout(timeout + 10)  # the page answers first, at `timeout`
        driver.script_timeout = timeout + 10
    if not driver.execute_async_script(_UNTIL % condition, timeout, *args):
        raise TimeoutException(f"waited {timeout} s for {what}")


def counter(name: str) -> str:
    """The expression of a page counter, a number (`document.body.dataset[name]`, 0 before
    the first), to compare with the number read before: `until(d, counter("moves") +
    " !== args[0]", seen)`."""
    return f"Number(document.body.dataset.{name} || 0)"


@contextmanager
def every_worker_busy():
    """Every studio job slot held (the live server runs in this process): a job started in
    the block waits, queued, until the block ends."""
    from sheetgen.studio import jobs

    held = 0
    try:
        for _ in range(jobs.MAX_CONCURRENT_JOBS):
            jobs._SLOTS.acquire()
            held += 1
        yield
    finally:
        for _ in range(held):
            jobs._SLOTS.release()


def cancel_while_queued(driver, start: str, cancel: str, what: str) -> None:
    """Click the button `start` while every worker is busy, then the button `cancel` once
    the page enables it (the job is queued), and free the workers only after the server has
    answered the cancel: the job ends cancelled before it reports any progress."""
    from helpers.browser import by_id

    with every_worker_busy():
        by_id(driver, start).click()
        until(driver, "!document.getElementById(args[0]).disabled", cancel,
              what=f"{what}, queued")
        driver.execute_script("performance.clearResourceTimings()")
        by_id(driver, cancel).click()
        until(driver, "performance.getEntriesByType('resource')"
              ".some((e) => e.name.endsWith('/cancel'))", what=f"the cancel of {what}")
