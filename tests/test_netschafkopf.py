"""NetSchafkopf protocol reader (ingest.netschafkopf) on the 12 shipped logs.

Every one of the 1,188 games replays through the Schafkopf engine and agrees
with its log: the Augen of the result line, the price line step by step, the
Preis column and each seat's change in the running table.  The other tests
change one of those files in a known way (encoding, line ends, ace spelling,
line wrapping, a cut, a bad card) and check what the reader makes of it.
"""

from __future__ import annotations

import collections
import re
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.netschafkopf import decode_protocol, looks_like_protocol, parse_card, read_protocol
from replay.cards import Card

DATA = Path(__file__).resolve().parent.parent / "data" / "netschafkopf"
FILES = sorted(p for p in DATA.glob("*.txt") if not p.name.startswith("LICENSE"))
FIRST = DATA / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
SEATS = ["PcLinks", "PcOben", "PcRechts", "Gast"]


def raw(path: Path = FIRST) -> bytes:
    return path.read_bytes()


def text(path: Path = FIRST) -> str:
    return raw(path).decode("iso-8859-1")


def lines(path: Path = FIRST) -> list[str]:
    return text(path).split("\r\n")


def read_lines(ls: list[str], name: str = FIRST.name):
    return read_protocol("\r\n".join(ls).encode("iso-8859-1"), name)


def summary(res) -> list[tuple]:
    return [(h.outcome.hand, h.outcome.game_type, h.outcome.picker, h.outcome.partner, h.outcome.picker_points,
             h.outcome.outcome, tuple(h.outcome.units.items()), h.hash) for h in res.hands]


@pytest.fixture(scope="module")
def all_results():
    return {p.name: read_protocol(p.read_bytes(), str(p)) for p in FILES}


@pytest.fixture(scope="module")
def first_result():
    return read_protocol(raw(), FIRST.name)


# -- all 1,188 shared games ----------------------------------------------------------


def test_shipped_copy_matches_shared_when_present():
    assert len(FILES) == 12
    assert (DATA / "LICENSE-openschafkopf.txt").read_text().startswith("MIT License")
    shared = Path(__file__).resolve().parents[2] / "shared" / "data" / "netschafkopf"
    for p in FILES:
        twin = shared / p.name
        if twin.exists():  # the copy is byte-identical to the shared original
            assert twin.read_bytes() == p.read_bytes()


def test_all_games_match_their_logs(all_results):
    games = rejected = 0
    types = collections.Counter()
    outcomes = collections.Counter()
    kontra = collections.Counter()
    for name, res in all_results.items():
        assert res.errors == [], name
        assert [str(d) for r in res.rejected for d in r.errors] == [], name  # 0 mismatches
        assert len(res.hands) == 99, name
        assert [h.outcome.hand for h in res.hands] == list(range(1, 100))
        games += len(res.hands)
        rejected += len(res.rejected)
        # the units of the 99 games add up to the file's last running-table row
        last = [x for x in text(DATA / name).split("\r\n") if re.match(r"\s+99\s", x)][-1].split()
        totals = [sum(h.outcome.units[s] for h in res.hands) for s in SEATS]
        assert totals == [int(v) for v in last[2:6]], name
        for h in res.hands:
            o = h.outcome
            assert o.game == "schafkopf" and o.status == "full" and sum(o.units.values()) == 0
            assert o.provenance["units"] == "verified"
            types[o.game_type] += 1
            outcomes[o.outcome] += 1
            kontra[o.marks] += 1
            assert len(h.cardlog.plays) == 32
    assert (games, rejected) == (1188, 0)
    assert types == {"sauspiel": 657, "ramsch": 283, "farbwenz": 94, "farbgeier": 92, "solo": 35, "wenz": 19,
                     "geier": 7, "tout": 1}
    assert outcomes == {"win": 406, "win-s": 275, "win-z": 62, "lose": 151, "lose-s": 11, "ramsch": 283}
    assert kontra == {0: 1161, 1: 25, 2: 2}


