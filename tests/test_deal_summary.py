"""The fair-deal tests from per-session counts (``session_deals``, migration
022, issue 17): a hand-worked case of three deals counted by hand, the
summary's verdicts against today's path (every deal read into Python,
``deal_tests(load_deals(...))``) for the whole database, every group and
every session, the table kept in step on ingest, void and rederive, and the
migration's backfill of a database from before it."""

from __future__ import annotations

import json
import math
from pathlib import Path

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from typer.testing import CliRunner

from ingest import deal_summary as ds
from ingest import store as st
from ingest.cli import app
from ingest.fair_deals import DealRecord, deal_tests, hypergeom_pmf, load_deals, deal_tests_from_counts
from ingest.generate import generate_session_text
from ingest.validate import validate_text
from tests.test_summary import demo_db  # noqa: F401

NAMES = [r + s for s in "CSHD" for r in "ATKQJ987"]  # the store's numbering: suit * 8 + rank


def cards(text: str) -> list[int]:
    return [NAMES.index(c) for c in text.split()]


def mask(text: str) -> int:
    return sum(1 << c for c in cards(text))


def test_a_hand_of_six_counted_by_its_weights_worked_by_hand():
    # QC QS JD AD TD 7H: trumps QC QS JD AD TD (5), queens QC QS (2), jacks JD (1): 5 + 8 * 2 + 64 * 1
    w = sum(bytes(cards("QC QS JD AD TD 7H")).translate(ds._HAND_WEIGHT))
    assert w == 85 and (w & 7, (w >> 3) & 7, (w >> 6) & 7) == (5, 2, 1)
    # the blind AC QD: trumps 1 (QD), queens 1, jacks 0, aces 1 (AC): 1 + (1 << 4) + (1 << 12)
    assert sum(ds._WEIGHT[c] for c in cards("AC QD")) == 1 + 16 + 4096


@settings(max_examples=200, deadline=None)
@given(hs.lists(hs.integers(0, 33), min_size=6, max_size=6, unique=True))
def test_a_hand_of_six_weights_count_as_its_mask(line):
    # the batch path's sum of byte weights gives the SQL's bit counts of the hand's mask
    w = sum(bytes(line).translate(ds._HAND_WEIGHT))
    m = sum(1 << c for c in line)
    assert (w & 7, (w >> 3) & 7, (w >> 6) & 7) == tuple((m & k).bit_count() for k in (ds.TRUMPS, ds.QUEENS, ds.JACKS))


# --------------------------------------------------------------------------
# three deals counted by hand
#
# Trumps (rules.md A-2): every queen and jack and every diamond, 14 cards.
# Seats A B C D E (chairs 0-4); position 1 is the seat left of the dealer.
#
# Deal 1 (session s1, group G1), dealer E, lines in chair order, picker B (chair 1):
#   A: QC JC QS JS QH JH  trumps 6, queens 3, jacks 3     position 1
#   B: AD TD KD QD JD 9D  trumps 6, queens 1, jacks 1     position 2
#   C: 8D 7D AC TC KC 9C  trumps 2, queens 0, jacks 0     position 3
#   D: 8C 7C AS TS KS 9S  trumps 0                        position 4
#   E: 8S 7S AH TH KH 9H  trumps 0                        position 5 (the dealer)
#   blind 8H 7H: trumps 0, queens 0, jacks 0, aces 0
# Deal 2 (session s2, group G2), dealer A, lines written C D E A B, nobody picked (a leaster):
#   A: 8H JC QS JS QH JH  trumps 5, queens 2, jacks 3     position 5 (the dealer)
#   B: AD TD KD QD JD 9D  trumps 6, queens 1, jacks 1     position 1
#   C: 8D 7D 7H TC KC 9C  trumps 2                        position 2
#   D: 8C 7C AS TS KS 9S  trumps 0                        position 3
#   E: 8S 7S AH TH KH 9H  trumps 0                        position 4
#   blind QC AC: trumps 1, queens 1, jacks 0, aces 1
# Deal 3 (session s1, group G1): deal 1 with E dealt only five cards (no 9H): a full deal stored, but
#   not five hands of six, so no test counts it.
#
# Over every group, per position, the trumps (k: hands):
#   position 1: deal 1 A 6, deal 2 B 6  -> {6: 2}
#   position 2: B 6, C 2                -> {6: 1, 2: 1}
#   position 3: C 2, D 0                -> {2: 1, 0: 1}
#   position 4: D 0, E 0                -> {0: 2}
#   position 5: E 0, A 5                -> {0: 1, 5: 1}
# queens: position 1 {3: 1, 1: 1}, position 5 {0: 1, 2: 1}; jacks: position 1 {3: 1, 1: 1}
# blind: trumps {0: 1, 1: 1}, queens {0: 1, 1: 1}, jacks {0: 2}, aces {0: 1, 1: 1}; picker {chair 1: 1}
# full deals: 3 (group G1: 2, group G2: 1).

