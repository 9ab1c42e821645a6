"""The Log-a-hand page on a phone (issue 12): real headless Chromium at
390 x 844 against ``streamlit run dashboard/app.py`` on a database holding
the example session (hands 14-18).  It logs a score-sheet hand with one
Save, a full card log by tapping cards on the grid (an illegal card refused
the moment it is tapped), and amends the first hand from the Replay page's
"Edit this hand".  Screenshots go to ``tests/artifacts/`` (gitignored).

Every action that makes Streamlit rerun the page goes through
:class:`tests.st_reruns.Reruns`, which waits for that run to finish and the
previous run's stale elements to go (the cause of this test's old
flakiness: it acted on a page still half old, half new; see that module).
It prints the form's height at 390 px and the time the scripted score-sheet
hand took.

The numbers, worked by hand (rules.md B-33, ``doubleOnBump=on``):

* hand 19, Al picks, calls A♠ (Call chosen: the form starts at '(not written)', real28 F1), Cy is the partner, 95 card points: a win
  with schneider (91 or more, B-28): Al +4, Cy +2, Bea, Di, Ed -2 each;
* hand 20 is the notation's hand 14 tapped in card by card: Bea loses with
  59 points, 3 tricks: Bea -4, Di -2, Al, Cy, Ed +2 each;
* hand 19 amended to 80 card points: a plain win: Al +2, Cy +1, the others -1.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ingest.store import Store, reading
from ingest.validate import validate_text
from tests.st_reruns import Reruns
from tests.test_browser import ARTIFACTS, CHROMIUM_ARGS, EXAMPLE, WAIT_MS, _chromium, _serve

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[1]
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"
DEAL = ("QS JD 9C 7S TH 8H  QC JC AD TD KC 9S  QH JH 8D AC 8C KH  QD KD 7D AH 7C TS  "
        "JS 9D TC KS 8S 9H").split()
PLAYS = ("9C TD 8C 7C TC  QC 8D KD 9D JD  7H KH AH 9H 8H  QD JS QS JC QH  TH AD JH 7D KS  "
         "AC TS 8S 7S 9S").split()
SYMBOL = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
#: The height of the page's content (Streamlit scrolls inside its main container).
HEIGHT_JS = "Math.round(document.querySelector('[data-testid=\"stMainBlockContainer\"]').getBoundingClientRect().height)"


def pretty(card: str) -> str:
    return ("10" if card[0] == "T" else card[0]) + SYMBOL[card[1]]


def units(db: Path, hand: int) -> dict:
    with reading(db) as con:
        return dict(con.execute("SELECT u.seat, u.units FROM hand_units u JOIN hands h USING (hand_id) "
                                "WHERE h.session = ? AND h.hand = ? ORDER BY u.seat_no", [SESSION, hand]).fetchall())


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    chromium = _chromium()
    tmp = tmp_path_factory.mktemp("phone")
    db = tmp / "shead.duckdb"
    with Store(db) as store:
        store.ingest_file(validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE)))
    with _serve(db, ROOT / "dashboard" / "app.py", tmp) as base:
        yield base, db, chromium


@contextmanager
def phone_log_page(tmp_path: Path) -> Iterator[tuple[Reruns, object]]:
    """The Log a hand page in Chromium at 390 x 844 (a phone: touch, mobile) over a database holding the example
    session (its next hand is 19): yields ``(runs, page)``; the page and browser are closed after."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    chromium = _chromium()
    db = tmp_path / "shead.duckdb"
    with Store(db) as store:
        store.ingest_file(validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE)))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with _serve(db, ROOT / "dashboard" / "app.py", tmp_path) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True,
                                has_touch=True)
        runs = Reruns(page, timeout_ms=WAIT_MS)
        try:
            runs.goto(base + "/log_hand")
            yield runs, page
        finally:
            page.close()
            browser.close()


