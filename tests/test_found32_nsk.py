"""Records brought by session 32's outside tester (sk32), their amounts worked out by hand from rules.md G before
shead's were read.  The protocols are the tester's, written as NetSchafkopf writes them (Latin-1, CRLF)."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from tests.cli_helpers import cli, ledger, write

# sk32's house (Gasthaus Post): Rufspiel 5, Einzelspiel 20, +5 a schneider and a Laufender, Ramsch 10, Jungfrau
# doubling the price.  29.11.26: a Ramsch, a Gruen-Solo, a Wenz; no Rufspiel, no schneider, no schwarz.
P2911 = (
    'Hausregeln Gasthaus Post\n'
    'gespielt von Xaver am 29.11.26 mit Version 8.00, Update 07.09.20.\n'
    ' \n'
    'Geber: Xaver\n'
    '       Loisl hat: H8 GK HA SA EK S8 H7 G7\n'
    '       Zenzi hat: EO GZ SU EZ E7 SK SZ S7\n'
    '        Gust hat: G8 S9 SO HK HZ G9 HU GA\n'
    '       Xaver hat: GO EA HO E8 GU EU E9 H9\n'
    'Es wurde Ramsch gespielt.\n'
    '       Loisl spielt aus: G7 GZ G8 GO\n'
    '       Xaver spielt aus: EU HA EO HZ\n'
    '       Zenzi spielt aus: SZ S9 HO SA\n'
    '       Xaver spielt aus: E9 EK E7 G9\n'
    '       Loisl spielt aus: H8 SU HK GU\n'
    '       Xaver spielt aus: H9 H7 S7 SO\n'
    '        Gust spielt aus: GA E8 GK SK\n'
    '        Gust spielt aus: HU EA S8 EZ\n'
    'Du verlierst den Ramsch. Du hast 45 Augen. Bei Augengleichheit \n'
    'verliert, wer den höheren Ober hatte\n'
    'Der Ramsch kostet 10 Punkte.\n'
    'Spiel    Preis        Loisl        Zenzi         Gust        Xaver    Stock\n'
    '    1       10          +10          +10          +10          -30        0\n'
    ' \n'
    'Geber: Loisl\n'
    '       Zenzi hat: EA SZ HK SU H7 S9 GK E8\n'
    '        Gust hat: G7 SK HO E7 EU G9 HZ E9\n'
    '       Xaver hat: G8 EK GO GU EO SA H9 SO\n'
    '       Loisl hat: GZ HU GA HA S7 H8 EZ S8\n'
    'Xaver spielt Grün-Solo\n'
    '       Zenzi spielt aus: HK HZ H9 H8\n'
    '        Gust spielt aus: E9 EK EZ EA\n'
    '       Zenzi spielt aus: H7 EU SO HA\n'
    '       Xaver spielt aus: GU HU GK G9\n'
    '       Xaver spielt aus: G8 GZ SU G7\n'
    '       Zenzi spielt aus: E8 E7 SA S8\n'
    '       Zenzi spielt aus: SZ SK GO S7\n'
    '       Xaver spielt aus: EO GA S9 HO\n'
    'Du verlierst das Grün-Solo. Die Gegner haben 62 Augen\n'
    'Das Einzelspiel kostet 20 Punkte. 2 mal gespritzt 80 Punkte.\n'
    'Spiel    Preis        Loisl        Zenzi         Gust        Xaver    Stock\n'
    '    2       80          +90          +90          +90         -270        0\n'
    ' \n'
    'Geber: Zenzi\n'
    '        Gust hat: EK GZ EU SO G7 GK GU SK\n'
    '       Xaver hat: H9 HU E7 GO E8 S8 EZ G9\n'
    '       Loisl hat: H7 HO G8 HA SU EA H8 S7\n'
    '       Zenzi hat: S9 HK HZ SZ SA GA E9 EO\n'
    'Loisl spielt Wenz\n'
    '        Gust spielt aus: G7 GO G8 GA\n'
    '       Zenzi spielt aus: HZ SK H9 H8\n'
    '       Zenzi spielt aus: S9 SO S8 S7\n'
    '        Gust spielt aus: GU HU SU HK\n'
    '        Gust spielt aus: EK EZ EA E9\n'
    '       Loisl spielt aus: HO SA GK E7\n'
    '       Loisl spielt aus: HA EO GZ E8\n'
    '       Loisl spielt aus: H7 SZ EU G9\n'
    'Loisl gewinnt den Wenz. Die Gegner haben 53 Augen\n'
    'Das Einzelspiel kostet 20 Punkte. Ohne 3 Laufende 35 Punkte.\n'
    'Spiel    Preis        Loisl        Zenzi         Gust        Xaver    Stock\n'
    '    3       35         +195          +55          +55         -305        0\n'
    ' \n'
)


P2611 = (
    'Hausregeln Gasthaus Post\n'
    'gespielt von Xaver am 26.11.26 mit Version 8.00, Update 07.09.20.\n'
    ' \n'
    'Geber: Xaver\n'
    '       Loisl hat: SK EZ E9 HK SA S9 GZ GK\n'
    '       Zenzi hat: SU H9 SZ EK GU S8 S7 G7\n'
    '        Gust hat: GO E7 EU H8 G8 H7 HO EA\n'
    '       Xaver hat: E8 HA SO HZ GA EO G9 HU\n'
    'Zenzi spielt Mit der Grün-Ass\n'
    '       Loisl spielt aus: GZ G7 G8 GA\n'
    '       Xaver spielt aus: EO HK SU H7\n'
    '       Xaver spielt aus: SO EZ GU GO\n'
    '        Gust spielt aus: HO HZ E9 H9\n'
    '        Gust spielt aus: E7 E8 SA EK\n'
    '       Zenzi spielt aus: S7 EA G9 SK\n'
    '       Loisl spielt aus: GK SZ H8 HU\n'
    '       Xaver spielt aus: HA S9 S8 EU\n'
    'Zenzi gewinnt das Rufspiel: Mit der Grün-Ass mit dir. Die Gegner \n'
    'haben 59 Augen\n'
    'Das Rufspiel kostet 5 Punkte.\n'
    'Spiel    Preis        Loisl        Zenzi         Gust        Xaver    Stock\n'
    '    1        5           -5           +5           -5           +5        0\n'
    ' \n'
    'Geber: Loisl\n'
    '       Zenzi hat: SZ G7 SU GU GZ GK H8 E7\n'
    '        Gust hat: SA G9 HK E8 EK S8 HA SK\n'
    '       Xaver hat: S7 GO HZ EO HU HO E9 EA\n'
    '       Loisl hat: S9 GA EZ H9 SO H7 G8 EU\n'
    'Xaver spielt Eichel-Solo\n'
    '       Zenzi spielt aus: H8 HK HZ H9\n'
    '       Xaver spielt aus: EO EU GU E8\n'
    '       Xaver spielt aus: E9 EZ SU EK\n'
    '       Zenzi spielt aus: GZ G9 HO GA\n'
    '       Xaver spielt aus: GO SO E7 SA\n'
    '       Xaver spielt aus: HU G8 SZ S8\n'
    '       Xaver spielt aus: S7 S9 GK SK\n'
    '        Gust spielt aus: HA EA H7 G7\n'
    'Du gewinnst das Eichel-Solo. Die Gegner haben 24 Augen\n'
    'Das Einzelspiel kostet 20 Punkte. Mit Schneider 25 Punkte. Mit 3 \n'
    'Laufenden 40 Punkte. 1 mal gespritzt 80 Punkte.\n'
    'Spiel    Preis        Loisl        Zenzi         Gust        Xaver    Stock\n'
    '    2       80          -85          -75          -85         +245        0\n'
    ' \n'
    'Geber: Zenzi\n'
    '        Gust hat: EU SZ E8 HK GO S8 GZ GU\n'
    '       Xaver hat: G7 HA GA EZ G9 SU S7 SA\n'
    '       Loisl hat: EO E7 S9 HU HO E9 EA GK\n'
    '       Zenzi hat: G8 SK HZ H9 SO H7 EK H8\n'
    'Es wurde Ramsch gespielt.\n'
    '        Gust spielt aus: HK SU HO SO\n'
    '       Loisl spielt aus: HU H9 GU HA\n'
    '        Gust spielt aus: GO SA EO HZ\n'
    '       Loisl spielt aus: S9 SK SZ S7\n'
    '        Gust spielt aus: EU G7 E7 H8\n'
    '        Gust spielt aus: S8 GA GK EK\n'
    '        Gust spielt aus: E8 EZ EA G8\n'
    '       Loisl spielt aus: E9 H7 GZ G9\n'
    'Loisl verliert den Ramsch. Loisl hat 60 Augen. Du bist Jungfrau\n'
    'Der Ramsch kostet 10 Punkte. Mit 1 mal Jungfrau 20 Punkte.\n'
    'Spiel    Preis        Loisl        Zenzi         Gust        Xaver    Stock\n'
    '    3       20         -145          -55          -65         +265        0\n'
    ' \n'
    'Geber: Gust\n'
    '       Xaver hat: SK EZ E9 HK SA S9 GZ GK\n'
    '       Loisl hat: SU H9 SZ EK GU S8 S7 G7\n'
    '       Zenzi hat: GO E7 EU H8 G8 H7 HO EA\n'
    '        Gust hat: E8 HA SO HZ GA EO G9 HU\n'
    'Alle haben gepasst. Es wird neu gegeben.\n'
    'Spiel    Preis        Loisl        Zenzi         Gust        Xaver    Stock\n'
    '    4        0         -145          -55          -65         +265        0\n'
    ' \n'
    'Geber: Xaver\n'
    '       Loisl hat: S7 SK HO HU H9 GK H7 E8\n'
    '       Zenzi hat: G9 HA EU HZ EZ E9 SO G7\n'
    '        Gust hat: SU HK EO SZ GZ GO SA GU\n'
    '       Xaver hat: S8 H8 EK E7 EA S9 GA G8\n'
    'Gust spielt Wenz\n'
    '       Loisl spielt aus: HO HA HK H8\n'
    '       Zenzi spielt aus: G7 GO G8 GK\n'
    '       Loisl spielt aus: SK SO SA S8\n'
    '        Gust spielt aus: GU EK HU EU\n'
    '       Zenzi spielt aus: E9 EO EA E8\n'
    '       Xaver spielt aus: GA S7 G9 GZ\n'
    '       Xaver spielt aus: E7 H7 EZ SZ\n'
    '       Zenzi spielt aus: HZ SU S9 H9\n'
    'Gust verliert den Wenz. Die Gegner haben 90 Augen\n'
    'Das Einzelspiel kostet 20 Punkte. Mit Schneider 25 Punkte.\n'
    'Spiel    Preis        Loisl        Zenzi         Gust        Xaver    Stock\n'
    '    5       25         -120          -30         -140         +290        0\n'
    ' \n'
    'Geber: Loisl\n'
    '       Zenzi hat: S8 GZ HO SK SO H9 GO E7\n'
    '        Gust hat: S7 GK SA HA EZ E9 HU GA\n'
    '       Xaver hat: S9 G8 E8 EA HK G7 G9 EK\n'
    '       Loisl hat: EU H8 GU SU H7 HZ EO SZ\n'
    'Loisl spielt Mit der Schellen-Ass\n'
    '       Zenzi spielt aus: SK SA S9 SZ\n'
    '        Gust spielt aus: GK G7 HZ GZ\n'
    '       Loisl spielt aus: H7 GO HA HK\n'
    '       Zenzi spielt aus: HO HU G8 GU\n'
    '       Zenzi spielt aus: H9 GA G9 SU\n'
    '       Loisl spielt aus: EU SO S7 E8\n'
    '       Zenzi spielt aus: S8 EZ EA H8\n'
    '       Loisl spielt aus: EO E7 E9 EK\n'
    'Loisl gewinnt das Rufspiel: Mit der Schellen-Ass mit Gust. Die Gegner \n'
    'haben 30 Augen\n'
    'Das Rufspiel kostet 5 Punkte. 1 mal gespritzt 10 Punkte.\n'
    'Spiel    Preis        Loisl        Zenzi         Gust        Xaver    Stock\n'
    '    6       10         -110          -40         -130         +280        0\n'
    ' \n'
)


def _protocol(tmp_path: Path, name: str, text: str) -> str:
    """``text`` written as NetSchafkopf writes a protocol: Latin-1 with CRLF line ends."""
    p = tmp_path / name
    p.write_bytes(text.replace("\n", "\r\n").encode("latin-1"))
    return str(p)


def _warnings(output: str, code: str) -> list[str]:
    return [line for line in output.splitlines() if code in line]


def test_a_protocol_without_a_rufspiel_says_the_rufspiel_price_it_assumed(tmp_path):
    """sk32 F1: the 29.11.26 protocol has no Rufspiel and no schneider or schwarz game; its Rufspiel price was set
    to NetSchafkopf's own 2 beside an Einzelspiel of 20, and schneider and schwarz to the Laufender's 5, without a
    word.  Now W-NSK-ASSUMED names each tariff entry the protocol never shows, with the value taken.
    The protocol's own games keep their amounts, by hand (rules.md G-13..G-18): game 1, a Ramsch Xaver loses with
    45 Augen: 10 to each other player (G-17): Loisl, Zenzi, Gust +10, Xaver -30.  Game 2, Xaver's Gruen-Solo lost
    (62 Augen to the opponents), Einzelspiel 20, Kontra and Re x4 = 80 (G-14, G-18): Xaver pays 80 to each (G-15):
    +80 each, Xaver -240.  Game 3, Loisl's Wenz won, without 3 Laufende: 20 + 3 x 5 = 35 (G-13, G-14): Loisl +105,
    the others -35.  Totals: Loisl +195, Zenzi +55, Gust +55, Xaver -305 (the log's last row; zero-sum)."""
    db = tmp_path / "a.duckdb"
    r = cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_29.11.26_01.txt", P2911), "--db", str(db))
    said = _warnings(r.output, "W-NSK-ASSUMED")
    assert len(said) == 1, r.output
    assert "sauspiel 2" in said[0] and "schneider 5" in said[0] and "schwarz 5" in said[0], said
    assert "laufender 5" not in said[0], said  # stated: 'Ohne 3 Laufende 35 Punkte' after 20
    assert ledger(db) == {"Loisl": 195, "Zenzi": 55, "Gust": 55, "Xaver": -305}
    assert sum(ledger(db).values()) == 0


def test_a_rufspiel_added_to_that_session_is_told_its_price_was_assumed(tmp_path):
    """sk32 F1: hand 4 added in SHN-SK under the header `shead export` writes: Zenzi's Sauspiel on the Eichel-Sau
    with Gust, 70 Augen, no Laufende: a plain win at the Rufspiel's price (rules.md G-12, G-14, G-15), each player
    +-the price.  The protocol never priced a Rufspiel, so the price is the assumed 2 (Zenzi, Gust +2; Loisl, Xaver
    -2; zero-sum): stored, and the ingest says the Rufspiel price was never seen in the protocol, with how to give
    the house's."""
    db = tmp_path / "b.duckdb"
    cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_29.11.26_01.txt", P2911), "--db", str(db))
    before = ledger(db)
    out = tmp_path / "e.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    head = out.read_text(encoding="utf-8").split("\n\n")[0]
    more = head + "\n\nhand 4  dealer Gust\ngame Zenzi sauspiel EA  partner Gust  laufende 0  pts 70  win\n"
    r = cli("ingest", write(tmp_path, "add4.shn", more), "--db", str(db))
    said = _warnings(r.output, "W-NSK-ASSUMED")
    assert said and "sauspiel" in said[0].lower() and " 2" in said[0] and "hand 4" in r.output, r.output
    after = ledger(db)
    assert {p: after[p] - before[p] for p in after} == {"Loisl": -2, "Zenzi": 2, "Gust": 2, "Xaver": -2}


def test_a_game_under_a_price_the_protocol_states_is_not_warned(tmp_path):
    """sk32 F1, the other side: a Ramsch added to the 29.11.26 session is priced by the protocol's own Ramsch (10),
    nothing assumed: no W-NSK-ASSUMED for it.  By hand (G-17): Zenzi loses the Ramsch, 10 to each other: Zenzi -30,
    the others +10."""
    db = tmp_path / "c.duckdb"
    cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_29.11.26_01.txt", P2911), "--db", str(db))
    out = tmp_path / "e.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    head = out.read_text(encoding="utf-8").split("\n\n")[0]
    more = head + "\n\nhand 4  dealer Gust\nramsch\nscore Loisl +10  Zenzi -30  Gust +10  Xaver +10\n"
    before = ledger(db)
    r = cli("ingest", write(tmp_path, "add4r.shn", more), "--db", str(db))
    assert "W-NSK-ASSUMED" not in r.output, r.output
    after = ledger(db)
    assert {p: after[p] - before[p] for p in after} == {"Loisl": 10, "Zenzi": -30, "Gust": 10, "Xaver": 10}


# 26.11.26, by hand (rules.md G): game 1, Zenzi's Rufspiel on the Gruen-Sau (Xaver holds it) won with 61, 5 each
# (G-12, G-15): Zenzi, Xaver +5, Loisl, Gust -5.  Game 2, Xaver's Eichel-Solo won schneider (24 to the opponents)
# with 3 Laufende, Kontra: (20 + 5 + 3 x 5) x 2 = 80 (G-13, G-14, G-18): Xaver +240, the others -80.  Game 3, a Ramsch
# Loisl loses with 60, Xaver a Jungfrau, the price doubled: 20 to each (G-17): Loisl -60, the others +20.  Game 4,
# all passed, the deal thrown in and dealt again (G-4): 0 for everyone, the table unchanged.  Game 5, Gust's Wenz
# lost schneider (90 to the opponents: Gust's side 30, G-12): 20 + 5 = 25 to each: Gust -75, the others +25.
# Game 6, Loisl's Rufspiel on the Schellen-Sau with Gust won (90), Kontra: 5 x 2 = 10: Loisl, Gust +10, Zenzi,
# Xaver -10.  Totals: Loisl -110, Zenzi -40, Gust -130, Xaver +280 (the log's last row; zero-sum).
TOTALS_2611 = {"Loisl": -110, "Zenzi": -40, "Gust": -130, "Xaver": 280}


def test_an_all_pass_game_is_read_as_a_thrown_in_deal_and_its_row_checks_the_next(tmp_path):
    """sk32 F3: game 4, 'Alle haben gepasst. Es wird neu gegeben.' and a row at Preis 0, was refused E-NSK-SYNTAX,
    the session left incomplete and game 5 'unchecked' (W-NSK-UNITS-UNCHECKED) though game 4's row is the table
    before it.  Now the deal thrown in is read (G-4: 0 for everyone), its row is the running table, nothing is
    refused and the session is complete at the log's own totals."""
    db = tmp_path / "d.duckdb"
    r = cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_26.11.26_01.txt", P2611), "--db", str(db))
    for code in ("E-NSK-SYNTAX", "W-NSK-UNITS-UNCHECKED", "W-NSK-INCOMPLETE", "E-NSK-TOTALS"):
        assert code not in r.output, r.output
    assert "0 rejected" in r.output, r.output
    assert ledger(db) == TOTALS_2611 and sum(TOTALS_2611.values()) == 0
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT bool_and(complete) FROM session_checks").fetchone()[0] is True
    sheet = json.loads(cli("sheet", "2026-11-26", "--json", "--db", str(db)).output)
    assert not sheet.get("refused"), sheet.get("refused")


def test_an_all_pass_game_whose_row_moves_is_refused(tmp_path):
    """sk32 F3, the other side: a thrown-in deal settles nothing (G-4), so a row after it that moves the table is
    refused, never stored, and the next game is checked against that row as against any refused game's."""
    bad = P2611.replace("    4        0         -145          -55          -65         +265        0\n",
                        "    4        0         -135          -55          -75         +265        0\n")
    db = tmp_path / "e.duckdb"
    r = cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_26.11.26_01.txt", bad), "--db", str(db), ok=False)
    assert "(hand 4)" in r.output and "1 rejected" in r.output, r.output


# 26.11.26 with a renege in game 5: Xaver plays S8 on Loisl's heart lead while holding H8 (G-9): game 5 refused.
P2611_RENEGE = P2611.replace("       Loisl spielt aus: HO HA HK H8\n", "       Loisl spielt aus: HO HA HK S8\n")


def test_an_export_and_restore_keeps_a_protocol_session_incomplete(tmp_path):
    """sk32 F2: `shead export --format shn` and an ingest of it into a new database lost the session's incomplete
    mark (a refused game of the protocol).  By hand (the games above, game 5 refused): stored Loisl -5 - 80 - 60 +
    10 = -135, Zenzi +5 - 80 + 20 - 10 = -65, Gust -5 - 80 + 20 + 10 = -55, Xaver +5 + 240 + 20 - 10 = +255
    (zero-sum); the log's table minus them is game 5's units, Loisl +25, Zenzi +25, Gust -75, Xaver +25.  After the
    restore: the same totals, the session still incomplete, its refused game named."""
    db = tmp_path / "f.duckdb"
    cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_26.11.26_01.txt", P2611_RENEGE), "--db", str(db),
        ok=False)
    stored = {"Loisl": -135, "Zenzi": -65, "Gust": -55, "Xaver": 255}
    assert ledger(db) == stored and sum(stored.values()) == 0
    out = tmp_path / "exp.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    db2 = tmp_path / "z.duckdb"
    cli("ingest", str(out), "--db", str(db2))
    assert ledger(db2) == stored
    for d in (db, db2):
        with duckdb.connect(str(d), read_only=True) as con:
            rows = con.execute("SELECT complete, refused, note, log_totals FROM session_checks").fetchall()
        assert len(rows) == 1 and rows[0][0] is False and rows[0][1] == 1, (d, rows)
        assert "5" in rows[0][2] and json.loads(rows[0][3]) == TOTALS_2611, rows
    text = cli("ledger", "--db", str(db2)).output
    assert "Incomplete sessions" in text, text


