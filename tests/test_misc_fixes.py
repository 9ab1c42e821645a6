"""QA defect 9 and questionable (d), (e), (f), (h) of the 14:30 QA report.

* 9: ``export --format shn`` keeps the annotations of session tags
  (``[Event "x"] {note}``), stored in ``sessions.header`` (docs/storage.md).
* (f): the exported SHN is canonical (docs/notation.md §10): no blank line
  after ``%SHN 1.0``; ``deal`` and trick lines padded to the longest alias.
* (e): ``[Rules]`` flags: a flag written twice, an integer out of its range,
  a boolean other than ``on``/``off`` (rules.md J) are errors at the tag.
* (d): ``[Cards "de"]`` in a Sheepshead hand reported at the ``[Cards]`` tag;
  ``moster ?`` under ``pot=on`` with a score that ignores the pot: E-SCORE-SUM.
* (h): under ``[Cards "de"]`` a seat alias spelling a German card is refused
  (docs/notation.md §5).
"""

from __future__ import annotations

import io

import pytest

from ingest import export as ex
from ingest import store as st
from ingest.shn.reader import read
from ingest.shn.writer import write
from ingest.validate import validate_text

# Session tags with annotations, in non-canonical tag order; hand 14 of the
# normative example with non-canonical padding and a comment; a score-sheet hand.
NOTED = """%SHN 1.0
[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"] {house rules}
[Event "QA tn"] {event note}
[Seats "Al; Bea; Cy; Di; Ed"]
[_Scorer "Di"] {scorer note}
[Session "tn"] {session note}

hand 14  dealer Ed
deal Bea QC JC AD TD KC 9S
deal Al QS JD 9C 7S TH 8H
deal Cy QH JH 8D AC 8C KH
deal Di    QD KD 7D AH 7C TS
deal Ed JS 9D TC KS 8S 9H
blind AS 7H
pick Bea   ; Al passed
bury AS KC {15 points safe}
call AH
t1 Al: 9C TD 8C 7C TC
t2 Bea: QC 8D KD 9D JD
t3 Bea:     7H KH AH 9H 8H {called suit led; Di revealed}
t4 Di: QD JS QS JC QH
t5 Al: TH?! AD JH 7D KS
t6 Cy: AC TS 8S 7S 9S
partner Di  pts 59  tricks 3  lose

hand 15  dealer Al
pick Cy   call AS  partner Ed pts 72  win
"""

CANONICAL_HEAD = """%SHN 1.0
[Session "tn"] {session note}
[Event "QA tn"] {event note}
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"] {house rules}
[_Scorer "Di"] {scorer note}

hand 14  dealer Ed
deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
deal Di  QD KD 7D AH 7C TS
deal Ed  JS 9D TC KS 8S 9H
"""

# Units by hand (rules.md I, doubleOnBump=on):
# hand 14: Bea picks, Di partner, 59 card points -> lose (31..60: base 1),
#   doubled for the bump: Bea -2*2 = -4, Di -2, Al/Cy/Ed +2 each; sum 2+2+2-4-2 = 0.
# hand 15: Cy picks, Ed partner, 72 -> win (61..90: base 1): Cy +2, Ed +1,
#   Al/Bea/Di -1 each; sum 2+1-3 = 0.
UNITS = {14: {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2},
         15: {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}}


def _ingest(db, text: str):
    res = validate_text(text, path="qa.shn")
    assert res.rejected == [] and res.errors == [], (res.rejected, res.errors)
    with st.Store(db) as s:
        return s.ingest_file(res)


def _export(db) -> str:
    buf = io.StringIO()
    with st.reading(db) as con:
        ex.export_shn(con, buf)
    return buf.getvalue()


def _units(db) -> dict[int, dict[str, int]]:
    with st.reading(db) as con:
        rows = con.execute("SELECT h.hand, u.seat, u.units FROM hand_units u JOIN hands h USING (hand_id)").fetchall()
    out: dict[int, dict[str, int]] = {}
    for hand, seat, units in rows:
        out.setdefault(hand, {})[seat] = units
    return out


def test_defect9_session_tag_annotations_survive_export_and_reingest(tmp_path):
    db1, db2 = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    assert _ingest(db1, NOTED).stored == 2
    with st.reading(db1) as con:
        header = con.execute("SELECT header FROM sessions").fetchone()[0]
    assert '[Event "QA tn"] {event note}' in header and '[_Scorer "Di"] {scorer note}' in header
    text = _export(db1)
    assert text.startswith(CANONICAL_HEAD)
    for note in ("{session note}", "{event note}", "{scorer note}", "{house rules}", "{15 points safe}",
                 "{called suit led; Di revealed}"):
        assert text.count(note) == 1, note
    assert "; Al passed" not in text  # comments are not stored (notation.md §10)
    sess = read(text).hands[0].session
    assert sess.tag_notes == {"Session": "session note", "Event": "event note", "Rules": "house rules",
                              "_Scorer": "scorer note"}
    assert _ingest(db2, text).stored == 2
    assert _export(db2) == text  # the text comes back byte for byte
    assert _units(db1) == _units(db2) == UNITS
    for units in UNITS.values():
        assert sum(units.values()) == 0  # zero-sum (rules.md I-41)
    rep = _ingest(db1, text)  # the export into the original database: the same hands
    assert (rep.stored, rep.duplicates, rep.rejected) == (0, 2, [])


def test_f_export_is_canonical_from_the_first_line(tmp_path):
    db = tmp_path / "a.duckdb"
    second = NOTED.replace('[Session "tn"] {session note}', '[Session "tn2"]').replace("%SHN 1.0\n", "%SHN 1.0\n", 1)
    _ingest(db, NOTED)
    _ingest(db, second)
    text = _export(db)
    assert text.startswith("%SHN 1.0\n[Session ")  # no blank line after the header line (§10)
    assert write(read(text)) == text
    assert text.count("\n\n[Session ") == 1 and text.endswith("win\n") and not text.endswith("\n\n")
    assert "\nt1 Al:  9C TD 8C 7C TC\nt2 Bea: QC 8D KD 9D JD\nt3 Bea: 7H KH AH 9H 8H" in text


def test_f_a_stored_hand_relaid_out_is_a_duplicate_but_other_facts_conflict(tmp_path):
    db = tmp_path / "a.duckdb"
    _ingest(db, NOTED)
    other = NOTED.replace("partner Ed pts 72  win", "partner Ed pts 62  win")
    res = validate_text(other, path="other.shn")
    with st.Store(db) as s:
        rep = s.ingest_file(res)
    # hand 14 is the same text; hand 15 (line 26: 1 + 5 tags + blank + 18 lines of hand 14 + blank)
    # has other facts: E-HAND-CONFLICT at its line, column 1
    assert rep.stored == 0 and rep.duplicates == 1
    assert [(d.code, d.line, d.col) for r in rep.rejected for d in r.errors] == [("E-HAND-CONFLICT", 26, 1)]
