"""break30 F2 (house30): a score sheet's leaster split under ``leasterTie=split`` (rules.md D-6; docs/profiles.md
"Leaster split": of two tied seats the one first in play order from the dealer's left takes 2 shares, the other 1,
the three others pay 1 each: +2 / +1 / -1 -1 -1 at five).  Was: the written seat was given 2 shares and any other
seat 1, whatever the play order, and a score that cannot happen was stored without a word."""

from __future__ import annotations

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where

HEAD = """%SHN 1.0
[Session "w2 sheet"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; leasterTie=split"]
"""

#: h1 dealer Ed: play order from Ed's left is Al, Bea, Cy, Di, Ed.  Al and Cy tied: Al is first, so Al +2, Cy +1,
#: Bea/Di/Ed -1 (sum 2+1-3 = 0).  Written "leaster Cy ... Al +1 Cy +2": Cy taking 2 shares cannot happen (D-6).
WRONG = HEAD + """hand 1  dealer Ed
leaster Cy  pts 25
score Al +1 Bea -1 Cy +2 Di -1 Ed -1
"""

#: the same hand written the right way round: leaster Al (2 shares), Cy 1; Al +2 Bea -1 Cy +1 Di -1 Ed -1.
RIGHT = HEAD + """hand 1  dealer Ed
leaster Al  pts 25
score Al +2 Bea -1 Cy +1 Di -1 Ed -1
"""

#: house30's L_leaster_split hand 5: dealer Ollie; order Russ, Hank, Lou, Marv, Ollie.  Hank and Russ tied: Russ is
#: first, so Russ +2 and Hank +1; "Hank +2 ... Russ +1" cannot happen.
L5 = """%SHN 1.0
[Seats "Hank; Lou; Marv; Ollie; Russ"]
[Rules "wi5-called-ace; leasterTie=split; leasterSweepPaysTriple=on; leasterBlind=none"]

hand 5  dealer Ollie
leaster Hank  pts 15
score Hank +2 Lou -1 Marv -1 Ollie -1 Russ +1
"""

#: no dealer written: Cy +2, Al +1 fits a dealer Bea (order Cy, Di, Ed, Al) or Di: every ordered pair of seats is
#: first-then-second for some dealer (the seat right of the first), so nothing about order can be refused.
NODEALER = HEAD + """hand 1
leaster Cy  pts 25
score Al +1 Bea -1 Cy +2 Di -1 Ed -1
"""


def test_split_with_the_second_seat_taking_two_shares_is_refused_naming_the_first(tmp_path):
    db = tmp_path / "w.duckdb"
    rep = _ingest(write(tmp_path, "w.shn", WRONG), db)
    assert rep["ingested"] == 0
    (line, col, code, hand), = _where(rep)
    assert (line, code, hand) == (6, "E-LEASTER", 1), rep
    msg = rep["rejected"][0]["message"]
    assert "D-6" in msg and "leasterTie=split" in msg, msg
    assert "Al" in msg and "first in play order" in msg and "2 shares" in msg, msg


def test_split_written_in_play_order_is_stored(tmp_path):
    db = tmp_path / "r.duckdb"
    rep = _ingest(write(tmp_path, "r.shn", RIGHT), db)
    assert rep["ingested"] == 1 and not rep["rejected"], rep
    assert ledger(db) == {"Al": 2, "Bea": -1, "Cy": 1, "Di": -1, "Ed": -1}


def test_house30_l_hand5_refused_naming_russ(tmp_path):
    db = tmp_path / "l.duckdb"
    rep = _ingest(write(tmp_path, "l.shn", L5), db)
    assert rep["ingested"] == 0
    assert [c for _, _, c, _ in _where(rep)] == ["E-LEASTER"], rep
    msg = rep["rejected"][0]["message"]
    assert "Russ" in msg and "D-6" in msg, msg


def test_split_without_a_dealer_is_stored_as_written(tmp_path):
    db = tmp_path / "n.duckdb"
    rep = _ingest(write(tmp_path, "n.shn", NODEALER), db)
    assert rep["ingested"] == 1 and not rep["rejected"], rep
    assert ledger(db) == {"Al": 1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": -1}