def test_replay_finds_a_hand_by_its_nights_date_as_sheet_does(tmp_path):
    """sk32 F6: `shead sheet 2026-11-05` found the night, `shead replay "2026-11-05#2"` did not.  Hand 2 by hand:
    Cy picks, Di partner, 50 points, a loss (rules.md B-27, B-33, doubled on the bump under wi5-called-ace):
    Cy -4, Di -2, Al, Bea, Ed +2 (zero-sum)."""
    db = tmp_path / "g.duckdb"
    night = ('%SHN 1.0\n[Event "Schafkopf Stammtisch Gasthaus Post"]\n[Date "2026.11.05"]\n'
             '[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
             "hand 1  dealer Ed\npick Bea  call AS  partner Cy  pts 70  win\n\n"
             "hand 2  dealer Al\npick Cy  call AH  partner Di  pts 50  lose\n")
    cli("ingest", write(tmp_path, "n.shn", night), "--db", str(db))
    for key in ("2026-11-05#2", "5.11.2026#2", "Nov 5, 2026#2"):
        r = cli("replay", key, "--db", str(db))
        assert "Gasthaus Post / 2026.11.05 — hand 2" in r.output, (key, r.output)
        assert "Al +2   Bea +2   Cy -4   Di -2   Ed +2" in r.output, r.output
    # a second night that day: the date names both, and the message says which to choose
    other = night.replace("Schafkopf Stammtisch Gasthaus Post", "Kegelclub")
    cli("ingest", write(tmp_path, "k.shn", other), "--db", str(db))
    r = cli("replay", "2026-11-05#2", "--db", str(db), ok=False)
    assert r.exit_code == 1 and "Kegelclub / 2026.11.05" in r.output and "Gasthaus Post / 2026.11.05" in r.output, \
        r.output


