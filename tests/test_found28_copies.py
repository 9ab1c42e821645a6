"""Records brought in session 28 (break28 F1, F2, F3, F9: the renumbered-copy check of session 27 refused real nights
going on, stored real copies, and warned of stakes at the wrong line with a false text).  Every amount is worked out
by hand from /work/shared/reference/rules.md before shead's figure was read: a win is +2 the picker, +1 the partner,
-1 each defender (rules.md B-28, B-33); alone +4/-1 each, alone schneider +8/-2 each; a loss with DOB (B-27) is -4 the
picker, -2 the partner, +2 each defender; a leaster (D-4) +4 the winner, -1 each; a doubler (D-11, J) doubles one
later played hand, queued."""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write

SESSION = "Tuesday Tavern Sheep / 2026.11.24"
HEAD = ('%SHN 1.0\n[Event "Tuesday Tavern Sheep"]\n[Date "2026.11.24"]\n[Seats "Gus; Lou; Mo; Rita; Zeke"]\n'
        '[Rules "wi5-called-ace"]\n\n')
DOUBLER_HEAD = HEAD.replace("wi5-called-ace", "wi5-called-ace; noPick=doubler")

#: break28's s1_first.shn, hands 1-6 written as outcome lines only (hand N at line 5 + 2N):
#:   h1 Lou/Gus AH win: Lou +2, Gus +1, Mo, Rita, Zeke -1;
#:   h2 Mo/Zeke AS win: Mo +2, Zeke +1, Gus, Lou, Rita -1;
#:   h3 Rita/Gus AC lose (DOB, B-27): Rita -4, Gus -2, Lou, Mo, Zeke +2;
#:   h4 Zeke/Lou AH win: Zeke +2, Lou +1, Gus, Mo, Rita -1;
#:   h5 leaster Gus: Gus +4, each -1;
#:   h6 Gus/Mo AS win: Gus +2, Mo +1, Lou, Rita, Zeke -1.
#:   Gus 1-1-2-1+4+2 = +3, Lou 2-1+2+1-1-1 = +2, Mo -1+2+2-1-1+1 = +2, Rita -1-1-4-1-1-1 = -9, Zeke -1+1+2+2-1-1 = +2.
S1 = ["pick Lou call AH partner Gus win", "pick Mo call AS partner Zeke win", "pick Rita call AC partner Gus lose",
      "pick Zeke call AH partner Lou win", "leaster Gus", "pick Gus call AS partner Mo win"]
NIGHT_S1 = {"Gus": 3, "Lou": 2, "Mo": 2, "Rita": -9, "Zeke": 2}

#: break28's s5_first.shn (noPick=doubler), hands 1-5:
#:   h1 Lou/Gus AH win: Lou +2, Gus +1, -1 each;  h2 doubler (queued for h3);
#:   h3 Mo/Zeke AS win at x2: Mo +4, Zeke +2, Gus, Lou, Rita -2;  h4 doubler (queued for h5);
#:   h5 Rita alone win at x2: Rita +8, each -2.
#:   Gus 1-2-2 = -3, Lou 2-2-2 = -2, Mo -1+4-2 = +1, Rita -1-2+8 = +5, Zeke -1+2-2 = -1.
S5 = ["pick Lou call AH partner Gus win", "doubler", "pick Mo call AS partner Zeke win", "doubler",
      "pick Rita alone win"]
NIGHT_S5 = {"Gus": -3, "Lou": -2, "Mo": 1, "Rita": 5, "Zeke": -1}
BATCHES = [None, ("0", "2")]  # whole, and streamed in batches of two


def _night(numbers, hands, head=HEAD) -> str:
    return head + "".join(f"hand {n}\n{h}\n" for n, h in zip(numbers, hands))


def _stream(monkeypatch, stream) -> None:
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", stream[0])
        monkeypatch.setenv("SHEAD_STREAM_BATCH", stream[1])