SEATS = json.dumps({s: s for s in "ABCDE"})
HANDS = {"A": "QC JC QS JS QH JH", "B": "AD TD KD QD JD 9D", "C": "8D 7D AC TC KC 9C",
         "D": "8C 7C AS TS KS 9S", "E": "8S 7S AH TH KH 9H"}
HANDS2 = {**HANDS, "A": "8H JC QS JS QH JH", "C": "8D 7D 7H TC KC 9C"}


def _lines(hands: dict[str, str], order: str) -> tuple[list[int], list[int], list[int]]:
    seats, sizes, deal = [], [], []
    for s in order:
        seats.append("ABCDE".index(s))
        sizes.append(len(hands[s].split()))
        deal += cards(hands[s])
    return seats, sizes, deal


@pytest.fixture
def three() -> duckdb.DuckDBPyConnection:
    """The three deals above in the tables the summary reads (their columns only)."""
    con = duckdb.connect()
    con.execute('CREATE TABLE hands (hand_id INTEGER, session_id INTEGER, session VARCHAR, "group" VARCHAR, '
                "players VARCHAR, dealer VARCHAR, picker VARCHAR)")
    con.execute("CREATE TABLE hand_deals (hand_id INTEGER, deal_id VARCHAR)")
    con.execute("CREATE TABLE card_log (hand_id INTEGER, deal_seats UTINYINT[], deal_sizes UTINYINT[], "
                "deal UTINYINT[], blind UTINYINT[])")
    con.execute(open(Path(__file__).resolve().parents[1] / "ingest" / "migrations" / "022_session_deals.sql",
                     encoding="utf-8").read())  # the table
    short = {**HANDS, "E": "8S 7S AH TH KH"}
    for hid, sid, sess, grp, dealer, picker, hands, order, blind in (
            (1, 1, "s1", "G1", "E", "B", HANDS, "ABCDE", "8H 7H"),
            (2, 2, "s2", "G2", "A", None, HANDS2, "CDEAB", "QC AC"),
            (3, 1, "s1", "G1", "E", "B", short, "ABCDE", "8H 7H 9H")):
        con.execute("INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?)", [hid, sid, sess, grp, SEATS, dealer, picker])
        con.execute("INSERT INTO hand_deals VALUES (?, ?)", [hid, f"D{hid}"])
        con.execute("INSERT INTO card_log VALUES (?, ?, ?, ?, ?)", [hid, *_lines(hands, order), cards(blind)])
    ds.rebuild(con)
    return con


def test_three_deals_counted_by_hand(three):
    c = ds.load_counts(three)
    assert [c[("trumps", p)] for p in range(1, 6)] == [{6: 2}, {6: 1, 2: 1}, {2: 1, 0: 1}, {0: 2}, {0: 1, 5: 1}]
    assert c[("queens", 1)] == {3: 1, 1: 1} and c[("queens", 5)] == {0: 1, 2: 1}
    assert c[("jacks", 1)] == {3: 1, 1: 1}
    assert (c[("trumps", 0)], c[("queens", 0)], c[("jacks", 0)], c[("aces", 0)]) \
        == ({0: 1, 1: 1}, {0: 1, 1: 1}, {0: 2}, {0: 1, 1: 1})
    assert c[("picker", 0)] == {1: 1} and c[("full", 0)] == {0: 3}
    g2 = ds.load_counts(three, group="G2")
    assert g2[("trumps", 5)] == {5: 1} and ("picker", 0) not in g2 and g2[("full", 0)] == {0: 1}
    assert ds.load_counts(three, session="s1")[("trumps", 1)] == {6: 1}  # deal 3 is not counted
    assert ds.load_counts(three, group="nobody") == {}


