"""The same deal at several tables (issue 18): the deal's identity
(replay/deal_identity.py), its storage (migration 015, ``hand_deals``),
``shead compare`` and the Compare page.

The deal of tests/fixtures/compare/ (notation.md §13 hand 14's cards), by
position from the dealer's left:

    1  QS JD 9C 7S TH 8H        4  QD KD 7D AH 7C TS
    2  QC JC AD TD KC 9S        5  JS 9D TC KS 8S 9H   (the dealer)
    3  QH JH 8D AC 8C KH        blind AS 7H

played at three tables with other seat names (A: Al..Ed, dealer Ed; B:
Ann..Eve, dealer Bob; C: Fay..Joy, dealer Hal, its deal lines written in
another card order).  Card points A 11, 10 10, K 4, Q 3, J 2 (rules.md A-5).

Table A (positions Al Bea Cy Di Ed): Bea (2) picks, buries AS KC (11+4 = 15),
calls AH (Di, 4).  t1 9C TD 8C 7C TC = 20 Bea; t2 QC 8D KD 9D JD = 9 Bea;
t3 7H KH AH 9H 8H = 15 Di; t4 QD JS QS JC QH = 13 Al; t5 TH AD JH 7D KS = 27
Cy; t6 AC TS 8S 7S 9S = 21 Cy.  Picker side 20+9+15+15 = 59 in 3 tricks: a
plain loss (60 or less, B-27), doubled on the bump: 1 x 2 = 2 per defender,
picker 2 shares, partner 1: Al +2, Bea -4, Cy +2, Di -2, Ed +2.

Table B (positions Cat Dan Eve Ann Bob): Cat and Dan pass, Eve (3) picks,
buries AS 8C (11), calls AH (Ann, 4).  t1 Cat TH 9S 7H AH 9H = 21 Ann;
t2 Ann 7C TC 9C KC AC = 25 Eve; t3 Eve QH KD JS QS QC = 15 Dan; t4 Dan TD 8D 7D
9D JD = 12 Cat; t5 Cat 8H AD KH TS 8S = 25 Dan; t6 Dan JC JH QD KS 7S = 11 Ann.
Picker side 21+25+11+11 = 68 in 3 tricks: a plain win (61..90), 1 per
defender: Eve +2, Ann +1, Cat -1, Dan -1, Bob -1.

Table C (positions Ike Joy Fay Gus Hal): Joy (2) picks, buries KC 9S (4), goes
alone; Gus cracks (x2).  t1 Ike 9C TD 8C 7C TC = 20 Joy; t2 Joy QC 8D KD 9D JD
= 9 Joy; t3 Joy AS KH TS 8S 7S = 25 Joy; t4 Joy 7H JH AH 9H 8H = 13 Fay; t5 Fay
AC 7D KS TH JC = 27 Joy; t6 Joy AD QH QD JS QS = 22 Ike.  Joy 20+9+25+27+4 = 85
in 4 tricks: a plain win, 1 x 2 (crack) = 2 per defender, alone 4 shares:
Joy +8, Ike -2, Fay -2, Gus -2, Hal -2.
"""

from __future__ import annotations

import json
from hashlib import blake2b
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app
from ingest.compare import DealNotFound, compare_deal, comparison_rows, shared_deals
from ingest.validate import validate_file
from replay.deal_identity import canonical_deal, deal_id, deal_id_of_codes, deal_id_of_log, deal_id_of_masks, is_deal_id

FIX = Path(__file__).parent / "fixtures" / "compare"
TABLES = [FIX / "table_a.shn", FIX / "table_b.shn", FIX / "table_c.shn"]

P1 = "QS JD 9C 7S TH 8H".split()
P2 = "QC JC AD TD KC 9S".split()
P3 = "QH JH 8D AC 8C KH".split()
P4 = "QD KD 7D AH 7C TS".split()
P5 = "JS 9D TC KS 8S 9H".split()
BLIND = ["AS", "7H"]
# each position sorted by suit C S H D, then A 10 K Q J 9 8 7 (worked by hand)
CANON = ("shead-deal-1|9C QS 7S TH 8H JD/KC QC JC 9S AD TD/AC 8C KH QH JH 8D/7C TS AH KD QD 7D/TC KS JS 8S 9H 9D"
         "|AS 7H")
