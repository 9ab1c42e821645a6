"""newuser28 F6: the Replay page's table on a phone, seen the way a person
sees it — a real headless Chromium (Debian's, at /usr/bin/chromium) at
390 x 844 and at 1400 x 900, over the example session (``tests/test_browser.py``'s
server and browser fixtures).

At 390 px the seat boxes were drawn over the table's rim (Ed's box covered
the right rim, his sixth card wrapped onto a second row, Bea's "winning"
label ran into her box).  On a narrow screen the seats now stand above and
below the felt; at 1400 px the drawing is as before (the seats at the
percentages of ``dashboard/table.py``'s ``_SEAT_XY``, the felt inset 17% /
23% / 21%).

Hand 14, worked by hand from its deal and play (notation.md §13,
data/sheepshead/example_session.shn):

* deal: Al Q♠ J♦ 9♣ 7♠ 10♥ 8♥; Bea Q♣ J♣ A♦ 10♦ K♣ 9♠; Cy Q♥ J♥ 8♦ A♣ 8♣ K♥;
  Di Q♦ K♦ 7♦ A♥ 7♣ 10♠; Ed J♠ 9♦ 10♣ K♠ 8♠ 9♥; blind A♠ 7♥.
* Bea picks (8 cards) and buries K♣ A♠: she holds Q♣ J♣ A♦ 10♦ 9♠ 7♥.
* trick 1: Al 9♣, Bea 10♦, Cy 8♣, Di 7♣ (step 4: Ed still holds all six), Ed 10♣ (step 5).
  Bea's 10♦ is the only trump, so she wins it: 10 + 10 = 20 points (rules.md A: ten 10, nines
  to sevens 0).
* so at step 4 each seat holds: Al Q♠ J♦ 7♠ 10♥ 8♥ (5), Bea Q♣ J♣ A♦ 9♠ 7♥ (5),
  Cy Q♥ J♥ 8♦ A♣ K♥ (5), Di Q♦ K♦ 7♦ A♥ 10♠ (5), Ed J♠ 9♦ 10♣ K♠ 8♠ 9♥ (6); at step 5
  Ed has played 10♣ and holds 5.
"""

from __future__ import annotations

import pytest

from tests.test_browser import ARTIFACTS, WAIT_MS, _replay_url, app, browser  # noqa: F401

pytestmark = pytest.mark.browser

SEATS = ["Al", "Bea", "Cy", "Di", "Ed"]
HELD_STEP4 = {"Al": {"QS", "JD", "7S", "TH", "8H"}, "Bea": {"QC", "JC", "AD", "9S", "7H"},
              "Cy": {"QH", "JH", "8D", "AC", "KH"}, "Di": {"QD", "KD", "7D", "AH", "TS"},
              "Ed": {"JS", "9D", "TC", "KS", "8S", "9H"}}
PLAYED_STEP4 = {"Al": "9C", "Bea": "TD", "Cy": "8C", "Di": "7C"}