def _out(r, tmp_path) -> str:
    return r.output.replace("\n", " ").replace(f"{tmp_path}/", "")


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT hand, outcome, stake FROM hands ORDER BY hand").fetchall()


def _rejected(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, line, code FROM rejected ORDER BY line").fetchall()


# -- F3: a run's twins are consecutive stored hands ------------------------------------------------------------------

@pytest.mark.parametrize("stream", BATCHES)
def test_hands_7_8_that_repeat_the_stored_hands_2_and_4_are_the_night_going_on(tmp_path, monkeypatch, stream):
    """break28 F3 (s1_first.shn, then s1_rest.shn): hands 7-8 repeat the stored hands 2 and 4, hand 3 between
    them: not consecutive stored hands, so no copy.  It was hands 7-8 refused, hand 9 stored alone.  Now all three
    are stored: h7 Mo/Zeke AS win (Mo +2, Zeke +1, Gus, Lou, Rita -1), h8 Zeke/Lou AH win (Zeke +2, Lou +1, Gus, Mo,
    Rita -1), h9 Rita alone schneider (B-33: +8, each -2).  Night: Gus 3-1-1-2 = -1, Lou 2-1+1-2 = 0,
    Mo 2+2-1-2 = +1, Rita -9-1-1+8 = -3, Zeke 2+1+2-2 = +3."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "s1_first.shn", _night(range(1, 7), S1)), "--db", str(db))
    assert ledger(db) == NIGHT_S1
    _stream(monkeypatch, stream)
    r = cli("ingest", write(tmp_path, "s1_rest.shn", _night([7, 8, 9], [S1[1], S1[3], "pick Rita alone win-s"])),
            "--db", str(db))
    assert "s1_rest.shn: 3 stored, 0 duplicates, 0 rejected" in _out(r, tmp_path), r.output
    assert ledger(db) == {"Gus": -1, "Lou": 0, "Mo": 1, "Rita": -3, "Zeke": 3}
    assert [n for n, _o, _s in _hands(db)] == list(range(1, 10))
    assert _rejected(db) == []


def test_hands_7_8_numbered_straight_on_that_repeat_the_stored_hands_3_4_are_a_night_going_on(tmp_path):
    """break28c F1 (the rule changed): hands 7-8, numbered straight on from the stored night's last hand 6, that
    settle as the consecutive stored hands 3 and 4 (in the middle of the night, not from its first hand) are a
    night going on, stored with hand 9.  Hand-worked (B-33; a loss doubled on the bump, B-32): h7 Rita/Gus lose:
    Rita -4, Gus -2, Lou/Mo/Zeke +2; h8 Zeke/Lou win: Zeke +2, Lou +1, Gus/Mo/Rita -1; h9 Rita alone schneider:
    Rita +8, each -2.  Gus 3-2-1-2 = -2, Lou 2+2+1-2 = +3, Mo 2+2-1-2 = +1, Rita -9-4-1+8 = -6, Zeke 2+2+2-2 = +4."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "s1_first.shn", _night(range(1, 7), S1)), "--db", str(db))
    text = _night([7, 8, 9], [S1[2], S1[3], "pick Rita alone win-s"])
    r = cli("ingest", write(tmp_path, "again.shn", text), "--db", str(db))
    assert "again.shn: 3 stored, 0 duplicates, 0 rejected" in _out(r, tmp_path), r.output
    assert ledger(db) == {"Gus": -2, "Lou": 3, "Mo": 1, "Rita": -6, "Zeke": 4}
    assert [n for n, _o, _s in _hands(db)] == list(range(1, 10))
    assert _rejected(db) == []


# -- F1: thrown-in deals are no evidence of a copy --------------------------------------------------------------------

@pytest.mark.parametrize("stream", BATCHES)
def test_two_doublers_after_a_stored_night_are_stored_and_the_stakes_after_them_are_right(tmp_path, monkeypatch,
                                                                                        stream):
    """break28 F1 (s5_first.shn, then s5_rest.shn): hands 6-7 are two doublers in a row (rules.md I-32), each
    queued for one later played hand (J).  They were refused as 'the stored hands 2, 4 with new numbers' and hands
    8-9 stored at x1 (Gus -2, Lou -2, Mo +1, Rita +3, Zeke 0), said only by two W-SESSION-GAP at line 1 with a false
    text.  Now all four are stored: h8 Zeke/Lou AH win at x2 (Zeke +4, Lou +2, Gus, Mo, Rita -2), h9 Gus/Mo AS win
    at x2 (Gus +4, Mo +2, Lou, Rita, Zeke -2).  Night: Gus -3-2+4 = -1, Lou -2+2-2 = -2, Mo 1-2+2 = +1,
    Rita 5-2-2 = +1, Zeke -1+4-2 = +1; no warning at all (no hand is missing)."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "s5_first.shn", _night(range(1, 6), S5, DOUBLER_HEAD)), "--db", str(db))
    assert ledger(db) == NIGHT_S5
    _stream(monkeypatch, stream)
    rest = ["doubler", "doubler", "pick Zeke call AH partner Lou win", "pick Gus call AS partner Mo win"]
    r = cli("ingest", write(tmp_path, "s5_rest.shn", _night(range(6, 10), rest, DOUBLER_HEAD)), "--db", str(db))
    out = _out(r, tmp_path)
    assert "s5_rest.shn: 4 stored, 0 duplicates, 0 rejected" in out, r.output
    assert "W-SESSION-GAP" not in out and "re-derived" not in out, r.output
    assert ledger(db) == {"Gus": -1, "Lou": -2, "Mo": 1, "Rita": 1, "Zeke": 1}
    assert _hands(db)[5:] == [(6, "doubler", 1), (7, "doubler", 1), (8, "win", 2), (9, "win", 2)]


@pytest.mark.parametrize("stream", BATCHES)
def test_the_doubler_night_sent_again_as_11_15_is_refused_and_warns_of_no_stake(tmp_path, monkeypatch, stream):
    """break28 F9 (s5_copy.shn: s5_first's hands as 11-15): the doublers 12 and 14 sit inside the run at their
    consecutive twins (stored 2 and 4), with three played hands around them: all five refused, each at its line
    (hand 10+k at 5+2k), the night as it was (Gus -3, Lou -2, Mo +1, Rita +5, Zeke -1).  It also warned
    W-SESSION-GAP of hands 11, 13 and 15, which are never stored: no more.  In batches of two, hands 11-12 are
    stored before the copy shows (11 is its one played hand so far), said by the refusals of 13-15; hand 11 then
    keeps its true W-SESSION-GAP (it is stored after the missing 6-10)."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "s5_first.shn", _night(range(1, 6), S5, DOUBLER_HEAD)), "--db", str(db))
    _stream(monkeypatch, stream)
    r = cli("ingest", write(tmp_path, "s5_copy.shn", _night(range(11, 16), S5, DOUBLER_HEAD)), "--db", str(db),
            ok=False)
    out = _out(r, tmp_path)
    if stream:  # batches of two: 11 (played) and 12 (a doubler) alone in the first batch are no run of two played
        # hands yet, so stored (docs/storage.md: what the streamed path cannot promise), and said by the refusals
        assert "s5_copy.shn: 2 stored, 0 duplicates, 3 rejected" in out, r.output
        assert ("(this file's hands 11-12, read in an earlier batch, were stored before the copy showed, a doubler "
                "not counting; shead void removes them)") in out, r.output
        assert out.count("W-SESSION-GAP") == 1 and "s5_copy.shn:7:1: warning W-SESSION-GAP (hand 11)" in out
        return
    assert "s5_copy.shn: 0 stored, 0 duplicates, 5 rejected" in out, r.output
    for k in range(1, 6):
        assert (f"s5_copy.shn:{5 + 2 * k}:1: E-HAND-CONFLICT (hand {10 + k}): hand {10 + k} of session '{SESSION}' "
                f"is the stored hand {k} (s5_first.shn:{5 + 2 * k}) with a new number") in out, r.output
    assert "W-SESSION-GAP" not in out, r.output
    assert ledger(db) == NIGHT_S5
    assert _rejected(db) == [(f"{SESSION} (sent again)", 10 + k, 5 + 2 * k, "E-HAND-CONFLICT") for k in range(1, 6)]


def test_a_new_hand_after_a_refused_copy_is_warned_at_its_line_with_the_stake_it_is_stored_at(tmp_path):
    """break28 F1, second half: copy_more.shn is s5_first's hands 1-4 as 11-14 (refused: the copy) and a new hand
    15, Gus/Mo AS win.  In the file hand 15 followed the doubler 14, at x2; stored, the doubler 14 is not, so it is
    stored at the carry of the stored hands 1-5 (h2 doubled h3, h4 doubled h5: nothing queued) at x1, hands 6-14
    missing: Gus +2, Mo +1, Lou, Rita, Zeke -1.  Night: Gus -3+2 = -1, Lou -2-1 = -3, Mo 1+1 = +2, Rita 5-1 = +4,
    Zeke -1-1 = -2.  The one W-SESSION-GAP is at hand 15's line (15), says it is new in this file and gives the
    stake x1 (was: at line 1, 'stored before, is re-derived', and the file's x2 warning beside it; the summary
    counted it '1 earlier-stored hand(s) ... re-derived')."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "s5_first.shn", _night(range(1, 6), S5, DOUBLER_HEAD)), "--db", str(db))
    more = S5[:4] + ["pick Gus call AS partner Mo win"]
    r = cli("ingest", write(tmp_path, "copy_more.shn", _night(range(11, 16), more, DOUBLER_HEAD)), "--db", str(db),
            ok=False)
    out = _out(r, tmp_path)
    assert "copy_more.shn: 1 stored, 0 duplicates, 4 rejected  " in out, r.output
    assert out.count("W-SESSION-GAP") == 1, r.output
    assert (f"copy_more.shn:15:1: warning W-SESSION-GAP: hand 15 of session '{SESSION}', new in this file, is stored "
            "with the carry of the session's stored hands in hand order (not the one this file gave it), and follows "
            f"a missing hand: an earlier hand of session '{SESSION}' is missing (not in the log, rejected, or not "
            "stored yet); the stake ×1 derived from the hands before it may be wrong") in out, r.output
    assert "stored before" not in out and "re-derived" not in out
    assert ledger(db) == {"Gus": -1, "Lou": -3, "Mo": 2, "Rita": 4, "Zeke": -2}
    assert _hands(db)[5:] == [(15, "win", 1)]


# -- F2: a copy is matched on what it settles to -----------------------------------------------------------------------

def _with_scores(numbers) -> str:
    """s3_copy_scores.shn: S1 with each hand's score line (the units worked out above)."""
    scores = ["Gus +1 Lou +2 Mo -1 Rita -1 Zeke -1", "Gus -1 Lou -1 Mo +2 Rita -1 Zeke +1",
              "Gus -2 Lou +2 Mo +2 Rita -4 Zeke +2", "Gus -1 Lou +1 Mo -1 Rita -1 Zeke +2",
              "Gus +4 Lou -1 Mo -1 Rita -1 Zeke -1", "Gus +2 Lou -1 Mo +1 Rita -1 Zeke -1"]
    return HEAD + "".join(f"hand {n}\n{h}\nscore {s}\n" for n, h, s in zip(numbers, S1, scores))


def _with_dealers(numbers, dealers) -> str:
    return HEAD + "".join(f"hand {n} dealer {d}\n{h}\n" for n, h, d in zip(numbers, S1, dealers))


def _with_notes(numbers) -> str:
    """s3_copy_notes.shn: a note on hand 11's line and one on hand 12's outcome."""
    hands = [S1[0], S1[1] + " {nice}"] + S1[2:]
    return HEAD + "".join(f"hand {n}{' {Lou}' if n == numbers[0] else ''}\n{h}\n" for n, h in zip(numbers, hands))


DEALERS = ["Gus", "Lou", "Mo", "Rita", "Zeke", "Gus"]
COPIES = {"scores": (_with_scores(range(11, 17)), [7, 10, 13, 16, 19, 22]),
          "dealers": (_with_dealers(range(11, 17), DEALERS), [7, 9, 11, 13, 15, 17]),
          "notes": (_with_notes(list(range(11, 17))), [7, 9, 11, 13, 15, 17])}


@pytest.mark.parametrize("stream", BATCHES)
@pytest.mark.parametrize("copy", sorted(COPIES))
def test_a_copy_that_writes_scores_dealers_or_notes_more_is_refused_like_the_plain_copy(tmp_path, monkeypatch,
                                                                                       copy, stream):
    """break28 F2: s1_first.shn's six hands sent again as 11-16 with a score line on each (the units worked out
    above, filled in at home), a dealer on each hand line, or notes on hands 11 and 12, were stored (the night
    counted twice: Gus +6, Lou +4, Mo +4, Rita -18, Zeke +4), or for the notes copy 11-12 stored.  Each settles as
    the stored hands 1-6 do: refused, each at its line, and the night stays Gus +3, Lou +2, Mo +2, Rita -9,
    Zeke +2 over 6 hands."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "s1_first.shn", _night(range(1, 7), S1)), "--db", str(db))
    _stream(monkeypatch, stream)
    text, lines = COPIES[copy]
    r = cli("ingest", write(tmp_path, f"s3_copy_{copy}.shn", text), "--db", str(db), ok=False)
    out = _out(r, tmp_path)
    assert f"s3_copy_{copy}.shn: 0 stored, 0 duplicates, 6 rejected" in out, r.output
    for k, line in enumerate(lines, 1):
        assert (f"s3_copy_{copy}.shn:{line}:1: E-HAND-CONFLICT (hand {10 + k}): hand {10 + k} of session '{SESSION}' "
                f"is the stored hand {k} (s1_first.shn:{5 + 2 * k}) with a new number") in out, r.output
    assert ledger(db) == NIGHT_S1
    assert [n for n, _o, _s in _hands(db)] == list(range(1, 7))


def test_a_copy_with_other_written_dealers_is_another_run_of_hands_and_stored(tmp_path):
    """The limit of F2: where both write the dealer and the dealers differ, the hands are not the stored ones.
    s1_first's hands with dealers Gus, Lou, Mo, Rita, Zeke, Gus as 1-6, then the same hands as 11-16 dealt by Lou,
    Mo, Rita, Zeke, Gus, Lou: stored (the same results twice: Gus +6, Lou +4, Mo +4, Rita -18, Zeke +4).  The same
    hands with the same dealers as 11-16 are the copy: refused."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "dealt.shn", _with_dealers(range(1, 7), DEALERS)), "--db", str(db))
    assert ledger(db) == NIGHT_S1
    db2 = tmp_path / "t2.duckdb"
    cli("ingest", write(tmp_path, "dealt.shn", _with_dealers(range(1, 7), DEALERS)), "--db", str(db2))
    r = cli("ingest", write(tmp_path, "same.shn", _with_dealers(range(11, 17), DEALERS)), "--db", str(db2), ok=False)
    assert "same.shn: 0 stored, 0 duplicates, 6 rejected" in _out(r, tmp_path), r.output
    assert ledger(db2) == NIGHT_S1
    other = DEALERS[1:] + ["Lou"]
    r = cli("ingest", write(tmp_path, "other.shn", _with_dealers(range(11, 17), other)), "--db", str(db))
    assert "other.shn: 6 stored, 0 duplicates, 0 rejected" in _out(r, tmp_path), r.output
    assert ledger(db) == {"Gus": 6, "Lou": 4, "Mo": 4, "Rita": -18, "Zeke": 4}


DEAL = ("deal Gus  AH 7C 8C 9C TC KC\ndeal Lou  QC QS JC JS AD TD\ndeal Mo   QH QD JH JD KD 9D\n"
        "deal Rita AC AS TS KS 9S 8S\ndeal Zeke 7S TH KH 9H 8H 7H\nblind 8D 7D\n")
#: DEAL with Mo's KD and Rita's 9S swapped (two defenders' cards: the hands' results unchanged)
DEAL2 = DEAL.replace("JD KD 9D", "JD 9S 9D").replace("KS 9S 8S", "KS KD 8S")


def test_the_same_results_on_other_deals_are_no_copy(tmp_path):
    """The limit of F2: where both write their deals and the deals differ, the hands are not the stored ones.
    Hands 1-2 dealt DEAL (Lou/Gus AH 66 win, then 70 win: each Lou +2, Gus +1, the rest -1), then hands 6-7 with
    the same results on DEAL2: stored.  Lou 2+2+2+2 = +8, Gus +4, Mo, Rita, Zeke -4."""
    head = HEAD.replace("2026.11.24", "2026.11.25")
    win = ["pick Lou  call AH  partner Gus  pts 66  win", "pick Lou  call AH  partner Gus  pts 70  win"]
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "dealt.shn", _night([1, 2], [DEAL + w for w in win], head)), "--db", str(db))
    assert ledger(db) == {"Lou": 4, "Gus": 2, "Mo": -2, "Rita": -2, "Zeke": -2}
    r = cli("ingest", write(tmp_path, "other.shn", _night([6, 7], [DEAL2 + w for w in win], head)), "--db", str(db))
    assert "other.shn: 2 stored, 0 duplicates, 0 rejected" in _out(r, tmp_path), r.output
    assert ledger(db) == {"Lou": 8, "Gus": 4, "Mo": -4, "Rita": -4, "Zeke": -4}