def test_hand_checked_game(first_result):
    # baseline__Schafkopfprotokoll_vom_05.10.23_01.txt, game 3 (line 44).  Gast
    # calls the Eichel-Sau, which PcOben holds.  Clockwise PcLinks, PcOben,
    # PcRechts, Gast; the dealer PcOben, so PcRechts leads.  By hand:
    #  1 PcRechts GA HA G9 GK -> HA (Gast)       11+11+0+4  = 26  party 26
    #  2 Gast EO H9 HZ HU -> EO (Gast)           3+0+10+2   = 15  party 41
    #  3 Gast H8 EU GO SO -> GO (PcOben)         0+2+3+3    =  8  party 49
    #  4 PcOben H7 G7 HO HK -> HO (Gast)         0+0+3+4    =  7  party 56
    #  5 Gast GU SU EK G8 -> GU (Gast)           2+2+4+0    =  8  party 64
    #  6 Gast SA S7 SK S9 -> SA (Gast)           11+0+4+0   = 15  party 79
    #  7 Gast E8 E9 EA GZ -> EA (PcOben)         0+0+11+10  = 21  party 100
    #  8 PcOben E7 SZ S8 EZ -> EZ (PcLinks)      0+10+0+10  = 20  opponents 20
    # "Die Gegner haben 20 Augen": 100 >= 91 is schneider.  Laufende: EO (Gast),
    # GO (PcOben), HO (Gast), then SO (PcRechts): 3 "with".  Price: Rufspiel 2,
    # + 1 schneider = 3, + 3 Laufende = 6, as the log says; each winner +6,
    # each loser -6, and the table goes from +4 -4 +4 -4 to -2 +2 -2 +2.
    h = first_result.hands[2]
    o = h.outcome
    assert (o.hand, h.source_line) == (3, 44)
    assert (o.game_type, o.picker, o.partner, o.call, o.called_suit) == ("sauspiel", "Gast", "PcOben", "AC", "C")
    assert (o.picker_points, o.picker_tricks, o.outcome, o.tier) == (100, 7, "win-s", 2)
    assert o.units == {"PcLinks": -6, "PcOben": 6, "PcRechts": -6, "Gast": 6}
    assert o.dealer == "PcOben" and o.date == "2023-10-05" and o.partner_revealed_trick == 7  # the Sau falls in trick 7
    assert o.breakdown.startswith("value (Rufspiel 2 + Schneider 1 + with 3 Laufende 3) 6 = 6 per defender")
    assert h.cardlog.deal["Gast"] == ["AH", "AD", "8H", "JS", "8C", "QC", "8D", "QH"]
    first = h.cardlog.plays[:4]
    assert [(p.seat, p.card, p.winner) for p in first] == [
        ("PcRechts", "AS", False), ("Gast", "AH", True), ("PcLinks", "9S", False), ("PcOben", "KS", False)]
    assert o.session == "NetSchafkopf baseline__Schafkopfprotokoll_vom_05.10.23_01"


def test_tout_game(all_results):
    # The one Tout: "PcOben gewinnt das Herz-Solo Tout", no Augen in the log;
    # "5 ... Mit 5 Laufenden 10 ... Doppelt für Tout 20": 20 from each.
    touts = [h for r in all_results.values() for h in r.hands if h.outcome.game_type == "tout"]
    assert len(touts) == 1
    o = touts[0].outcome
    assert o.picker == "PcOben" and o.picker_tricks == 8 and o.picker_points == 120
    assert o.units == {"PcLinks": -20, "PcOben": 60, "PcRechts": -20, "Gast": -20}


def test_cards_in_german_spelling():
    assert parse_card("EO") is Card.CQ and parse_card("SA") is Card.DA and parse_card("GZ") is Card.ST
    assert parse_card("HU") is Card.HJ and parse_card("EAss") is Card.CA and parse_card("GAs") is Card.SA
    assert parse_card("S10") is Card.DT
    assert parse_card("EX") is None and parse_card("Q") is None and parse_card("ZA") is None


# -- encodings, line ends, spellings, wrapping -------------------------------------------


def test_same_file_as_utf8_with_lf_and_with_bare_cr(first_result):
    t = text()
    assert "Grün" in t and decode_protocol(raw())[1] == "cp1252"
    utf8_lf = t.replace("\r\n", "\n").encode("utf-8")
    assert decode_protocol(utf8_lf) == (t.replace("\r\n", "\n"), "utf-8")
    bare_cr = t.replace("\r\n", "\r").encode("utf-8")
    bom = b"\xef\xbb\xbf" + utf8_lf
    want = summary(first_result)
    assert len(want) == 99
    for data in (utf8_lf, bare_cr, bom):
        res = read_protocol(data, FIRST.name)
        assert res.rejected == [] and summary(res) == want  # same games, same hashes: nothing new to store


