"""A session kept in one card scheme and continued in the other.

A Schafkopf table writes its first night under ``[Cards "de"]`` (German
cards: ``EA`` the Eichel-Ass, ``SA`` the Schellen-Ass) and a later file
without the tag, in French spellings (docs/notation.md §14.2: French is the
default; ``AS`` is the ace of spades, the Gras-Ass) — or the other way.
The hands were stored as written but re-read under the session's stored
header, where their cards are the other scheme's: ``shead rederive`` and a
restore of ``shead export`` refused them (``E-CARD-MODE``; break16c F2).
The store now keeps the hand's own ``[Cards]`` line with it
(:func:`ingest.store.with_own_tags`).

Amounts (``schafkopf-bsv``, rules.md G-12, G-14..G-16): a Sauspiel is 10
tariff points; no Laufende (``laufende 0``); the declaring party wins with
61 or more card points and loses at 60; schneider at 91 adds 10.  Each of
the four players wins or pays the game value (G-15).
"""

from __future__ import annotations

from pathlib import Path

import duckdb
from typer.testing import CliRunner

from dashboard.metrics import Filters, ledger_by_session
from ingest import store as st
from ingest.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str):
    r = runner.invoke(app, list(args))
    assert r.exit_code == 0, r.output
    return r


def header(cards: str | None) -> str:
    tag = f'[Cards "{cards}"]\n' if cards else ""
    return f'%SHN 1.0\n[Session "s4"]\n[Seats "Al; Bea; Cy; Di"]\n[Rules "schafkopf-bsv"]\n{tag}\n'


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def ledger(db: Path) -> dict[str, int]:
    with st.reading(db) as con:
        df = ledger_by_session(con, Filters())
    return dict(zip(df["player"].to_list(), df["units"].to_list()))


def by_hand(db: Path) -> dict[int, dict[str, int]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute("SELECT h.hand, u.seat, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                           "ORDER BY h.hand, u.seat_no").fetchall()
    finally:
        con.close()
    out: dict[int, dict[str, int]] = {}
    for hand, seat, units in rows:
        out.setdefault(hand, {})[seat] = units
    return out


def restored(db: Path, tmp_path: Path) -> tuple[str, dict[str, int]]:
    """Rederive (nothing refused, nothing changed), export, restore into a new database: the export's text and
    the restored ledger."""
    r = cli("rederive", "--db", str(db))
    assert "0 changed, 0 refused" in r.output, r.output
    exp = tmp_path / "exp.shn"
    cli("export", "--format", "shn", "--out", str(exp), "--db", str(db))
    again = tmp_path / "again.duckdb"
    r = cli("ingest", str(exp), "--db", str(again))
    assert "0 rejected" in r.output, r.output
    return exp.read_text(), ledger(again)


def test_a_german_session_continued_in_french_cards_is_rederived_and_restored(tmp_path):
    """break16c F2.  Hand 1 (German): Bea calls the Schellen-Ass with Cy, 70: Bea, Cy +10, Al, Di -10.
    Hand 2 (French, no tag): Cy calls AS (the Gras-Ass) with Di, 65: Cy, Di +10, Al, Bea -10.
    Totals Al -20, Bea 0, Cy +20, Di 0 (sum 0)."""
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "k1.shn", header("de") + "hand 1  dealer Di\n"
                        "game Bea sauspiel SA  partner Cy  laufende 0  pts 70  win\n"), "--db", str(db))
    cli("ingest", write(tmp_path, "k2.shn", header(None) + "hand 2  dealer Al\n"
                        "game Cy sauspiel AS  partner Di  laufende 0  pts 65  win\n"), "--db", str(db))
    total = {"Al": -20, "Bea": 0, "Cy": 20, "Di": 0}
    assert by_hand(db) == {1: {"Al": -10, "Bea": 10, "Cy": 10, "Di": -10},
                           2: {"Al": -10, "Bea": -10, "Cy": 10, "Di": 10}}
    assert ledger(db) == total
    text, again = restored(db, tmp_path)
    assert 'hand 2  dealer Al\n[Cards "fr"]\ngame Cy sauspiel AS' in text
    assert again == total


