"""real31 F7: a ';' comment hiding statements was not said at the hand's E-RESULT-UNKNOWN; a '#' comment
holding the word 'hand' at a hand line's end started a phantom hand (E-NUMBER "found end of line after 'hand'");
a '(...)' aside was refused with no word of SHN's '{...}' notes.

Worked by hand, profile wi5-called-ace: hand 2, Cy picks, calls AS, partner Ed, 72: a plain win (rules.md B-27,
B-28 61..90): Cy +2, Ed +1, Al/Bea/Di -1 (B-31, B-33) -- the hand after the refused one is stored as before.
"""

from __future__ import annotations

from tests.cli_helpers import ingest_json as _ingest, ledger, write

HEAD = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Date "2026.12.03"]\n\n'
HAND2 = "hand 2 dealer Al\npick Cy call AS partner Ed pts 72 win\n"


def test_a_hash_comment_with_the_word_hand_starts_no_hand(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "c.shn", HEAD + "hand 1 dealer Ed\npick Di alone pts 93 win-s  # big hand\n\n"
                        + HAND2), db)
    assert rep["ingested"] == 1
    [e] = rep["rejected"]
    assert (e["code"], e["line"], e["col"]) == ("E-STATEMENT", 6, 29), e
    assert "a comment starts with ';'" in e["message"]
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


def test_a_parenthesised_aside_is_told_of_braces(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "p.shn", HEAD + "hand 1 dealer Ed\npick Cy (Bea passed) call AS partner Ed pts 72 "
                        "win\n\n" + HAND2), db)
    [e] = rep["rejected"]
    assert (e["code"], e["line"], e["col"]) == ("E-STATEMENT", 6, 9), e
    assert "{Bea passed}" in e["message"] and "note" in e["message"], e["message"]


def test_statements_inside_a_semicolon_comment_are_said(tmp_path):
    """real31's semi.shn hand 1 (its names as this file's seats): 'pick Bea ; Al passed ; call AH  partner Di
    pts 59  lose' -- everything after the first ';' is a comment, so the hand has no partner nor points: E-RESULT-UNKNOWN at the hand (line 5) as
    before, now saying that 'partner Dee' and the rest were inside the ';' comment of line 6.  Hand 2 (clean)
    stored: Cy +2, Ed +1, the others -1 (rules.md B-33)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "s.shn", HEAD + "hand 1  dealer Ed\npick Bea ; Al passed ; call AH  partner Di  "
                        "pts 59  lose\n\n" + HAND2), db)
    assert rep["ingested"] == 1
    [e] = rep["rejected"]
    assert e["code"] == "E-RESULT-UNKNOWN", e
    m = e["message"]
    assert "line 6" in m and "after ';'" in m and "partner Di" in m and "comment" in m, m
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


def test_a_comment_of_plain_words_adds_no_hint(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "s.shn", HEAD + "hand 1  dealer Ed\npick Bea  call AH ; Al grumbled\n"), db)
    [e] = rep["rejected"]
    assert e["code"] == "E-RESULT-UNKNOWN" and "inside" not in e["message"], e
