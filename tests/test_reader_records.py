"""The records the reader builds slot by slot (issue 17) are the records the
dataclasses would build: every field set, the same values, fresh
containers for each hand."""

from __future__ import annotations

from dataclasses import fields

from ingest.shn.reader import _hand_rec, read
from replay.facts import HandRecord, Pos, SessionRec


def test_hand_rec_is_the_dataclass_record_field_for_field():
    sess = SessionRec({"Seats": "Al; Bea"})
    made = _hand_rec(14, sess, 9, 3)
    want = HandRecord(14, sess, Pos(9, 3), line=9)
    # every field is set (getattr raises on an unset slot) and equal to the dataclass default
    assert [getattr(made, f.name) for f in fields(HandRecord)] == [getattr(want, f.name) for f in fields(HandRecord)]
    assert made == want and type(made) is HandRecord
    assert (made.pos.line, made.pos.col, made.line, made.source, made.leaster_tie) == (9, 3, 9, "", False)


def test_each_hand_gets_its_own_containers():
    a, b = _hand_rec(1, None, 1, 1), _hand_rec(2, None, 2, 1)
    for name in ("tags", "tag_pos", "tag_notes", "deals", "tables", "marks", "tricks", "errors"):
        assert getattr(a, name) is not getattr(b, name), name
    a.errors.append("x")
    assert b.errors == []


def test_read_hand_has_its_number_position_and_line():
    # line 1 %SHN, 2 Seats, 3 blank, 4 "  hand 7 dealer Al" (hand at column 3, Al at 17), 5 "hand" (no number: E-NUMBER)
    f = read('%SHN 1.0\n[Seats "Al; Bea"]\n\n  hand 7 dealer Al\nhand\n')
    h7, h0 = f.hands
    assert (h7.number, h7.pos, h7.line, h7.dealer.value, h7.dealer.pos) == (7, Pos(4, 3), 4, "Al", Pos(4, 17))
    assert (h0.number, h0.pos, h0.line) == (0, Pos(5, 1), 5)
    assert [(d.code, d.line, d.col) for d in h0.errors] == [("E-NUMBER", 5, 5)]


def test_reader_pxd_declares_every_slot_of_the_reader():
    """``ingest/shn/reader.pxd`` (the compiled reader's state) names exactly
    the slots of the source's ``_Reader``, each a Python object, so the
    compiled reader holds what the pure-Python one holds."""
    import re
    from pathlib import Path

    from ingest.shn.reader import _Reader

    text = (Path(__file__).resolve().parents[1] / "ingest" / "shn" / "reader.pxd").read_text()
    declared = re.findall(r"(?m)^    cdef public (\w+) (\w+)$", text)
    assert {t for t, _ in declared} == {"object"}
    assert [name for _, name in declared] == list(_Reader.__slots__)
