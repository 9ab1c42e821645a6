"""A session re-sent under another name (a tester's finding): stored, as the
notation's session identity says, but with ``W-SESSION-COPY`` naming the
stored session it repeats (``ingest/session_copies.py``).  Units worked by
hand from rules.md B-27/B-28 (a plain win: picker +2, partner +1, each
defender -1; rules.md I-1)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from dashboard.metrics import Filters, ledger_by_session
from ingest import store as st
from ingest.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


def night(event: str, seats: str = "Al; Bea; Cy; Di; Ed", date: str = "2026.11.27", hands: str | None = None) -> str:
    body = hands if hands is not None else (
        "hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 72  win\n"   # Cy +2, Ed +1, Al Bea Di -1
        "hand 2  dealer Al\npick Al  call AH  partner Bea  pts 65  win\n")  # Al +2, Bea +1, Cy Di Ed -1
    return (f'%SHN 1.0\n[Event "{event}"]\n[Date "{date}"]\n[Seats "{seats}"]\n[Rules "wi5-called-ace"]\n\n'
            + body)


def ingest(db: Path, tmp_path: Path, name: str, text: str):
    p = tmp_path / name
    p.write_text(text)
    return runner.invoke(app, ["ingest", str(p), "--db", str(db)])


def ledger(db: Path) -> dict[str, int]:
    """Each player's units over every session (``ledger_by_session`` has a row per session and player)."""
    with st.reading(db) as con:
        df = ledger_by_session(con, Filters())
    out: dict[str, int] = {}
    for player, units in zip(df["player"].to_list(), df["units"].to_list()):
        out[player] = out.get(player, 0) + units
    return out


def test_a_night_re_sent_under_a_corrected_event_name_is_stored_and_named_as_a_copy(db, tmp_path):
    r = ingest(db, tmp_path, "fri.shn", night("Friday Schafskopf Club"))
    assert r.exit_code == 0 and "W-SESSION-COPY" not in r.output
    # one night: Al -1+2 = +1, Bea -1+1 = 0, Cy +2-1 = +1, Di -1-1 = -2, Ed +1-1 = 0
    assert ledger(db) == {"Al": 1, "Bea": 0, "Cy": 1, "Di": -2, "Ed": 0}
    r = ingest(db, tmp_path, "fri2.shn", night("Friday Sheepshead Club"))
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "fri2.shn: 2 stored" in out
    assert ("warning W-SESSION-COPY: session 'Friday Sheepshead Club / 2026.11.27', just stored, repeats session "
            "'Friday Schafskopf Club / 2026.11.27'") in out
    assert "its 2 hands have the same numbers and texts" in out and "counts them twice" in out
    assert "shead void 'Friday Sheepshead Club / 2026.11.27' --session --reason 'a copy'" in out
    # the corrected name sent second (a tester's finding): the advice names the stored, misspelt session too
    assert ("if the stored session's name is the wrong one (a typo corrected in this file), void that one instead "
            "(shead void 'Friday Schafskopf Club / 2026.11.27' --session --reason 'renamed')") in out
    # stored twice, as the tags say: every total doubled
    assert ledger(db) == {"Al": 2, "Bea": 0, "Cy": 2, "Di": -4, "Ed": 0}
    # voiding the copy, as the warning says (one command, one transaction), gives the night back
    v = runner.invoke(app, ["void", "Friday Sheepshead Club / 2026.11.27", "--session", "--reason", "a copy",
                            "--db", str(db)])
    assert v.exit_code == 0, v.output
    said = " ".join(v.output.split())
    assert "Friday Sheepshead Club / 2026.11.27#1 (hand id 3): voided (revision 2): a copy" in said
    assert "Friday Sheepshead Club / 2026.11.27#2 (hand id 4): voided" in said
    assert ledger(db) == {"Al": 1, "Bea": 0, "Cy": 1, "Di": -2, "Ed": 0}
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hand_revisions WHERE action = 'void'").fetchall() == [(2,)]
    # a session name that is not stored: nothing voided, said
    v = runner.invoke(app, ["void", "Friday Sheepshead Club", "--session", "--reason", "x", "--db", str(db)])
    assert v.exit_code == 1 and "no stored hand in force in a session named 'Friday Sheepshead Club'" in \
        " ".join(v.output.split())


