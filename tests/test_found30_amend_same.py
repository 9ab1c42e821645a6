"""verify30 F4 (fixl30, session 30): ``shead ingest --amend`` with nothing changed makes no revision when the texts
differ only in layout the notation gives no meaning to (docs/notation.md: a deal, blind or bury line names a set of
cards; a score line a mapping seat -> units; a pot left out is derived, rules.md D-19), and still makes one (or
refuses) when a fact changes: a trick's cards are in play order (rules.md B-5.., the first card leads), a pot written
over a different balance, a card moved to another hand, a unit changed.

Units worked by hand (wi5-called-ace, rules.md B-33, DOB B-32):
* NIGHT hand 1: Bob picks, calls AH, Emil (holding AH) partners, 77 points in 4 tricks: a plain win:
  Bob +2, Emil +1, Ann/Carl/Dora -1 (sum 0).
* POT (wi5-called-ace; pot=on): hand 1 writes pot 6 and is voided; hand 2 (the first in force) opens with the
  6 that hand kept (break29 F2), Carl's leaster: each player puts 1 in (pot +5), Carl takes 1 from each (D-19).
"""

from __future__ import annotations

from ingest.store import reading
from tests.cli_helpers import cli, write
from tests.cli_helpers import ingest_json as _ingest

NIGHT = """%SHN 1.0
[Event "Birch Hall Sheepshead"]
[Date "2026.10.08"]
[Seats "Ann=Ann Reuter; Bob=Bob Kolb; Carl=Carl Weiss; Dora=Dora Fink; Emil=Emil Zahn"]
[Rules "wi5-called-ace"]

hand 1  dealer Emil
deal Ann  QC JS AD 9C 8S 7H
deal Bob  QS JH TD AC KS 8H
deal Carl QH JD KD TC 9S KH
deal Dora QD 9D 8D KC AS 9H
deal Emil JC 7D 7C TS AH TH
blind 8C 7S
pick Bob
bury KS 7S
call AH
t1 Ann:  9C AC TC KC 7C
t2 Bob:  8H KH 9H AH 7H
t3 Emil: TS 8S 8C 9S AS
t4 Dora: 8D 7D AD QS QH
t5 Bob:  TD JD 9D JC JS
t6 Emil: TH QC JH KD QD
partner Emil  pts 77  tricks 4  win
score Ann -1 Bob +2 Carl -1 Dora -1 Emil +1
"""
SESSION = "Birch Hall Sheepshead / 2026.10.08"


def _revisions(db, session=SESSION) -> dict[int, int]:
    with reading(db) as con:
        rows = con.execute("SELECT h.hand, coalesce(max(r.revision), 1) FROM hands h LEFT JOIN hand_revisions r "
                           "USING (hand_id) WHERE h.session = ? GROUP BY h.hand ORDER BY h.hand",
                           [session]).fetchall()
    return dict(rows)


def _units(db, hand: int) -> dict[str, int]:
    with reading(db) as con:
        rows = con.execute("SELECT u.player, u.units FROM hand_units u JOIN hands h USING (hand_id) "
                           "WHERE h.hand = ? AND u.player IS NOT NULL", [hand]).fetchall()
    return {p.split()[0]: u for p, u in rows}


def _amend(tmp_path, db, text: str):
    return cli("ingest", "--db", str(db), "--amend", write(tmp_path, "a.shn", text), "--reason", "again", ok=False)


def _stored(tmp_path):
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    assert _revisions(db) == {1: 1}
    return db


def test_deal_blind_bury_cards_in_another_order_are_unchanged(tmp_path):
    """Ann's deal written backwards, the blind and the bury swapped round: the same cards in each (sets): no
    revision, the units as stored (Bob +2, Emil +1, the rest -1)."""
    db = _stored(tmp_path)
    text = (NIGHT.replace("deal Ann  QC JS AD 9C 8S 7H", "deal Ann  7H 8S 9C AD JS QC")
            .replace("blind 8C 7S", "blind 7S 8C").replace("bury KS 7S", "bury 7S KS"))
    r = _amend(tmp_path, db, text)
    assert "already this text, unchanged" in r.output, r.output
    assert _revisions(db) == {1: 1}
    assert _units(db, 1) == {"Ann": -1, "Bob": 2, "Carl": -1, "Dora": -1, "Emil": 1}


def test_score_entries_in_another_order_are_unchanged(tmp_path):
    """The score line as a mapping: Emil first, Ann last, the same units: no revision."""
    db = _stored(tmp_path)
    r = _amend(tmp_path, db, NIGHT.replace("score Ann -1 Bob +2 Carl -1 Dora -1 Emil +1",
                                           "score Emil +1 Dora -1 Carl -1 Bob +2 Ann -1"))
    assert "already this text, unchanged" in r.output, r.output
    assert _revisions(db) == {1: 1}