def test_a_french_session_continued_under_german_cards_keeps_them_also_at_sixty(tmp_path):
    """The other way.  Hand 1 (French): Bea calls AS with Cy, 70: Bea, Cy +10, Al, Di -10.  The next file
    says [Cards "de"]: hand 2, Cy calls the Eichel-Ass (EA) with Di, 61 (G-12: a win): Cy, Di +10, Al, Bea -10;
    hand 3, Di calls the Schellen-Ass (SA) with Al, 60 (G-12: 60-60 loses): Di, Al -10, Bea, Cy +10.
    Totals Al -30, Bea +10, Cy +30, Di -10 (sum 0)."""
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "f1.shn", header(None) + "hand 1  dealer Di\n"
                        "game Bea sauspiel AS  partner Cy  laufende 0  pts 70  win\n"), "--db", str(db))
    cli("ingest", write(tmp_path, "f2.shn", header("de") + "hand 2  dealer Al\n"
                        "game Cy sauspiel EA  partner Di  laufende 0  pts 61  win\n\nhand 3  dealer Bea\n"
                        "game Di sauspiel SA  partner Al  laufende 0  pts 60  lose\n"), "--db", str(db))
    total = {"Al": -30, "Bea": 10, "Cy": 30, "Di": -10}
    assert by_hand(db)[3] == {"Al": -10, "Bea": 10, "Cy": 10, "Di": -10}
    assert ledger(db) == total
    text, again = restored(db, tmp_path)
    assert text.count('[Cards "de"]') == 2 and '[Cards "fr"]' not in text
    assert again == total


def test_an_amendment_in_the_other_scheme_keeps_its_cards(tmp_path):
    """A German session's hand 2 amended by a French file: Cy with Di at 91 is schneider, 10 + 10 = 20
    (G-14): Cy, Di +20, Al, Bea -20.  With hand 1 (Bea, Cy +10; Al, Di -10): Al -30, Bea -10, Cy +30, Di +10.
    A hand whose own text writes [Cards] is left as written."""
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "k1.shn", header("de") + "hand 1  dealer Di\n"
                        "game Bea sauspiel SA  partner Cy  laufende 0  pts 70  win\n\nhand 2  dealer Al\n"
                        "game Cy sauspiel GA  partner Di  laufende 0  pts 65  win\n"), "--db", str(db))
    cli("ingest", "--amend", write(tmp_path, "fix.shn", header(None) + "hand 2  dealer Al\n"
                                   "game Cy sauspiel AS  partner Di  laufende 0  pts 91  win-s\n"), "--db", str(db))
    total = {"Al": -30, "Bea": -10, "Cy": 30, "Di": 10}
    assert by_hand(db)[2] == {"Al": -20, "Bea": -20, "Cy": 20, "Di": 20}
    assert ledger(db) == total
    _, again = restored(db, tmp_path)
    assert again == total
    own = 'hand 1  dealer Di\n[Cards "fr"]\ngame Bea sauspiel AS'
    assert st.with_own_tags(own + "\n", header("de"), header(None)) == own + "\n"
    same = "hand 1\ngame Bea sauspiel SA\n"
    assert st.with_own_tags(same, header("de"), header("de")) is same


def test_an_amendment_with_the_seats_retyped_short_is_refused_and_changes_nothing(tmp_path):
    """newuser17: an amendment whose [Seats] was retyped short ("Al; Bea; ...") moved the hand to other players
    (the ledger listed eight where the sheet had four) without a word.  It is refused, naming the [Seats] to
    write; with it, the amendment goes through: Cy with Di at 91 (schneider, G-14), 20 each."""
    db = tmp_path / "x.duckdb"
    named = header("de").replace('[Seats "Al; Bea; Cy; Di"]', '[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]')
    cli("ingest", write(tmp_path, "k1.shn", named + "hand 1  dealer Di\n"
                        "game Bea sauspiel SA  partner Cy  laufende 0  pts 70  win\n\nhand 2  dealer Al\n"
                        "game Cy sauspiel GA  partner Di  laufende 0  pts 65  win\n"), "--db", str(db))
    before = ledger(db)
    fix = "hand 2  dealer Al\ngame Cy sauspiel GA  partner Di  laufende 0  pts 91  win-s\n"
    r = runner.invoke(app, ["ingest", "--amend", write(tmp_path, "short.shn", header("de") + fix), "--db", str(db)])
    assert r.exit_code == 1 and "Al is 'Alois' there and 'Al' here" in r.output
    assert '[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]' in r.output and "(nothing changed)" in r.output
    assert ledger(db) == before == {"Alois": -20, "Beate": 0, "Cyrill": 20, "Dora": 0}
    cli("ingest", "--amend", write(tmp_path, "named.shn", named + fix), "--db", str(db))
    assert ledger(db) == {"Alois": -30, "Beate": -10, "Cyrill": 30, "Dora": 10}