def test_another_table_or_night_is_no_copy(db, tmp_path):
    assert ingest(db, tmp_path, "a.shn", night("Club")).exit_code == 0
    # the same hands by other players (Fay for Ed), the same players on another date, other hands: no warning
    for name, text in (("b.shn", night("Club table 2", seats="Al; Bea; Cy; Di; Fay",
                                       hands="hand 1  dealer Fay\npick Cy  call AS  partner Fay  pts 72  win\n"
                                             "hand 2  dealer Al\npick Al  call AH  partner Bea  pts 65  win\n")),
                       ("c.shn", night("Club", date="2026.12.04")),
                       ("e.shn", night("Club table 4", hands="hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 73  "
                                                             "win\nhand 2  dealer Al\npick Al  call AH  partner Bea  "
                                                             "pts 65  win\n")),
                       ("d.shn", night("Club table 3", hands="hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 72  "
                                                             "win\nhand 2  dealer Al\npick Al  call AH  partner Bea  "
                                                             "pts 66  win\n"))):
        r = ingest(db, tmp_path, name, text)
        assert r.exit_code == 0 and "W-SESSION-COPY" not in r.output and f"{name}: 2 stored" in r.output, r.output


def test_a_one_hand_session_is_not_called_a_copy(db, tmp_path):
    one = "hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 72  win\n"
    assert ingest(db, tmp_path, "a.shn", night("Club", hands=one)).exit_code == 0
    r = ingest(db, tmp_path, "b.shn", night("Club table 2", hands=one))
    assert r.exit_code == 0 and "W-SESSION-COPY" not in r.output and "b.shn: 1 stored" in r.output


def test_the_import_page_s_upload_warns_the_copy_too(db):
    """The Import page stores an upload as `shead ingest` does (``ingest.pipeline.store_noting_copies``), so a copy
    is named there too; ``POST /hands`` goes through the same function."""
    from dashboard.pages.import_files import ingest_upload

    with st.Store(db) as store:
        first = ingest_upload(store, "fri.shn", night("Friday Schafskopf Club").encode(), False)
        assert first.stored == 2 and not first.file_errors
        again = ingest_upload(store, "fri2.shn", night("Friday Sheepshead Club").encode(), False)
    assert again.stored == 2
    [w] = again.file_errors
    assert (w.code, w.severity, w.file) == ("W-SESSION-COPY", "warning", "fri2.shn")
    assert "repeats session 'Friday Schafskopf Club / 2026.11.27' (stored from fri.shn)" in w.message


def test_dateless_sessions_and_a_file_of_two_nights_are_checked_each(db, tmp_path):
    """Two sessions with no Date (named by their Session tags) are the same date for the check, as two nights
    of one date are; a file of two new sessions names only the one that repeats a stored session, though its
    last hand is followed by a blank line and the next session's tags (a hand's stored text keeps them).  The copy
    counts twice until voided: Al -1+2 = +1, Bea 0, Cy +1, Di -2, Ed 0 a night (as in the first test)."""
    def dateless(name: str) -> str:
        return night("Club").replace('[Event "Club"]\n[Date "2026.11.27"]', f'[Session "{name}"]')

    assert ingest(db, tmp_path, "a.shn", dateless("Thursday")).exit_code == 0
    other = dateless("Friday").replace("pts 65", "pts 64").split("\n", 1)[1]  # "%SHN 1.0" once a file
    both = dateless("Thursday again") + "\n" + other  # one file: the copy, then another night
    r = ingest(db, tmp_path, "b.shn", both)
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "b.shn: 4 stored" in out, r.output
    assert out.count("W-SESSION-COPY") == 1
    assert "session 'Thursday again', just stored, repeats session 'Thursday'" in out
    # three nights stored, one of them a copy: +1, 0, +1, -2, 0 three times
    assert ledger(db) == {"Al": 3, "Bea": 0, "Cy": 3, "Di": -6, "Ed": 0}