def test_three_deals_tests_from_the_counts(three):
    results = {r.name: r for r in deal_tests_from_counts(ds.load_counts(three))}
    t = results["trumps in position 1's hand (the dealer's left)"]
    assert t.deals == 2 and t.raw_observed == [0, 0, 0, 0, 0, 0, 2]
    # expected: 2 · C(14, k) · C(18, 6 − k) / C(32, 6); k = 6: 2 · 3003 / 906192
    assert t.raw_expected[6] == pytest.approx(2 * 3003 / 906192)
    assert math.comb(32, 6) == 906192 and t.raw_expected == pytest.approx(
        [2 * math.comb(14, k) * math.comb(18, 6 - k) / 906192 for k in range(7)])
    assert t.p_value is None and t.verdict == "too few deals"  # 2 deals: one pooled cell
    assert results["picker's seat"].raw_observed == [0, 1, 0, 0, 0] and results["picker's seat"].deals == 1
    assert results["aces in the blind"].raw_observed == [1, 1, 0]
    # the same numbers as today's path over the two five-handed deals built by hand
    recs = [DealRecord(tuple(mask(HANDS[s]) for s in "ABCDE"), mask("8H 7H"), 1),
            DealRecord(tuple(mask(HANDS2[s]) for s in "BCDEA"), mask("QC AC"), None)]
    assert [r.as_json() for r in deal_tests(recs)] == [r.as_json() for r in results.values()]
    assert [r.as_json() for r in deal_tests(load_deals(three))] == [r.as_json() for r in results.values()]
    assert hypergeom_pmf(1, 32, 4, 2) * 2 == pytest.approx(results["aces in the blind"].raw_expected[1])


def test_no_five_handed_deal_raises(three):
    with pytest.raises(ValueError, match="no five-handed full deal"):
        deal_tests_from_counts(ds.load_counts(three, group="nobody"))
    with pytest.raises(ValueError, match="no five-handed full deal"):
        deal_tests_from_counts({("full", 0): {0: 1}})


# --------------------------------------------------------------------------
# the summary against today's path, over stores


def _same(con, **filters) -> int:
    """Every statistic of today's path and of the summary, compared; the deals tested."""
    try:
        want = [r.as_json() for r in deal_tests(load_deals(con, **filters))]
    except ValueError:
        with pytest.raises(ValueError):
            deal_tests_from_counts(ds.load_counts(con, **filters))
        return 0
    got = [r.as_json() for r in deal_tests_from_counts(ds.load_counts(con, **filters))]
    assert got == want, filters
    return want[0]["deals"]


def _every_filter(con) -> None:
    assert ds.recompute(con) == sorted(con.execute(f"SELECT * FROM {ds.TABLE}").fetchall(), key=ds._key)
    assert _same(con) > 0
    for (g,) in con.execute('SELECT DISTINCT "group" FROM hands WHERE "group" IS NOT NULL').fetchall():
        _same(con, group=g)
    for (s,) in con.execute("SELECT DISTINCT session FROM hands").fetchall():
        _same(con, session=s)
    full = con.execute("SELECT count(*) FROM hand_deals JOIN card_log USING (hand_id)").fetchone()[0]
    assert ds.load_counts(con)[("full", 0)] == {0: full}