#: Every box of the table, in page coordinates, and whether the middle of each seat's name and of each card is
#: the topmost element there (scrolled into the viewport first: Streamlit scrolls its main container).
GEOMETRY_JS = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const onTop = e => {
    e.scrollIntoView({block: 'center'});
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === e || e.contains(hit));
  };
  const out = {seats: {}, played: {}, names: {}, cards: {}, rows: {}};
  const table = document.querySelector('.shead-table');
  table.scrollIntoView({block: 'start'});
  const y0 = window.scrollY;
  out.table = box(table);
  out.felt = box(document.querySelector('.shead-felt'));
  for (const s of document.querySelectorAll('.shead-seat')) {
    const a = s.dataset.seat;
    out.seats[a] = box(s);
    out.names[a] = onTop(s.querySelector('.who')) && onTop(s.querySelector('.who .name'));
    const cards = [...s.querySelectorAll('.shead-hand .shead-card')];
    out.cards[a] = cards.map(c => [c.dataset.card, onTop(c)]);
    out.rows[a] = new Set(cards.map(c => Math.round(c.getBoundingClientRect().top))).size;
  }
  for (const p of document.querySelectorAll('.shead-played')) {
    out.played[p.dataset.seat] = [box(p), p.querySelector('.shead-card').dataset.card,
                                  onTop(p.querySelector('.shead-card'))];
  }
  // the boxes again, all in one scroll position (onTop scrolled the page)
  table.scrollIntoView({block: 'start'});
  out.table = box(table);
  out.felt = box(document.querySelector('.shead-felt'));
  for (const s of document.querySelectorAll('.shead-seat')) out.seats[s.dataset.seat] = box(s);
  for (const p of document.querySelectorAll('.shead-played')) out.played[p.dataset.seat][0] = box(p);
  out.width = document.documentElement.clientWidth;
  return out;
}"""


def overlap(a, b) -> bool:
    """Two boxes [left, top, right, bottom] share more than a pixel's sliver."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def open_step(browser, app, width: int, height: int, step: int, status: str, **kw):
    from playwright.sync_api import expect  # noqa: PLC0415

    base, via_app, ids, _ = app
    page = browser.new_page(viewport={"width": width, "height": height}, **kw)
    page.goto(_replay_url(page, base, via_app, ids[14]) + f"&step={step}")
    page.get_by_text(f"Step {step} of 30").first.wait_for(timeout=WAIT_MS)
    expect(page.locator(".shead-status")).to_have_text(status, timeout=WAIT_MS)
    expect(page.locator(".shead-seat")).to_have_count(5, timeout=WAIT_MS)
    expect(page.locator(".shead-played")).to_have_count(step, timeout=WAIT_MS)
    page.wait_for_timeout(300)  # the fonts and the layout settle
    return page


def shot(page, name: str) -> None:
    """A screenshot of the viewport with the table in its middle (Streamlit's header covers the top edge)."""
    page.evaluate("document.querySelector('.shead-table').scrollIntoView({block: 'center'})")
    page.screenshot(path=str(ARTIFACTS / name))


def check_readable(g: dict, width: int) -> None:
    """No seat box overlaps another, nor a card of the trick; every seat's name and every card is on top."""
    for a in SEATS:
        assert g["names"][a], f"{a}'s alias or name is covered"
        assert all(on for _, on in g["cards"][a]), (a, g["cards"][a])
        left, _, right, _ = g["seats"][a]
        assert 0 <= left and right <= width, (a, g["seats"][a], width)
    for i, a in enumerate(SEATS):
        for b in SEATS[i + 1:]:
            assert not overlap(g["seats"][a], g["seats"][b]), (a, b, g["seats"][a], g["seats"][b])
        for p, (pbox, card, on) in g["played"].items():
            assert on, f"{p}'s played {card} is covered"
            assert not overlap(g["seats"][a], pbox), (a, p, g["seats"][a], pbox)