def choose(runs: Reruns, label: str, option: str) -> None:
    """Pick ``option`` in the selectbox labelled ``label`` (two taps: the list, the option)."""
    from playwright.sync_api import expect  # noqa: PLC0415

    page = runs.page
    box = page.get_by_role("combobox", name=label, exact=True)
    wanted = page.get_by_role("option", name=option, exact=True)
    for _ in range(3):  # a tap while a section above is still opening (its animation) leaves the list closed
        box.click()
        try:
            wanted.wait_for(state="visible", timeout=3_000)
            break
        except Exception:  # noqa: BLE001 - playwright's TimeoutError: tap the box again
            page.keyboard.press("Escape")
    runs.act(wanted.click)
    expect(box).to_have_value(option)


def type_in(runs: Reruns, field, text: str) -> None:
    """Type ``text`` in a text field and leave it (Tab): Streamlit takes the value on blur."""
    def go():
        field.fill(text)
        field.press("Tab")
    runs.act(go)


def shot(page, name: str) -> None:
    """A screenshot of the whole page: the viewport stretched to the content, then back."""
    h = page.evaluate(HEIGHT_JS)
    page.set_viewport_size({"width": 390, "height": max(844, h + 40)})
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})


def test_log_a_hand_on_a_phone(served):
    from playwright.sync_api import expect, sync_playwright

    base, db, chromium = served
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True,
                                has_touch=True)
        runs = Reruns(page, timeout_ms=WAIT_MS)
        try:
            runs.goto(base + "/log_hand")
            expect(page.get_by_role("heading", name="Log a hand")).to_be_visible()
            expect(page.get_by_label("Hand number")).to_have_value("19")
            height_fresh = page.evaluate(HEIGHT_JS)

            # ---- a score-sheet hand, one Save: 3 choices (2 taps each), the points, Save
            t0 = time.monotonic()
            expect(page.get_by_role("combobox", name="Call", exact=True)).to_have_value("(not written)")
            choose(runs, "Picker", "Al")
            choose(runs, "Call", "a fail ace")  # no call until one is chosen (real28 F1)
            choose(runs, "Called suit", "♠ spades")
            choose(runs, "Partner", "Cy")
            type_in(runs, page.get_by_role("textbox", name="Card points"), "95")
            derived = page.get_by_text("Al +4 · Bea -2 · Cy +2 · Di -2 · Ed -2 — win-s")
            expect(derived).to_be_visible()  # shown before saving
            t_fields = time.monotonic() - t0
            expect(page.get_by_text("Derived score (not saved yet)")).to_be_visible()
            # the optional score, folded away in More: a score typed by mistake and emptied writes nothing
            page.get_by_text("More: tricks", exact=False).click()
            score_al = page.get_by_label("Al", exact=True)
            type_in(runs, score_al, "5")
            expect(page.get_by_text("Not ready to save", exact=False)).to_be_visible()  # +5 alone does not sum to zero
            type_in(runs, score_al, "")
            expect(derived).to_be_visible()
            height_filled = page.evaluate(HEIGHT_JS)
            shot(page, "phone_score_sheet.png")
            t1 = time.monotonic()
            runs.act(page.get_by_role("button", name="Save hand").click)
            t_save = time.monotonic() - t1
            expect(page.get_by_text(f"Stored hand 19 of {SESSION}.")).to_be_visible()
            # B-28: 95 >= 91 is schneider, 2 a defender; the picker with a partner: Al +4, Cy +2, 3 x -2
            assert units(db, 19) == {"Al": 4, "Bea": -2, "Cy": 2, "Di": -2, "Ed": -2}
            expect(page.get_by_label("Hand number")).to_have_value("20")
            # the call cleared with the other fields (real28 F1: hand 19's A♠ was kept for hand 20)
            expect(page.get_by_role("combobox", name="Call", exact=True)).to_have_value("(not written)")
            shot(page, "phone_saved.png")

            # ---- a full card log, tapped
            runs.act(page.get_by_text("tap cards", exact=True).click)
            expect(page.get_by_text("'s dealt cards", exact=False)).to_be_visible()
            choose(runs, "Dealer", "Ed")
            expect(page.get_by_text("Tap Al's dealt cards (0 of 6)")).to_be_visible()
            shot(page, "phone_card_grid.png")

            def tap(card: str) -> None:
                runs.act(page.get_by_role("radio", name=pretty(card), exact=True).click)

            for k, card in enumerate(DEAL):
                tap(card)
                if k < len(DEAL) - 1:  # the tapped card leaves the grid
                    expect(page.get_by_role("radio", name=pretty(card), exact=True)).to_have_count(0)
            expect(page.get_by_text("Who picked?", exact=False)).to_be_visible()
            runs.act(page.get_by_role("radio", name="Bea", exact=True).click)
            expect(page.get_by_text("Tap the cards Bea buried")).to_be_visible()
            tap("AS")
            tap("KC")
            expect(page.get_by_text("What did Bea call?")).to_be_visible()
            runs.act(page.get_by_role("radio", name="AH", exact=True).click)
            expect(page.get_by_text("Trick 1: tap the card Al played")).to_be_visible()
            for k, card in enumerate(PLAYS):
                if k == 2:  # Cy must follow the club lead (rules.md B-18): Q♥ is refused at once
                    tap("QH")
                    expect(page.get_by_text("Cy holds clubs and must follow suit", exact=False)).to_be_visible()
                    shot(page, "phone_card_refused.png")
                tap(card)
                if k < len(PLAYS) - 1:
                    expect(page.get_by_role("radio", name=pretty(card), exact=True)).to_have_count(0)
            expect(page.get_by_text("Every trick is played: save the hand.")).to_be_visible()
            expect(page.get_by_text("Al +2 · Bea -4 · Cy +2 · Di -2 · Ed +2 — lose")).to_be_visible()
            shot(page, "phone_card_done.png")
            runs.act(page.get_by_role("button", name="Save hand").click)
            expect(page.get_by_text(f"Stored hand 20 of {SESSION}.")).to_be_visible()
            # notation.md's hand 14: Bea and Di take 59 (< 61: a loss), doubled on the bump (B-33)
            assert units(db, 20) == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}
            with reading(db) as con:
                assert con.execute("SELECT status FROM hands WHERE hand = 20").fetchall() == [("full",)]
                hand19 = con.execute("SELECT hand_id FROM hands WHERE hand = 19").fetchone()[0]

            # ---- hand 19 amended from the Replay page's Edit action
            runs.goto(f"{base}/replay_hand?hand={hand19}")
            expect(page.get_by_text(f"Hand 19 · {SESSION}")).to_be_visible()
            shot(page, "phone_replay_edit.png")
            runs.act(page.get_by_role("link", name="Edit this hand").click)
            expect(page.get_by_role("heading", name="Log a hand")).to_be_visible()
            expect(page.get_by_role("combobox", name="Stored hand", exact=True)).to_have_value("hand 19")
            text = page.get_by_label("Its text (SHN): correct it")
            expect(text).to_have_value("hand 19  dealer Ed\npick Al  call AS\npartner Cy  pts 95\n")
            type_in(runs, text, "hand 19  dealer Ed\npick Al  call AS\npartner Cy  pts 80\n")
            type_in(runs, page.get_by_label("Why (kept in the hand's history)"), "80 points, not 95")
            runs.act(page.get_by_role("button", name="Save amendment").click)
            expect(page.get_by_text("Hand 19 amended: revision 2 in force (80 points, not 95)", exact=False)
                   ).to_be_visible()
            shot(page, "phone_amended.png")
            # 80 is a plain win (61..90, B-28): 1 a defender: Al +2, Cy +1, the others -1
            assert units(db, 19) == {"Al": 2, "Bea": -1, "Cy": 1, "Di": -1, "Ed": -1}
        finally:
            page.close()
            browser.close()
    print(f"\nLog a hand at 390x844: form {height_fresh} px tall on opening, {height_filled} px filled in and "
          f"the derived score shown; the scripted score-sheet hand: {t_fields:.1f} s to the derived score, Save {t_save:.1f} s")