@pytest.fixture(scope="module")
def gen(tmp_path_factory) -> Path:
    """Three generated sessions in two groups (five-handed), one three-handed session (full deals, not tested)."""
    path = tmp_path_factory.mktemp("dealsum") / "gen.duckdb"
    with st.Store(path) as s:
        for seed, n, grp, sess, rules in ((1, 400, "Tuesday", "t/1", "wi5-called-ace"),
                                          (2, 300, "Tuesday", "t/2", "wi5-called-ace"),
                                          (3, 250, "Friday", "f/1", "wi5-called-ace"),
                                          (4, 60, "Friday", "f/3", "wi3")):
            r = s.ingest_file(validate_text(generate_session_text(seed, n, rules, event=grp, session=sess),
                                            f"{sess.replace('/', '_')}.shn"))
            assert r.stored == n
    return path


def test_generated_store_every_filter(gen):
    with st.reading(gen) as con:
        _every_filter(con)
        assert _same(con, group="Tuesday") == 700 and _same(con, session="f/3") == 0


def test_demo_store_every_filter(demo_db):  # noqa: F811 — every profile, leasters, 3- to 8-handed deals
    with st.reading(demo_db) as con:
        _every_filter(con)


def test_summary_follows_ingest_void_and_rederive(gen, tmp_path):
    db = tmp_path / "g.duckdb"
    db.write_bytes(gen.read_bytes())
    with st.Store(db) as s:
        assert s.ingest_file(validate_text(generate_session_text(5, 120, event="Friday", session="f/2"),
                                           "f2.shn")).stored == 120
    with st.reading(db) as con:
        _every_filter(con)
        assert _same(con, group="Friday") == 370  # 250 + 120
        hid = con.execute("SELECT min(hand_id) FROM hand_deals JOIN hands USING (hand_id) "
                          "WHERE session = 't/1'").fetchone()[0]
    with st.Store(db) as s:
        s.void(hid, "dealt twice")
    with st.reading(db) as con:
        _every_filter(con)
        assert _same(con, session="t/1") == 399
        after = sorted(con.execute(f"SELECT * FROM {ds.TABLE}").fetchall(), key=ds._key)
    con = duckdb.connect(str(db))  # spoil the table behind the store's back: rederive puts it back
    try:
        con.execute(f"UPDATE {ds.TABLE} SET hands = 0")
    finally:
        con.close()
    st.Store(db).rederive()
    with st.reading(db) as con:
        assert sorted(con.execute(f"SELECT * FROM {ds.TABLE}").fetchall(), key=ds._key) == after


def test_migration_022_backfills_a_database_from_before_it(gen, tmp_path):
    db = tmp_path / "old.duckdb"
    db.write_bytes(gen.read_bytes())
    with st.reading(db) as con:
        want = sorted(con.execute(f"SELECT * FROM {ds.TABLE}").fetchall(), key=ds._key)
    con = duckdb.connect(str(db))
    con.execute(f"DROP TABLE {ds.TABLE}")
    con.execute("DELETE FROM schema_migrations WHERE version = 22")
    con.close()
    with st.reading(db) as con:  # the read-only open migrates first: deal_summary.rebuild
        assert sorted(con.execute(f"SELECT * FROM {ds.TABLE}").fetchall(), key=ds._key) == want
        _every_filter(con)
    r = CliRunner().invoke(app, ["deals", "--db", str(db), "--json", "--group", "Friday"])
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["deals"] == 250
    r = CliRunner().invoke(app, ["deals", "--db", str(db), "--session", "f/3"])
    assert r.exit_code == 1 and "60 full deal(s) stored for the filters" in r.stderr


def test_line_keys_scan_is_map():
    # the compiled path's C loop over a session's line weights (deal_summary._line_keys_scan) and the pure path's
    # map (_line_keys_map) give the same keys, counts and order, run as Python here and compiled under fastpath
    import random

    from ingest import deal_summary as ds

    rnd = random.Random(7)
    for lines in (0, 1, 5, 40, 400):
        weights = bytearray(rnd.choice(ds._HAND_WEIGHT[:35]) for _ in range(6 * lines))
        places = [rnd.choice(ds._PLACE_KEY[rnd.randrange(5)]) for _ in range(lines)]
        want = ds._line_keys_map(weights, places)
        got = ds._line_keys_scan(weights, places)
        assert list(got.items()) == list(want.items())
        assert list(ds._line_keys_scan(bytes(weights), places).items()) == list(want.items())
