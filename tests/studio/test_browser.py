"""Captain's Curse in the studio, in a real browser (Debian's headless Chromium, selenium).

Each step saves a screenshot in output/studio-screenshots/ (see tests/helpers/browser.py) so
a person can look at what a user sees, at desktop (1280 x 800) and phone (390 x 844) widths.
"""

from __future__ import annotations

import json
import time
from io import BytesIO

import pytest
from helpers.browser import by_id, click, css, downloaded, open_page, reachable, shot, wait
from in_page import CLICKABLE, counter, press, until

pytestmark = pytest.mark.slow  # drives Chromium


_SUNK = ("Object.entries(studioState.game ? studioState.game.marks : {})"
         ".filter(([k, v]) => v === 'sunk').map(([k, v]) => k)")
_PLAY_STEP = CLICKABLE + f"""
const done = arguments[arguments.length - 1];
const deadline = performance.now() + arguments[0] * 1000;
const updates = () => Number(document.body.dataset.updates || 0);
const after = (before) => ({{over: false, before: before, updates: updates(), sunk: {_SUNK},
  sinking: Array.from(document.querySelectorAll('#overlay .space.sinking'),
                      (p) => p.getAttribute('data-space'))}});
if (document.getElementById('final-score') !== null) {{ done({{over: true}}); return; }}
const before = {{updates: updates(), sunk: {_SUNK}}};
const choices = document.getElementById('choices').firstElementChild;
// The roll button when it is enabled (clicked as WebDriver would, refused if covered),
// else what a player clicks: a green grid cell, a green space, a red line, else a listed
// choice (a pass, or which die when two fit one cell).
const roll = document.getElementById('roll');
if (!roll.disabled) {{
  const refused = refusal(roll);
  if (refused) {{ done({{error: 'the roll button: ' + refused}}); return; }}
  roll.click();
}} else {{
  const target = document.querySelector('#overlay rect.cell.target')
    || document.querySelector('#overlay .space.target')
    || document.querySelector('#overlay .line-hit.target')
    || document.querySelector('#choices button');
  if (!target) {{
    done({{error: 'the page offers nothing to click in the middle of a game'}}); return;
  }}
  target.dispatchEvent(new MouseEvent('click', {{bubbles: true}}));
}}
// The answer, or the page listing the two dice that fit the clicked cell (page.js
// `offer`: new choices without an answer from the studio).
const check = () => {{
  const offered = document.getElementById('choices').firstElementChild;
  if (updates() !== before.updates || (offered !== null && offered !== choices)) {{
    done(after(before));
  }} else if (performance.now() > deadline) {{
    done({{error: "no answer to the move"}});
  }} else setTimeout(check, 10);
}};
check();
"""
"""One move of a game in one call to the page: its state before, the click, the answer
awaited, and what the page shows after (the sunk spaces, the spaces animated sinking)."""
_AFTER_MOVE = f"""
return {{updates: Number(document.body.dataset.updates || 0), sunk: {_SUNK},
         sinking: Array.from(document.querySelectorAll('#overlay .space.sinking'),
                             (p) => p.getAttribute('data-space'))}};
"""


def _make(d, seed="7", difficulty="normal"):
    by_id(d, "seed").clear()
    by_id(d, "seed").send_keys(seed)
    d.execute_script("arguments[0].value = arguments[1]", by_id(d, "difficulty"), difficulty)
    by_id(d, "make").click()
    wait(d, lambda d: len(css(d, "#overlay polygon.space")) == 36
         and f"seed {seed}" in by_id(d, "map-caption").text, what="the island")


