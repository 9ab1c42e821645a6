"""Laufende (runners, rules.md G-13) stored per Schafkopf game (migration
004, ``hands.laufende`` / ``laufende_with``) and the Schafkopf page's
Laufende metrics.

Every expected value comes from the NetSchafkopf protocols' own text, read
here without the importer: the price sentence's "Mit N Laufenden" (the
declaring party held the run) or "Ohne N Laufende" (the opponents did), and,
independently, the run counted on the dealt cards of each game's ``hat:``
lines with the trump order of the announced game (rules.md G-6..G-8)."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as hs

from dashboard import metrics as m
from ingest import store as st
from ingest.netschafkopf import read_protocol
from replay.cards import Card, Suit, mask_of
from replay.errors import IllegalAction
from replay.schafkopf import SCHAFKOPF_PROFILES, Announce, Game, SchafkopfState
from tests.conftest import make_file

DATA = Path(__file__).resolve().parents[1] / "data" / "netschafkopf"
LOGS = sorted(p for p in DATA.glob("*.txt") if "LICENSE" not in p.name)
FIRST = DATA / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"

# --------------------------------------------------------------------------
# The protocol text, read independently of ingest.netschafkopf
# --------------------------------------------------------------------------

_OBERS = ["EO", "GO", "HO", "SO"]
_UNTERS = ["EU", "GU", "HU", "SU"]
_SUIT = {"Eichel": "E", "Grün": "G", "Gras": "G", "Herz": "H", "Schellen": "S"}


def _trumps(game: str) -> list[str]:
    """Highest trump first, from the protocol's game text (rules.md G-6..G-8)."""
    game = game.removesuffix(" Tout")
    if game.startswith("Mit der "):  # Sauspiel: Obers, Unters, Herz A 10 K 9 8 7
        return _OBERS + _UNTERS + ["H" + r for r in "AZK987"]
    suit, _, kind = game.rpartition("-")
    s = _SUIT.get(suit, "")
    if kind == "Solo":
        return _OBERS + _UNTERS + [s + r for r in "AZK987"]
    if kind == "Wenz":
        return _UNTERS + ([s + r for r in "AZKO987"] if s else [])
    if kind == "Geier":
        return _OBERS + ([s + r for r in "AZKU987"] if s else [])
    raise AssertionError(game)


def protocol_games(path: Path) -> dict[int, dict]:
    """Game number → what the protocol says: ``game`` (the text after
    ``spielt``; None for a Ramsch), ``log`` ("Mit N Laufenden" → (N, True),
    "Ohne N Laufende" → (N, False), else None), and ``run``/``with``: the
    unbroken run of highest trumps on the dealt cards and whether the
    declaring party (the declarer, and in a Sauspiel the holder of the called
    Ass) holds it."""
    text = path.read_bytes().decode("iso-8859-1")
    out = {}
    for block in re.split(r"^Geber:", text, flags=re.M)[1:]:
        deal = {name: cards.split() for name, cards in re.findall(r"^\s*(\S+) hat: (.*?)\s*$", block, flags=re.M)}
        number = int(re.search(r"^\s*(\d+)\s+-?\d+\s+[+-]?\d+", block, flags=re.M).group(1))
        flat = re.sub(r"\s+", " ", block)
        mit = re.search(r"Mit (\d+) Laufenden", flat)
        ohne = re.search(r"Ohne (\d+) Laufende", flat)
        log = (int(mit.group(1)), True) if mit else (int(ohne.group(1)), False) if ohne else None
        ann = re.search(r"^(\S+) spiels?t (?!aus:)(.+?)\s*$", block, flags=re.M)
        if ann is None:
            assert "Es wurde Ramsch gespielt" in block
            out[number] = {"game": None, "log": log}
            continue
        who = "Gast" if ann.group(1) == "Du" else ann.group(1)
        game = ann.group(2)
        holder = {c: name for name, cards in deal.items() for c in cards}
        party = {who}
        called = re.match(r"Mit der (\S+)-Ass", game)
        if called:
            party.add(holder[_SUIT[called.group(1)] + "A"])
        sides = [holder[c] in party for c in _trumps(game)]
        run = next((k for k, s in enumerate(sides) if s != sides[0]), len(sides))
        out[number] = {"game": game, "log": log, "run": run, "with": sides[0]}
    return out


@pytest.fixture(scope="module")
def all_db(tmp_path_factory) -> Path:
    """Every shared protocol (12 files × 99 games) and 3 Sheepshead hands."""
    path = tmp_path_factory.mktemp("laufende") / "all.duckdb"
    with st.Store(path) as s:
        s.ingest_file(make_file(3))
        for p in LOGS:
            res = read_protocol(p.read_bytes(), str(p))
            assert len(res.hands) == 99 and not res.rejected
            s.ingest_file(res, source_format="netschafkopf")
    return path


