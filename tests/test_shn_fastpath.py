"""The reader's fast path (issue 17): a plain ``tK``, ``deal``, ``blind``,
``bury``, ``share`` or ``score`` line is read by a function of ``reader._FAST`` without
the statement loop; every other line by ``_Reader._process``.  The fast path
must give the very records, positions, diagnostics and reader state that the
statement loop gives, for any line, well-formed or not.

* Hand-worked positions of lines the fast path reads, spaced regularly (the
  columns counted) and irregularly (the columns found).
* Hypothesis: files of random well-formed and mangled card lines read the same
  (``ShnFile`` equal: hands, records, positions, diagnostics, sources) with the
  fast path and without it (``_FAST`` emptied), leniently, strictly and
  streamed.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ingest.shn.reader as reader
from ingest.shn.errors import ShnSyntaxError
from ingest.shn.reader import read
from replay.cards import Card

HEAD = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\n'


def _general(monkeypatch):
    """Read with the fast path switched off: every line through ``_process``."""
    monkeypatch.setattr(reader, "_FAST", {})


def test_regular_trick_line_positions():
    # t3 at col 1, "Bea:" at col 4, cards at 9, 12, 15, 18, 21 (one blank apart)
    f = read(HEAD + "hand 1\nt3 Bea: 7H KH AH 9H 8H\n")
    t = f.hands[0].tricks[0]
    assert not f.hands[0].errors
    assert (t.number, t.leader, t.pos.line, t.pos.col, t.leader_pos.col) == (3, "Bea", 4, 1, 4)
    assert [p.card for p in t.plays] == [Card.H7, Card.HK, Card.HA, Card.H9, Card.H8]
    assert [(p.pos.line, p.pos.col) for p in t.plays] == [(4, 9), (4, 12), (4, 15), (4, 18), (4, 21)]


def test_irregular_lines_positions():
    # "  t2 Ed:\tTD  JD 10C \r": t2 at col 3, Ed: at 6, TD at 10, JD at 14, 10C at 17 (a CRLF line end)
    text = HEAD + "hand 1\n  t2 Ed:\tTD  JD 10C \r\n deal Al  QS JD 9C;x\nbury   AS KC\n"
    f = read(text)
    h = f.hands[0]
    assert not h.errors
    t = h.tricks[0]
    assert (t.pos.col, t.leader_pos.col) == (3, 6)
    assert [p.pos.col for p in t.plays] == [10, 14, 17]
    assert [p.card for p in t.plays] == [Card.DT, Card.DJ, Card.CT]
    d = h.deals[0]
    assert (d.seat, d.pos.line, d.pos.col) == ("Al", 5, 2)
    assert [(p.line, p.col) for p in d.card_pos] == [(5, 11), (5, 14), (5, 17)]
    assert (h.bury.pos.col, [p.col for p in h.bury.card_pos]) == (1, [8, 11])


# -- the fast path and the statement loop agree ------------------------------

SEATS = ["Al", "Bea", "Cy", "Di", "Ed"] * 3 + ["Zed", "?", "al"]
CARDS = ["QC", "JD", "9C", "7S", "TH", "AS", "??", "10C", "q♠", "Q♣", "6C"]
ODD = ["QC!", "^RJD", "{note}", "{open", "XX", "deal", "pts", "[Cards \"de\"]", "EO", "}", "t1", "Al:", ":", "?"]
UNITS = ["+2", "-2", "0", "-0", "+4", "\u22124", "500", "+501", "02", "?", "^+2", "^-4", "x"]
SEP = st.sampled_from([" "] * 6 + ["  ", "\t", " \u3000"])


@st.composite
def card_line(draw):
    """A ``tK``, ``deal``, ``blind``, ``bury``, ``share`` or ``score`` line, mostly
    well-formed, sometimes mangled (odd tokens, spacing, comments, line ends)."""
    kind = draw(st.sampled_from(["t", "t", "deal", "deal", "blind", "bury", "share", "score", "score"]))
    words: list[str] = []
    if kind == "score":  # seats and units, mostly plain; sometimes a seat twice, a missing unit, an odd token
        words.append(kind)
        for _ in range(draw(st.integers(0, 6))):
            words.append(draw(st.sampled_from(SEATS)))
            if draw(st.integers(0, 9)):
                words.append(draw(st.sampled_from(UNITS)))
        if draw(st.integers(0, 4)) == 0:
            words.insert(draw(st.integers(1, len(words))), draw(st.sampled_from(ODD + UNITS)))
        return _spaced(draw, words)
    if kind == "t":
        words.append(f"t{draw(st.integers(1, 7))}")
        lead = draw(st.sampled_from(SEATS))
        words += [lead + ":"] if draw(st.integers(0, 5)) else [lead, ":"]
    else:
        words.append(kind)
        if kind == "deal":
            words.append(draw(st.sampled_from(SEATS)))
    pool = CARDS + ODD if draw(st.integers(0, 3)) == 0 else CARDS
    words += draw(st.lists(st.sampled_from(pool), min_size=0 if pool is not CARDS else 1, max_size=7))
    return _spaced(draw, words)


def _spaced(draw, words: list[str]) -> str:
    text = draw(st.sampled_from(["", " ", "  "]))
    for k, w in enumerate(words):
        text += (draw(SEP) if k else "") + w
    return text + draw(st.sampled_from(["", "", "", "", "", " ", "\r", " ; said", "{x}"]))


@st.composite
def card_file(draw):
    """An SHN file of hands made of random card lines, with or without a
    Seats tag, a German card mode or a hand's own Seats tag now and then."""
    head = "%SHN 1.0\n" + draw(st.sampled_from(['[Seats "Al; Bea; Cy; Di; Ed"]\n', "", '[Cards "de"]\n']))
    lines = [head.rstrip("\n")]
    for n in range(1, draw(st.integers(1, 3)) + 1):
        heads = [f"hand {n}", f"hand {n}  dealer Al", f"hand {n}", "hand x", f"hand {n} {{n}}", "hand", "  hand ; x"]
        lines.append(draw(st.sampled_from(heads)))
        lines += draw(st.lists(st.one_of(card_line(), st.sampled_from(
            ["", "{after}", '[Seats "Al; Bea; Cy"]', "pick Bea", "score Al +2 Bea -2", "hand", f"hand {n}"])),
            max_size=8))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


def _strict(text: str):
    try:
        return read(text, "f.shn", strict=True)
    except ShnSyntaxError as exc:
        return exc.diagnostic


def _streamed(text: str):
    out = []
    for part in reader._Reader("", "f.shn", False).stream(iter([text[:17], text[17:]]), 1):
        out.append(part)
    return [(p.hands, p.errors) for p in out]


FAST = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(card_file())
def test_fast_path_reads_as_the_statement_loop(text):
    fast = (read(text, "f.shn"), _strict(text), _streamed(text))
    with pytest.MonkeyPatch.context() as mp:
        _general(mp)
        slow = (read(text, "f.shn"), _strict(text), _streamed(text))
    assert fast == slow


def test_six_under_german_cards_is_a_mode_error():
    # the 34-card deck's 6C has no German spelling: E-CARD-MODE at its column (8), no crash (found by the property)
    f = read('%SHN 1.0\n[Cards "de"]\nhand 1\nt1 Al: 6C\n')
    (d,) = f.hands[0].errors
    assert (d.code, d.line, d.col, d.found) == ("E-CARD-MODE", 4, 8, "6C")
    assert "(this card is" not in d.message