DEAL = "D" + blake2b(CANON.encode(), digest_size=8).hexdigest()


# --- the identity, a pure function ----------------------------------------------------------------------------

def test_canonical_text_sorts_each_position_and_the_blind():
    assert canonical_deal([["7D", "QC"], ["AS"]], ["TH"]) == "shead-deal-1|QC 7D/AS|TH"
    assert canonical_deal([P1, P2, P3, P4, P5], BLIND) == CANON
    assert deal_id([P1, P2, P3, P4, P5], BLIND) == DEAL


def test_same_deal_whatever_the_seat_names_and_card_order():
    seats = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    # dealer Bob: Cat is position 1 ... Bob position 5
    deal = {"Ann": P4, "Bob": P5, "Cat": P1[::-1], "Dan": P2, "Eve": P3}
    assert deal_id_of_log(deal, ["7H", "AS"], seats, "Bob") == DEAL


def test_rotation_counts_and_so_does_the_blind():
    rotated = deal_id([P5, P1, P2, P3, P4], BLIND)  # the same hands one seat further round
    assert rotated != DEAL
    swapped = deal_id([P1, P2, P3, P4, ["JS", "9D", "TC", "KS", "8S", "AS"]], ["9H", "7H"])
    assert swapped != DEAL
    assert deal_id([P1, P2, P3, P4], BLIND) != DEAL  # four positions are another deal


def test_not_a_full_deal_has_no_identity():
    seats = ["A", "B", "C", "D", "E"]
    full = dict(zip(seats, [P1, P2, P3, P4, P5]))
    assert deal_id_of_log(full, BLIND, seats, "E") == DEAL
    assert deal_id_of_log(full, BLIND, seats, None) is None  # no dealer: no positions
    assert deal_id_of_log({k: v for k, v in full.items() if k != "C"}, BLIND, seats, "E") is None
    assert deal_id_of_log({**full, "C": P3[:5] + [None]}, BLIND, seats, "E") is None  # a ?? card
    assert deal_id_of_log(full, ["AS", None], seats, "E") is None
    assert deal_id_of_log({**full, "C": P3[:5] + ["QS"]}, BLIND, seats, "E") is None  # QS twice


#: the store's card codes (ingest.store: suit * 8 + rank, 32 the unknown card, 33 6C, 34 6S)
CODE_NAMES = tuple(r + s for s in "CSHD" for r in "ATKQJ987") + (None, "6C", "6S")


def codes(cards):
    return [CODE_NAMES.index(c) for c in cards]


def test_the_identity_from_card_codes():
    # dealer Bob (seat 1): Cat (seat 2) is position 1; the lines as written: Ann Bob Cat Dan Eve
    lines = [P4, P5, P1[::-1], P2, P3]
    args = ([0, 1, 2, 3, 4], [6] * 5, codes(c for line in lines for c in line), codes(["7H", "AS"]), 5)
    assert deal_id_of_codes(*args, 1, CODE_NAMES) == DEAL
    # the lines written in another seat order: the same deal
    order = [3, 0, 4, 2, 1]
    assert deal_id_of_codes(order, [6] * 5, codes(c for k in order for c in lines[k]), args[3], 5, 1,
                            CODE_NAMES) == DEAL
    assert deal_id_of_codes(*args, None, CODE_NAMES) is None  # no dealer
    assert deal_id_of_codes([0, 1, 2, 3], [6] * 4, args[2][:24], args[3], 5, 1, CODE_NAMES) is None  # a seat unlined
    assert deal_id_of_codes(*args[:3], [32, 8], 5, 1, CODE_NAMES) is None  # a ?? in the blind
    assert deal_id_of_codes(args[0], args[1], args[2][:-1] + [11], *args[3:], 1, CODE_NAMES) is None  # QS twice


