"""Issue 15: no input loses a file.  Seeded mutations of the shipped files
(every SHN file of data/, the example session, the NetSchafkopf protocols)
read through ``ingest.cli.load_bytes`` — the path of ``shead ingest`` and of
the Import page — never raise, never answer ``E-INTERNAL`` (a bug) and give
every error a line >= 1 and a column >= 1.

The mutations (tests/hostile.py) include numbers of 5,000 digits, one token
repeated 2,000 times on a line, 64 KB lines, NUL bytes, CR-only line ends,
invalid UTF-8, Windows-1252 bytes, byte flips, line deletions and
duplications (benchmarks/fuzz_long.py runs the full sizes: 10,000 digits,
100,000 repeats, 1 MB lines)."""

from __future__ import annotations

import random

import pytest

from tests.hostile import PROTOCOL_SOURCES, SHN_SOURCES, check, excerpt, mutate, mutate_once

SHN = [(p.name, excerpt(p, "shn")) for p in SHN_SOURCES]
PROTOCOLS = [(p.name, excerpt(p, "protocol")) for p in PROTOCOL_SOURCES]


@pytest.mark.parametrize("seed", range(4))
def test_mutated_shn_files_are_answered_with_positioned_errors(seed):
    rng = random.Random(1500 + seed)
    bad = []
    for _ in range(500):  # 2,000 files over the four seeds
        name, data = rng.choice(SHN)
        m = mutate(data, rng, big=False)
        for p in check(name, m, hang=10.0):
            bad.append((p, m[:300]))
    assert bad == []


@pytest.mark.parametrize("seed", range(4))
def test_mutated_protocols_are_answered_with_positioned_errors(seed):
    rng = random.Random(2500 + seed)
    bad = []
    for _ in range(150):  # 600 protocols over the four seeds
        name, data = rng.choice(PROTOCOLS)
        m = mutate(data, rng, big=False)
        for p in check(name, m, hang=10.0):
            bad.append((p, m[:300]))
    assert bad == []


def test_every_mutation_operator_on_every_source():
    # each operator at full size (10,000 digits, 100,000 repeats, a 1 MB line) once per source
    from tests.hostile import OPS

    rng = random.Random(15)
    bad = []
    for name, data in SHN[:3] + PROTOCOLS[:2]:
        for op in OPS:
            m = mutate_once(data, rng, op, big=True)
            bad += [(name, op, p) for p in check(name, m, hang=30.0)]
    assert bad == []
