"""verify32 F3: a hand named ``DATE#N`` whose slash date reads two ways
(``05/11/2026``: 2026-05-11 month first, 2026-11-05 day first) when both days
are stored nights.  ``shead void`` changes data: it refuses, naming both
sessions and how to name each; ``shead replay`` and ``shead history`` say which
reading was taken and the other (as ``shead sheet 05/11/2026`` warns).  Where
only one reading is a stored night it is taken, the reading said.

Records: the tester's d1.shn / d2.shn (two Ramsch nights with the same hands,
"Mai Runde" 2026-05-11 and "Nov Runde" 2026-11-05), copied inline.

Hand 2 of each night by hand: ``score Sepp -100 Resi +20 Hias +40 Vroni +40``
is a Ramsch scored as written (rules.md G-17; the score line is the units,
sum -100 + 20 + 40 + 40 = 0), so a void of hand 2 of one night moves that
night's totals by exactly these amounts and nothing of the other night.
"""

from __future__ import annotations

from tests.cli_helpers import cli, ledger, write

_DEAL = """hand 1  dealer Vroni
deal Sepp EU H8 GU SU H7 HZ EO SZ
deal Resi S8 GZ HO SK SO H9 GO E7
deal Hias S7 GK SA HA EZ E9 HU GA
deal Vroni S9 G8 E8 EA HK G7 G9 EK
ramsch
t1 Sepp: H7 HO HU HK
t2 Resi: H9 HA EA H8
t3 Hias: EZ EK EU E7
t4 Sepp: HZ SO GA G8
t5 Resi: S8 S7 S9 SZ
t6 Sepp: SU GO SA E8
t7 Resi: GZ GK G9 EO
t8 Sepp: GU SK E9 G7

hand 2  dealer Sepp
ramsch
score Sepp -100 Resi +20 Hias +40 Vroni +40
"""


def _night(event: str, day: str) -> str:
    return (f'%SHN 1.0\n[Event "{event}"]\n[Date "{day}"]\n[Seats "Sepp; Resi; Hias; Vroni"]\n'
            f'[Rules "schafkopf-bsv"]\n[Cards "de"]\n\n' + _DEAL)


MAI = "Mai Runde / 2026.05.11"
NOV = "Nov Runde / 2026.11.05"


def _db(tmp_path, *nights, name="d"):
    db = tmp_path / f"{name}.duckdb"
    for i, (event, day) in enumerate(nights):
        cli("ingest", write(tmp_path, f"{name}{i}.shn", _night(event, day)), "--db", str(db))
    return str(db)


def _voided(db: str, key: str) -> bool:
    return "voided" in cli("history", key, "--db", db).output.splitlines()[0]


def _sheet_total(db: str, session: str) -> str:
    return [x for x in cli("sheet", session, "--db", db).output.splitlines() if "total" in x][0]


def test_void_of_a_date_reading_two_stored_nights_is_refused_naming_both(tmp_path):
    db = _db(tmp_path, ("Mai Runde", "2026.05.11"), ("Nov Runde", "2026.11.05"))
    r = cli("void", "05/11/2026#2", "--reason", "test", "--db", db, ok=False)
    assert r.exit_code == 1, r.output
    out = " ".join(r.output.split())
    # both nights, each with its reading and a key naming only it
    assert "2026-05-11" in out and "2026-11-05" in out, out
    assert repr(MAI) in out and repr(NOV) in out, out
    assert "'2026-05-11#2'" in out and "'2026-11-05#2'" in out, out
    # nothing changed: hand 2 of either night in force; totals as written (Sepp -100 ... per hand 2)
    assert not _voided(db, f"{MAI}#2") and not _voided(db, f"{NOV}#2")
    # the year-first date names one night: that void goes through and moves that night only
    before_nov, before = _sheet_total(db, NOV), ledger(tmp_path / "d.duckdb")
    r = cli("void", "2026-05-11#2", "--reason", "test", "--db", db)
    assert f"{MAI}#2" in r.output, r.output
    assert _voided(db, f"{MAI}#2") and not _voided(db, f"{NOV}#2")
    assert _sheet_total(db, NOV) == before_nov
    # the ledger less hand 2's score line (Sepp -100 Resi +20 Hias +40 Vroni +40, zero-sum), nothing else
    hand2 = {"Sepp": -100, "Resi": 20, "Hias": 40, "Vroni": 40}
    assert sum(hand2.values()) == 0
    assert ledger(tmp_path / "d.duckdb") == {p: before[p] - hand2[p] for p in before}


def test_replay_and_history_of_a_two_way_date_say_the_reading_taken_and_the_other(tmp_path):
    db = _db(tmp_path, ("Mai Runde", "2026.05.11"), ("Nov Runde", "2026.11.05"))
    for cmd in ("replay", "history"):
        r = cli(cmd, "05/11/2026#1", "--db", db)
        out = " ".join(r.output.split())
        assert "read as 2026-05-11 (month/day/year)" in out, (cmd, out)
        assert "2026-11-05" in out and repr(NOV) in out and "'2026-11-05#1'" in out, (cmd, out)
        assert MAI in out, (cmd, out)


def test_a_two_way_date_with_one_stored_night_takes_it_saying_the_reading(tmp_path):
    db = _db(tmp_path, ("Nov Runde", "2026.11.05"))
    for cmd in ("replay", "history"):
        out = " ".join(cli(cmd, "05/11/2026#1", "--db", db).output.split())
        assert NOV in out and "read as 2026-11-05 (day/month/year)" in out, (cmd, out)
        assert "no session was played on 2026-05-11" in out, (cmd, out)
    r = cli("void", "05/11/2026#2", "--reason", "test", "--db", db)
    out = " ".join(r.output.split())
    assert f"{NOV}#2" in out and "read as 2026-11-05 (day/month/year)" in out, out
    assert _voided(db, f"{NOV}#2")
    # a date that reads one way only (day 13 is no month) says nothing of a reading
    db2 = _db(tmp_path, ("Late Runde", "2026.11.13"), name="late")
    out = cli("replay", "11/13/2026#1", "--db", db2).output
    assert "Late Runde" in out and "read as" not in out, out