def test_a_hand_stored_before_and_re_derived_is_warned_at_its_own_line(tmp_path):
    """The other half of the rule: g1.shn stores hands 1 (a doubler), 3 and 5 (2 and 4 missing); g2.shn adds hand 2,
    a second doubler.  Queued (J): h3 Lou/Gus AH win takes the first doubler, x2 (Lou +4, Gus +2, the rest -2), and
    h5 Mo/Zeke AS win now takes the second, x2 where it was x1 (Mo +4, Zeke +2, the rest -2).  Hand 5 was stored
    before and still follows the missing hand 4: its W-SESSION-GAP is given at its own line (g1.shn:11, was
    g2.shn:1:1), with the stake x2 it is stored at, and the summary counts it re-derived.  Night: Lou 4-2 = +2,
    Mo -2+4 = +2, Gus 2-2 = 0, Zeke -2+2 = 0, Rita -2-2 = -4."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "g1.shn", _night([1, 3, 5], ["doubler", S5[0], S5[2]], DOUBLER_HEAD)),
        "--db", str(db))
    r = cli("ingest", write(tmp_path, "g2.shn", _night([2], ["doubler"], DOUBLER_HEAD)), "--db", str(db))
    out = _out(r, tmp_path)
    assert "g2.shn: 1 stored, 0 duplicates, 0 rejected, 1 earlier-stored hand(s) of its sessions re-derived" in out
    assert (f"g1.shn:11:1: warning W-SESSION-GAP: hand 5 of session '{SESSION}' (hand id 3), stored before, is "
            "re-derived now that g2.shn adds hands before it, but still follows a missing hand: an earlier hand of "
            f"session '{SESSION}' is missing (not in the log, rejected, or not stored yet); the stake ×2 derived "
            "from the hands before it may be wrong") in out, r.output
    assert out.count("W-SESSION-GAP") == 1
    assert ledger(db) == {"Lou": 2, "Mo": 2, "Gus": 0, "Zeke": 0, "Rita": -4}
    assert _hands(db) == [(1, "doubler", 1), (2, "doubler", 1), (3, "win", 2), (5, "win", 2)]