@settings(max_examples=200, deadline=None)
@given(seats=hs.integers(1, 6), data=hs.data())
def test_codes_and_names_give_the_same_identity(seats, data):
    deck = data.draw(hs.permutations(list(range(35))))
    sizes = [data.draw(hs.integers(0, 6)) for _ in range(seats)]
    blind = deck[sum(sizes):sum(sizes) + data.draw(hs.integers(0, 2))]
    if data.draw(hs.booleans()):  # a card dealt twice
        blind = blind + deck[:1]
    order = data.draw(hs.permutations(list(range(seats))))
    dealt = {}
    start = 0
    for s, k in zip(order, sizes):
        dealt[s] = deck[start:start + k]
        start += k
    dealer = data.draw(hs.none() | hs.integers(0, seats - 1))
    names = [f"S{k}" for k in range(seats)]
    by_name = {names[s]: [CODE_NAMES[c] for c in dealt[s]] for s in order}
    want = deal_id_of_log(by_name, [CODE_NAMES[c] for c in blind], names,
                          names[dealer] if dealer is not None else None)
    flat = [c for s in order for c in dealt[s]]
    assert deal_id_of_codes(order, sizes, flat, blind, seats, dealer, CODE_NAMES) == want
    # the cards as bytes (the store's rows) and the names as a list (another table than the last one read)
    assert deal_id_of_codes(order, sizes, bytes(flat), bytes(blind), seats, dealer, list(CODE_NAMES)) == want


#: an engine card index (replay.cards.Card: suit * 8 + rank, the sixes 32 and 33) by its spelling
ENGINE_INDEX = {name: i for i, name in enumerate(tuple(r + s for s in "CSHD" for r in "ATKQJ987") + ("6C", "6S"))}


def mask(cards):
    m = 0
    for c in cards:
        m |= 1 << ENGINE_INDEX[c]
    return m


def test_the_identity_from_the_engine_s_masks():
    """Issue 17: the store takes a replayed hand's deal id from the engine's card masks.  The same deal as
    above: seats Ann..Eve clockwise, dealer Bob (seat 1), so Cat (P1) is position 1 and Bob (P5) the last."""
    hands = [mask(P4), mask(P5), mask(P1), mask(P2), mask(P3)]
    assert deal_id_of_masks(hands, mask(["7H", "AS"]), 1) == DEAL
    assert deal_id_of_masks(hands, mask(BLIND), 0) != DEAL  # another dealer: the positions turn
    # no blind written: the text ends at the "|" (canonical_deal of an empty blind)
    bare = "D" + blake2b(CANON.rsplit("|", 1)[0].encode() + b"|", digest_size=8).hexdigest()
    assert deal_id_of_masks(hands, 0, 1) == bare == deal_id([P1, P2, P3, P4, P5], [])
    # the 34-card deck's sixes spell 6C and 6S, after the diamonds
    assert deal_id_of_masks([mask(["6C", "QC"]), mask(["7D", "6S"])], mask(["AS"]), 1) == \
        "D" + blake2b(b"shead-deal-1|QC 6C/7D 6S|AS", digest_size=8).hexdigest()


