"""phone32 F4 (session 32, fixg32): a hand block pasted twice, identical, in one file
(/tmp/phone32/night.shn lines 40-43) was counted once but reported `E-HAND-ORDER ... found hand 6 after hand 6`
(exit 1, a "refused copy" on the Rejected hands page, --strict losing the night, POST /hands 422 on every retry).
Now the identical copy is dropped with one W-HAND-PASTED warning at its `hand` line; a different hand under the same
number stays E-HAND-ORDER.

Worked by hand (rules.md), wi5-called-ace: hand 6, Al picks, calls A♥, partner Cy, 61 card points: 61 >= 61 wins
(B-27), no schneider (<= 90), so B-33's plain tier: Al +2, Cy +1, Bob Di Ed -1 each; 2 + 1 - 3 = 0.
Hand 5 before it, Bob picks alone with 93: a schneider win alone (B-27, B-29: 91..119) is 2 x the plain alone share:
each of 4 defenders -2, Bob +8; 8 - 8 = 0.  Night: Al 2-2 = 0, Bob -1+8 = +7, Cy 1-2 = -1, Di -1-2 = -3,
Ed -1-2 = -3; sum 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.validate import validate_text
from replay.errors import ShedError
from tests.cli_helpers import cli, ingest_json as _ingest, ledger, write

HEAD = ('%SHN 1.0\n[Event "Phone Night Club"]\n[Date "2026.12.05"]\n[Seats "Al; Bob; Cy; Di; Ed"]\n'
        '[Rules "wi5-called-ace"]\n\n')
H5 = "Hand 5  Dealer Di\npick Bob  alone  pts 93  win-s\n\n"
H6 = "hand 6  dealer Ed\nPick Al  Call AH  Partner Cy  pts 61  Win\n"
H6_UNITS = {"Al": 2, "Bob": -1, "Cy": 1, "Di": -1, "Ed": -1}
NIGHT = {"Al": 0, "Bob": 7, "Cy": -1, "Di": -3, "Ed": -3}
PASTED = HEAD + H5 + H6 + H6  # the first hand 6 at line 10, the copy's 'hand' at line 12


def _read(text: str, strict: bool = False):
    res = validate_text(text, "night.shn", strict=strict)
    errs = [e for r in res.rejected for e in r.errors] + [e for e in res.errors if e.severity == "error"]
    warns = [e for e in res.errors if e.severity == "warning"]
    return errs, warns, res.hands


@pytest.mark.parametrize("strict", [False, True])
def test_an_identical_copy_is_counted_once_with_a_warning(strict):
    errs, warns, hands = _read(PASTED, strict)
    assert errs == []
    assert [h.outcome.hand for h in hands] == [5, 6]
    assert hands[1].outcome.units == H6_UNITS and sum(H6_UNITS.values()) == 0
    (w,) = warns
    assert (w.code, w.line, w.col, w.hand) == ("W-HAND-PASTED", 12, 1, 6)
    assert "line 10" in w.message and "once" in w.message


def test_a_copy_differing_only_in_spaces_and_blank_lines_is_the_same_hand():
    errs, warns, hands = _read(HEAD + H5 + H6 + "\n" + H6.replace("  ", " ").replace("Win", "Win  "))
    assert errs == [] and [w.code for w in warns] == ["W-HAND-PASTED"] and len(hands) == 2


@pytest.mark.parametrize("strict", [False, True])
def test_a_different_hand_under_the_same_number_stays_an_error(strict):
    text = HEAD + H5 + H6 + H6.replace("pts 61", "pts 70")
    if strict:
        with pytest.raises(ShedError) as exc:
            validate_text(text, "night.shn", strict=True)
        assert (exc.value.diagnostic.code, exc.value.diagnostic.line) == ("E-HAND-ORDER", 12)
        return
    errs, warns, hands = _read(text)
    assert [(e.code, e.line, e.col) for e in errs] == [("E-HAND-ORDER", 12, 6)]
    assert [h.outcome.hand for h in hands] == [5, 6] and hands[1].outcome.units == H6_UNITS


def test_ingest_stores_the_night_once_exit_0_and_strict_too(tmp_path):
    for extra in ((), ("--strict",)):
        db = tmp_path / f"n{len(extra)}.duckdb"
        r = cli("ingest", write(tmp_path, "night.shn", PASTED), "--db", str(db), *extra, ok=False)
        assert r.exit_code == 0, r.output
        assert "W-HAND-PASTED" in r.output
        assert ledger(db) == NIGHT and sum(NIGHT.values()) == 0
    rep = _ingest(write(tmp_path, "night.shn", PASTED), tmp_path / "j.duckdb")
    assert (rep["ingested"], rep["rejected"]) == (2, [])


def test_post_hands_of_a_slip_pasted_twice_is_200_and_stores_it_once(tmp_path):
    """POST /hands (Service.post_one, in process) of /tmp/phone32/post.shn's shape, its last hand pasted twice: 422
    on every retry before; now 200 with the warning, and a retry 200 with every hand a duplicate."""
    from dashboard.service import OWNER, Service

    svc = Service(tmp_path / "s.duckdb", hold=0)
    try:
        body, status = svc.post_one(OWNER, "post.shn", PASTED.encode(), False)
        assert status == 200, body
        assert (body["ingested"], body["rejected"]) == (2, [])
        assert [w["code"] for w in body["warnings"]] == ["W-HAND-PASTED"]
        body, status = svc.post_one(OWNER, "post.shn", PASTED.encode(), False)
        assert status == 200 and (body["ingested"], body["duplicates"]) == (0, 2)
    finally:
        svc.close()
    assert ledger(tmp_path / "s.duckdb") == NIGHT


def test_the_rejected_page_says_what_a_different_hand_under_a_used_number_needs(tmp_path, monkeypatch):
    """The Rejected hands page's caption for a refused copy of a stored hand named only a night sent again with a
    typo; a different hand written under a number the file used (E-HAND-ORDER, the only refusal left of a block
    under a repeated number) is said too, and that an identical copy is no longer refused."""
    from streamlit.testing.v1 import AppTest

    db = tmp_path / "r.duckdb"
    cli("ingest", write(tmp_path, "night.shn", HEAD + H5 + H6 + H6.replace("pts 61", "pts 70")), "--db", str(db),
        ok=False)
    monkeypatch.setenv("SHEAD_DB", str(db))
    page = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "rejected.py"
    at = AppTest.from_file(str(page), default_timeout=60)
    at.run()
    assert not at.exception
    assert [s.value for s in at.subheader] == ["1 refused copy of a stored hand"]
    cap = " ".join(c.value for c in at.caption)
    assert "E-HAND-ORDER" in cap and "its own number" in cap
    assert "W-HAND-PASTED" in cap


def test_a_first_hand_pasted_twice_keeps_the_night_going():
    """hand 1 pasted twice then hand 2: hand 1 read once, hand 2 the same night's (not of a night numbered from 1
    again, break26 F1).  Hand 2 (Bob picks alone, 93: B-29 schneider alone, Bob +8, the others -2) and hand 1
    (hand 6's text: Al +2, Cy +1, the others -1)."""
    h1 = H6.replace("hand 6", "hand 1")
    errs, warns, hands = _read(HEAD + h1 + h1 + "\n" + H5.replace("Hand 5", "Hand 2"))
    assert errs == [] and [w.code for w in warns] == ["W-HAND-PASTED"]
    assert [(h.outcome.hand, h.outcome.session) for h in hands] == [(1, "Phone Night Club / 2026.12.05"),
                                                                    (2, "Phone Night Club / 2026.12.05")]
    assert hands[1].outcome.units == {"Al": -2, "Bob": 8, "Cy": -2, "Di": -2, "Ed": -2}