def test_ace_spelled_as_and_ass(first_result):
    t = text()
    for ace in ("As", "Ass"):
        changed = re.sub(r"(?m)(hat:|spielt aus:)(.*)$",
                         lambda m: m.group(1) + re.sub(r"\b([EGHS])A\b", r"\g<1>" + ace, m.group(2)), t)
        changed = changed.replace("-Ass", "-" + ace)
        assert re.search(r"\b[EGHS]A\b", changed) is None and changed.count(" E" + ace + " ") > 0
        res = read_protocol(changed.encode("iso-8859-1"), FIRST.name)
        assert res.rejected == []
        assert [h.outcome.units for h in res.hands] == [h.outcome.units for h in first_result.hands]


def _rewrap(t: str, width: int | None) -> str:
    """Re-wrap every result/price paragraph (the lines between the last trick
    and the table header) to ``width`` columns, or onto one line."""
    out: list[str] = []
    para: list[str] = []
    after_tricks = False
    for line in t.split("\r\n"):
        if "spielt aus:" in line:
            after_tricks = True
        elif after_tricks and not line.startswith("Spiel "):
            para.append(line)
            continue
        elif para:
            joined = " ".join(x.strip() for x in para)
            out += [joined] if width is None else textwrap.wrap(joined, width)
            para = []
            after_tricks = False
        out.append(line)
    return "\r\n".join(out)


def test_rewrapped_result_and_price_lines(first_result):
    want = [h.outcome.units for h in first_result.hands]
    for width in (None, 17, 31):
        t = _rewrap(text(), width)
        if width == 17:
            assert "Das Rufspiel\r\nkostet 2 Punkte." in t  # wrapped in the middle of the phrase
        res = read_protocol(t.encode("iso-8859-1"), FIRST.name)
        assert res.rejected == [] and [h.outcome.units for h in res.hands] == want


def test_du_for_the_guest(first_result):
    # "Du"/"dir" is the player who wrote the log (Gast): "Du spielst aus: ..."
    t = text().replace("Gast spielt", "Du spielst")
    assert t.count("Du spielst aus:") > 100 and "Du spielst Mit der" in t
    res = read_protocol(t.encode("iso-8859-1"), FIRST.name)
    assert res.rejected == []
    assert [h.outcome.units for h in res.hands] == [h.outcome.units for h in first_result.hands]


def test_first_line_naming_other_house_rules():
    ls = lines()
    ls[0] = "Hausregeln: Rufspiel 2, Einzelspiel 5, Ramsch mit Jungfrau, kurzes Blatt aus"
    res = read_lines(ls)
    assert len(res.hands) == 99 and res.rejected == []
    assert res.hands[0].session_header.splitlines()[0] == ls[0]


def test_session_is_the_file_name_not_the_folder(first_result):
    other = read_protocol(raw(), "/elsewhere/" + FIRST.name)
    assert [h.hash for h in other.hands] == [h.hash for h in first_result.hands]
    undated = read_protocol(raw(), None)
    assert undated.hands[0].outcome.session == "NetSchafkopf 2023-10-05"
    # Re-reading the stored sources under their session gives the same hashes.
    doc = "\n".join([first_result.hands[0].session_header, ""] + [h.source + "\n" for h in first_result.hands])
    again = read_protocol(doc.encode("utf-8"), None, session=first_result.hands[0].outcome.session)
    assert [h.hash for h in again.hands] == [h.hash for h in first_result.hands]
    assert [h.outcome.units for h in again.hands] == [h.outcome.units for h in first_result.hands]


# -- bad games are rejected at their line, the rest of the file is kept ------------------


def _kept(res, first_result, skip: set[int]):
    want = {h.outcome.hand: h.outcome.units for h in first_result.hands if h.outcome.hand not in skip}
    return {h.outcome.hand: h.outcome.units for h in res.hands} == want