def test_a_card_moved_or_a_trick_reordered_is_not_unchanged(tmp_path):
    """The other way: a trick's cards are its play order (t1 with Bob's AC and Carl's TC swapped: Bob holds no TC,
    refused), and a deal with a card exchanged between Ann and Bob is another deal: neither is "unchanged", and
    the stored hand keeps revision 1 with its units."""
    db = _stored(tmp_path)
    r = _amend(tmp_path, db, NIGHT.replace("t1 Ann:  9C AC TC KC 7C", "t1 Ann:  9C TC AC KC 7C"))
    assert "unchanged" not in r.output, r.output
    r = _amend(tmp_path, db, NIGHT.replace("deal Ann  QC JS AD 9C 8S 7H", "deal Ann  QC JS AD 9C 8S 8H")
               .replace("deal Bob  QS JH TD AC KS 8H", "deal Bob  QS JH TD AC KS 7H"))
    assert "unchanged" not in r.output, r.output
    assert _revisions(db) == {1: 1}
    assert _units(db, 1) == {"Ann": -1, "Bob": 2, "Carl": -1, "Dora": -1, "Emil": 1}


POT = """%SHN 1.0
[Event "Pine Lake Pot Club"]
[Date "2026.11.26"]
[Seats "Ann=Ann Reuter; Bob=Bob Kolb; Carl=Carl Weiss; Dora=Dora Fink; Emil=Emil Zahn"]
[Rules "wi5-called-ace; pot=on"]

hand 1  dealer Ann
pot 6
pick Ann  call AC  partner Bob  pts 70  win

hand 2  dealer Bob
leaster Carl  pts 15

hand 3  dealer Carl
pick Dora  call AH  partner Emil  pts 40  lose
"""
POT_SESSION = "Pine Lake Pot Club / 2026.11.26"


def _pot_night(tmp_path):
    db = tmp_path / "p.duckdb"
    cli("ingest", write(tmp_path, "potb.shn", POT), "--db", str(db))
    cli("void", f"{POT_SESSION}#1", "--reason", "misrecorded", "--db", str(db))
    return db


def test_the_export_writing_the_derived_pot_is_unchanged(tmp_path):
    """Hand 1 voided; the export writes 'leaster Carl  pot 6  pts 15' on hand 2 where the stored text wrote no pot
    (6 is the balance derived for it: hand 1's pot 6 kept). Amended as exported: hands 2 and 3 unchanged."""
    db = _pot_night(tmp_path)
    out = tmp_path / "exp.shn"
    cli("export", "--db", str(db), "--format", "shn", "--out", str(out))
    assert "leaster Carl  pot 6  pts 15" in out.read_text(encoding="utf-8")
    before = _revisions(db, POT_SESSION)
    r = cli("ingest", "--db", str(db), "--amend", str(out), "--reason", "nothing")
    assert r.output.count("already this text, unchanged") == 2, r.output
    assert _revisions(db, POT_SESSION) == before


def test_a_pot_written_over_another_balance_is_a_revision(tmp_path):
    """The other way: hand 2 written 'pot 9' (not the 6 derived): the night's opening balance changed, a
    revision (fixc30 F2), the 9 the balance it opens with."""
    db = _pot_night(tmp_path)
    out = tmp_path / "exp.shn"
    cli("export", "--db", str(db), "--format", "shn", "--out", str(out))
    out.write_text(out.read_text(encoding="utf-8").replace("pot 6  pts 15", "pot 9  pts 15"), encoding="utf-8")
    r = cli("ingest", "--db", str(db), "--amend", str(out), "--reason", "pot was 9")
    assert r.output.count("revision 2 in force") == 1, r.output
    assert "pot 9" in r.output or _revisions(db, POT_SESSION)[2] == 2


def test_a_plain_copy_with_cards_or_score_reordered_is_a_duplicate(tmp_path):
    """The same equivalence when the night is sent again without --amend (it was E-HAND-CONFLICT 'it differs in
    deal 1', while --amend said unchanged): a duplicate, nothing stored, the units as they were; a deal with a
    card exchanged is still E-HAND-CONFLICT."""
    db = _stored(tmp_path)
    text = (NIGHT.replace("deal Ann  QC JS AD 9C 8S 7H", "deal Ann  7H 8S 9C AD JS QC")
            .replace("score Ann -1 Bob +2 Carl -1 Dora -1 Emil +1", "score Emil +1 Dora -1 Carl -1 Bob +2 Ann -1"))
    rep = _ingest(write(tmp_path, "again.shn", text), db)
    assert (rep["ingested"], rep["rejected"]) == (0, []), rep
    assert _revisions(db) == {1: 1}
    assert _units(db, 1) == {"Ann": -1, "Bob": 2, "Carl": -1, "Dora": -1, "Emil": 1}
    moved = (NIGHT.replace("deal Ann  QC JS AD 9C 8S 7H", "deal Ann  QC JS AD 9C 8S 8H")
             .replace("deal Bob  QS JH TD AC KS 8H", "deal Bob  QS JH TD AC KS 7H"))
    rep = _ingest(write(tmp_path, "moved.shn", moved), db)
    assert [e["code"] for e in rep["rejected"]] == ["E-HAND-CONFLICT"]