def test_the_store_reports_the_sessions_stored_before_the_file(tmp_path):
    """``store_noting_copies`` asks for the copies above the highest session
    id the store read in the file's own transaction (``sessions_before``):
    0 before the first file, 1 (the first file's session) before the second."""
    from ingest.pipeline import load_bytes, store_noting_copies

    with st.Store(tmp_path / "s.duckdb") as store:
        reports = []
        for name, event in (("a.shn", "Friday Schafskopf Club"), ("b.shn", "Friday Sheepshead Club")):
            result, fmt = load_bytes(name, night(event).encode(), store)
            reports.append(store_noting_copies(store, result, fmt, False, plan=store.last_plan[1]))
    assert [(r.stored, r.sessions_before) for r in reports] == [(2, 0), (2, 1)]
    assert [d.code for d in reports[0].file_errors] == []
    assert [d.code for d in reports[1].file_errors] == ["W-SESSION-COPY"]


def _protocol_then_renamed_copy(db: Path, tmp_path: Path) -> str:
    """Ingest the shipped protocol, then the same with Gast renamed Sepp: the first gives no W-SESSION-COPY, the
    copy exactly one, game for game; each stores 99 games.  The copy's output, on one line."""
    src = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    first, renamed = tmp_path / "protokoll.txt", tmp_path / "protokoll_sepp.txt"
    first.write_bytes(src.read_bytes())
    renamed.write_bytes(src.read_bytes().replace(b"Gast", b"Sepp"))
    r = runner.invoke(app, ["ingest", str(first), "--db", str(db)])
    assert r.exit_code == 0 and "99 stored" in r.output and "W-SESSION-COPY" not in r.output, r.output
    r = runner.invoke(app, ["ingest", str(renamed), "--db", str(db)])
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "99 stored" in out, r.output
    assert out.count("W-SESSION-COPY") == 1 and "game for game: its 99 games were dealt and played exactly as" in out
    return out


def test_a_protocol_fed_again_with_a_player_renamed_is_named_deal_for_deal(db, tmp_path):
    """A user's finding: the shipped NetSchafkopf protocol fed again with Gast renamed Sepp is a new session by its
    header (its players differ) but the same 99 deals card for card.  It is stored, as before, now with
    W-SESSION-COPY; voiding it gives the night back.  The protocol's own last running table: PcLinks -85,
    PcOben +33, PcRechts +25, Gast +27 (tests/test_nsk_edited_copies.py)."""
    out = _protocol_then_renamed_copy(db, tmp_path)
    copy = out.split("session '", 1)[1].split("'", 1)[0]
    assert ledger(db) == {"PcLinks": -170, "PcOben": 66, "PcRechts": 50, "Gast": 27, "Sepp": 27}
    v = runner.invoke(app, ["void", copy, "--session", "--reason", "a copy", "--db", str(db)])
    assert v.exit_code == 0, v.output
    assert ledger(db) == {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}
    # a different protocol of the same players is no copy
    other = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_02.txt"
    r = runner.invoke(app, ["ingest", str(other), "--db", str(db)])
    assert r.exit_code == 0 and "W-SESSION-COPY" not in r.output, r.output


def _two_tables(session: str, other_result: bool) -> str:
    """Two generated played hands (deals and tricks) under ``session``; with ``other_result`` hand 2's table
    agreed on other points (``pts ^70``, notation.md: the result the table wrote), standing for another table
    that played the deal to another result."""
    from ingest.generate import generate_session_text

    text = generate_session_text(7, 2, "wi5-called-ace", session=session)
    return text.replace("partner Ed  pts 65", "partner Ed  pts ^70") if other_result else text


