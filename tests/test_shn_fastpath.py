"""The reader's fast path (issue 17): a plain ``tK``, ``deal``, ``blind``,
``bury``, ``share``, ``score``, ``pick``, ``call`` or result line (``partner S pts N
tricks N O``) is read by a function of ``reader._FAST`` without
the statement loop; every other line by ``_Reader._process``.  The fast path
must give the very records, positions, diagnostics and reader state that the
statement loop gives, for any line, well-formed or not.

* Hand-worked positions of lines the fast path reads, spaced regularly (the
  columns counted) and irregularly (the columns found).
* Hypothesis: files of random well-formed and mangled card and statement lines read the same
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
    monkeypatch.setattr(reader, "_SCAN", None)


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


def test_statement_lines_positions(monkeypatch):
    # counted by hand: "  pick Cy ; Cy picked": pick at col 3, Cy at 8; "call AH under 7C": call 1, AH 6, 7C 15;
    # "partner Bea  pts 109  tricks 5  win-s": Bea 9, 109 18, 5 30, win-s 33
    text = HEAD + "hand 1\n  pick Cy ; Cy picked\ncall AH under 7C\npartner Bea  pts 109  tricks 5  win-s\n"
    f = read(text)
    h = f.hands[0]
    assert not h.errors
    assert (h.pick.value, h.pick.pos.line, h.pick.pos.col) == ("Cy", 4, 8)
    c = h.call
    assert (c.card, c.under, c.has_under, c.pos.col, c.card_pos.col, c.under_pos.col) == (Card.HA, Card.C7, True, 1, 6, 15)
    assert [(v.value, v.pos.line, v.pos.col) for v in (h.partner, h.pts, h.tricks_won, h.outcome)] == [
        ("Bea", 6, 9), (109, 6, 18), (5, 6, 30), ("win-s", 6, 33)]
    _general(monkeypatch)
    assert read(text) == f


@pytest.mark.parametrize(("line", "code", "col", "found"), [
    ("pts 121  tricks 2  lose", "E-NUMBER", 5, "121"),  # rules.md B-26: a side holds at most 120 points
    ("partner Zed pts 61 tricks 2 win", "E-SEAT", 9, "Zed"),  # not a seat of the Seats tag
    ("call XY", "E-CARD", 6, "XY"),
])
def test_statement_lines_the_fast_path_leaves(monkeypatch, line, code, col, found):
    # each line is read by the statement loop, which reports it at its column (counted by hand)
    text = HEAD + "hand 1\n" + line + "\n"
    f = read(text)
    (d,) = f.hands[0].errors
    assert (d.code, d.line, d.col, d.found) == (code, 4, col, found)
    _general(monkeypatch)
    assert read(text) == f


# -- the fast path and the statement loop agree ------------------------------

SEATS = ["Al", "Bea", "Cy", "Di", "Ed"] * 3 + ["Zed", "?", "al"]
CARDS = ["QC", "JD", "9C", "7S", "TH", "AS", "??", "10C", "q♠", "Q♣", "6C", "qs", "kD", "ad", "Tc"]
ODD = ["QC!", "^RJD", "{note}", "{open", "XX", "deal", "pts", "[Cards \"de\"]", "EO", "}", "t1", "Al:", ":", "?"]
UNITS = ["+2", "-2", "0", "-0", "+4", "\u22124", "500", "+501", "02", "?", "^+2", "^-4", "x"]
SEP = st.sampled_from([" "] * 6 + ["  ", "\t", " \u3000", "\x0c", " \x0b"])


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
        words.append(draw(st.sampled_from([f"t{k}" for k in range(1, 8)] * 3 + ["t0", "t01", "t99", "t100", "T2", "t1x"])))
        lead = draw(st.sampled_from(SEATS))
        words += [lead + ":"] if draw(st.integers(0, 5)) else [lead, ":"]
    else:
        words.append(kind)
        if kind == "deal":
            words.append(draw(st.sampled_from(SEATS)))
    pool = CARDS + ODD if draw(st.integers(0, 3)) == 0 else CARDS
    words += draw(st.lists(st.sampled_from(pool), min_size=0 if pool is not CARDS else 1, max_size=7))
    return _spaced(draw, words)


OUTCOMES = ["win", "lose", "win-s", "lose-s", "win-z", "lose-z"] * 3 + ["win\u2013s", "WIN", "won", "?"]
NUMBERS = ["61", "0", "120", "5", "3", "90"] * 3 + ["121", "1000", "1001", "?", "^61", "061", "x", "-3"]


@st.composite
def statement_line(draw):
    """A ``pick``, ``call`` or result line (``partner S pts N tricks N O``,
    ``pts N tricks N O``), mostly well-formed, sometimes mangled: an unknown
    seat, ``??``, an odd card, ``under``, a number out of range, ``^``, a
    dashed or unknown outcome, a second partner, a word left out or added."""
    kind = draw(st.sampled_from(["pick", "call", "call", "partner", "partner", "pts"]))
    if kind == "pick":
        words = ["pick", draw(st.sampled_from(SEATS))]
    elif kind == "call":
        words = ["call", draw(st.sampled_from(CARDS))]
        if draw(st.integers(0, 2)) == 0:
            words += ["under", draw(st.sampled_from(CARDS))]
    else:
        words = ["partner", draw(st.sampled_from(SEATS))] if kind == "partner" else []
        if kind == "partner" and draw(st.integers(0, 6)) == 0:
            words.append(draw(st.sampled_from(SEATS)))  # a second partner, or an unknown word
        words += ["pts", draw(st.sampled_from(NUMBERS)), "tricks", draw(st.sampled_from(NUMBERS)),
                  draw(st.sampled_from(OUTCOMES))]
    if draw(st.integers(0, 5)) == 0:  # a word left out, or one added
        if draw(st.booleans()) and len(words) > 1:
            del words[draw(st.integers(1, len(words) - 1))]
        else:
            words.insert(draw(st.integers(1, len(words))), draw(st.sampled_from(ODD + ["pts", "win", "Bea"])))
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
    head = "%SHN 1.0\n" + draw(st.sampled_from(['[Seats "Al; Bea; Cy; Di; Ed"]\n'] * 2 + ["", '[Cards "de"]\n']))
    lines = [head.rstrip("\n")]
    for n in range(1, draw(st.integers(1, 3)) + 1):
        heads = [f"hand {n}", f"hand {n}  dealer Al", f"hand {n}", "hand x", f"hand {n} {{n}}", "hand", "  hand ; x"]
        lines.append(draw(st.sampled_from(heads)))
        lines += draw(st.lists(st.one_of(card_line(), statement_line(), st.sampled_from(
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
    with pytest.MonkeyPatch.context() as mp:  # the compiled path's scan of plain card lines, run here too
        mp.setattr(reader, "_SCAN", reader._scan_line)
        scanned = (read(text, "f.shn"), _strict(text), _streamed(text))
    with pytest.MonkeyPatch.context() as mp:  # the split lines' fast path alone (the pure path)
        mp.setattr(reader, "_SCAN", None)
        fast = (read(text, "f.shn"), _strict(text), _streamed(text))
    with pytest.MonkeyPatch.context() as mp:
        _general(mp)
        slow = (read(text, "f.shn"), _strict(text), _streamed(text))
    assert fast == slow
    assert scanned == slow


def test_six_under_german_cards_is_a_mode_error():
    # the 34-card deck's 6C has no German spelling: E-CARD-MODE at its column (8), no crash (found by the property)
    f = read('%SHN 1.0\n[Cards "de"]\nhand 1\nt1 Al: 6C\n')
    (d,) = f.hands[0].errors
    assert (d.code, d.line, d.col, d.found) == ("E-CARD-MODE", 4, 8, "6C")
    assert "(this card is" not in d.message


def _scanned_lines(text: str) -> tuple[list[str], object]:
    """The lines of ``text`` that the compiled path's scan (reader._scan_line) reads itself, and the file read."""
    took: list[str] = []

    def scan(self, line):
        done = reader._scan_line(self, line)
        if done:
            took.append(line.strip())
        return done

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reader, "_SCAN", scan)
        f = read(text, "f.shn")
    return took, f