def _stored(db: Path) -> dict[tuple[str, int], tuple]:
    with st.reading(db) as con:
        rows = con.execute("SELECT session, hand, game, game_type, laufende, laufende_with FROM hands").fetchall()
    return {(s, h): (g, t, lf, w) for s, h, g, t, lf, w in rows}


def test_the_protocols_wording_counted_by_hand():
    # `tr -s ' \r\n' ' ' < FILE | grep -o "\(Mit\|Ohne\) [0-9]* Laufende[n]*" | sort | uniq -c` over the 12
    # files: Mit 3: 124, Mit 4: 55, Mit 5: 13, Mit 6: 3, Mit 7: 2, Mit 8: 1, Mit 9: 2 (= 200);
    # Ohne 3: 9, Ohne 4: 1, Ohne 5: 1 (= 11).
    counts: dict[tuple[int, bool], int] = {}
    for p in LOGS:
        for g in protocol_games(p).values():
            if g["log"]:
                counts[g["log"]] = counts.get(g["log"], 0) + 1
    assert counts == {(3, True): 124, (4, True): 55, (5, True): 13, (6, True): 3, (7, True): 2, (8, True): 1,
                      (9, True): 2, (3, False): 9, (4, False): 1, (5, False): 1}


def test_laufende_are_stored_as_the_protocols_say(all_db):
    """rules.md G-13: every declared game's stored Laufende agree with the
    log's price wording and with the run counted here on the dealt cards
    (counted from 3 in every game under the NetSchafkopf rules); a Ramsch
    and every Sheepshead hand store NULL."""
    stored = _stored(all_db)
    seen = 0
    for p in LOGS:
        session = f"NetSchafkopf {p.stem}"
        for number, g in protocol_games(p).items():
            game, game_type, laufende, with_ = stored[(session, number)]
            assert game == "schafkopf"
            if g["game"] is None:
                assert (game_type, laufende, with_) == ("ramsch", None, None)
                continue
            counted = g["run"] if g["run"] >= 3 else 0
            assert (laufende, with_) == (counted, g["with"]), (session, number, g)
            assert g["log"] == ((counted, g["with"]) if counted else None), (session, number, g)
            seen += 1
    # 1,188 games - 283 Ramsch (`grep -c "Es wurde Ramsch" data/netschafkopf/*.txt`, summed) = 905 declared
    assert seen == 905
    sheepshead = [v for v in stored.values() if v[0] == "sheepshead"]
    assert len(sheepshead) == 3 and all(v[2:] == (None, None) for v in sheepshead)


def test_a_tout_counts_its_laufende():
    # The one Tout of the 12 files ("Herz-Solo Tout") is in one of them; its Laufende are counted like any
    # Farbsolo's (rules.md G-14: a Tout doubles base and runners).
    touts = [(p, n, g) for p in LOGS for n, g in protocol_games(p).items() if (g["game"] or "").endswith(" Tout")]
    assert len(touts) == 1
    p, number, g = touts[0]
    res = read_protocol(p.read_bytes(), str(p))
    o = next(h.outcome for h in res.hands if h.outcome.hand == number)
    assert o.game_type == "tout"
    assert (o.laufende, o.laufende_with) == ((g["run"] if g["run"] >= 3 else 0), g["with"])


def test_migration_004_backfills_an_existing_database(tmp_path):
    """A database made before 004: the columns are added and filled from the
    stored sources at the first open (a reader's open included)."""
    db = tmp_path / "old.duckdb"
    with st.Store(db) as s:
        s.ingest_file(make_file(2))
        s.ingest_file(read_protocol(FIRST.read_bytes(), str(FIRST)), source_format="netschafkopf")
    want = _stored(db)
    con = duckdb.connect(str(db))
    con.execute("ALTER TABLE hands DROP COLUMN laufende")
    con.execute("ALTER TABLE hands DROP COLUMN laufende_with")
    con.execute("DELETE FROM schema_migrations WHERE version = 4")
    con.close()
    assert _stored(db) == want  # the read-only open brought it up to date
    # file _01 (see test_laufende_summary_against_the_protocol_text): 19 × "Mit 3", 2 × "Mit 4", 1 × "Ohne 3"
    assert sum(1 for v in want.values() if v[2]) == 22
    with st.reading(db) as con:
        assert con.execute("SELECT max(version) FROM schema_migrations").fetchone()[0] == max(
            v for v, _, _ in st.migrations())  # every shipped migration (007 since issue 12)