@settings(max_examples=200, deadline=None)
@given(seats=hs.integers(2, 7), data=hs.data())
def test_masks_and_codes_give_the_same_identity(seats, data):
    """Every full deal (each seat dealt, no card twice, every card known) has the same id from the engine's
    masks as from the store's codes (the sixes are engine indices 32, 33 and codes 33, 34)."""
    deck = data.draw(hs.permutations(list(range(34))))
    size = data.draw(hs.integers(1, 34 // seats))
    blind = deck[seats * size:seats * size + data.draw(hs.integers(0, min(2, 34 - seats * size)))]
    hands = [deck[s * size:(s + 1) * size] for s in range(seats)]
    dealer = data.draw(hs.integers(0, seats - 1))
    code = [i if i < 32 else i + 1 for i in range(34)]  # engine index -> store code
    order = data.draw(hs.permutations(list(range(seats))))  # the deal lines in any order
    flat = [code[c] for s in order for c in hands[s]]
    want = deal_id_of_codes(order, [size] * seats, flat, [code[c] for c in blind], seats, dealer, CODE_NAMES)
    masks = [sum(1 << c for c in h) for h in hands]
    assert want is not None and deal_id_of_masks(masks, sum(1 << c for c in blind), dealer) == want


def test_bad_cards_are_errors():
    with pytest.raises(ValueError, match="dealt twice"):
        canonical_deal([["QC"], ["QC"]])
    with pytest.raises(ValueError, match="position 2.*'XX'"):
        canonical_deal([["QC"], ["XX"]])
    with pytest.raises(ValueError):
        canonical_deal([])
    assert is_deal_id(DEAL) and not is_deal_id("42") and not is_deal_id(DEAL[:-1])


# --- stored at ingest, compared ----------------------------------------------------------------------------------

@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "compare.duckdb"
    with st.Store(path) as store:
        for f in TABLES:
            rep = store.ingest_file(validate_file(f))
            assert rep.stored == 1 and not rep.rejected
    return path


def test_three_tables_one_deal(db):
    with st.reading(db) as con:
        assert con.execute("SELECT hand_id, deal_id FROM hand_deals ORDER BY hand_id").fetchall() == \
            [(1, DEAL), (2, DEAL), (3, DEAL)]
        assert shared_deals(con) == [{"deal_id": DEAL, "tables": 3, "sessions": 3, "first_date": "2026-03-02",
                                      "last_date": "2026-03-02", "first_hand": 1}]
        by_deal = compare_deal(con, DEAL)
        by_hand = compare_deal(con, "duplicate/table-b#1")
    assert by_hand == by_deal
    assert by_deal.hands == [P1, P2, P3, P4, P5] and by_deal.blind == BLIND
    a, b, c = by_deal.tables
    assert [t.table for t in (a, b, c)] == ["A", "B", "C"]
    # picks: position 2 at A (1 pass), position 3 at B (2 passes), position 2 at C
    assert (a.picker_position, a.passes, b.picker_position, b.passes, c.picker_position, c.passes) == \
        (2, 1, 3, 2, 2, 1)
    assert (a.bury, b.bury, c.bury) == (["AS", "KC"], ["AS", "8C"], ["KC", "9S"])
    assert (a.call, b.call, c.call) == ("AH", "AH", "alone")
    assert (a.partner_position, b.partner_position, c.partner_position) == (4, 4, None)
    assert (a.marks, a.multiplier, c.marks, c.multiplier) == (0, 1, 1, 2)
    assert (a.picker_points, b.picker_points, c.picker_points) == (59, 68, 85)
    assert (a.picker_tricks, b.picker_tricks, c.picker_tricks) == (3, 3, 4)
    assert (a.outcome, b.outcome, c.outcome) == ("lose", "win", "win")
    assert [(p.seat, p.units) for p in a.positions] == [("Al", 2), ("Bea", -4), ("Cy", 2), ("Di", -2), ("Ed", 2)]
    assert [(p.seat, p.units) for p in b.positions] == [("Cat", -1), ("Dan", -1), ("Eve", 2), ("Ann", 1), ("Bob", -1)]
    assert [(p.seat, p.units) for p in c.positions] == [("Ike", -2), ("Joy", 8), ("Fay", -2), ("Gus", -2), ("Hal", -2)]
    for t in (a, b, c):
        assert sum(p.units for p in t.positions) == 0  # zero-sum at every table
    assert [p.role for p in c.positions] == ["defender", "picker alone", "defender", "defender", "defender"]
    rows = dict(comparison_rows(by_deal))
    assert rows["picker (position)"] == ["2 (Bea)", "3 (Eve)", "2 (Joy)"]
    assert rows["picker side card points"] == ["59", "68", "85"]


def test_voided_table_leaves_the_comparison_and_nothing_else_changes(db):
    with st.Store(db) as store:
        store.void(2, "table B misread")
    with st.reading(db) as con:
        cmp = compare_deal(con, DEAL)
        assert [t.hand_id for t in cmp.tables] == [1, 3]
        assert con.execute("SELECT count(*) FROM hand_deals").fetchone()[0] == 2
        with pytest.raises(DealNotFound, match="no stored deal or hand"):
            compare_deal(con, "duplicate/table-b#1")


def test_migration_015_backfills_a_database_stored_before_it(db):
    import duckdb

    con = duckdb.connect(str(db))
    con.execute("DROP TABLE hand_deals")
    con.execute("DELETE FROM schema_migrations WHERE version = 15")
    con.close()
    with st.Store(db) as store:
        store.open()
    with st.reading(db) as con:
        assert con.execute("SELECT hand_id, deal_id FROM hand_deals ORDER BY hand_id").fetchall() == \
            [(1, DEAL), (2, DEAL), (3, DEAL)]


def test_a_score_sheet_hand_is_not_a_deal(tmp_path):
    text = (TABLES[0].read_text().split("hand 1")[0]
            + "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 59  lose\n")
    f = tmp_path / "sheet.shn"
    f.write_text(text)
    db = tmp_path / "s.duckdb"
    with st.Store(db) as store:
        assert store.ingest_file(validate_file(f)).stored == 1
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hand_deals").fetchone()[0] == 0
        with pytest.raises(DealNotFound, match="not a full deal"):
            compare_deal(con, "1")


# --- the command line ----------------------------------------------------------------------------------------------

def test_cli_compare(db):
    r = CliRunner().invoke(app, ["compare", "3", "--db", str(db), "--json"])
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["deal_id"] == DEAL
    assert [[p["units"] for p in t["positions"]] for t in doc["tables"]] == \
        [[2, -4, 2, -2, 2], [-1, -1, 2, 1, -1], [-2, 8, -2, -2, -2]]
    r = CliRunner().invoke(app, ["compare", DEAL, "--db", str(db)])
    assert r.exit_code == 0 and "Joy picker alone" in r.stdout and "AS 8C" in r.stdout
    r = CliRunner().invoke(app, ["compare", "--db", str(db)])
    assert r.exit_code == 0 and r.stdout.startswith(f"{DEAL}  3 tables")
    r = CliRunner().invoke(app, ["compare", "D0000000000000000", "--db", str(db)])
    assert r.exit_code == 1 and "no stored hand was dealt 'D0000000000000000'" in r.stderr
    r = CliRunner().invoke(app, ["compare", "99", "--db", str(db)])
    assert r.exit_code == 1 and "no stored deal or hand '99'" in r.stderr


# --- the page ------------------------------------------------------------------------------------------------------

def test_compare_page(db, tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "compare.py"),
                           default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="shead.compare.deal").value == DEAL
    side = at.dataframe[1].value
    assert list(side.columns) == ["", "A (#1)", "B (#2)", "C (#3)"]
    cells = {r[0]: tuple(r[1:]) for r in side.itertuples(index=False)}  # a pandas frame
    assert cells["picker side card points"] == ("59", "68", "85")
    assert cells["outcome"] == ("lose", "win", "win")
    # an empty store shows what to do next
    empty = tmp_path / "empty.duckdb"
    st.Store(empty).open()
    monkeypatch.setenv("SHEAD_DB", str(empty))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "compare.py"),
                           default_timeout=60)
    at.run()
    assert not at.exception
    assert "No deal was played at two or more tables yet" in at.info[0].value