def test_scan_reads_plain_card_lines_and_leaves_every_other():
    # issue 17: a plain tK / deal / blind / bury / share line of two-character cards is read by one pass over its
    # characters; a line with anything else on it (a comment, a note, ??, 10C, a suit symbol, t01, a CR) is left
    # to the split and the statement loop, which read it as before
    body = ("hand 1\n"
            "deal Al  QS JD 9C 7S TH AS\n"       # scanned
            "deal Bea qs jd\t9c\n"                # scanned: lower case, a tab
            "deal Cy  QC 10C\n"                    # 10C: not two characters
            "deal Di  QC JC ; four more\n"        # a comment
            "blind KC QC\n"                        # scanned
            "bury ?? AS\n"                         # an unknown card
            "t1 Bea: 7H KH AH 9H 8H\n"             # scanned
            "t01 Cy: 7C\n"                         # t01: the statement loop's
            "t2 Cy: 7C {led low}\n"                # a note
            "t3 Di: Q♣ 7D\n"                       # a suit symbol
            "t4 Ed: 7D JH\r\n"                     # a CR before the LF
            "t5 Ed : 7D\n"                         # the leader's colon apart
            "t6 Ed: 9D^R\n")                       # not a card
    took, f = _scanned_lines(HEAD + body)
    assert took == ["deal Al  QS JD 9C 7S TH AS", "deal Bea qs jd\t9c", "blind KC QC", "t1 Bea: 7H KH AH 9H 8H"]
    h = f.hands[0]
    assert [d.cards for d in h.deals[:2]] == [[Card.SQ, Card.DJ, Card.C9, Card.S7, Card.HT, Card.SA],
                                              [Card.SQ, Card.DJ, Card.C9]]
    assert h.blind.cards == [Card.CK, Card.CQ]
    assert (h.tricks[0].number, h.tricks[0].leader, h.tricks[0].cards) == (
        1, "Bea", [Card.H7, Card.HK, Card.HA, Card.H9, Card.H8])
    assert [(p.line, p.col) for p in h.deals[1].card_pos] == [(5, 10), (5, 13), (5, 16)]  # found when read
    with pytest.MonkeyPatch.context() as mp:
        _general(mp)
        assert read(HEAD + body, "f.shn") == f


def test_scan_reads_german_cards_under_their_mode():
    # [Cards "de"]: EO (Eichel-Ober, the queen of clubs), GU (Gras-Unter, the jack of spades), HA, SZ
    text = '%SHN 1.0\n[Cards "de"]\n[Seats "Al; Bea; Cy; Di"]\nhand 1\nt1 Al: EO GU HA SZ\nt2 Bea: QC JS\n'
    took, f = _scanned_lines(text)
    assert took == ["t1 Al: EO GU HA SZ"]  # QC is no German spelling: the statement loop's E-CARD-MODE
    assert f.hands[0].tricks[0].cards == [Card.CQ, Card.SJ, Card.HA, Card.DT]
    assert [d.code for d in f.hands[0].errors] == ["E-CARD-MODE"]
