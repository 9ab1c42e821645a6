"""``shead serve`` over real HTTP: httpx against the service running as its
own process (uvicorn) on a free loopback port (tests/service_helpers.py).

The example session is data/sheepshead/example_session.shn (notation.md's
example: hands 14-18 of "Thursday Night Sheepshead", 2025-03-06, table 2).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from ingest import store as st
from ingest.export import JSONL_FIELDS
from tests.service_helpers import make_token, one_hand_posts, start_service

EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "sheepshead" / "example_session.shn"
GROUP = "Thursday Night Sheepshead"
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"


def key(session: str, hand: int) -> str:
    """A hand as ``shead replay`` takes it, URL-encoded for the path."""
    return quote(f"{session}#{hand}", safe="")


class Api:
    def __init__(self, served, tokens):
        self.served = served
        self.url = served.url
        self.tokens = tokens

    def client(self, who: str | None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {self.tokens[who]}"} if who else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=60)


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    db = tmp_path_factory.mktemp("serve") / "shead.duckdb"
    tokens = {"scorer": make_token(db, GROUP, "scorer"), "viewer": make_token(db, GROUP, "viewer"),
              "other": make_token(db, "Oshkosh Schafkopf Club", "scorer")}
    served = start_service(db)
    try:
        a = Api(served, tokens)
        with a.client("scorer") as c:
            first = c.post("/hands", params={"name": "example_session.shn"}, content=EXAMPLE.read_bytes())
        a.first_post = first
        yield a
    finally:
        served.stop()


def test_health_needs_no_token(api):
    r = httpx.get(api.url + "/health")
    assert r.status_code == 200
    assert r.json()["status"] == "ok"


def test_post_answers_what_ingest_json_prints_and_is_idempotent(api, tmp_path):
    # the example session has five hands (14..18), all valid: five stored
    assert api.first_post.status_code == 200
    assert api.first_post.json() == {"ingested": 5, "duplicates": 0, "rejected": [], "warnings": []}
    with api.client("scorer") as c:
        again = c.post("/hands", params={"name": "example_session.shn"}, content=EXAMPLE.read_bytes())
    assert again.status_code == 200
    assert again.json() == {"ingested": 0, "duplicates": 5, "rejected": [], "warnings": []}
    # the same bytes through `shead ingest --json` into a database of its own print the same object
    db = tmp_path / "cli.duckdb"
    out = subprocess.run([sys.executable, "-m", "ingest.cli", "ingest", "--json", "--db", str(db), str(EXAMPLE)],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == api.first_post.json()


RENEGE = Path(__file__).resolve().parent / "fixtures" / "profiles" / "wi5-called-ace_renegePenalty-offenderPaysEach.shn"


def test_post_answers_the_warnings_of_stored_hands(api):
    # the renege record of tests/test_tester_messages.py: Cy's ^RKH in t1 (line 20, column 15) is a renege the
    # table ruled on (rules.md B-23): stored, status 200, and the answer carries the W-RENEGE warning as
    # `shead ingest --json` prints it (posted by the owner: the record's Event is no token's group here)
    r = httpx.post(api.url + "/hands", params={"name": "night2.shn"}, content=RENEGE.read_bytes(),
                   headers={"Authorization": f"Bearer {api.served.secret}"}, timeout=60)
    assert r.status_code == 200
    body = r.json()
    assert (body["ingested"], body["duplicates"], body["rejected"]) == (1, 0, [])
    (w,) = body["warnings"]
    assert (w["file"], w["line"], w["col"], w["hand"], w["code"]) == ("night2.shn", 20, 15, 1, "W-RENEGE")
    assert w["message"].startswith("Cy reneged in trick 1; the table ruled on it")


def test_hand_14_replay_and_units(api):
    with api.client("viewer") as c:
        r = c.get(f"/hands/{key(SESSION, 14)}/replay")
    assert r.status_code == 200
    d = r.json()
    o = d["outcome"]
    assert (o["hand"], o["picker"], o["partner"], o["call"], o["outcome"]) == (14, "Bea", "Di", "AH", "lose")
    # Worked by hand (rules.md, notation.md's example): Bea picks, buries AS KC (11 + 4 = 15), calls AH; Di holds
    # it.  t1 Bea's TD wins 9C TD 8C 7C TC = 20; t2 Bea's QC wins QC 8D KD 9D JD = 3+0+4+0+2 = 9; t3 Di's AH wins
    # 7H KH AH 9H 8H = 15 -> picker side 20+9+15 = 44 in tricks, 59 with the bury.  t4 Al's QS wins QD JS QS JC QH
    # = 13; t5 Cy's JH wins TH AD JH 7D KS = 27; t6 Cy's AC wins AC TS 8S 7S 9S = 21 -> defenders 61.  59 <= 60:
    # the picker side loses, above 30 so not schneidered: 1 unit, doubled on the bump (doubleOnBump=on): the
    # picker pays 2 x 2 = 4, the partner 2, each defender gets 2.  Zero-sum: -4 - 2 + 2 + 2 + 2 = 0.
    assert o["units"] == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}
    assert sum(o["units"].values()) == 0
    assert (o["picker_points"], o["picker_tricks"]) == (59, 3)
    frames = d["frames"]
    assert len(frames) == 31  # the start and one frame per card: 6 tricks x 5 cards
    done = [(f["trick"], f["winning"], f["picker_points"], f["defender_points"]) for f in frames if f["trick_done"]]
    assert done == [(1, "Bea", 20, 0), (2, "Bea", 29, 0), (3, "Di", 44, 0), (4, "Al", 44, 13), (5, "Cy", 44, 40),
                    (6, "Cy", 59, 61)]
    assert frames[-1]["done"] and sorted(frames[-1]["bury"]) == ["AS", "KC"]
    assert 59 + 61 == 120  # card conservation: every card point is on one side


def test_replay_is_what_shead_replay_json_prints(api):
    with api.client("scorer") as c:
        body = c.get(f"/hands/{key(SESSION, 14)}/replay").json()
    # read the service's database copy after the service let go of it (hold = 0.5 s)
    time.sleep(1.0)
    env = {**os.environ, "SHEAD_LOCK_TIMEOUT": "60"}
    out = subprocess.run([sys.executable, "-m", "ingest.cli", "replay", "--json", "--db", str(api.served.db),
                          f"{SESSION}#14"], capture_output=True, text=True, check=True, env=env).stdout
    assert json.loads(out) == body


def test_hands_are_the_jsonl_objects_with_filters(api):
    with api.client("viewer") as c:
        r = c.get("/hands")
        assert r.status_code == 200
        hands = r.json()
        assert r.headers["x-total-count"] == "5"
        assert [h["hand"] for h in hands] == [14, 15, 16, 17, 18]
        assert all(list(h) == list(JSONL_FIELDS) for h in hands)
        assert all(sum(h["units"].values()) == 0 for h in hands)  # zero-sum, every hand
        # hand 16: Di alone, 93 points: schneider (rules.md: 91 or more), 2 units from each of 4 defenders
        assert hands[2]["units"] == {"Al": -2, "Bea": -2, "Cy": -2, "Di": 8, "Ed": -2}
        page = c.get("/hands", params={"limit": 2, "offset": 1}).json()
        assert [h["hand"] for h in page] == [15, 16]
        assert c.get("/hands", params={"date_from": "2025-03-07"}).json() == []
        assert len(c.get("/hands", params={"date_to": "2025-03-06", "table": "2"}).json()) == 5
        assert c.get("/hands", params={"game": "schafkopf"}).json() == []


def test_one_hand_has_its_shn_and_jsonl_fields(api):
    with api.client("viewer") as c:
        d = c.get(f"/hands/{key(SESSION, 15)}").json()
    assert d["key"] == f"{SESSION}#15" and d["format"] == "shn"
    assert d["units"] == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
    assert d["shn"].startswith('%SHN 1.0\n[Event "Thursday Night Sheepshead"]')
    assert "hand 15  dealer Al" in d["shn"] and "hand 14" not in d["shn"]
    # the hand id and the content hash name the same hand
    with api.client("viewer") as c:
        assert c.get(f"/hands/{d['hand_id']}").json()["hash"] == d["hash"]
        assert c.get(f"/hands/{d['hash']}").json()["hand"] == 15
        assert c.get(f"/hands/{key(SESSION, 99)}").status_code == 404


def test_sessions_and_ledger(api):
    with api.client("viewer") as c:
        sessions = c.get("/sessions").json()
        ledger = c.get("/ledger").json()
        metrics = c.get("/metrics", params={"name": "overview"}).json()
    assert [(s["session"], s["hands"], s["first_hand"], s["last_hand"]) for s in sessions] == [(SESSION, 5, 14, 18)]
    # by hand, hands 14..18: Al +2 -1 -2 +4 +2 = 5; Bea -4 -1 -2 -1 -2 = -10; Cy +2 +2 -2 -1 +2 = 3;
    # Di -2 -1 +8 -1 +2 = 6; Ed +2 +1 -2 -1 -4 = -4 (17 is Al's leaster: +4, 1 from each); sum 0
    board = {r["player"]: r["units"] for r in ledger["leaderboard"]}
    assert board == {"Allen Braun": 5, "Bea Schmidt": -10, "Cy Ott": 3, "Di Lenz": 6, "Ed Kahl": -4}
    assert sum(board.values()) == 0
    assert metrics["overview"][0]["hands"] == 5


def test_no_token_or_a_bad_one_is_401(api):
    for path in ("/hands", "/sessions", "/ledger", "/metrics", f"/hands/{key(SESSION, 14)}/replay"):
        assert httpx.get(api.url + path).status_code == 401
        assert httpx.get(api.url + path, headers={"Authorization": "Bearer shd_not-a-token"}).status_code == 401
    r = httpx.post(api.url + "/hands", content=EXAMPLE.read_bytes())
    assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"


def test_another_groups_token_is_403_and_sees_none_of_it(api):
    with api.client("other") as c:
        assert c.get(f"/hands/{key(SESSION, 14)}/replay").status_code == 403
        assert c.get(f"/hands/{key(SESSION, 14)}").status_code == 403
        assert c.get("/hands", params={"group": GROUP}).status_code == 403
        assert c.get("/ledger", params={"group": GROUP}).status_code == 403
        assert c.get("/hands").json() == []  # its own group: nothing yet
        assert c.get("/sessions").json() == []
        # posting the Thursday group's hands with another group's token: 403, each hand named at its line, none stored
        r = c.post("/hands", params={"name": "example_session.shn"}, content=EXAMPLE.read_bytes())
        assert r.status_code == 403
        body = r.json()
        assert body["ingested"] == 0
        assert [(e["code"], e["line"], e["hand"]) for e in body["rejected"]] == [
            ("E-GROUP", 9, 14), ("E-GROUP", 28, 15), ("E-GROUP", 32, 16), ("E-GROUP", 35, 17), ("E-GROUP", 38, 18)]
        assert c.get("/hands").json() == []


def test_viewer_writing_is_403(api):
    with api.client("viewer") as c:
        r = c.post("/hands", content=EXAMPLE.read_bytes())
    assert r.status_code == 403
    assert "viewer" in r.json()["detail"]


def test_a_bad_hand_is_422_with_its_position_and_nothing_of_it_stored(api):
    text = EXAMPLE.read_text(encoding="utf-8").replace("t1 Al:  9C TD 8C 7C TC", "t1 Al:  9C TD 8C 7C 7C")
    text = text.replace("[Table \"2\"]", "[Table \"3\"]")  # another session: not the stored one
    with api.client("scorer") as c:
        r = c.post("/hands", params={"name": "bad.shn"}, content=text.encode())
        body = r.json()
        assert r.status_code == 422
        assert body["ingested"] == 4  # hands 15..18 of table 3 are good
        [e] = body["rejected"]
        assert (e["file"], e["line"], e["hand"]) == ("bad.shn", 19, 14)  # t1, where 7C is played twice
        assert e["code"].startswith("E-")
        hands = c.get("/hands", params={"table": "3"}).json()
    assert [h["hand"] for h in hands] == [15, 16, 17, 18]


def test_shead_ingest_goes_through_the_running_service(api, tmp_path):
    from ingest.generate import generate_session_text

    f = tmp_path / "owner.shn"
    f.write_text(generate_session_text(7, 3, event="Owner Check", session="owner check"), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "ingest.cli", "ingest", "--json", "--db", str(api.served.db), str(f)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"ingested": 3, "duplicates": 0, "rejected": [], "warnings": []}
    assert "posting through it" in run.stderr
    owner = httpx.get(api.url + "/hands", params={"group": "Owner Check"},
                      headers={"Authorization": f"Bearer {api.served.secret}"}).json()
    assert [h["hand"] for h in owner] == [1, 2, 3]


def test_every_request_is_logged_with_who_and_how_long(api):
    with api.client("viewer") as c:
        c.get("/sessions", params={"group": GROUP})
    time.sleep(0.3)
    lines = api.served.log.read_text(encoding="utf-8").splitlines()
    [line] = [x for x in lines if "GET /sessions?group=" in x]
    assert "127.0.0.1" in line and "'viewer'" not in line and ",viewer)" in line and " 200 " in line
    assert line.endswith("ms")


def test_token_commands_make_list_and_revoke(api):
    env = {**os.environ, "SHEAD_LOCK_TIMEOUT": "60"}

    def shead(*args):
        return subprocess.run([sys.executable, "-m", "ingest.cli", "token", *args, "--db", str(api.served.db)],
                              capture_output=True, text=True, env=env, timeout=120)

    made = shead("add", GROUP, "--role", "viewer")
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip().splitlines()[-1]  # the new token is the last line
    assert token.startswith("shd_") and len(token) == 36
    assert httpx.get(api.url + "/hands", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    listed = shead("list", "--json")
    rows = json.loads(listed.stdout)
    [mine] = [r for r in rows if r["prefix"] == token[:10]]
    assert (mine["group"], mine["role"], mine["revoked_at"]) == (GROUP, "viewer", None)
    assert token not in listed.stdout  # only the prefix is ever shown again
    assert shead("add", GROUP, "--role", "admin").returncode == 2
    assert shead("revoke", str(mine["id"])).returncode == 0
    assert httpx.get(api.url + "/hands", headers={"Authorization": f"Bearer {token}"}).status_code == 401
    assert shead("revoke", "shd_nothere").returncode == 1


def test_refuses_to_listen_beyond_loopback_without_a_token(tmp_path):
    db = tmp_path / "empty.duckdb"
    r = subprocess.run([sys.executable, "-m", "ingest.cli", "serve", "--db", str(db), "--host", "0.0.0.0",
                        "--port", "0"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert "refusing to listen on 0.0.0.0" in r.stderr
    assert not db.with_name(db.name + ".serve.json").exists()


# --------------------------------------------------------------------------
# schemathesis over the served OpenAPI document: no 5xx for any generated request
# --------------------------------------------------------------------------


def test_no_generated_request_gets_a_server_error(api):
    # schemathesis reads the served document and generates requests for every operation, valid ones and (with
    # NEGATIVE) ones that break the schema; every response must be below 500.  (Its pytest plugin's lazy loader
    # does not run under pytest 9, so each operation's strategy is driven by hypothesis here.)
    from hypothesis import given
    from hypothesis.errors import Unsatisfiable

    schema = schemathesis.openapi.from_url(api.url + "/openapi.json")
    ops = [r.ok() for r in schema.get_all_operations()]
    assert {(op.method.upper(), op.path) for op in ops} >= {
        ("GET", "/health"), ("POST", "/hands"), ("GET", "/hands"), ("GET", "/hands/{hand}"),
        ("GET", "/hands/{hand}/replay"), ("GET", "/sessions"), ("GET", "/ledger"), ("GET", "/metrics")}
    headers = {"Authorization": f"Bearer {api.tokens['scorer']}"}
    seen: list[int] = []
    for op in ops:
        for mode in (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE):
            @given(case=op.as_strategy(generation_mode=mode))
            @settings(max_examples=int(os.environ.get("SHEAD_SCHEMATHESIS_EXAMPLES", "15")), deadline=None, database=None, suppress_health_check=list(HealthCheck))
            def check(case):
                r = case.call_and_validate(base_url=api.url, headers=headers, timeout=60, checks=[not_a_server_error])
                seen.append(r.status_code)

            try:
                check()
            except Unsatisfiable:  # nothing to break (GET /health has no parameter): no negative case exists
                assert mode == schemathesis.GenerationMode.NEGATIVE and op.path in ("/health", "/openapi.json")
    assert max(seen) < 500
    assert {200, 422} <= set(seen)  # the runs reached the handlers and the validation


# --------------------------------------------------------------------------
# kill -9 during posts
# --------------------------------------------------------------------------


def test_kill_9_during_posts_keeps_every_acknowledged_hand_and_no_other(tmp_path):
    db = tmp_path / "kill.duckdb"
    token = make_token(db, "Kill Check", "scorer")
    served = start_service(db)
    sessions = one_hand_posts(8, 12, event="Kill Check")  # 96 one-hand posts, 4 clients, 2 sessions each
    acked: set[tuple[str, int]] = set()
    sent: set[tuple[str, int]] = set()
    guard = threading.Lock()

    def client(mine: list[int]) -> None:
        with httpx.Client(base_url=served.url, headers={"Authorization": f"Bearer {token}"}, timeout=30) as c:
            for k in mine:
                for n, doc in enumerate(sessions[k], start=1):
                    with guard:
                        sent.add((f"Kill Check {k}", n))
                    try:
                        r = c.post("/hands", params={"name": f"k{k}.shn"}, content=doc.encode())
                    except httpx.HTTPError:
                        return
                    if r.status_code == 200 and r.json()["ingested"] == 1:
                        with guard:
                            acked.add((f"Kill Check {k}", n))

    threads = [threading.Thread(target=client, args=([i, i + 4],)) for i in range(4)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 120
    while len(acked) < 30 and time.monotonic() < deadline and any(t.is_alive() for t in threads):
        time.sleep(0.02)
    os.kill(served.proc.pid, signal.SIGKILL)
    served.proc.wait(timeout=30)
    for t in threads:
        t.join(timeout=60)
    assert len(acked) >= 30
    con = st.connect(db, read_only=False)  # replays the write-ahead log the killed service left
    try:
        stored = set(con.execute("SELECT session, hand FROM hands").fetchall())
        units = con.execute("SELECT hand_id, sum(units), count(*) FROM hand_units GROUP BY hand_id").fetchall()
        n_hands = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    finally:
        con.close()
    assert acked <= stored  # every acknowledged hand is stored
    assert stored <= sent  # and nothing but hands that were posted
    assert len(stored - acked) <= 4  # at most one post in flight per client when the server died
    assert len(stored) == n_hands  # each hand once
    assert all(total == 0 and seats == 5 for _, total, seats in units) and len(units) == n_hands


def test_a_chunked_body_over_the_limit_is_refused_as_it_arrives(api):
    """A body sent in chunks has no Content-Length to check first; before, the service read it whole (a tester
    posted 600 MB and the service grew by 630 MB before answering 413).  Now the post ends with 413 once 32 MiB
    have arrived, for POST /hands and POST /hands/amend alike, and the service still answers."""
    from dashboard.service import MAX_BODY

    def chunks():  # MAX_BODY + 1 MiB in 1 MiB pieces, no Content-Length
        for _ in range(MAX_BODY // (1 << 20) + 1):
            yield b"x" * (1 << 20)

    with api.client("scorer") as c:
        r = c.post("/hands", params={"name": "big.shn"}, content=chunks())
        assert r.status_code == 413 and "at most 33554432 in one post" in r.text
        r = c.post("/hands/amend", params={"reason": "x"}, content=chunks())
        assert r.status_code == 413
        assert c.get("/health").status_code == 200


def test_a_second_service_on_the_same_database_is_refused(api):
    """A tester's finding: a second `shead serve` on a served database started, took over its service file and
    removed it when it stopped, while the first still ran.  Now it refuses at once (exit 2), naming the first."""
    r = subprocess.run([sys.executable, "-m", "ingest.cli", "serve", "--db", str(api.served.db), "--port", "0"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, r.stdout + r.stderr
    out = " ".join((r.stdout + r.stderr).split())
    assert f"is served already by shead serve (pid {api.served.proc.pid}, {api.url})" in out
    info = json.loads(api.served.db.with_name(api.served.db.name + ".serve.json").read_text())
    assert info["pid"] == api.served.proc.pid  # the first service's file is untouched
    assert httpx.get(api.url + "/health").status_code == 200