def test_cli_compare_pages_the_tables_of_a_deal(db, tmp_path):
    """``shead compare DEAL`` shows 12 tables at a time, as the Compare page
    (``--limit``, ``--offset``, ``--all``), the title says which of how
    many, and standard error how to see the next ones."""
    runner = CliRunner()
    r = runner.invoke(app, ["compare", DEAL, "--db", str(db), "--limit", "2"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith(f"deal {DEAL}: tables 1–2 of 3; blind AS 7H\n")
    assert "Bea picker -4" in r.stdout and "Eve picker +2" in r.stdout and "Joy" not in r.stdout  # A and B only
    assert r.stderr == (f"tables 1–2 of 3 shown, in the order they were stored; the next: shead compare {DEAL} "
                        "--offset 2 --limit 2; every table: --all\n")
    r = runner.invoke(app, ["compare", DEAL, "--db", str(db), "--limit", "2", "--offset", "2"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith(f"deal {DEAL}: table 3 of 3; blind AS 7H\n") and "Joy picker alone +8" in r.stdout
    assert "Bea" not in r.stdout
    assert r.stderr == "table 3 of 3 shown, in the order they were stored; every table: --all\n"
    r = runner.invoke(app, ["compare", "duplicate/table-a#1", "--db", str(db), "--json", "--offset", "1",
                            "--limit", "1"])
    doc = json.loads(r.stdout)
    assert (doc["total"], doc["offset"], [t["hand_id"] for t in doc["tables"]]) == (3, 1, [2])
    assert [p["units"] for p in doc["tables"][0]["positions"]] == [-1, -1, 2, 1, -1]  # table B, by hand above
    r = runner.invoke(app, ["compare", DEAL, "--db", str(db), "--offset", "3"])
    assert r.exit_code == 1
    assert r.stderr == f"error: --offset 3: deal {DEAL} was dealt at 3 table(s) (--offset 0 to 2)\n"
    assert runner.invoke(app, ["compare", "--db", str(db), "--limit", "2"]).exit_code == 2  # the list: no pages
    assert runner.invoke(app, ["compare", DEAL, "--db", str(db), "--all", "--limit", "2"]).exit_code == 2
    # thirteen tables: the default page is the first 12 (hand ids 1..12), --all all 13
    with st.Store(db) as store:
        for k in range(10):
            text = TABLES[0].read_text().replace("duplicate/table-a", f"duplicate/extra-{k}")
            assert store.ingest_file(validate_file(_written(tmp_path / f"x{k}.shn", text))).stored == 1
    doc = json.loads(runner.invoke(app, ["compare", DEAL, "--db", str(db), "--json"]).stdout)
    assert (doc["total"], doc["offset"], [t["hand_id"] for t in doc["tables"]]) == (13, 0, list(range(1, 13)))
    r = runner.invoke(app, ["compare", DEAL, "--db", str(db)])
    assert r.stdout.startswith(f"deal {DEAL}: tables 1–12 of 13; blind AS 7H\n")
    assert f"the next: shead compare {DEAL} --offset 12; every table: --all" in r.stderr
    doc = json.loads(runner.invoke(app, ["compare", DEAL, "--db", str(db), "--json", "--all"]).stdout)
    assert (doc["total"], len(doc["tables"]), doc["tables"][-1]["hand_id"]) == (13, 13, 13)
    r = runner.invoke(app, ["compare", DEAL, "--db", str(db), "--all"])
    assert r.stdout.startswith(f"deal {DEAL}: 13 table(s); blind AS 7H\n") and r.stderr == ""


def test_cli_compare_fits_the_terminal_width(db):
    """At 80 columns the three tables stack in three blocks, each repeating
    the row labels, no line wider than the terminal and no cell cut short
    (table C's Joy alone +8, by hand in the module docstring); at 250
    columns they sit side by side in one block."""
    from rich.cells import cell_len

    runner = CliRunner()
    r = runner.invoke(app, ["compare", DEAL, "--db", str(db)], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == f"deal {DEAL}: 3 table(s); blind AS 7H"
    assert max(cell_len(ln) for ln in lines) <= 80
    table_rows = [ln for ln in lines if "│ table " in ln]
    assert len(table_rows) == 3  # one block a table
    assert ["A · duplicate/table-a#1" in table_rows[0], "B · duplicate/table-b#1" in table_rows[1],
            "C · duplicate/table-c#1" in table_rows[2]] == [True, True, True]
    for whole in ("Bea picker -4", "Eve picker +2", "Joy picker alone +8", "1 (×2)"):
        assert whole in r.stdout
    r = runner.invoke(app, ["compare", DEAL, "--db", str(db)], env={"COLUMNS": "250"})
    table_rows = [ln for ln in r.stdout.splitlines() if "│ table " in ln]
    assert len(table_rows) == 1 and all(f"{t} · duplicate/table-{t.lower()}#1" in table_rows[0] for t in "ABC")


def _written(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path
