"""``shead serve`` refuses a query parameter a route does not read (serve25 F1: ``GET /ledger?session=X`` answered
the whole group's ledger with a 200, as if it were that night's; a misspelt filter gave the unfiltered numbers).
The example session (data/sheepshead/example_session.shn, hands 14-18) served over real HTTP."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import httpx
import pytest

from ingest import store as st
from ingest.validate import validate_file, validate_text
from tests.service_helpers import make_token, start_service

EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "sheepshead" / "example_session.shn"
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"


#: another group's night on the same day, with a hand 14 too: VFW / 2025.03.06 (Ann picks, Cal partner, 75: a win,
#: rules.md B-27, B-33: Ann +2, Cal +1, the others -1)
VFW = """%SHN 1.0
[Event "VFW"]
[Date "2025.03.06"]
[Seats "Ann; Bob; Cal; Dot; Eve"]
[Rules "wi5-called-ace"]

hand 14  dealer Eve
pick Ann  call AH  partner Cal  pts 75  win
score Ann +2 Bob -1 Cal +1 Dot -1 Eve -1
"""


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    db = tmp_path_factory.mktemp("serve25") / "s.duckdb"
    with st.Store(db) as store:
        store.ingest_file(validate_file(EXAMPLE))
        store.ingest_file(validate_text(VFW, path="vfw.shn"))
    tokens = {"thursday": make_token(db, "Thursday Night Sheepshead", "viewer"), "vfw": make_token(db, "VFW", "viewer")}
    svc = start_service(db)
    try:
        yield svc, tokens
    finally:
        svc.stop()


@pytest.fixture()
def served(service):
    svc, tokens = service
    with httpx.Client(base_url=svc.url, headers={"Authorization": f"Bearer {tokens['thursday']}"}, timeout=60) as c:
        yield c


def test_a_part_of_a_session_id_names_the_tokens_groups_sessions_only(service):
    """serve25 F2: '2025.03.06#14' is in both groups' session ids; each token gets its own group's hand 14, and a
    part no session of the group holds is 'no stored hand', never a list of another group's session ids."""
    svc, tokens = service
    for who, session, picker in (("vfw", "VFW / 2025.03.06", "Ann"), ("thursday", SESSION, "Bea")):
        with httpx.Client(base_url=svc.url, headers={"Authorization": f"Bearer {tokens[who]}"}, timeout=60) as c:
            r = c.get("/hands/" + quote("2025.03.06#14", safe=""))
            assert r.status_code == 200, r.text
            got = r.json()
            assert (got["session"], got["hand"], got["picker"]) == (session, 14, picker), got
            r = c.get("/hands/" + quote("2025.03.06#14", safe="") + "/history")
            assert r.status_code == 200 and r.json()["session"] == session, r.text
    with httpx.Client(base_url=svc.url, headers={"Authorization": f"Bearer {tokens['vfw']}"}, timeout=60) as c:
        r = c.get("/hands/" + quote("/ 2#15", safe=""))  # a part of Thursday's id alone
        assert r.status_code == 404 and "Thursday" not in r.text, r.text


def test_a_parameter_the_route_does_not_read_is_refused(served):
    r = served.get("/ledger", params={"session": SESSION})
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert detail.startswith("unknown query parameter(s) 'session' for /ledger: it reads date_from, date_to, game, "
                             "group, player, rules, table"), detail
    assert "one session's hands, each with its units: GET /hands?session=ID" in detail
    r = served.get("/metrics", params={"name": "leaderboard", "palyer": "Al"})  # a misspelt filter
    assert r.status_code == 422 and "'palyer'" in r.json()["detail"], r.text


def test_the_parameters_a_route_reads_still_work(served):
    # the example's five hands: the ledger of the night, and the session's hands by the parameter /hands reads
    r = served.get("/ledger", params={"date_from": "2025-03-06", "date_to": "2025-03-06"})
    assert r.status_code == 200, r.text
    assert sum(row["units"] for row in r.json()["leaderboard"]) == 0  # zero-sum (rules.md B-35)
    r = served.get("/hands", params={"session": SESSION, "limit": 10})
    assert r.status_code == 200 and [h["hand"] for h in r.json()] == [14, 15, 16, 17, 18], r.text


def test_a_second_void_is_409_already_voided(tmp_path):
    """serve25 F3: a phone's retry of a void after a timeout was told 404 'no stored hand'; docs/service.md says
    409.  The VFW night's hand 14 voided once (200), then again (409, saying it is voided and why); a GET of it says
    it is voided too (404); the ledger keeps none of it (the night's one hand voided: no units)."""
    db = tmp_path / "v.duckdb"
    with st.Store(db) as store:
        store.ingest_file(validate_text(VFW, path="vfw.shn"))
    token = make_token(db, "VFW", "scorer")
    svc = start_service(db)
    try:
        with httpx.Client(base_url=svc.url, headers={"Authorization": f"Bearer {token}"}, timeout=60) as c:
            key = quote("VFW / 2025.03.06#14", safe="")
            r = c.post(f"/hands/{key}/void", params={"reason": "misdeal, not played"})
            assert r.status_code == 200 and r.json()["hand"] == 14, r.text
            r = c.post(f"/hands/{key}/void", params={"reason": "misdeal, not played"})
            assert r.status_code == 409, r.text
            assert "hand 14 of session 'VFW / 2025.03.06' is already voided" in r.json()["detail"]
            assert "(misdeal, not played): nothing changed" in r.json()["detail"]
            r = c.get(f"/hands/{key}")
            assert r.status_code == 404 and "is already voided" in r.json()["detail"], r.text
            r = c.get("/ledger")
            assert r.status_code == 200 and r.json()["leaderboard"] == [], r.text
    finally:
        svc.stop()


def test_the_ledger_names_the_incomplete_sessions(tmp_path):
    """serve25 F7: `/ledger` did not name the sessions `shead ledger` marks incomplete.  A sheet whose hand 2 is
    refused (E-SCORE: Bob +3 where the rules give +2, rules.md B-33) under a Total row of both rows: the stored
    hand 1 (Ann picks, Cal partner, 75: Ann +2, Cal +1, the others -1) falls short of the sheet's totals."""
    from tests.cli_helpers import cli, write

    sheet = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Ann,Bob,Cal,Dot,Eve\n"
             "2026-12-01,1,Eve,Ann,Cal,AH,75,2,-1,1,-1,-1\n"
             "2026-12-01,2,Ann,Bob,Dot,AS,61,-1,3,-1,1,-2\n"
             "Total,,,,,,,1,2,0,0,-3\n")
    db = tmp_path / "i.duckdb"
    cli("ingest", write(tmp_path, "inc.csv", sheet), "--db", str(db), ok=False)
    token = make_token(db, "CSV inc", "viewer")
    svc = start_service(db)
    try:
        with httpx.Client(base_url=svc.url, headers={"Authorization": f"Bearer {token}"}, timeout=60) as c:
            r = c.get("/ledger")
            assert r.status_code == 200, r.text
            body = r.json()
            assert {p["player"]: p["units"] for p in body["leaderboard"]} == \
                {"Ann": 2, "Bob": -1, "Cal": 1, "Dot": -1, "Eve": -1}
            (inc,) = body["incomplete_sessions"]
            assert inc["session"] == "CSV inc 2026-12-01" and inc["refused"] == 1, inc
            assert "hand 2 refused; " in inc["note"], inc
    finally:
        svc.stop()