def test_make_edit_verify_play_and_print(desktop, live_server):
    d = desktop
    open_page(d, live_server, "captains-curse")
    assert not by_id(d, "dl-pad").is_displayed()  # no pad yet: no "Pad PDF" link

    # A refused request leaves its error in the header until the next action.
    by_id(d, "seed").send_keys("-5")
    by_id(d, "make").click()
    wait(d, lambda d: "seed" in by_id(d, "status").text, what="the refusal")

    # Make.
    _make(d)
    assert "seed" not in by_id(d, "status").text  # the stale error is gone
    shot(d, "01-made")

    # Edit: a single symbol change breaks R2 and is rejected next to the map.
    spaces = css(d, "#overlay polygon.space")
    first = spaces[0]
    first_id = first.get_attribute("data-space")
    click(d, first)
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
    click(d, partner)
    wait(d, lambda d: by_id(d, "undo").is_enabled(), what="the accepted swap")
    assert not by_id(d, "edit-error").is_displayed()
    shot(d, "03-swapped")

    # Verify on fresh dice, to a verdict.
    by_id(d, "verify").click()
    until(d, "document.querySelector('#verify-verdict') !== null", timeout=90,
          what="the verdict")
    assert "Verdict" in by_id(d, "verify-verdict").text
    assert "games, expert won" in by_id(d, "verify-text").text
    bar = by_id(d, "verify-progress")  # the run stopped at its verdict: the bar is full
    assert bar.get_attribute("value") == bar.get_attribute("max") != "0"
    shot(d, "04-verified")

    # Play a whole game by clicking only what the page offers.
    by_id(d, "new-game").click()
    wait(d, lambda d: by_id(d, "roll").is_enabled(), what="a new game")
    animated = 0
    d.set_script_timeout(30)
    d.script_timeout = 30  # (as `in_page` keeps it)
    for clicks in range(1, 400):
        step = d.execute_async_script(_PLAY_STEP, 10)
        if step["over"]:
            break
        assert "error" not in step, step.get("error")
        before, after = step["before"], step
        if after["updates"] == before["updates"]:  # two dice fit the cell: take the first
            assert press(d, "document.querySelector('#choices button')", counter("updates"),
                         timeout=10, what="the move's answer")
            after = d.execute_script(_AFTER_MOVE)
        # Only the spaces this move sank animate; earlier ones are drawn sunk, still.
        assert set(after["sinking"]) == set(after["sunk"]) - set(before["sunk"])
        animated += len(after["sinking"])
        if clicks == 12:
            shot(d, "05-playing")
    wait(d, lambda d: css(d, "#final-score"), what="the end of the game")
    assert animated > 0
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
    # The turn count shown at the end is the log's (a user saw one more).
    assert by_id(d, "play-text").text.startswith(f"Turn {len(log['turns'])} ")

    # Print: the sheet PDF.
    started = time.time() - 1
    by_id(d, "dl-sheet").click()
    pdf_path = downloaded(d, ".pdf", since=started)
    from pypdf import PdfReader

    reader = PdfReader(BytesIO(pdf_path.read_bytes()))
    assert len(reader.pages) == 1
    assert by_id(d, "island-name").get_attribute("value") in reader.pages[0].extract_text()
    shot(d, "07-printed")


def test_verify_follows_the_make_difficulty_and_says_when_it_waits(desktop, live_server):
    from sheetgen.studio import jobs

    d = desktop
    open_page(d, live_server, "captains-curse")
    _make(d, "11", "hard")
    assert by_id(d, "verify-band").get_attribute("value") == "hard"
    # Every worker busy (the server runs in this process): the verify is queued and the
    # page says it waits, instead of an empty bar.
    held = 0
    try:
        for _ in range(jobs.MAX_CONCURRENT_JOBS):
            jobs._SLOTS.acquire()
            held += 1
        by_id(d, "verify").click()
        wait(d, lambda d: "waiting" in by_id(d, "verify-text").text, what="the waiting note")
        assert by_id(d, "verify-progress").get_attribute("value") in (None, "0")
        shot(d, "08-verify-waiting")
    finally:
        for _ in range(held):
            jobs._SLOTS.release()
    until(d, "document.getElementById('verify-text').innerText.includes('games, expert won')",
          timeout=60, what="the verification to start once a worker is free")
    assert "band hard" in by_id(d, "verify-text").text
    by_id(d, "verify-cancel").click()


def test_phone_width_panels_are_reachable_under_the_map(phone, live_server):
    """At 390 x 844 the map scrolls away: the buttons under it take their own clicks."""
    d = phone
    open_page(d, live_server, "captains-curse")
    _make(d)
    shot(d, "phone-01-made")
    by_id(d, "new-game").click()
    wait(d, lambda d: by_id(d, "roll").is_enabled(), what="a new game")
    assert reachable(d, by_id(d, "roll"))
    by_id(d, "roll").click()  # a native click: refused if something covers the button
    wait(d, lambda d: css(d, "#choices button"), what="the choices")
    choice = css(d, "#choices button")[0]
    assert reachable(d, choice)
    seen = d.execute_script("return document.body.dataset.updates")
    choice.click()
    wait(d, lambda d: d.execute_script("return document.body.dataset.updates") != seen,
         what="the move's answer")
    shot(d, "phone-02-playing")
    assert reachable(d, by_id(d, "make"))


def test_two_tabs_do_not_share_islands(desktop, live_server):
    d = desktop
    open_page(d, live_server, "captains-curse")
    first_sid = d.execute_script("return sessionStorage.getItem('sheetgen-studio-session')")
    d.switch_to.new_window("tab")
    open_page(d, live_server, "captains-curse")
    second_sid = d.execute_script("return sessionStorage.getItem('sheetgen-studio-session')")
    assert first_sid and second_sid and first_sid != second_sid
    assert by_id(d, "map-empty").is_displayed()
    d.close()
    d.switch_to.window(d.window_handles[0])