def test_the_same_deals_played_otherwise_are_no_copy(db):
    """deal_copies (the protocols' check) asks for every game dealt and played alike: the same deals at another
    table of a duplicate tournament (the Compare page's case) are no copy; the same deals with the same results
    under another session name are."""
    from ingest.pipeline import load_bytes
    from ingest.session_copies import deal_copies

    with st.Store(db) as store:
        for name, text in (("a.shn", _two_tables("table A", False)), ("b.shn", _two_tables("table B", True))):
            result, fmt = load_bytes(name, text.encode(), store)
            assert store.ingest_file(result, plan=store.last_plan[1]).stored == 2
        with store.using() as con:
            assert con.execute("SELECT count(*) FROM deal_parts").fetchall() == [(4,)]  # 2 deals at 2 tables
            assert con.execute("SELECT session, picker_points FROM hands WHERE hand = 2 ORDER BY session"
                               ).fetchall() == [("table A", 65), ("table B", 70)]
            assert deal_copies(con, 1) == []
        result, fmt = load_bytes("c.shn", _two_tables("table C", False).encode(), store)
        assert store.ingest_file(result, plan=store.last_plan[1]).stored == 2
        with store.using() as con:
            (w,) = deal_copies(con, 2, "c.shn")
    assert w.code == "W-SESSION-COPY" and "session 'table C', just stored, repeats session 'table A'" in w.message
    assert "its 2 games were dealt and played exactly as that session's" in w.message


def test_a_file_read_in_batches_is_checked_once_it_is_stored(db, tmp_path, monkeypatch):
    """A file large enough to be read in batches (here every file: ``SHEAD_STREAM_ABOVE=0``, one hand a batch)
    is checked as a whole file is, once its last batch is stored: the re-sent night of the first test, and the
    shipped protocol with Gast renamed Sepp, each named a copy; the first feed of each is not."""
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    r = ingest(db, tmp_path, "fri.shn", night("Friday Schafskopf Club"))
    assert r.exit_code == 0 and "2 stored" in r.output and "W-SESSION-COPY" not in r.output, r.output
    r = ingest(db, tmp_path, "fri2.shn", night("Friday Sheepshead Club"))
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "2 stored" in out, r.output
    assert out.count("W-SESSION-COPY") == 1 and ("session 'Friday Sheepshead Club / 2026.11.27', just stored, "
                                                 "repeats session 'Friday Schafskopf Club / 2026.11.27'") in out
    assert ledger(db) == {"Al": 2, "Bea": 0, "Cy": 2, "Di": -4, "Ed": 0}  # stored twice, as the tags say
    _protocol_then_renamed_copy(db, tmp_path)


def test_a_copy_under_a_name_with_an_apostrophe_gets_a_command_the_shell_reads(db, tmp_path):
    """newuser17: "shead void 'Friday Cards at Dot's / ...'" could not be pasted; sk17 F8: a copy scored under
    other [Rules] was said to be "the same texts" only.  The suggested command, split as a shell splits it, names
    the session; voiding it leaves one night (Al +1, Bea 0, Cy +1, Di -2, Ed 0)."""
    import re  # noqa: PLC0415
    import shlex  # noqa: PLC0415

    assert ingest(db, tmp_path, "a.shn", night("Friday Cards at Dot's")).exit_code == 0
    other = night("Friday Cards at Dots").replace('[Rules "wi5-called-ace"]', '[Rules "wi5-called-ace; noPick=doubler"]')
    r = ingest(db, tmp_path, "b.shn", other)
    out = " ".join(r.output.split())
    assert ("(scored under [Rules 'wi5-called-ace; noPick=doubler'], the stored one under [Rules 'wi5-called-ace'])"
            in out)
    cmd = re.search(r"void that one instead \((shead void .*?--reason 'renamed')\)", out).group(1)
    argv = shlex.split(cmd)
    assert argv[:3] == ["shead", "void", "Friday Cards at Dot's / 2026.11.27"]
    r = runner.invoke(app, argv[1:] + ["--db", str(db)])
    assert r.exit_code == 0, r.output
    assert ledger(db) == {"Al": 1, "Bea": 0, "Cy": 1, "Di": -2, "Ed": 0}


NIGHT3 = ("hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 72  win\n"    # Cy +2, Ed +1, Al Bea Di -1 (B-31)
          "hand 2  dealer Al\npick Al  call AH  partner Bea  pts 65  win\n"   # Al +2, Bea +1, Cy Di Ed -1
          "hand 3  dealer Bea\npick Di  alone  pts 95  win-s\n")             # Di alone schneider: +8, the others -2