def test_a_one_line_hand_a_spaced_own_tag_and_a_second_header_block(tmp_path):
    """break17 F1, F2, F15: the hand's [Cards] line went after a one-line hand's cards; a hand's own
    `[Cards  "fr"]` (two spaces) got a second tag; a file's second header block continuing the session in French
    was not covered.  Each time rederive and a restore refused the hand.  Amounts: hand 1, Bea with Cy 70 (Bea, Cy
    +10, Al, Di -10); hand 2, Cy with Di 65 (Cy, Di +10, Al, Bea -10): Al -20, Bea 0, Cy +20, Di 0."""
    total = {"Al": -20, "Bea": 0, "Cy": 20, "Di": 0}
    first = "hand 1  dealer Di\ngame Bea sauspiel SA  partner Cy  laufende 0  pts 70  win\n"
    for name, second in (
            ("oneline", [header(None) + "hand 2  dealer Al  game Cy sauspiel AS  partner Di  laufende 0  pts 65  win\n"]),
            ("spaced", [header(None) + 'hand 2  dealer Al\n[Cards  "fr"]\n'
                        "game Cy sauspiel AS  partner Di  laufende 0  pts 65  win\n"]),
            ("blocks", [])):
        work = tmp_path / name
        work.mkdir()
        db = work / "x.duckdb"
        if second:
            cli("ingest", write(work, "a.shn", header("de") + first), "--db", str(db))
            cli("ingest", write(work, "b.shn", second[0]), "--db", str(db))
        else:  # one file, the session's second block in French cards
            both = header("de") + first + "\n" + header(None).replace("%SHN 1.0\n", "") + \
                "hand 2  dealer Al\ngame Cy sauspiel AS  partner Di  laufende 0  pts 65  win\n"
            cli("ingest", write(work, "ab.shn", both), "--db", str(db))
        assert ledger(db) == total, name
        text, again = restored(db, work)
        assert again == total, name
        assert text.count('[Cards "fr"]') + text.count('[Cards  "fr"]') == 1, (name, text)
        assert 'hand 2  dealer Al\n[Cards' in text, (name, text)


def test_a_protocols_session_takes_an_shn_game_and_an_shn_session_refuses_a_protocol(tmp_path):
    """break17 F3: an SHN game added to a NetSchafkopf protocol's session (its missing game, as
    tests/test_nsk_grown.py adds one) was stored, and then `shead export --format shn` failed with a traceback:
    no backup could be written.  It now exports, and a restore of the export gives the same ledger.  F17: a
    protocol added to an SHN session was exported as raw protocol lines, and a restore lost its games: refused
    (E-SESSION-FORMAT), nothing of it stored.  The SHN game: Gast with PcOben, 70, a won Rufspiel, no Laufende:
    Gast and PcOben +2, PcLinks and PcRechts -2 (`shead rules netschafkopf`: Rufspiel 2; rules.md G-15)."""
    proto = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"  # 99 games
    session = "NetSchafkopf baseline__Schafkopfprotokoll_vom_05.10.23_01"
    shn = (f'%SHN 1.0\n[Session "{session}"]\n[Seats "Gast; PcLinks; PcOben; PcRechts"]\n[Rules "netschafkopf"]\n\n'
           "hand 100  dealer PcRechts\ngame Gast sauspiel AS  partner PcOben  laufende 0  pts 70  win\n")
    db = tmp_path / "x.duckdb"
    cli("ingest", str(proto), "--db", str(db))
    before = ledger(db)
    assert "1 stored" in cli("ingest", write(tmp_path, "more.shn", shn), "--db", str(db)).output
    after = ledger(db)
    assert {p: after[p] - before[p] for p in after} == {"Gast": 2, "PcLinks": -2, "PcOben": 2, "PcRechts": -2}
    # shead rederive re-reads the SHN game too (it skipped it: "re-derived 99 hands"): its units spoiled in the
    # database come back as the rules give them, +2 / -2
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE hand_units SET units = units * 5 WHERE hand_id = (SELECT hand_id FROM hands "
                    "WHERE hand = 100)")
    assert "re-derived 100 hands: 1 changed, 0 refused" in cli("rederive", "--db", str(db)).output
    assert ledger(db) == after
    out = tmp_path / "e.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    # with its Laufende and outcome word as written (they were dropped), so a restore checks them again
    assert ("hand 100  dealer PcRechts\ngame Gast sauspiel GA  partner PcOben  laufende 0  pts 70  win\n"
            "score PcLinks -2 PcOben +2 PcRechts -2 Gast +2\n") in out.read_text()
    again = tmp_path / "again.duckdb"
    assert "100 stored" in cli("ingest", str(out), "--db", str(again)).output
    assert ledger(again) == after
    other = tmp_path / "y.duckdb"
    cli("ingest", write(tmp_path, "first.shn", shn), "--db", str(other))
    r = runner.invoke(app, ["ingest", str(proto), "--db", str(other)])
    assert "0 stored" in r.output and "E-SESSION-FORMAT" in r.output and "is stored from SHN (" in r.output
    assert ledger(other) == {"Gast": 2, "PcLinks": -2, "PcOben": 2, "PcRechts": -2}


