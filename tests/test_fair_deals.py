"""Fair deals (issue 18): the hypergeometric law, the chi-square statistic and
its p-value (our own survival function, checked against closed forms), the
tests on 10,000 generated fair deals (none rejects at 1%) and on deals with a
planted bias (the relevant test rejects), ``shead deals`` and the page."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app
from ingest.fair_deals import (ACES, JACKS, QUEENS, TRUMPS, DealRecord, chi2_sf, chi_square, deal_tests,
                               hypergeom_pmf, load_deals, pool_cells)
from ingest.generate import generate_session_text
from ingest.validate import validate_text
from replay.generator import deal_and_pick
from replay.profile import parse_rules

NAMES = [r + s for s in "CSHD" for r in "ATKQJ987"]


def mask(cards: str) -> int:
    return sum(1 << NAMES.index(c) for c in cards.split())


# --- the pieces, by hand ---------------------------------------------------------------------------------------

def test_card_kinds():
    assert TRUMPS.bit_count() == 14 and QUEENS.bit_count() == 4 and JACKS.bit_count() == 4
    assert TRUMPS == mask("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D")  # rules.md A-2
    assert ACES & TRUMPS == mask("AD")


def test_hypergeometric_pmf_by_hand():
    # C(32, 6) = 906,192 six-card hands; 18 non-trumps: C(18, 6) = 18,564 hold no trump
    assert hypergeom_pmf(0, 32, 14, 6) == pytest.approx(18564 / 906192, rel=1e-12)
    # all six trumps: C(14, 6) = 3,003
    assert hypergeom_pmf(6, 32, 14, 6) == pytest.approx(3003 / 906192, rel=1e-12)
    # two queens in a two-card blind: C(4, 2) / C(32, 2) = 6 / 496; one: 4 * 28 / 496
    assert hypergeom_pmf(2, 32, 4, 2) == pytest.approx(6 / 496)
    assert hypergeom_pmf(1, 32, 4, 2) == pytest.approx(112 / 496)
    assert hypergeom_pmf(5, 32, 4, 6) == 0.0
    assert sum(hypergeom_pmf(k, 32, 14, 6) for k in range(7)) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        hypergeom_pmf(0, 32, 33, 6)


def test_pooling_small_cells():
    # expected 1 | 10 | 3 | 3 | 0.5: 1 + 10 = 11 forms "0–1"; 3 + 3 = 6 forms "2–3"; the 0.5 left joins it
    labels, obs, exp = pool_cells(list("01234"), [2, 9, 1, 4, 1], [1, 10, 3, 3, 0.5])
    assert labels == ["0–1", "2–4"] and obs == [11, 6] and exp == pytest.approx([11, 6.5])
    assert pool_cells(["a", "b"], [1, 1], [1.0, 1.0]) == (["a–b"], [2], [2.0])


def test_chi_square_and_its_survival_function():
    # (10-20)^2/20 + 0 + (30-20)^2/20 = 10 on 2 degrees of freedom: p = exp(-10/2)
    assert chi_square([10, 20, 30], [20, 20, 20]) == 10.0
    assert chi2_sf(10.0, 2) == pytest.approx(math.exp(-5), rel=1e-12)
    for x in (0.01, 0.5, 1.0, 3.0, 7.5, 20.0, 60.0):
        # closed forms: df 1 erfc(sqrt(x/2)); df 2 exp(-x/2); df 3 erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2);
        # df 4 exp(-x/2) (1 + x/2)
        assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9, abs=1e-300)
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
        assert chi2_sf(x, 3) == pytest.approx(math.erfc(math.sqrt(x / 2))
                                              + math.sqrt(2 * x / math.pi) * math.exp(-x / 2), rel=1e-9)
        assert chi2_sf(x, 4) == pytest.approx(math.exp(-x / 2) * (1 + x / 2), rel=1e-9)
    # printed critical values: 3.841 (df 1, 5%), 16.812 (df 6, 1%), 37.566 (df 20, 1%)
    assert chi2_sf(3.841459, 1) == pytest.approx(0.05, abs=1e-6)
    assert chi2_sf(16.811894, 6) == pytest.approx(0.01, abs=1e-6)
    assert chi2_sf(37.566235, 20) == pytest.approx(0.01, abs=1e-6)
    assert chi2_sf(0.0, 5) == 1.0
    with pytest.raises(ValueError):
        chi2_sf(1.0, 0)
    with pytest.raises(ValueError):
        chi_square([1], [0])


def _deal_with_blind(blind: str) -> DealRecord:
    rest = [c for c in NAMES if c not in blind.split()]
    return DealRecord(tuple(mask(" ".join(rest[6 * k:6 * k + 6])) for k in range(5)), mask(blind), None)


def test_a_worked_blind_test():
    # 496 deals: 370 blinds without a queen, 116 with one, 10 with two.  Expected 496 x (378, 112, 6)/496 =
    # 378, 112, 6 (no pooling: every cell expects 5 or more).  Chi-square = 8^2/378 + 4^2/112 + 4^2/6
    # = 0.169312 + 0.142857 + 2.666667 = 2.978836 on 2 df: p = exp(-2.978836/2) = 0.22551
    deals = ([_deal_with_blind("7C 8C")] * 370 + [_deal_with_blind("QC 7C")] * 116
             + [_deal_with_blind("QC QS")] * 10)
    r = next(t for t in deal_tests(deals) if t.name == "queens in the blind")
    assert r.observed == [370, 116, 10] and r.expected == pytest.approx([378, 112, 6])
    assert r.statistic == pytest.approx(2.978836, abs=1e-6) and r.df == 2
    assert r.p_value == pytest.approx(0.22551, abs=1e-5) and not r.rejects and r.verdict == "fits"
    # the same deals have every blind's trumps: 370 none, 116 + 10 = 126 with 1 or 2 (QC, QS are trump)
    t = next(t for t in deal_tests(deals) if t.name == "trumps in the blind")
    assert t.observed == [370, 116, 10]
    # nobody picked: the picker's seat test has nothing to count
    p = next(t for t in deal_tests(deals) if t.name == "picker's seat")
    assert p.deals == 0 and p.p_value is None and p.verdict == "too few deals"


def test_no_five_handed_deal_is_an_error():
    with pytest.raises(ValueError, match="no five-handed full deal"):
        deal_tests([DealRecord((mask("QC QS QH QD JC JS JH JD"),) * 4, 0)])


# --- 10,000 generated fair deals, and planted biases -----------------------------------------------------------

@pytest.fixture(scope="module")
def fair() -> list[DealRecord]:
    prof = parse_rules("wi5-called-ace")
    rng = random.Random(18)
    out = []
    for i in range(10_000):
        dealer = i % 5  # the deal rotates round the table (rules.md B-1)
        hands, blind, picker = deal_and_pick(rng, prof, dealer)
        out.append(DealRecord(tuple(hands[(dealer + 1 + k) % 5] for k in range(5)), blind, picker))
    return out


def test_ten_thousand_fair_deals_pass_every_test(fair):
    for d in fair:  # card conservation: 5 x 6 + 2 = 32 distinct cards
        assert (d.positions[0] | d.positions[1] | d.positions[2] | d.positions[3] | d.positions[4] | d.blind) \
            == (1 << 32) - 1
    results = deal_tests(fair, 0.01)
    assert len(results) == 20
    assert {r.deals for r in results if r.name != "picker's seat"} == {10_000}
    picked = next(r for r in results if r.name == "picker's seat")
    assert 0 < picked.deals < 10_000 and sum(picked.observed) == picked.deals
    for r in results:
        assert r.p_value is not None and r.p_value >= 0.01, (r.name, r.statistic, r.p_value)
        assert sum(r.observed) == r.deals and sum(r.expected) == pytest.approx(r.deals)


def _swap(d: DealRecord, give: int, take_from: int, card_in: int, card_out: int) -> DealRecord:
    """Position ``give`` (or -1 the blind) takes ``card_in`` from ``take_from`` and hands back ``card_out``."""
    pos = list(d.positions) + [d.blind]
    pos[give] = pos[give] & ~(1 << card_out) | (1 << card_in)
    pos[take_from] = pos[take_from] & ~(1 << card_in) | (1 << card_out)
    return DealRecord(tuple(pos[:5]), pos[5], d.picker_seat)


def test_planted_extra_trump_for_the_dealers_left(fair):
    rng = random.Random(1)
    biased = []
    for d in fair:
        fails = [c for c in range(32) if d.positions[0] >> c & 1 and not TRUMPS >> c & 1]
        if fails and rng.random() < 0.2:  # the dealer's left gets an extra trump 20% of the time
            k = rng.choice([k for k in range(1, 6) if ((list(d.positions) + [d.blind])[k] & TRUMPS)])
            src = (list(d.positions) + [d.blind])[k]
            trump = rng.choice([c for c in range(32) if src >> c & 1 and TRUMPS >> c & 1])
            d = _swap(d, 0, k, trump, rng.choice(fails))
        biased.append(d)
    results = {r.name: r for r in deal_tests(biased)}
    r = results["trumps in position 1's hand (the dealer's left)"]
    assert r.rejects and r.p_value < 1e-6
    assert results["queens in the blind"].p_value > 0.01  # the blind's queens were not touched


def test_planted_queen_in_the_blind(fair):
    rng = random.Random(2)
    biased = []
    for d in fair:
        if not d.blind & QUEENS and rng.random() < 0.15:  # the blind holds a queen too often
            k = next(k for k in range(5) if d.positions[k] & QUEENS)
            queen = rng.choice([c for c in range(32) if d.positions[k] >> c & 1 and QUEENS >> c & 1])
            out = rng.choice([c for c in range(32) if d.blind >> c & 1])
            d = _swap(d, 5, k, queen, out)
        biased.append(d)
    results = {r.name: r for r in deal_tests(biased)}
    assert results["queens in the blind"].rejects and results["queens in the blind"].p_value < 1e-6
    assert results["trumps in the blind"].rejects  # queens are trump: the blind's trumps are off too


def test_planted_picker_chair(fair):
    rng = random.Random(3)
    biased = [DealRecord(d.positions, d.blind, 0 if d.picker_seat is not None and rng.random() < 0.1
                         else d.picker_seat) for d in fair]
    r = next(r for r in deal_tests(biased) if r.name == "picker's seat")
    assert r.rejects and r.observed[0] > r.expected[0]


# --- the store, the command line and the page ------------------------------------------------------------------

@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("deals") / "deals.duckdb"
    text = generate_session_text(7, 300, session="fair/one")
    with st.Store(path) as store:
        assert store.ingest_file(validate_text(text, "gen.shn")).stored == 300
    return path


def test_cli_deals_over_the_store(db):
    with st.reading(db) as con:
        n = con.execute("SELECT count(*) FROM hand_deals").fetchone()[0]
        # the blinds without a trump, counted in SQL, apart from the module (trumps: every Q and J, every diamond)
        none = con.execute(
            "SELECT count(*) FROM hand_deals JOIN card_log c USING (hand_id) WHERE len(list_filter(c.blind, "
            "lambda x: x % 8 IN (3, 4) OR x >= 24)) = 0").fetchone()[0]
        picked = con.execute("SELECT count(*) FROM hand_deals JOIN hands USING (hand_id) "
                             "WHERE picker IS NOT NULL").fetchone()[0]
        assert len(load_deals(con)) == n and load_deals(con, session="nobody") == []
    assert n == 300  # every generated hand has its full deal written
    r = CliRunner().invoke(app, ["deals", "--db", str(db), "--json"])
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["deals"] == 300 and doc["level"] == 0.01 and len(doc["tests"]) == 20
    blind = next(t for t in doc["tests"] if t["name"] == "trumps in the blind")
    assert blind["raw_observed"][0] == none and sum(blind["raw_observed"]) == 300
    assert next(t for t in doc["tests"] if t["name"] == "picker's seat")["deals"] == picked
    r = CliRunner().invoke(app, ["deals", "--db", str(db)])
    assert r.exit_code == 0 and "picker's seat" in r.stdout and "300 full deals" in r.stdout
    r = CliRunner().invoke(app, ["deals", "--db", str(db), "--group", "no such group"])
    assert r.exit_code == 1 and "no five-handed full deal" in r.stderr and "0 full deal(s)" in r.stderr


def test_deals_page(db, tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    page = str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "deals.py")
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(page, default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert [m.value for m in at.metric if m.label == "Full deals tested"] == ["300"]
    frame = at.dataframe[0].value
    assert len(frame) == 20 and "trumps in the blind" in list(frame["test"])
    at.selectbox(key="shead.deals.test").set_value("queens in the blind").run()
    assert not at.exception
    assert any("queens in the blind" not in c.value and "over 300 deals" in c.value for c in at.caption)
    empty = tmp_path / "empty.duckdb"
    st.Store(empty).open()
    monkeypatch.setenv("SHEAD_DB", str(empty))
    at = AppTest.from_file(page, default_timeout=60)
    at.run()
    assert not at.exception and "No five-handed full deal is stored yet" in at.info[0].value


def test_deals_page_with_too_few_deals_runs_no_test_and_says_so(tmp_path, monkeypatch):
    """dash17 F1: with one full deal the page said "Tests rejecting 0 of 20" and "Expected by chance 0.2"
    while every test said "too few deals", with None in its cells: no test was run."""
    from streamlit.testing.v1 import AppTest

    one = tmp_path / "one.duckdb"
    with st.Store(one) as store:
        assert store.ingest_file(validate_text(generate_session_text(7, 1, session="fair/one"), "gen.shn")).stored == 1
    page = str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "deals.py")
    monkeypatch.setenv("SHEAD_DB", str(one))
    at = AppTest.from_file(page, default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    shown = {m.label: m.value for m in at.metric}
    assert shown == {"Full deals tested": "1", "Tests run": "0 of 20", "Tests rejecting": "0",
                     "Expected by chance": "0"}
    assert "No test can run yet on 1 full deal" in at.warning[0].value
    assert any("Too few deals for this test" in c.value for c in at.caption)
