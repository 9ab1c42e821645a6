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


def test_fast_path_trick_keeps_card_codes_and_makes_positions_when_read():
    """A plain trick line is a ``ReadTrick``: its cards as codes, no play
    record and no position made until one is read; then the positions are
    those counted by hand on the line."""
    import pickle

    from ingest.shn.reader import ReadTrick
    from replay.cards import Card
    from replay.facts import PlayRec, TrickRec

    # line 4: "  t2 Bea: 7H KH  AH 9H 8H ; led" -> t2 at col 3, Bea: at 6, cards at 11, 14, 18, 21, 24
    f = read('%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\nhand 1\n  t2 Bea: 7H KH  AH 9H 8H ; led\n')
    t = f.hands[0].tricks[0]
    assert type(t) is ReadTrick and isinstance(t, TrickRec)
    assert (t.number, t.leader, t.cards, t.renege_at) == (2, "Bea", [Card.H7, Card.HK, Card.HA, Card.H9, Card.H8], ())
    for name in ("plays", "pos", "leader_pos"):
        try:
            getattr(TrickRec, name).__get__(t)
        except AttributeError:
            pass
        else:
            raise AssertionError(f"{name} made before it was read")
    assert (t.pos, t.leader_pos) == (Pos(4, 3), Pos(4, 6))
    assert [(p.card, p.pos) for p in t.plays] == [(Card.H7, Pos(4, 11)), (Card.HK, Pos(4, 14)), (Card.HA, Pos(4, 18)),
                                                  (Card.H9, Pos(4, 21)), (Card.H8, Pos(4, 24))]
    want = TrickRec(2, "Bea", [PlayRec(Card.H7, Pos(4, 11)), PlayRec(Card.HK, Pos(4, 14)), PlayRec(Card.HA, Pos(4, 18)),
                               PlayRec(Card.H9, Pos(4, 21)), PlayRec(Card.H8, Pos(4, 24))], Pos(4, 3), Pos(4, 6))
    assert t == want and want == t
    assert pickle.loads(pickle.dumps(t)) == want
    # setting plays keeps the card codes and the ^R marks in step
    t.plays = [PlayRec(Card.CQ, Pos(9, 1)), PlayRec(None, Pos(9, 4), renege=True)]
    assert (t.cards, t.renege_at) == ([Card.CQ, None], (1,))


def test_fast_path_note_on_the_next_line_goes_to_the_tricks_last_card():
    f = read('%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\nhand 1\nt1 Al: 7H KH AH 9H 8H\n{late}\n')
    t = f.hands[0].tricks[0]
    assert not f.hands[0].errors
    assert [p.note for p in t.plays] == [None, None, None, None, "late"] and t.note is None


def test_fast_path_deal_line_makes_positions_when_read():
    from ingest.shn.reader import ReadCards
    from replay.cards import Card
    from replay.facts import CardsRec

    # line 4: "deal Cy\tQS JD 9C" -> deal at col 1, QS at 9, JD at 12, 9C at 15; line 5 "blind  AS KC": 8, 11
    f = read('%SHN 1.0\n[Seats "Al; Bea; Cy"]\nhand 1\ndeal Cy\tQS JD 9C\nblind  AS KC\n')
    h = f.hands[0]
    d, b = h.deals[0], h.blind
    assert type(d) is ReadCards and type(b) is ReadCards
    try:
        CardsRec.pos.__get__(d)
    except AttributeError:
        pass
    else:
        raise AssertionError("the deal's position made before it was read")
    assert (d.seat, d.cards, d.pos, list(d.card_pos)) == ("Cy", [Card.SQ, Card.DJ, Card.C9], Pos(4, 1),
                                                           [Pos(4, 9), Pos(4, 12), Pos(4, 15)])
    assert (b.seat, b.cards, b.pos, list(b.card_pos)) == (None, [Card.SA, Card.CK], Pos(5, 1), [Pos(5, 8), Pos(5, 11)])
    assert d == CardsRec([Card.SQ, Card.DJ, Card.C9], Pos(4, 1), [Pos(4, 9), Pos(4, 12), Pos(4, 15)], "Cy")


def test_fast_path_score_line_keeps_seats_and_units_and_makes_positions_when_read():
    from ingest.shn.reader import ReadScore
    from replay.facts import ScoreRec, Value

    # line 4: "score Al -2  Bea +2 Cy \u22120" -> score at col 1; -2 at 10, +2 at 18, \u22120 at 24
    f = read('%SHN 1.0\n[Seats "Al; Bea; Cy"]\nhand 1\nscore Al -2  Bea +2 Cy \u22120\n{said}\n')
    sc = f.hands[0].score
    assert type(sc) is ReadScore and not f.hands[0].errors
    assert sc.written == (["Al", "Bea", "Cy"], [-2, 2, 0], False)
    assert sc.pos == Pos(4, 1)
    assert sc.entries == [("Al", Value(-2, Pos(4, 10))), ("Bea", Value(2, Pos(4, 18))),
                          ("Cy", Value(0, Pos(4, 24), note="said"))]
    assert sc == ScoreRec(sc.entries, Pos(4, 1))
    # a ^ entry is read by the statement loop; setting entries keeps `written` in step
    g = read('%SHN 1.0\n[Seats "Al; Bea"]\nhand 1\nscore Al ^+2 Bea -2\n').hands[0].score
    assert type(g) is ScoreRec and g.written == (["Al", "Bea"], [2, -2], True)
    sc.entries = g.entries
    assert sc.written == (["Al", "Bea"], [2, -2], True)