def test_truncated_game_in_the_middle(first_result):
    ls = lines()
    del ls[34:37]  # game 2 loses its tricks 6-8 (lines 35-37)
    res = read_lines(ls)
    assert len(res.hands) == 98 and _kept(res, first_result, {2})
    [bad] = res.rejected
    d = bad.errors[0]
    # line 35 now holds the result, where trick 6 should be
    assert (bad.hand, bad.source_line, d.code, d.line) == (2, 24, "E-NSK-TRUNCATED", 35)
    assert d.message == "the game at line 24 has 5 tricks, not 8: line 35 comes where trick 6 should be"


def test_file_cut_in_the_last_game(first_result):
    ls = lines()[:1942]  # game 99 stops after trick 4 (line 1942)
    res = read_lines(ls)
    assert len(res.hands) == 98 and _kept(res, first_result, {99})
    [bad] = res.rejected
    d = bad.errors[0]
    # no row to read its number from: it is the game after game 98
    assert (bad.hand, bad.source_line, d.code, d.line, d.hand) == (99, 1933, "E-NSK-TRUNCATED", 1942, 99)
    assert d.message == "the game at line 1933 has 4 tricks, not 8: the file ends after line 1942"


def test_unknown_card(first_result):
    ls = lines()
    assert ls[29] == "      PcOben spielt aus: GK GA G9 G8"
    ls[29] = "      PcOben spielt aus: GX GA G9 G8"
    res = read_lines(ls)
    assert len(res.hands) == 98 and _kept(res, first_result, {2})
    d = res.rejected[0].errors[0]
    assert (d.code, d.line, d.col, d.found) == ("E-NSK-CARD", 30, 26, "GX")


def test_card_dealt_twice(first_result):
    ls = lines()
    assert ls[5] == "      PcOben hat: EO H8 GZ S9 HO HU G8 EU"
    ls[5] = "      PcOben hat: EO H8 GZ S9 HO HU GO EU"  # GO is PcLinks' (line 5)
    res = read_lines(ls)
    assert len(res.hands) == 98 and _kept(res, first_result, {1})
    d = res.rejected[0].errors[0]
    assert (d.code, d.line, d.col, d.found, d.hand) == ("E-DEAL-DUPLICATE", 6, 37, "GO", 1)
    assert "line 5 and on line 6" in d.message


def test_illegal_card_is_rejected_at_its_trick():
    ls = lines()
    # Game 1, trick 1: PcLinks leads EA; PcOben answers H8 although holding no
    # Eichel -- legal.  Make PcRechts (holding EZ E8) throw HA instead: a renege.
    assert ls[9] == "     PcLinks spielt aus: EA H8 E8 EK"
    ls[9] = "     PcLinks spielt aus: EA H8 HA EK"
    ls[16] = "    PcRechts spielt aus: E8 SA GO S9"
    res = read_lines(ls)
    d = res.rejected[0].errors[0]
    assert (d.code, d.line, d.col, d.trick, d.hand) == ("E-RENEGE", 10, 32, 1, 1)


def test_log_disagreeing_with_the_cards_is_rejected(first_result):
    ls = lines()
    ls[18] = "Gegner haben 70 Augen"  # game 1: the cards give 71
    ls[39] = "Das Rufspiel kostet 3 Punkte."  # game 2: the cards give 2
    ls[1950] = "   99        9          -85          +33          +25          +28        0"  # Gast +28
    res = read_lines(ls)
    assert _kept(res, first_result, {1, 2})
    got = {r.hand: [(d.code, d.line) for d in r.errors] for r in res.rejected}
    assert got == {1: [("E-NSK-AUGEN", 18)], 2: [("E-NSK-PRICE", 40)]}
    msg = {r.hand: r.errors[0].message for r in res.rejected}
    assert msg[1] == "the log gives the opponents 70 Augen; the cards give 71 (declaring party 49)"
    assert msg[2] == ("the log says 'Das Rufspiel kostet 3 Punkte.'; the cards give 'Das Rufspiel kostet 2 "
                      "Punkte.'")
    # row 99 with Gast +28 no longer balances (-85 + 33 + 25 + 28 = +1): the row is damaged, not game 99, whose
    # cards and price line (the Einzelspiel 5, schneider 1, 3 Laufende 3: 9 from each) give Gast +27, the others
    # -9: it is stored with them and W-NSK-ROW at the row (break16 F6)
    [h99] = [h for h in res.hands if h.outcome.hand == 99]
    assert h99.outcome.units == {"PcLinks": -9, "PcOben": -9, "PcRechts": -9, "Gast": 27}
    assert [(d.code, d.line) for d in h99.diagnostics if d.code == "W-NSK-ROW"] == [("W-NSK-ROW", 1951)]