def test_the_original_file_sent_again_after_a_restore_is_a_duplicate(tmp_path):
    """break17 F14: the restored hand carries its own [Cards "fr"] and [Rules] lines (an export writes them), so
    the scorer's original file, sent again, was E-HAND-CONFLICT ("differs in hand tags") instead of nothing new."""
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "k1.shn", header("de") + "hand 1  dealer Di\n"
                        "game Bea sauspiel SA  partner Cy  laufende 0  pts 70  win\n"), "--db", str(db))
    late = write(tmp_path, "k2.shn", header(None).replace("; tariff.sauspiel=20", "") + "hand 2  dealer Al\n"
                 "game Cy sauspiel AS  partner Di  laufende 0  pts 65  win\n")
    cli("ingest", late, "--db", str(db))
    _, restored_ledger = restored(db, tmp_path)
    again = tmp_path / "again.duckdb"
    r = cli("ingest", late, "--db", str(again))
    assert "0 stored, 1 duplicates, 0 rejected" in r.output, r.output
    assert ledger(again) == restored_ledger == {"Al": -20, "Bea": 0, "Cy": 20, "Di": 0}


def test_an_amendment_may_correct_a_misspelt_name(tmp_path):
    """break17b F2: the refusal of a short [Seats] must not stop a correction: hand 2 amended (its points
    corrected, 65 -> 66, still a win: Cy, Di +10) under a header whose [Seats] spells Cy's name right ("Cyrill",
    stored "Cyril") goes through, and the ledger has Cyrill's hand 2."""
    db = tmp_path / "x.duckdb"
    typo = header("de").replace('[Seats "Al; Bea; Cy; Di"]', '[Seats "Al=Alois; Bea=Beate; Cy=Cyril; Di=Dora"]')
    cli("ingest", write(tmp_path, "k1.shn", typo + "hand 1  dealer Di\n"
                        "game Bea sauspiel SA  partner Cy  laufende 0  pts 70  win\n\nhand 2  dealer Al\n"
                        "game Cy sauspiel GA  partner Di  laufende 0  pts 65  win\n"), "--db", str(db))
    fixed = typo.replace("Cy=Cyril", "Cy=Cyrill")
    cli("ingest", "--amend", write(tmp_path, "fix.shn", fixed + "hand 2  dealer Al\n"
                                   "game Cy sauspiel GA  partner Di  laufende 0  pts 66  win\n"), "--db", str(db))
    assert ledger(db) == {"Alois": -20, "Beate": 0, "Cyril": 10, "Cyrill": 10, "Dora": 0}


def test_a_protocol_sent_again_after_a_restore_is_duplicates(tmp_path):
    """break17b F7: a restore of an export stores a protocol's games as SHN, and the protocol sent again was
    refused game by game (E-SESSION-FORMAT) where its games are the stored ones: duplicates."""
    proto = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"  # 99 games
    db = tmp_path / "x.duckdb"
    cli("ingest", str(proto), "--db", str(db))
    _, before = restored(db, tmp_path)
    again = tmp_path / "again.duckdb"  # the restored database
    r = cli("ingest", str(proto), "--db", str(again))
    assert "0 stored, 99 duplicates, 0 rejected" in r.output, r.output
    assert ledger(again) == before
