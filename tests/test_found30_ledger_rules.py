"""break30 F6 (house30): ``shead ledger --rules TEXT`` matched the stored ``[Rules]`` text exactly, so the same rules
written with the flags in another order, or a profile written as its flags, gave "no stored hand matches" and named
no stored rules text.  Rules texts are matched by meaning (ingest.model.same_meaning: the profile's flags, rules.md
J: a name is its flags); when nothing matches the stored texts are listed.  The dashboard's Rules filter likewise.

Hands by hand (five seats Al Bea Cy Di Ed):
* session j, ``wi5-jack-of-diamonds; doubleOnBump=off; jdCallUp=on``: Al picks, partner Bea, 70 = a win 61..90
  (rules.md B-28 tier 1), B-31 2/1/-1: Al +2, Bea +1, Cy Di Ed -1 (sum 0).
* session m, ``wi5-moster`` (= wi5-called-ace with noPick=moster): nobody picks, Cy took the most (40 CP) and pays
  as for a simple loss, D-15: Cy -4, the four others +1 (sum 0).
"""

from __future__ import annotations

from dashboard.metrics import Filters, ledger_units
from tests.cli_helpers import cli, ingest_json, ledger, write

J_RULES = "wi5-jack-of-diamonds; doubleOnBump=off; jdCallUp=on"
TEXT = f"""%SHN 1.0
[Session "j"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "{J_RULES}"]

hand 1  dealer Ed
pick Al  partner Bea  pts 70  win

[Session "m"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-moster"]

hand 1  dealer Ed
moster Cy  pts 40
"""
J = {"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1}
M = {"Al": 1, "Bea": 1, "Cy": -4, "Di": 1, "Ed": 1}


def _db(tmp_path):
    db = tmp_path / "r.duckdb"
    rep = ingest_json(write(tmp_path, "r.shn", TEXT), db)
    assert rep["ingested"] == 2 and not rep["rejected"], rep
    return db


def test_rules_as_written_and_reordered_and_as_flags(tmp_path):
    db = _db(tmp_path)
    assert ledger(db, "--rules", J_RULES) == J
    assert ledger(db, "--rules", "wi5-jack-of-diamonds; jdCallUp=on; doubleOnBump=off") == J
    assert ledger(db, "--rules", "wi5-jack-of-diamonds;jdCallUp=on;doubleOnBump=off") == J
    assert ledger(db, "--rules", "wi5-moster") == M
    assert ledger(db, "--rules", "wi5-called-ace; noPick=moster") == M
    both = {k: J[k] + M[k] for k in J}
    assert ledger(db, "--rules", "wi5-called-ace; noPick=moster", "--rules", J_RULES) == both


def test_no_match_lists_the_stored_rules_texts(tmp_path):
    db = _db(tmp_path)
    r = cli("ledger", "--db", str(db), "--rules", "wi5-called-ace")
    out = r.output
    assert "no stored hand matches" in out, out
    assert J_RULES in out and "wi5-moster" in out, out


def test_dashboard_rules_filter_by_meaning(tmp_path):
    import duckdb

    from ingest.model import stored_rules_meaning

    db = _db(tmp_path)
    con = duckdb.connect(str(db), read_only=True)
    try:
        stored = [r for (r,) in con.execute("SELECT DISTINCT rules FROM hands").fetchall()]
        want = stored_rules_meaning(("wi5-called-ace; noPick=moster",), stored)
        assert want == ("wi5-moster",)
        rows = ledger_units(con, Filters(rules=want))
        assert {r["player"]: r["total"] for r in rows.to_dicts()} == M
    finally:
        con.close()


def test_dashboard_ledger_page_link_in_other_words(tmp_path, monkeypatch):
    """A link ``?rules=`` with the flags reordered (or a profile written as its flags) selects the stored text of the
    same meaning: the Ledger page shows that session's totals, and no "No rules ... in this database" warning."""
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    db = _db(tmp_path)
    monkeypatch.setenv("SHEAD_DB", str(db))
    page = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "ledger.py"
    for text, want, stored in (("wi5-jack-of-diamonds; jdCallUp=on; doubleOnBump=off", J, J_RULES),
                               ("wi5-called-ace; noPick=moster", M, "wi5-moster")):
        at = AppTest.from_file(str(page), default_timeout=60)
        at.query_params["rules"] = text
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        assert not [w.value for w in at.warning if "in this database" in w.value], [w.value for w in at.warning]
        assert list(at.sidebar.multiselect(key="shead.widget.rules").value) == [stored]
        frames = [d.value for d in at.dataframe]
        totals = {}
        for df in frames:
            cols = list(df.columns)
            if "player" in cols and ("units" in cols or "total" in cols):
                col = "units" if "units" in cols else "total"
                totals = dict(zip(df["player"], df[col]))
                break
        assert {k: int(v) for k, v in totals.items()} == want, frames