def test_stock_change_is_reported():
    # the last row's Stock moves 0 -> 4 while the players' row is what game 99's cards give (the Einzelspiel at 9:
    # Gast +27, the others -9) and the netschafkopf profile has no pot: the row no longer balances (+4 in all), so
    # the row is damaged, not the game: it is stored, with W-NSK-ROW at the row (break16b; E-NSK-STOCK before)
    ls = lines()
    ls[1950] = "   99        9          -85          +33          +25          +27        4"
    res = read_lines(ls)
    assert not res.rejected
    [h99] = [h for h in res.hands if h.outcome.hand == 99]
    assert h99.outcome.units == {"PcLinks": -9, "PcOben": -9, "PcRechts": -9, "Gast": 27}
    assert [(d.code, d.line) for d in h99.diagnostics if d.code.startswith("W-NSK")] == [("W-NSK-ROW", 1951)]
    assert "+4 in all" in [d for d in h99.diagnostics if d.code == "W-NSK-ROW"][0].message


def test_not_a_protocol():
    res = read_protocol(b"%SHN 1.0\n[Event \"x\"]\n", "x.shn")
    assert res.hands == [] and res.errors[0].code == "E-NSK-NO-GAMES"


def test_looks_like_protocol():
    assert looks_like_protocol(raw()[:4096])
    assert looks_like_protocol(text().replace("\r\n", "\n").encode("utf-8")[:512])
    headless = "\r\n".join(lines()[3:12]).encode("iso-8859-1")  # no header: Geber + deal lines suffice
    assert looks_like_protocol(headless)
    assert not looks_like_protocol(b"%SHN 1.0\n[Event \"Thursday\"]\nhand 1 dealer Al\n")
    assert not looks_like_protocol(b"Geber: someone\nnothing else\n")
    assert not looks_like_protocol(b"")


@settings(max_examples=150, deadline=None)
@given(edits=st.lists(st.tuples(st.integers(0, 139), st.integers(0, 60), st.sampled_from(
    ["del", "cut", "dup", "E", "X", "9", " ", "+", ".", ":"])), min_size=1, max_size=4))
def test_damaged_files_never_raise(edits):
    # Games 1-7 (lines 1-140) with lines deleted, cut, doubled or a character
    # replaced: every game is either validated or rejected with a positioned
    # error, and the reader raises nothing.
    ls = lines()[:140]
    for k, j, op in edits:
        k %= len(ls)
        if op == "del":
            del ls[k]
        elif op == "cut":
            ls[k] = ls[k][:j]
        elif op == "dup":
            ls.insert(k, ls[(k + j) % len(ls)])
        elif ls[k]:
            j %= len(ls[k])
            ls[k] = ls[k][:j] + op + ls[k][j + 1:]
    res = read_lines(ls)
    games = sum(1 for x in ls if re.fullmatch(r"\s*Geber:\s*\S+\s*", x))
    assert len(res.hands) + len(res.rejected) == games or res.errors
    for r in res.rejected:
        assert r.errors and all(1 <= d.line <= len(ls) for d in r.errors)


