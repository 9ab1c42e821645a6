"""The Schneider page under a house rule whose schneider line is 90
(``schneiderSymmetric90=on``, rules.md B-28; real25 F7: the caption said
"91 or more" of a 90-point hand it counted).  Worked by hand: five-handed
called ace, a picked hand at 90 card points is a plain win under the
default rules (B-28: 61-90) and a schneider win under the variant; the
score lines are B-33's (picker 2, partner 1, each defender -1; ×2 for
schneider)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ingest.store import Store
from ingest.validate import validate_text

PAGE = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "schneider.py"

HEAD = """%SHN 1.0
[Session "{sid}"]
[Event "VFW"]
[Date "2026.11.30"]
[Seats "Ann; Bud; Cal; Dot; Eli"]
[Rules "{rules}"]

"""
# picker Ann, partner Cal, 90 card points: schneider only under schneiderSymmetric90 (B-28)
SYM = HEAD.format(sid="vfw", rules="wi5-called-ace; schneiderSymmetric90=on") + """hand 1  dealer Eli
pick Ann  call AH  partner Cal  pts 90  win-s
score Ann +4 Bud -2 Cal +2 Dot -2 Eli -2

hand 2  dealer Ann
pick Bud  call AC  partner Dot  pts 75  win
score Ann -1 Bud +2 Cal -1 Dot +1 Eli -1
"""
PLAIN = HEAD.format(sid="home", rules="wi5-called-ace") + """hand 1  dealer Eli
pick Ann  call AH  partner Cal  pts 90  win
score Ann +2 Bud -1 Cal +1 Dot -1 Eli -1
"""


def _db(tmp_path: Path, *texts: str) -> Path:
    path = tmp_path / "s.duckdb"
    with Store(path) as store:
        for k, text in enumerate(texts):
            res = validate_text(text, path=f"night{k}.shn")
            assert not res.rejected, [r.errors for r in res.rejected]
            store.ingest_file(res)
    return path


def _page(db: Path, monkeypatch) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGE), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


def test_a_90_point_schneider_under_its_house_rule_is_said_with_its_line(tmp_path, monkeypatch):
    at = _page(_db(tmp_path, SYM, PLAIN), monkeypatch)
    # 3 picked hands; win-s: only VFW hand 1 (90 under the variant); HOME's 90 is a plain win
    win_s = [m.value for m in at.metric if m.label == "Defenders schneidered (win-s)"]
    assert win_s == ["33.3%"]
    text = _captions(at)
    assert "took 91 or more (90 or more under schneiderSymmetric90=on) and the defenders a trick" in text
    assert "makes schneider at 90 card points, not 91 (rules.md B-28)" in text


def test_without_the_house_rule_the_line_is_91_alone(tmp_path, monkeypatch):
    at = _page(_db(tmp_path, PLAIN), monkeypatch)
    assert [m.value for m in at.metric if m.label == "Defenders schneidered (win-s)"] == ["0.0%"]
    text = _captions(at)
    assert "took 91 or more and the defenders a trick" in text
    assert "schneiderSymmetric90" not in text


def test_the_line_is_named_only_of_the_hands_the_filters_keep(tmp_path, monkeypatch):
    """break25 F7: filtered to the plain house's rules, the page shows HOME's one picked hand (90, a plain win under
    B-28's 61-90) and names no 90-point line; filtered to VFW's, it names it (VFW hand 1: 90, schneider)."""
    db = _db(tmp_path, SYM, PLAIN)
    monkeypatch.setenv("SHEAD_DB", str(db))
    for rules, win_s, named in (("wi5-called-ace", "0.0%", False),
                                ("wi5-called-ace; schneiderSymmetric90=on", "50.0%", True)):
        at = AppTest.from_file(str(PAGE), default_timeout=60)
        at.query_params["rules"] = rules
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        assert [m.value for m in at.metric if m.label == "Defenders schneidered (win-s)"] == [win_s]
        assert ("schneiderSymmetric90" in _captions(at)) is named, (rules, _captions(at))