def _without_the_ramsch() -> str:
    """26.11.26 without its game 3 (the Ramsch): the games renumbered 1..5 and each later row less the Ramsch's
    units (Loisl -60, Zenzi, Gust, Xaver +20)."""
    blocks = P2611.split(" \nGeber: ")
    text = " \nGeber: ".join(blocks[:3] + blocks[4:])
    rows = {"    4        0         -145          -55          -65         +265        0\n":
            "    3        0          -85          -75          -85         +245        0\n",
            "    5       25         -120          -30         -140         +290        0\n":
            "    4       25          -60          -50         -160         +270        0\n",
            "    6       10         -110          -40         -130         +280        0\n":
            "    5       10          -50          -60         -150         +260        0\n"}
    for old, new in rows.items():
        assert old in text
        text = text.replace(old, new)
    return text


def test_an_all_pass_game_of_a_log_without_ramsch_is_stored_thrown_and_restored(tmp_path):
    """sk32 F3: a log that plays no Ramsch throws a deal in when all pass (rules.md G-4): read with ramsch=off, the
    deal is stored as SHN-SK's `thrown` hand at 0 for everyone, and an export and restore keep it.  By hand (the
    games above without the Ramsch): game 1 Zenzi, Xaver +5, Loisl, Gust -5; game 2 Xaver +240, the others -80;
    game 3 thrown in, 0; game 4 Gust -75, the others +25; game 5 Loisl, Gust +10, Zenzi, Xaver -10.  Totals: Loisl
    -50, Zenzi -60, Gust -150, Xaver +260 (the last row; zero-sum)."""
    totals = {"Loisl": -50, "Zenzi": -60, "Gust": -150, "Xaver": 260}
    assert sum(totals.values()) == 0
    db = tmp_path / "t.duckdb"
    r = cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_27.11.26_01.txt", _without_the_ramsch()),
            "--db", str(db))
    assert "5 stored" in r.output and "0 rejected" in r.output and "W-NSK-INCOMPLETE" not in r.output, r.output
    assert ledger(db) == totals
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT game_type, outcome FROM hands WHERE hand = 3").fetchall() == [("thrown", "misdeal")]
        assert con.execute("SELECT DISTINCT rules FROM hands").fetchone()[0].find("ramsch=off") >= 0
        assert con.execute("SELECT bool_and(complete) FROM session_checks").fetchone()[0] is True
    out = tmp_path / "exp.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    assert "\nthrown\n" in out.read_text(encoding="utf-8")
    db2 = tmp_path / "t2.duckdb"
    r = cli("ingest", str(out), "--db", str(db2))
    assert "5 stored" in r.output and "0 rejected" in r.output, r.output
    assert ledger(db2) == totals


def test_a_thrown_in_deal_is_read_alike_whole_and_in_batches(tmp_path):
    """sk32 F1, F3: a large protocol is read in batches (ingest.protocol_stream); its thrown-in deal, its warnings
    (W-NSK-ASSUMED, W-NSK-THROWN) and its games are what the whole file's reading gives, under either profile."""
    from ingest.netschafkopf import read_protocol  # noqa: PLC0415
    from ingest.protocol_stream import read_protocol_stream  # noqa: PLC0415
    from tests.test_protocol_stream import _key  # noqa: PLC0415

    for name, text in (("with_ramsch", P2611), ("without_ramsch", _without_the_ramsch())):
        path = tmp_path / f"{name}.txt"
        path.write_bytes(text.replace("\n", "\r\n").encode("latin-1"))
        whole = read_protocol(path.read_bytes(), str(path))
        codes = [d.code for d in whole.errors]
        assert "W-NSK-ASSUMED" in codes and ("W-NSK-THROWN" in codes) == (name == "with_ramsch"), codes
        for batch, block in ((1, 7), (2, 64)):
            assert _key(read_protocol_stream(path, str(path), batch=batch, block=block)) == _key(whole), name
