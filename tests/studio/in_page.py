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


CLICKABLE = """
function refusal(target) {
  // What WebDriver's click refuses ("element not interactable", "element click
  // intercepted"): an element of no size, or another one drawn over its centre once it
  // is scrolled into view. Null when a user could click it.
  target.scrollIntoView({block: 'center', inline: 'center'});
  const r = target.getBoundingClientRect();
  const top = r.width && r.height
    ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
  if (top && (top === target || target.contains(top))) return null;
  return 'not clickable: ' + (top ? top.outerHTML.slice(0, 120) : 'no size or out of view');
}
"""
"""A JavaScript function `refusal(element)` for scripts that click in the page."""

_PRESS = CLICKABLE + """
const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, -1);
const deadline = performance.now() + args.shift() * 1000;
const target = (%s);
if (!target) { done('missing'); return; }
const refused = refusal(target);
if (refused) { done(refused); return; }
const before = (%s);
if (target.click) target.click();
else target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
const check = () => {
  let ok = false;
  try { ok = Boolean(%s); } catch (e) { ok = false; }
  if (ok) done(null);
  else if (performance.now() > deadline) done('timeout');
  else setTimeout(check, 10);
};
check();
"""


def press(driver, target: str, watch: str, *args, until_js: str | None = None,
          timeout: float = 30.0, what: str = "the page") -> bool:
    """Click the element the JavaScript expression `target` names and wait in the page
    until the expression `watch` (a page counter, `counter(...)`) changes, or `until_js`
    holds (it may read `before`, the value of `watch` just before the click); False, and
    nothing clicked, when `target` is null (a game over offers no move). One
    WebDriver call where a native click and `until` took two, the click a tenth of a
    second of Chromium's CPU: a game of a hundred moves spent 4 s clicking.

    The click is refused as WebDriver refuses it: the element is scrolled into view and
    must be the one drawn at its centre (not covered, not of zero size); an AssertionError
    says what was there instead. A disabled button takes the click and does nothing, as
    under WebDriver (the wait then times out)."""
    from selenium.common.exceptions import TimeoutException

    condition = until_js or f"({watch}) !== before"
    if getattr(driver, "script_timeout", None) != timeout + 10:
        driver.set_script_timeout(timeout + 10)
        driver.script_timeout = timeout + 10
    failure = driver.execute_async_script(_PRESS % (target, watch, condition), timeout, *args)
    if failure == "missing":
        return False
    if failure == "timeout":
        raise TimeoutException(f"waited {timeout} s for {what}")
    assert failure is None, f"clicking {target} for {what}: {failure}"
    return True


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