# the same night as a spreadsheet: the units as the scorer added them up, the seats without full names
SHEET3 = ("date,hand,dealer,picker,partner,call,points,outcome,Al,Bea,Cy,Di,Ed\n"
          "2026-11-27,1,Ed,Cy,Ed,AS,72,win,-1,-1,2,-1,1\n"
          "2026-11-27,2,Al,Al,Bea,AH,65,win,2,1,-1,-1,-1\n"
          "2026-11-27,3,Bea,Di,,alone,95,win-s,-2,-2,-2,8,-2\n")


def test_a_night_stored_as_shn_and_again_as_a_sheet_is_named_as_a_copy(db, tmp_path):
    """newuser17: the same night as SHN and as a CSV sheet doubled every total without a word.  The three hands
    (worked above) total Al -1, Bea -2, Cy -1, Di +6, Ed -2; stored twice, each of those twice."""
    named = night("Friday", seats="Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl", hands=NIGHT3)
    assert ingest(db, tmp_path, "fri.shn", named).exit_code == 0
    r = ingest(db, tmp_path, "fri.csv", SHEET3)
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "fri.csv: 3 stored" in out
    assert ("W-SESSION-COPY: session 'CSV fri 2026-11-27', just stored, repeats session 'Friday / 2026.11.27' "
            "(stored from") in out
    assert "result for result: its 3 hands, in order, give every player the units that session's give" in out
    assert "shead void 'CSV fri 2026-11-27' --session --reason 'a copy'" in out
    assert ledger(db) == {"Allen Braun": -1, "Bea Schmidt": -2, "Cy Ott": -1, "Di Lenz": 6, "Ed Kahl": -2,
                          "Al": -1, "Bea": -2, "Cy": -1, "Di": 6, "Ed": -2}


def test_a_night_typed_anew_under_other_numbers_is_a_copy_and_an_exact_copy_is_said_once(db, tmp_path):
    assert ingest(db, tmp_path, "a.shn", night("Friday", hands=NIGHT3)).exit_code == 0
    # typed again: numbered on from the season (14, 15, 16), the outcome before the points, a comment
    again = (NIGHT3.replace("hand 1 ", "hand 14 ").replace("hand 2 ", "hand 15 ").replace("hand 3 ", "hand 16 ")
             .replace("pts 72  win", "win  pts 72  ; typed again"))
    r = ingest(db, tmp_path, "b.shn", night("Friday Club", hands=again))
    out = " ".join(r.output.split())
    assert out.count("W-SESSION-COPY") == 1 and "result for result: its 3 hands" in out
    # the very same text under another name: the hand-for-hand warning alone, not a second one
    r = ingest(db, tmp_path, "c.shn", night("Friday Cards", hands=NIGHT3))
    out = " ".join(r.output.split())
    assert out.count("W-SESSION-COPY") == 1 and "hand for hand: its 3 hands have the same numbers and texts" in out


def test_two_sittings_of_one_day_with_other_results_are_no_copy(db, tmp_path):
    assert ingest(db, tmp_path, "am.shn", night("Afternoon", hands=NIGHT3)).exit_code == 0
    evening = NIGHT3.replace("pick Di  alone  pts 95  win-s", "pick Di  alone  pts 80  win")  # Di +4, -1 each
    r = ingest(db, tmp_path, "pm.shn", night("Evening", hands=evening))
    assert r.exit_code == 0 and "W-SESSION-COPY" not in r.output


def test_two_tables_of_other_people_under_the_same_seat_letters_are_no_copy(db, tmp_path):
    """break17b F1: two tables, ten different people, both seated N, E, S, W, X, ending alike: not one night."""
    t1 = night("Table one", seats="N=Ann; E=Bob; S=Cal; W=Dot; X=Eve",
               hands=NIGHT3.replace("Cy", "S").replace("Ed", "X").replace("Al", "N").replace("Bea", "E")
               .replace("Di", "W"))
    t2 = t1.replace("Table one", "Table two").replace("N=Ann; E=Bob; S=Cal; W=Dot; X=Eve",
                                                      "N=Fay; E=Gus; S=Hal; W=Ida; X=Jo")
    assert ingest(db, tmp_path, "t1.shn", t1).exit_code == 0
    r = ingest(db, tmp_path, "t2.shn", t2)
    assert r.exit_code == 0 and "W-SESSION-COPY" not in r.output