def test_replay_table_on_a_phone_keeps_seats_off_the_table(app, browser):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone = {"device_scale_factor": 1, "is_mobile": True, "has_touch": True}
    page = open_step(browser, app, 390, 844, 4, "Trick 1: Bea (Bea Schmidt) is winning with 10♦", **phone)
    try:
        g = page.evaluate(GEOMETRY_JS)
        shot(page, "found29_replay_step4_390.png")
        # the cards each seat holds at step 4 (worked by hand above), each one visible
        assert {a: {c for c, _ in g["cards"][a]} for a in SEATS} == HELD_STEP4
        assert {p: card for p, (_, card, _) in g["played"].items()} == PLAYED_STEP4
        check_readable(g, 390)
        for a in SEATS:  # no seat on the felt (F6: Ed's box covered the table's right rim)
            assert not overlap(g["seats"][a], g["felt"]), (a, g["seats"][a], g["felt"])
        for p, (pbox, _, _) in g["played"].items():  # the trick lies on the felt
            f = g["felt"]
            assert f[0] <= pbox[0] and pbox[2] <= f[2] and f[1] <= pbox[1] and pbox[3] <= f[3], (p, pbox, f)
        # Ed's six cards in one row (F6: the sixth wrapped onto a second row), everyone's in one row
        assert g["rows"] == {a: 1 for a in SEATS}, g["rows"]
        # the table stays inside the phone's width: no sideways scrolling
        assert g["table"][2] <= 390 and page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        page.close()
    # step 5: Ed's 10♣ completes the trick, Bea's 10♦ "won" (20 points); her label clear of every seat box
    page = open_step(browser, app, 390, 844, 5, "Trick 1 won by Bea (Bea Schmidt) with 10♦ (20 points)", **phone)
    try:
        g = page.evaluate(GEOMETRY_JS)
        shot(page, "found29_replay_step5_390.png")
        assert page.locator('.shead-played[data-seat="Bea"] .tag').inner_text() == "won"
        assert {c for c, _ in g["cards"]["Ed"]} == HELD_STEP4["Ed"] - {"TC"}
        assert g["played"]["Ed"][1] == "TC"
        check_readable(g, 390)
        for a in SEATS:
            assert not overlap(g["seats"][a], g["felt"]), (a, g["seats"][a], g["felt"])
    finally:
        page.close()


def test_replay_table_at_1400_is_drawn_as_before(app, browser):
    """At 1400 px: the table 820 x 580, the felt inset 17% left and right, 23% top, 21% bottom; the five seats
    clockwise from Al at the bottom at (50%, 100%) bottom edge, Bea (15%, 55%) middle, Cy (25%, 0%) top edge,
    Di (75%, 0%) top edge, Ed (85%, 55%) middle; the trick's cards at Al (50%, 66%), Bea (34%, 53%),
    Cy (40%, 36%), Di (60%, 36%) (``_SEAT_XY`` and ``_TRICK_XY`` of dashboard/table.py)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = open_step(browser, app, 1400, 900, 4, "Trick 1: Bea (Bea Schmidt) is winning with 10♦")
    try:
        g = page.evaluate(GEOMETRY_JS)
        shot(page, "found29_replay_step4_1400.png")
        left, top, right, bottom = g["table"]
        w, h = right - left, bottom - top
        assert (round(w), round(h)) == (820, 580)
        f = g["felt"]
        assert [round(v) for v in (f[0] - left, f[1] - top, right - f[2], bottom - f[3])] == \
            [round(.17 * w), round(.23 * h), round(.17 * w), round(.21 * h)]

        def at(frac_x, frac_y):
            return left + frac_x * w, top + frac_y * h

        def near(a, b):
            return abs(a - b) <= 1

        s = g["seats"]
        x, y = at(.50, 1.00)
        assert near((s["Al"][0] + s["Al"][2]) / 2, x) and near(s["Al"][3], y), s["Al"]
        for a, fx, fy in (("Bea", .15, .55), ("Ed", .85, .55)):
            x, y = at(fx, fy)
            assert near((s[a][0] + s[a][2]) / 2, x) and near((s[a][1] + s[a][3]) / 2, y), (a, s[a])
        for a, fx in (("Cy", .25), ("Di", .75)):
            x, y = at(fx, 0)
            assert near((s[a][0] + s[a][2]) / 2, x) and near(s[a][1], y), (a, s[a])
        for a, fx, fy in (("Al", .50, .66), ("Bea", .34, .53), ("Cy", .40, .36), ("Di", .60, .36)):
            p = g["played"][a][0]
            x, y = at(fx, fy)
            assert near((p[0] + p[2]) / 2, x) and near((p[1] + p[3]) / 2, y), (a, p)
        assert all(round(b[2] - b[0]) == 192 for b in s.values()), s  # the seat boxes keep their width
        check_readable(g, 1400)
        assert g["rows"] == {a: 1 for a in SEATS}, g["rows"]
    finally:
        page.close()
