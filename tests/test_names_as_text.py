"""Issue 15: names are shown as text, never as Markdown or HTML, on every
dashboard page.  A session whose group, players and file carry Markdown and
HTML (an image from a server, a link, bold, an HTML tag) is stored; every
page is run under streamlit.testing's AppTest with those names in view (the
sidebar filters set to them, the Replay page on the hand, the Import page on
a file of that name with a bad hand); no element's Markdown source holds
them unescaped, and each name, once the backslash escapes are read back,
appears exactly as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.text import WJ, md
from ingest.store import Store, reading
from ingest.validate import validate_text

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"
IMG, LINK, HTML, BOLD = "![x](http://e/x.png)", "[a](http://e)", "<b>x</b>", "**x**"
GROUP = f"Night {IMG}"
TEXT = f"""%SHN 1.0
[Event "{GROUP}"]
[Date "2025.03.06"]
[Seats "Al={LINK}; Bea={HTML}; Cy={BOLD}; Di={IMG}; Ed=Ed"]
[Rules "wi5-called-ace"]

hand 15  dealer Al
pick Cy  call AS  partner Ed  pts 72  win
score Al -1 Bea -1 Cy +2 Di -1 Ed +1
"""
HOSTILE = (IMG, LINK, HTML, BOLD)
#: a raw Markdown construct of the hostile names: an image or a link, bold, an HTML tag
# A link the page made itself to one of the dashboard's own pages (the drill-down of issue 13: /hands?...,
# /rejected, /replay_hand?hand=..., /sheet, /schafkopf) is not a name shown raw; any other link is.
RAW = re.compile(r"(?<!\\)!?(?<!\\)\[[^\]]*(?<!\\)\]\((?!\)|/hands\b|/rejected\)|/replay_hand\?|/sheet\)|/schafkopf\))"
                 r"|(?<!\\)\*\*x(?<!\\)\*\*|(?<!\\)<b>")


def unescape(text: str) -> str:
    """The text as read: the backslash escapes undone, the invisible word
    joiners that keep a bare URL from becoming a link (dashboard.text.WJ) dropped."""
    return re.sub(r"\\(.)", r"\1", text).replace(WJ, "")


def texts(at: AppTest) -> list[str]:
    out = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    out += [e.value for e in at.error] + [s.value for s in at.success] + [w.value for w in at.warning]
    out += [h.value for h in at.subheader] + [t.value for t in at.title]
    return out


def assert_literal(at: AppTest, expect: tuple[str, ...] = ()) -> None:
    assert not at.exception, [e.message for e in at.exception]
    shown = texts(at)
    for t in shown:
        assert RAW.search(t) is None, t
    joined = "\n".join(unescape(t) for t in shown)
    for name in expect:
        assert name in joined, (name, joined[:2000])


@pytest.fixture
def hostile_db(tmp_path, monkeypatch):
    db = tmp_path / "names.duckdb"
    result = validate_text(TEXT, path=f"{LINK}.shn")
    assert not result.rejected and len(result.hands) == 1
    with Store(db) as store:
        store.ingest_file(result)
    monkeypatch.setenv("SHEAD_DB", str(db))
    with reading(db) as con:
        (hid,) = con.execute("SELECT hand_id FROM hands").fetchone()
    return db, hid


def test_md_escapes_every_construct():
    # a backslash before each character that can start a construct: '![x](http://e/x.png)' -> '!\[x\](http://e/x.png)'
    # (':' only before a letter: ':red[' or ':smile:')
    assert md(IMG) == "!\\[x\\](http\u2060://e/x.png)"  # a word joiner: no autolink either
    assert md(":red[x] 2: a") == "\\:red\\[x\\] 2: a"
    assert md(HTML) == "\\<b\\>x\\</b\\>"
    assert md(BOLD) == "\\*\\*x\\*\\*"
    assert md(None) == "" and md(42) == "42"
    for name in HOSTILE:
        assert unescape(md(name)) == name and RAW.search(md(name)) is None


@pytest.mark.parametrize("page", ["overview.py", "ledger.py", "picking.py", "schneider.py", "partner_calls.py",
                                  "schafkopf.py"])
def test_statistic_pages_show_filtered_names_as_text(page, hostile_db):
    at = AppTest.from_file(str(PAGES / page), default_timeout=60).run()
    assert_literal(at)
    # the sidebar filters set to the hostile group and players: the captions name them
    at.multiselect(key="shead.widget.players").set_value([LINK, HTML, BOLD, IMG])
    at.multiselect(key="shead.widget.groups").set_value([GROUP])
    at.run()
    expect = (GROUP, LINK, HTML, BOLD, IMG) if page != "schafkopf.py" else ()
    assert_literal(at, expect)


def test_replay_page_shows_names_as_text(hostile_db):
    _, hid = hostile_db
    at = AppTest.from_file(str(PAGES / "replay_hand.py"), default_timeout=60)
    at.query_params["hand"] = str(hid)
    at.run()
    # the session id is made of the Event, the Date and no table: 'Night ![x](...) / 2025.03.06'
    assert_literal(at, (f"{GROUP} / 2025.03.06", f"{LINK}.shn"))


def test_replay_page_survives_hostile_hand_ids(hostile_db):
    for bad in ("2**200", "²", "9" * 5000, "1606938044258990275541962092341162602522202993782792835301376"):
        at = AppTest.from_file(str(PAGES / "replay_hand.py"), default_timeout=60)
        at.query_params["hand"] = bad
        at.run()
        assert not at.exception, (bad, [e.message for e in at.exception])


def test_import_page_shows_file_names_and_messages_as_text(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEAD_DB", str(tmp_path / "imp.duckdb"))
    bad = TEXT.replace("pts 72", f"pts {BOLD}")
    at = AppTest.from_file(str(PAGES / "import_files.py"), default_timeout=60).run()
    at.file_uploader[0].set_value([(f"{IMG}.shn", bad.encode("utf-8"), "text/plain")])
    at.button(key="imp_go").click().run()
    assert_literal(at, (f"{IMG}.shn", BOLD))


def test_log_hand_page_shows_seat_names_as_text(hostile_db):
    at = AppTest.from_file(str(PAGES / "log_hand.py"), default_timeout=60).run()
    assert not at.exception, [e.message for e in at.exception]
    assert_literal(at)