def test_rederive_recomputes_laufende(tmp_path):
    db = tmp_path / "re.duckdb"
    with st.Store(db) as s:
        s.ingest_file(read_protocol(FIRST.read_bytes(), str(FIRST)), source_format="netschafkopf")
    want = _stored(db)
    con = duckdb.connect(str(db))
    con.execute("UPDATE hands SET laufende = NULL, laufende_with = NULL")
    con.close()
    with st.Store(db) as s:
        report = s.rederive()
    # 99 games re-read; the 78 with a declarer had lost their Laufende (the 21 Ramsch store NULL anyway)
    assert (report.hands, report.changed, report.refused) == (99, 78, [])
    assert _stored(db) == want


def test_jsonl_export_carries_laufende(all_db):
    from ingest.export import jsonl_objects

    with st.reading(all_db) as con:
        objs = jsonl_objects(con)
    sk = [o for o in objs if o["game"] == "schafkopf"]
    assert len(sk) == 1188
    assert sum(1 for o in sk if o["laufende"]) == 211  # 200 "Mit" + 11 "Ohne"
    assert sum(1 for o in sk if o["laufende"] and o["laufende_with"] is False) == 11
    assert all(o["laufende"] is None and o["laufende_with"] is None for o in objs if o["game"] == "sheepshead")


# --------------------------------------------------------------------------
# The metrics
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def first_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("laufende1") / "first.duckdb"
    with st.Store(path) as s:
        s.ingest_file(make_file(3))
        s.ingest_file(read_protocol(FIRST.read_bytes(), str(FIRST)), source_format="netschafkopf")
    return path


def test_laufende_summary_against_the_protocol_text(first_db):
    """File _01, by game type (the game from ``spielt ...``, the Laufende
    from the price wording; by hand with awk over the file):

    ========== ===== ========================= =========
    type       games Mit                        Ohne
    ========== ===== ========================= =========
    sauspiel   57    14 × "Mit 3", 2 × "Mit 4"  1 × "Ohne 3"
    solo       3     -                          -
    geier      1     -                          -
    farbwenz   9     2 × "Mit 3"                -
    farbgeier  8     3 × "Mit 3"                -
    ramsch     21    (no declarer: not counted)
    ========== ===== ========================= =========
    """
    with st.reading(first_db) as con:
        summary = {r["game_type"]: r for r in m.schafkopf_laufende_summary(con, m.Filters()).to_dicts()}
        dist = m.schafkopf_laufende(con, m.Filters())
        assert m.schafkopf_laufende(con, m.Filters(game="sheepshead")).is_empty()
    assert list(summary) == ["sauspiel", "solo", "geier", "farbwenz", "farbgeier"]
    s = summary["sauspiel"]
    # 57 Rufspiele: 16 with (14 + 2), 1 without, 57 - 17 = 40 none
    assert (s["games"], s["with_laufende"], s["without_laufende"], s["no_laufende"]) == (57, 16, 1, 40)
    assert s["with_rate"] == pytest.approx(16 / 57) and s["without_rate"] == pytest.approx(1 / 57)
    # mean over the 17 games with Laufende: (14×3 + 2×4 + 1×3) / 17 = 53 / 17
    assert s["mean_laufende"] == pytest.approx(53 / 17)
    assert {t: (r["games"], r["with_laufende"], r["without_laufende"], r["no_laufende"])
            for t, r in summary.items() if t != "sauspiel"} == {
        "solo": (3, 0, 0, 3), "geier": (1, 0, 0, 1), "farbwenz": (9, 2, 0, 7), "farbgeier": (8, 3, 0, 5)}
    assert summary["solo"]["mean_laufende"] is None and summary["farbwenz"]["mean_laufende"] == 3
    assert summary["farbgeier"]["with_rate"] == pytest.approx(3 / 8)
    rows = [(r["game_type"], r["side"], r["laufende"], r["games"]) for r in dist.to_dicts()]
    assert rows == [("sauspiel", "with", 3, 14), ("sauspiel", "with", 4, 2), ("sauspiel", "without", 3, 1),
                    ("sauspiel", "none", 0, 40), ("solo", "none", 0, 3), ("geier", "none", 0, 1),
                    ("farbwenz", "with", 3, 2), ("farbwenz", "none", 0, 7), ("farbgeier", "with", 3, 3),
                    ("farbgeier", "none", 0, 5)]
    share = {(r["game_type"], r["side"], r["laufende"]): r["share"] for r in dist.to_dicts()}
    assert share[("sauspiel", "with", 3)] == pytest.approx(14 / 57)
    assert share[("geier", "none", 0)] == 1.0


