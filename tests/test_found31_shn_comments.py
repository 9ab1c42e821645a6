"""real31 F7 (part): a '#' comment holding the word 'hand' at a hand line's end started a phantom hand
(E-NUMBER "found end of line after 'hand'"); a '(...)' aside was refused with no word of SHN's '{...}' notes.

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