def test_a_damaged_score_row_costs_neither_its_game_nor_the_next(tmp_path):
    """break16 F6: game 10's row of baseline 01 altered from ``-4 -8 -2 +14`` to ``+4 -8 -2 +14`` (it no longer
    balances: +8 in all) refused game 10 and also the intact game 11, whose change was measured from the damaged
    row.  By hand from the log: game 10 is PcRechts's Rufspiel with PcOben, won, priced 2 ("Das Rufspiel kostet 2
    Punkte"): PcRechts, PcOben +2, PcLinks, Gast -2 — exactly the original row 10 minus row 9
    (-4 - -2, -8 - -10, -2 - -4, +14 - +16).  Now game 10 is stored with those units and W-NSK-ROW at its row
    (line 201), game 11 is checked against row 9 plus them, and the 99 games' totals are the log's last row
    (PcLinks -85, PcOben +33, PcRechts +25, Gast +27)."""
    raw = (DATA / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt").read_bytes()
    lines = raw.split(b"\n")
    assert lines[200].split() == [b"10", b"2", b"-4", b"-8", b"-2", b"+14", b"0"]
    lines[200] = lines[200].replace(b"-4", b"+4", 1)
    res = read_protocol(b"\n".join(lines), "badrow.txt")
    assert not res.rejected
    assert len(res.hands) == 99
    by = {h.outcome.hand: h for h in res.hands}
    assert by[10].outcome.units == {"PcLinks": -2, "PcOben": 2, "PcRechts": 2, "Gast": -2}
    assert by[10].outcome.provenance["units"] == "derived"
    w = [d for d in by[10].diagnostics if d.code == "W-NSK-ROW"]
    assert len(w) == 1 and w[0].line == 201 and "does not balance" in w[0].message and "+8 in all" in w[0].message
    assert 11 in by and not any(d.code == "W-NSK-ROW" for d in by[11].diagnostics)
    totals = collections.Counter()
    for h in res.hands:
        totals.update(h.outcome.units)
    assert dict(totals) == {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}
    assert not [d for d in res.errors if d.code in ("W-NSK-INCOMPLETE", "E-NSK-TOTALS")]


def test_a_row_damaged_in_a_way_that_balances_costs_its_own_game_only():
    """break16b: game 10's row with PcLinks and PcOben swapped (-8 -4 -2 +14: it still sums to 0) refused game 10
    (right: its change disagrees with its cards) and the intact game 11 too (measured from the damaged row).
    Game 11 is now also measured from row 9 plus game 10's cards (PcRechts's Rufspiel with PcOben at 2:
    -2 +2 +2 -2, i.e. row 10 as the cards make it, -4 -8 -2 +14) and kept, with W-NSK-ROW saying why."""
    ls = lines()
    assert ls[200].split() == ["10", "2", "-4", "-8", "-2", "+14", "0"]
    ls[200] = "   10        2           -8           -4           -2          +14        0"
    res = read_lines(ls)
    assert [(r.hand, r.errors[0].code) for r in res.rejected] == [(10, "E-NSK-UNITS")]
    [h11] = [h for h in res.hands if h.outcome.hand == 11]
    w = [d for d in h11.diagnostics if d.code == "W-NSK-ROW"]
    assert len(w) == 1 and w[0].line == 220 and "(-4 -8 -2 +14)" in w[0].message
    assert len(res.hands) == 98


def test_two_rows_damaged_alike_cost_the_first_game_only():
    """break16c: rows 20 and 21 both shifted by PcLinks +3, PcOben -3 (each still sums to 0, and row 21 agrees
    with the damaged row 20 plus game 21's cards).  Game 20 is refused (its row disagrees with its cards), game 21
    is read against the damaged row 20 and agrees, and game 22 (clean row, clean cards) was refused as measured
    from the damaged row 21.  The cards' history now goes on beside the rows, so game 22 is kept with W-NSK-ROW,
    and the 98 games' totals are the log's last row minus game 20's units (what its cards give)."""
    ls = lines()
    at = {int(ln.split()[0]): i for i, ln in enumerate(ls) if re.match(r"^\s+\d+\s+\d+\s+[-+]\d+", ln)}

    def shifted(i):
        n, preis, a, b, c, d, stock = ls[i].split()
        return f"   {n}        {preis}   {int(a) + 3:+d}   {int(b) - 3:+d}   {c}   {d}   {stock}"

    clean = read_lines(lines())
    g20 = next(h for h in clean.hands if h.outcome.hand == 20).outcome.units
    ls[at[20]], ls[at[21]] = shifted(at[20]), shifted(at[21])
    res = read_lines(ls)
    assert [(r.hand, r.errors[0].code) for r in res.rejected] == [(20, "E-NSK-UNITS")]
    [h22] = [h for h in res.hands if h.outcome.hand == 22]
    assert [d.code for d in h22.diagnostics if d.code == "W-NSK-ROW"] == ["W-NSK-ROW"]
    totals = collections.Counter()
    for h in res.hands:
        totals.update(h.outcome.units)
    last = {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}
    assert dict(totals) == {p: last[p] - g20[p] for p in last}
