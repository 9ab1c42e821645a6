"""The hands still refused (ingest/rejections.py): the Rejected hands page and
the Overview's count show what is refused *now*.  A real ingest sequence on the
tester's record tests/fixtures/tester/r3a_phone_typo.shn (hand 1 of session
"Tester Tuesday / 2026.12.04", ``gh`` for ``qh`` in trick 4): refused, refused
again with another typo, then stored fixed — and a conflicting copy after that."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from typer.testing import CliRunner

from ingest.cli import app
from ingest.rejections import still_rejected
from ingest.store import reading

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "dashboard" / "pages"
TYPO = ROOT / "tests" / "fixtures" / "tester" / "r3a_phone_typo.shn"
NEXT_DAY = ROOT / "tests" / "fixtures" / "tester" / "r3b_phone_fixed.shn"
S4, S5 = "Tester Tuesday / 2026.12.04", "Tester Tuesday / 2026.12.05"
runner = CliRunner()


def ingest(db: Path, path: Path) -> str:
    res = runner.invoke(app, ["ingest", "--db", str(db), str(path)])
    return res.output


def page(db: Path, name: str, monkeypatch) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / name), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def listed(db: Path) -> list[tuple]:
    with reading(db) as con:
        return [tuple(r) for r in still_rejected(con, "session, hand, line, col, code", "session, hand").rows()]


@pytest.fixture
def texts(tmp_path):
    typo = TYPO.read_text()
    assert "t4 Ann: 9s 7s gh ks 10s" in typo
    fixed = typo.replace("t4 Ann: 9s 7s gh ks 10s", "t4 Ann: 9s 7s qh ks 10s")
    # a second failed attempt at the same hand: trick 4 mended, but 'zs' typed in trick 5 (line 19, column 22)
    typo2 = fixed.replace("t5 Cal: 10c ad kc 8h qs", "t5 Cal: 10c ad kc 8h zs")
    # the next day's session, typed with the same typo and never fixed
    next_day = NEXT_DAY.read_text().replace("t4 Ann: 9s 7s qh ks 10s", "t4 Ann: 9s 7s gh ks 10s")
    # another text of the stored hand (its tricks left out: other facts; its score line left out alone is the same
    # hand since break24b F8, the rules giving the stored units): refused after the hand was stored
    other = fixed.replace("pts 75 tricks 3 win", "pts 75 win")
    assert other != fixed
    out = {}
    for name, t in (("typo2", typo2), ("next_day", next_day), ("fixed", fixed), ("other", other)):
        out[name] = tmp_path / f"{name}.shn"
        out[name].write_text(t)
    return out


def test_a_hand_stored_later_is_no_longer_rejected(tmp_path, texts, monkeypatch):
    db = tmp_path / "r.duckdb"
    assert "18:15: E-CARD (hand 1)" in ingest(db, TYPO)
    assert "19:22: E-CARD (hand 1)" in ingest(db, texts["typo2"])
    assert "18:15: E-CARD (hand 1)" in ingest(db, texts["next_day"])
    # three refusals recorded; two hands refused, the first with its latest error (the 'zs' of trick 5)
    with reading(db) as con:
        assert con.execute("SELECT count(*) FROM rejected").fetchall() == [(3,)]
    assert listed(db) == [(S4, 1, 19, 22, "E-CARD"), (S5, 1, 18, 15, "E-CARD")]
    at = page(db, "rejected.py", monkeypatch)
    assert [s.value for s in at.subheader] == ["2 rejected hands"]
    rows = at.dataframe[0].value
    # in file order: next_day.shn, then typo2.shn
    assert list(zip(rows["file"].map(lambda f: Path(f).name), rows["session"], rows["hand"], rows["line"],
                    rows["col"], rows["code"])) == [("next_day.shn", S5, 1, 18, 15, "E-CARD"),
                                                    ("typo2.shn", S4, 1, 19, 22, "E-CARD")]

    # the fixed hand is stored: it leaves the list; the next day's hand stays
    assert "1 stored, 0 duplicates, 0 rejected" in ingest(db, texts["fixed"])
    assert listed(db) == [(S5, 1, 18, 15, "E-CARD")]
    at = page(db, "rejected.py", monkeypatch)
    assert [s.value for s in at.subheader] == ["1 rejected hand"]
    assert list(at.dataframe[0].value["session"]) == [S5]
    at = page(db, "overview.py", monkeypatch)
    assert [m.value for m in at.metric if m.label == "Rejected hands"] == ["1"]

    # a copy that differs from the stored hand, refused after it was stored, is refused now
    assert "7:1: E-HAND-CONFLICT (hand 1)" in ingest(db, texts["other"])
    assert listed(db) == [(S4, 1, 7, 1, "E-HAND-CONFLICT"), (S5, 1, 18, 15, "E-CARD")]
    with reading(db) as con:
        assert len(still_rejected(con)) == 2
        assert con.execute("SELECT count(*) FROM rejected").fetchall() == [(4,)]  # the history is kept
    # but its hand is stored: a refused copy, listed apart, and no hand missing in the Overview's count (new22 F5)
    at = page(db, "rejected.py", monkeypatch)
    assert [s.value for s in at.subheader] == ["1 rejected hand", "1 refused copy of a stored hand"]
    assert list(at.dataframe[0].value["session"]) == [S5] and list(at.dataframe[1].value["session"]) == [S4]
    at = page(db, "overview.py", monkeypatch)
    assert [m.value for m in at.metric if m.label == "Rejected hands"] == ["1"]


def test_nothing_refused_now(tmp_path, texts, monkeypatch):
    db = tmp_path / "r.duckdb"
    ingest(db, TYPO)
    ingest(db, texts["fixed"])
    assert listed(db) == []
    at = page(db, "rejected.py", monkeypatch)
    assert at.success and "No hand is refused" in at.success[0].value
    at = page(db, "overview.py", monkeypatch)
    assert [m.value for m in at.metric if m.label == "Rejected hands"] == ["0"]
