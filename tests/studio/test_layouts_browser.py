"""The "Any layout" page in headless Chromium: open, change a variable and see the page
re-render, a warning at its line, a bad value beside its field, rows, a download; at
desktop and phone widths. Screenshots in output/studio-screenshots/layouts-*.png."""

from __future__ import annotations

import time
from io import BytesIO

import pytest
from helpers.browser import by_id, css, downloaded, open_page, reachable, shot
from helpers.sample_layouts import USER_LAYOUT
from in_page import counter, until

from sheetgen import access

pytestmark = pytest.mark.slow  # drives Chromium


@pytest.fixture()
def user_folder(tmp_path):
    folder = tmp_path / "my-layouts"
    folder.mkdir()
    (folder / "crew.yaml").write_text(USER_LAYOUT)
    access.allow([folder])
    yield folder
    access.reset()


def renders(d) -> int:
    return int(d.execute_script("return document.body.dataset.renders || '0'"))


def choose(d, ident):
    d.execute_script("arguments[0].value = arguments[1]", by_id(d, "lp-choose"), ident)
    seen = renders(d)
    by_id(d, "lp-open").click()
    until(d, f"{counter('renders')} !== args[0]", seen, what=f"{ident} to open")


def set_field(d, name, value):
    seen = renders(d)
    field = by_id(d, f"lp-var-{name}")
    field.clear()
    field.send_keys(value)
    until(d, f"{counter('renders')} !== args[0]", seen, what=f"the page after {name}={value}")


def test_a_bundled_layout_live(desktop, live_server):
    d = desktop
    open_page(d, live_server, "layouts")
    assert "allow-path" in by_id(d, "lp-folders").text
    choose(d, "swashbuckle/scorecard")
    assert css(d, "#lp-pages svg")
    shot(d, "layouts-01-scorecard")
    before = css(d, "#lp-pages svg")[0].get_attribute("outerHTML")
    set_field(d, "matches", "3")
    assert css(d, "#lp-pages svg")[0].get_attribute("outerHTML") != before
    assert "changed: matches" in by_id(d, "lp-caption").text
    assert "changed" in css(d, "[data-field=matches]")[0].get_attribute("class")
    # Rows too tight: the overflow warnings name their lines in the layout.
    set_field(d, "row_h", "1")
    warnings = css(d, "#lp-faults .warning")
    assert warnings and "scorecard.yaml:1" in warnings[0].text and "overflows" in warnings[0].text
    shot(d, "layouts-02-warnings")
    # A value of the wrong kind is shown beside its field.
    d.execute_script("document.querySelector('#lp-more').open = true")
    seen = renders(d)
    by_id(d, "lp-var-par").send_keys(": [")
    until(d, f"{counter('renders')} !== args[0]", seen, what="the bad YAML")
    assert "not YAML" in css(d, "[data-field=par] .problem")[0].text
    shot(d, "layouts-03-bad-value")
    # Defaults again.
    seen = renders(d)
    by_id(d, "lp-reset").click()
    until(d, f"{counter('renders')} !== args[0]", seen, what="the defaults")
    assert "defaults" in by_id(d, "lp-caption").text and not css(d, "#lp-faults .warning")


def test_a_users_file_rows_and_download(desktop, live_server, user_folder):
    from pypdf import PdfReader

    d = desktop
    open_page(d, live_server, "layouts")
    assert str(user_folder) in by_id(d, "lp-folders").text
    choose(d, str(user_folder / "crew.yaml"))
    assert "Row 1 of 3" in by_id(d, "lp-rowtext").text
    assert by_id(d, "lp-var-brave").get_attribute("type") == "checkbox"
    assert by_id(d, "lp-var-accent").get_attribute("type") == "color"
    seen = renders(d)
    by_id(d, "lp-next").click()
    until(d, f"{counter('renders')} !== args[0]", seen, what="row 2")
    assert "Row 2 of 3 · row 2, 'Mary'" in by_id(d, "lp-rowtext").text
    set_field(d, "rum", "9")
    shot(d, "layouts-04-user-file")
    started = time.time() - 1
    by_id(d, "lp-dl-pdf").click()
    pdf = downloaded(d, ".pdf", since=started)
    reader = PdfReader(BytesIO(pdf.read_bytes()))
    assert len(reader.pages) == 3 and "9 tots" in reader.pages[1].extract_text()


def test_the_layout_page_at_phone_width(phone, live_server):
    d = phone
    open_page(d, live_server, "layouts")
    choose(d, "black-dice/pirate-tiles")
    assert len(css(d, "#lp-pages svg")) == 2  # front and back
    shot(d, "layouts-phone-01")
    assert reachable(d, by_id(d, "lp-next"))
    assert reachable(d, by_id(d, "lp-dl-pdf"))
    d.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    shot(d, "layouts-phone-02-form")
