"""real31 A (verify31 semi.shn): a ';' comment holding statement words on a STORED hand was silent.

By the notation (docs/notation.md §2.2) ';' starts a comment to the end of its line, so the reader is right not to
read 'crack Di' in hand 2's ``pick Cy call AS partner Ed pts 72 win ; crack Di``; a scorer who used ';' as a
separator meant a crack, so the stored hand now gets a W-COMMENT warning at the ';' saying the words were not read.

Worked by hand, profile wi5-called-ace, five-handed, double on the bump on (rules.md B-32):
* hand 2: Cy picks, calls AS, partner Ed, 72 card points: 61..90 is a plain win, tier x1 (rules.md B-28); with a
  partner the picker gets 2 shares, the partner 1, each of 3 defenders pays 1 (B-31, B-33): Cy +2, Ed +1, Al -1,
  Bea -1, Di -1 (sum 2+1-3 = 0).  Stored as written: uncracked (the crack Di the scorer meant would be x2, rules.md
  E-1/E-2: Cy +4, Ed +2, the others -2 -- not what is stored, hence the warning).
* hand 3: Di picks, calls AC, partner Al, pts 72 and no result word: 72 is a plain win (B-28): Di +2, Al +1, Bea -1,
  Cy -1, Ed -1; its comment '; lose' is a statement word not read -> a warning too.
Totals of hands 2 + 3: Al -1+1 = 0, Bea -1-1 = -2, Cy 2-1 = 1, Di -1+2 = 1, Ed 1-1 = 0 (sum 0).
"""

from __future__ import annotations

from tests.cli_helpers import ingest_json as _ingest, ledger, write

HEAD = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Date "2026.12.03"]\n\n'
# /tmp/verify31/semi.shn, hands 1..3 (lines 5..12)
SEMI = (HEAD
        + "hand 1 dealer Ed\npick Bea call AH pts 72 win ; partner Di\n\n"   # lines 5, 6
        + "hand 2 dealer Al\npick Cy call AS partner Ed pts 72 win ; crack Di\n\n"  # lines 8, 9
        + "hand 3 dealer Bea\npick Di call AC partner Al pts 72 ; lose\n")  # lines 11, 12


def _comment_warnings(rep: dict) -> list[dict]:
    return [w for w in rep["warnings"] if w["code"] == "W-COMMENT"]


def test_a_stored_hands_comment_of_statement_words_is_warned_at_its_semicolon(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "semi.shn", SEMI), db)
    assert rep["ingested"] == 2
    [e] = rep["rejected"]  # hand 1: no partner, E-RESULT-UNKNOWN with its own hint (real31 F7), no W-COMMENT
    assert (e["code"], e["hand"]) == ("E-RESULT-UNKNOWN", 1) and "partner Di" in e["message"], e
    w2, w3 = _comment_warnings(rep)
    # 'pick Cy call AS partner Ed pts 72 win ' is 38 characters: the ';' at column 39 of line 9
    assert (w2["line"], w2["col"], w2["hand"]) == (9, 39, 2), w2
    assert "'crack Di'" in w2["message"] and "not read" in w2["message"] and "remove the ';'" in w2["message"], w2
    # 'pick Di call AC partner Al pts 72 ' is 34 characters: the ';' at column 35 of line 12
    assert (w3["line"], w3["col"], w3["hand"]) == (12, 35, 3), w3
    assert "'lose'" in w3["message"], w3
    assert ledger(db) == {"Al": 0, "Bea": -2, "Cy": 1, "Di": 1, "Ed": 0}


def test_a_hand_without_a_comment_is_unchanged(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "plain.shn", HEAD + "hand 2 dealer Al\npick Cy call AS partner Ed pts 72 win\n"), db)
    assert rep["ingested"] == 1 and rep["rejected"] == [] and rep["warnings"] == [], rep
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


def test_a_comment_of_plain_words_is_not_warned(tmp_path):
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "late.shn", HEAD + "hand 2 dealer Al ; Di was late\n"
                        "pick Cy call AS partner Ed pts 72 win ; Di was late\n"), db)
    assert rep["ingested"] == 1 and _comment_warnings(rep) == [] and rep["warnings"] == [], rep
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


def test_a_comment_on_the_hand_line_and_after_a_note_is_the_hands(tmp_path):
    """The comment on the 'hand' line itself (line 5) and one after a {note} (line 6, read by the reader's note path)
    are both hand 2's; hand 2 stored as in the first test (Cy +2, Ed +1, the others -1)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "h.shn", HEAD + "hand 2 dealer Al ; recrack Cy\n"
                        "pick Cy {quick} call AS partner Ed pts 72 win ; blitz Cy\n"), db)
    assert rep["ingested"] == 1, rep
    ws = _comment_warnings(rep)
    assert [(w["line"], w["col"], w["hand"]) for w in ws] == [(5, 18, 2), (6, 47, 2)], ws
    assert "'recrack Cy'" in ws[0]["message"] and "'blitz Cy'" in ws[1]["message"]
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


def test_a_refused_hands_comment_gets_no_warning(tmp_path):
    """A hand the reader refuses (an unknown card) is not stored: its comment's words are no stored hand's."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "r.shn", HEAD + "hand 2 dealer Al\npick Cy call AS partner Ed pts 72 win\n"
                        "bury ZZ ; crack Di\n"), db)
    assert rep["ingested"] == 0 and len(rep["rejected"]) == 1, rep
    assert _comment_warnings(rep) == []


def test_a_remark_holding_a_statement_word_not_first_is_not_warned(tmp_path):
    """A remark is no statement because a word of it is a keyword (the full suite's find on today's tree:
    ``; Cy's first pick`` was warned, so the stored hand no longer read back clean for the duplicate check):
    only a part of the comment (split at ';') that starts with a keyword reads as statements.  Hand 2 as above:
    Cy +2, Ed +1, the others -1 (rules.md B-28, B-31, B-33)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "remark.shn", HEAD + "hand 2 dealer Al ; Bea passed, then Cy's first pick\n"
                        "pick Cy call AS partner Ed pts 72 win ; Di wanted to crack\n"), db)
    assert rep["ingested"] == 1 and _comment_warnings(rep) == [], rep
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}


def test_a_warned_stored_hand_sent_again_in_another_layout_is_a_duplicate(tmp_path):
    """The stored hand with its W-COMMENT still reads back for the comparison by meaning (docs/storage.md
    'Duplicates by meaning'): the same hand with other spacing is a duplicate, not E-HAND-CONFLICT."""
    db = tmp_path / "x.duckdb"
    hand = "hand 2 dealer Al\npick Cy call AS partner Ed pts 72 win ; crack Di\n"
    first = _ingest(write(tmp_path, "a.shn", HEAD + hand), db)
    assert first["ingested"] == 1 and len(_comment_warnings(first)) == 1, first
    again = _ingest(write(tmp_path, "b.shn", HEAD + hand.replace(" call", "   call").replace("win ;", "win    ;")), db)
    assert again["ingested"] == 0 and again["rejected"] == [] and again["duplicates"] == 1, again
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