def test_laufende_metrics_follow_the_player_filter(first_db):
    with st.reading(first_db) as con:
        # every Schafkopf game has the same four players; a Sheepshead player sat at none of them
        assert m.schafkopf_laufende_summary(con, m.Filters(players=("Gast",)))["games"].sum() == 78
        assert m.schafkopf_laufende_summary(con, m.Filters(players=("Allen Braun",))).is_empty()


# --------------------------------------------------------------------------
# Invariants (hypothesis): the engine's Laufende against a count written here
# --------------------------------------------------------------------------

_Q = [Card.CQ, Card.SQ, Card.HQ, Card.DQ]
_J = [Card.CJ, Card.SJ, Card.HJ, Card.DJ]


def _suit_run(suit: Suit, ranks: str) -> list[Card]:
    return [Card.parse(r + "CSHD"[suit]) for r in ranks]


def _top_trumps(game: Game, suit: Suit | None) -> list[Card]:
    """Highest first (rules.md G-6..G-8), written out without the engine's table."""
    if game is Game.SAUSPIEL:
        return _Q + _J + _suit_run(Suit.HEARTS, "ATK987")
    if game is Game.SOLO:
        return _Q + _J + _suit_run(suit, "ATK987")
    if game is Game.WENZ:
        return _J
    if game is Game.GEIER:
        return _Q
    if game is Game.FARBWENZ:
        return _J + _suit_run(suit, "ATKQ987")
    return _Q + _suit_run(suit, "ATKJ987")


@settings(max_examples=300, deadline=None)
@given(hs.permutations(list(Card)), hs.integers(0, 3), hs.integers(0, 3),
       hs.sampled_from([Game.SAUSPIEL, Game.SOLO, Game.WENZ, Game.GEIER, Game.FARBWENZ, Game.FARBGEIER]),
       hs.sampled_from([Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS]),
       hs.sampled_from(["schafkopf", "netschafkopf"]))
def test_laufende_invariants(deck, dealer, declarer, game, suit, profile):
    """rules.md G-13 on random deals: the run is the unbroken run of highest
    trumps held by one party (counted here from the written-out trump
    order), at least 1 and at most the number of trumps (14 Sauspiel/Solo,
    4 Wenz/Geier, 11 Farbwenz/Farbgeier); "with" exactly when the declaring
    party holds the top trump; counted = the run from the profile's minimum
    on (Wenz 2 under rules.md's defaults, 3 under NetSchafkopf), else 0."""
    prof = SCHAFKOPF_PROFILES[profile]
    hands = [mask_of(deck[8 * s:8 * s + 8]) for s in range(4)]
    if game is Game.SAUSPIEL:
        assume(suit is not Suit.HEARTS)
    st_ = SchafkopfState(prof, dealer, hands)
    try:
        st_.apply(Announce(declarer, game, None if game in (Game.WENZ, Game.GEIER) else suit))
    except IllegalAction:  # a Sauspiel the declarer cannot call (holds the Sau, or no card of its suit: G-10)
        assume(False)
    holder = {c: s for s in range(4) for c in deck[8 * s:8 * s + 8]}
    party = {declarer} | ({holder[Card(suit * 8)]} if game is Game.SAUSPIEL else set())
    sides = [holder[c] in party for c in _top_trumps(game, suit)]
    run = next((k for k, x in enumerate(sides) if x != sides[0]), len(sides))
    lf = st_.laufende()
    assert 1 <= lf.run <= len(sides) and lf.run == run
    assert lf.with_ == (holder[_top_trumps(game, suit)[0]] in party)
    minimum = prof.laufendeMin.of(game)
    assert lf.counted == (run if run >= minimum else 0)
    # the boundary: one below the minimum counts nothing, the minimum counts all of it
    assert (lf.counted == 0) == (run <= minimum - 1)


def test_an_shn_schafkopf_hand_stores_its_laufende(tmp_path):
    """data/schafkopf/worked_example.shn hand 1: Bea plays a Sauspiel on the
    Schellen-Sau with Cy; Cy holds EO and GO, Bea the HO, Di the SO: the run
    EO-GO-HO belongs to the declaring party, so 3 Laufende "with".  Hand 2
    is a Ramsch: no Laufende (NULL)."""
    from ingest.validate import validate_file

    db = tmp_path / "sk.duckdb"
    res = validate_file(Path(__file__).resolve().parents[1] / "data" / "schafkopf" / "worked_example.shn")
    assert not res.rejected
    with st.Store(db) as s:
        s.ingest_file(res)
    con = duckdb.connect(str(db), read_only=True)
    rows = con.execute("SELECT hand, game_type, laufende, laufende_with FROM hands ORDER BY hand").fetchall()
    assert rows == [(1, "sauspiel", 3, True), (2, "ramsch", None, None)]
