"""The compiled and the pure-Python ingest paths store the same rows (issue 17).

``python -m ingest.fastpath`` compiles the hot modules from their own source
(Cython); this test ingests generated files of every named profile twice —
in this process (the compiled modules where they are built, else the
sources) and in a new process that imports a copy of the sources without
any extension module — and compares every table row for row (the
wall-clock columns aside).  With nothing built it still checks that two
runs store the same rows; ``benchmarks/fastpath_agreement.py`` runs it at
100,000 hands.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from ingest import fastpath
from replay.profile import NAMED_PROFILES


def test_profile_texts_cover_every_profile_and_carry_bad_hands():
    texts = fastpath.profile_texts(2 * len(NAMED_PROFILES) + 1, seed=3, per_file=50, bump_every=1)
    # 2 hands a profile and 1 more for the first: 35 profiles (27 before issue 18's 8) -> 35 files, one session each
    assert len(texts) == len(NAMED_PROFILES) == 35
    rules = [re.search(r'\[Rules "([^"]+)"\]', t).group(1) for _, t in texts]
    assert rules == list(NAMED_PROFILES)
    assert sum(len(re.findall(r"(?m)^hand \d+", t)) for _, t in texts) == 2 * 35 + 1


@pytest.mark.slow
def test_compiled_and_pure_paths_store_identical_rows(tmp_path):
    texts = fastpath.profile_texts(12 * len(NAMED_PROFILES), seed=11, per_file=12, bump_every=5)
    hands = sum(len(re.findall(r"(?m)^hand \d+", t)) for _, t in texts)
    assert hands == 12 * 35 == 420
    here_db = tmp_path / "here.duckdb"
    stored, rejected = fastpath.ingest_texts(texts, here_db)
    # every hand is either stored or rejected, none lost (a hand line each)
    assert stored + rejected == 420
    assert rejected > 0  # the raised ``pts`` of every 5th written result is refused somewhere
    saved = tmp_path / "texts.json"
    saved.write_text(json.dumps(texts))
    pure_db = tmp_path / "pure.duckdb"
    got = fastpath.ingest_in_pure_copy(saved, pure_db, tmp_path)
    assert got["compiled"] == []
    assert got["source"].startswith(str(tmp_path / "pure"))
    assert (got["stored"], got["rejected"]) == (stored, rejected)
    here, pure = fastpath.stored_rows(here_db), fastpath.stored_rows(pure_db)
    assert set(here) == set(pure)
    assert len(here["hands"]) == stored
    for table in sorted(here):
        assert here[table] == pure[table], f"table {table} differs between {fastpath.compiled_now()} and pure"


def test_fastpath_clean_removes_only_built_files(tmp_path, monkeypatch):
    # a fake tree: one hot module with a built extension and its C file, one without
    root = tmp_path
    (root / "replay").mkdir()
    (root / "replay" / "cards.py").write_text("")
    (root / "replay" / "cards.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\0")
    (root / "replay" / "cards.c").write_text("")
    (root / "replay" / "state.py").write_text("")
    monkeypatch.setattr(fastpath, "ROOT", root)
    monkeypatch.setattr(fastpath, "HOT_MODULES", ("replay.cards", "replay.state"))
    assert [p.name for p in fastpath.built()] == ["cards.cpython-311-x86_64-linux-gnu.so"]
    assert fastpath.clean() == 2  # the .so and the .c
    assert sorted(p.name for p in (root / "replay").iterdir()) == ["cards.py", "state.py"]


#: The attributes of GameState that replay/state.pxd makes C types when compiled: seats, counts and suits
#: (C ints), card masks (64-bit unsigned), flags (bint), the lists the hot path indexes and the dict of the
#: strongest card by mask (``_tops``, read once a trick).
C_TYPED = {"n": "int", "hands": "list", "to_act": "int", "trick_no": "int", "leader": "int", "trick": "list",
           "trick_mask": "unsigned long long", "_nt": "int", "_special": "bint", "_cs": "int", "_led": "int",
           "np": "int", "_led_mask": "unsigned long long", "_rare": "bint", "_tops": "dict",
           "tricks": "list", "taken": "list", "ntaken": "list"}


def test_state_pxd_declares_every_slot_of_gamestate():
    """``replay/state.pxd`` (the compiled GameState's attributes) names
    exactly the slots of the source's ``GameState``, each a Python object
    but those of :data:`C_TYPED`, so the compiled class holds what the
    pure-Python one holds."""
    from replay.state import GameState

    text = (fastpath.ROOT / "replay" / "state.pxd").read_text()
    declared = re.findall(r"(?m)^    cdef public ([\w ]+?) (\w+)$", text)
    assert [name for _, name in declared] == list(GameState.__slots__)
    assert {name: t for t, name in declared if t != "object"} == C_TYPED


def fits(value, ctype: str) -> bool:
    """Whether ``value`` converts to ``ctype`` and back unchanged."""
    if ctype == "list":
        return type(value) is list
    if ctype == "dict":
        return type(value) is dict
    if ctype == "bint":
        return type(value) is bool
    if type(value) is bool or not isinstance(value, int):  # an IntEnum (a Suit) converts to its int
        return False
    return -2 ** 31 <= value < 2 ** 31 if ctype == "int" else 0 <= value < 2 ** 64


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 2 ** 32), rules=hs.sampled_from(list(NAMED_PROFILES)), dealer=hs.integers(0, 7))
def test_the_c_typed_attributes_hold_their_c_types_through_a_hand(seed, rules, dealer):
    """A random hand of every profile replayed action by action: after each
    action every attribute of :data:`C_TYPED` holds a value of its C type
    (so the compiled GameState, which cannot hold anything else, behaves as
    the source does)."""
    import random

    from replay import partner_cards_gen
    from replay.battery import new_state
    from replay.generator import deal_table, random_hand
    from replay.profile import parse_rules

    prof = parse_rules(rules)
    dealer %= prof.players
    h = random_hand(random.Random(seed), prof, dealer)
    rng = random.Random(seed)  # the same deal again, with its table (random_hand's first draws)
    hands, blind, table = deal_table(rng, prof, dealer)
    while not partner_cards_gen.deal_ok(prof, hands, dealer):
        hands, blind, table = deal_table(rng, prof, dealer)
    assert (hands, blind) == (h.hands, h.blind)
    g = new_state(prof, dealer, hands, blind, complete=True, stake=h.stake, table=table)
    for action in [None, *h.actions]:
        if action is not None:
            g.apply(action)
        bad = {a: getattr(g, a) for a, t in C_TYPED.items() if not fits(getattr(g, a), t)}
        assert not bad, f"{action}: {bad}"
    assert g.done and g.tricks == h.state.tricks
