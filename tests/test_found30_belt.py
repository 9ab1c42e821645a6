"""break30 F3's belt: an unexpected exception while one file is read (a bug, as F2's KeyError and F3's ValueError
were) is an error of that file, ``E-INTERNAL`` naming it and saying "internal error, please report it", and
``shead ingest`` of a folder, the Import page and ``shead serve`` go on with the other files (before: a folder's
ingest stopped with a traceback and printed no JSON, the Import page showed a traceback over files it had stored,
the service answered 500).

The bug is stood in for by a monkeypatched reader raising ``RuntimeError("boom")`` for one file.  The other files,
worked out by hand from rules.md (wi5-called-ace; B-28 tiers, B-31/B-33 shares, B-32 double on the bump):

* a.shn, 2026-02-26 hand 1: Cy picks, calls AS, Ed partner, 72: a win: Cy +2, Ed +1, Al/Bea/Di -1.
* c.shn, 2026-03-12 hand 1: Bea picks, calls AC, Al partner, 59: a loss doubled on the bump: Bea -4, Al -2,
  Cy/Di/Ed +2.
* a and c: Al -1-2 = -3, Bea -1-4 = -5, Cy 2+2 = +4, Di -1+2 = +1, Ed 1+2 = +3 (sum 0).
"""

from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import cli, ledger, write

ROOT = Path(__file__).resolve().parents[1]
HEAD = '%SHN 1.0\n[Event "Thursday"]\n[Date "{d}"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
A = HEAD.format(d="2026.02.26") + ("hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 72  win\n"
                                   "score Al -1 Bea -1 Cy +2 Di -1 Ed +1\n")
C = HEAD.format(d="2026.03.12") + ("hand 1  dealer Cy\npick Bea  call AC  partner Al  pts 59  lose\n"
                                   "score Al -2 Bea -4 Cy +2 Di +2 Ed +2\n")
B_CSV = ("Date,Hand,Dealer,Picker,Call,Partner,Points,Result,Al,Bea,Cy,Di,Ed\n"
         "2026-03-05,1,Al,Cy,AS,Ed,72,win,-1,-1,2,-1,1\n")
A_AND_C = {"Al": -3, "Bea": -5, "Cy": 4, "Di": 1, "Ed": 3}
SAID = "internal error, please report it"


def _folder(tmp_path: Path, b_name: str = "b.csv", b_text: str = B_CSV) -> Path:
    folder = tmp_path / "mix"
    folder.mkdir()
    write(folder, "a.shn", A)
    write(folder, b_name, b_text)
    write(folder, "c.shn", C)
    return folder


def _boom(*args, **kwargs):
    raise RuntimeError("boom")


def _check_folder_run(r, b_name: str, db: Path) -> None:
    assert r.exit_code == 1 and "Traceback" not in r.output, r.output
    lines = r.output.splitlines()
    assert any(x.endswith("a.shn: 1 stored, 0 duplicates, 0 rejected") for x in lines), r.output
    assert any(x.endswith("c.shn: 1 stored, 0 duplicates, 0 rejected") for x in lines), r.output
    (err,) = [x for x in lines if "E-INTERNAL" in x and not x.startswith("{")]
    assert f"{b_name}:1:1: E-INTERNAL: {SAID}" in err and "RuntimeError: boom" in err, err
    import json  # noqa: PLC0415

    (js,) = [json.loads(x) for x in lines if x.startswith("{")]
    assert js["ingested"] == 2 and [(Path(e["file"]).name, e["code"]) for e in js["rejected"]] == [
        (b_name, "E-INTERNAL")], js
    assert ledger(db) == A_AND_C


def test_a_sheet_readers_failure_is_that_files_error_and_the_folder_goes_on(tmp_path, monkeypatch):
    """The CSV sheet reader raises (as F2's KeyError did): load_bytes turns it into b.csv's E-INTERNAL."""
    import ingest.csv_sheet  # noqa: PLC0415
    import ingest.xlsx_sheet  # noqa: F401, PLC0415  (bound to the real read_table before the patch, for later tests)

    monkeypatch.setattr(ingest.csv_sheet, "read_table", _boom)
    db = tmp_path / "f.duckdb"
    _check_folder_run(cli("ingest", str(_folder(tmp_path)), "--db", str(db), "--json", ok=False), "b.csv", db)


def test_any_failure_reading_one_file_is_its_error_and_the_folder_goes_on(tmp_path, monkeypatch):
    """Whatever raises while one file is read (here load_file itself, for b.shn): shead ingest's own belt."""
    import ingest.pipeline  # noqa: PLC0415

    real = ingest.pipeline.load_file
    monkeypatch.setattr(ingest.pipeline, "load_file",
                        lambda path, *a, **k: _boom() if Path(path).name == "b.shn" else real(path, *a, **k))
    db = tmp_path / "g.duckdb"
    folder = _folder(tmp_path, "b.shn", HEAD.format(d="2026.03.05") + "hand 1  dealer Al\n")
    _check_folder_run(cli("ingest", str(folder), "--db", str(db), "--json", ok=False), "b.shn", db)


def test_a_streamed_files_failure_is_its_error_and_the_folder_goes_on(tmp_path, monkeypatch):
    """A file read in batches (SHEAD_STREAM_ABOVE=0: every file streamed) whose batch reader raises."""
    import ingest.stream  # noqa: PLC0415

    real = ingest.stream.ingest_large
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
    monkeypatch.setattr(ingest.stream, "ingest_large",
                        lambda store, path, *a, **k: _boom() if Path(path).name == "b.csv" else real(store, path, *a,
                                                                                                      **k))
    db = tmp_path / "s.duckdb"
    _check_folder_run(cli("ingest", str(_folder(tmp_path)), "--db", str(db), "--json", ok=False), "b.csv", db)


def test_the_import_page_reports_the_failed_file_and_the_others(tmp_path, monkeypatch):
    import ingest.pipeline  # noqa: PLC0415
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    real = ingest.pipeline.load_bytes
    monkeypatch.setattr(ingest.pipeline, "load_bytes",
                        lambda name, *a, **k: _boom() if name == "b.csv" else real(name, *a, **k))
    db = tmp_path / "page.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "import_files.py"), default_timeout=60)
    at.run()
    at.file_uploader[0].set_value([("a.shn", A.encode(), "text/plain"), ("b.csv", B_CSV.encode(), "text/csv"),
                                   ("c.shn", C.encode(), "text/plain")]).run()
    at.button(key="imp_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [s.value for s in at.success] == ["**a.shn**: 1 stored, 0 duplicates, 0 rejected",
                                             "**c.shn**: 1 stored, 0 duplicates, 0 rejected"]
    (bad,) = [w.value for w in at.warning]
    assert bad.startswith("**b.csv**: nothing stored"), bad
    (said,) = [m.value for m in at.markdown if "E-INTERNAL" in m.value]
    assert said.startswith(f"b.csv:1:1 error **E-INTERNAL**: {SAID}") and "RuntimeError: boom" in said, said
    assert "the files above it are stored as their lines say (a.shn); the files after it are read on" in said, said
    assert ledger(db) == A_AND_C


def test_the_service_answers_the_files_error_and_stores_the_next_post(tmp_path, monkeypatch):
    import ingest.pipeline  # noqa: PLC0415
    from dashboard.service import OWNER, Service  # noqa: PLC0415

    real = ingest.pipeline.load_bytes
    monkeypatch.setattr(ingest.pipeline, "load_bytes",
                        lambda name, *a, **k: _boom() if name == "b.csv" else real(name, *a, **k))
    svc = Service(tmp_path / "v.duckdb", hold=5.0)
    try:
        assert svc.post(OWNER, "a.shn", A.encode(), False)[1] == 200
        body, status = svc.post(OWNER, "b.csv", B_CSV.encode(), False)
        assert status == 422 and [(e["file"], e["line"], e["code"]) for e in body["rejected"]] == [
            ("b.csv", 1, "E-INTERNAL")], body
        assert body["rejected"][0]["message"].startswith(SAID), body
        assert svc.post(OWNER, "c.shn", C.encode(), False)[1] == 200
    finally:
        svc.close()
    assert ledger(tmp_path / "v.duckdb") == A_AND_C


def test_a_sheet_read_in_batches_failing_at_its_fourth_row_keeps_the_batches_before(tmp_path, monkeypatch):
    """A CSV sheet streamed in batches of one hand (SHEAD_STREAM_ABOVE=0, SHEAD_STREAM_BATCH=1) whose row reader
    raises at its fourth hand's row: a batch is stored once the next row is read (ingest.csv_sheet.read_csv_stream:
    a Total row below joins it), so hands 1 and 2 are stored, hand 3's batch is not, and the error says so.  Hand 1:
    Cy picks, calls AS, Ed
    partner, 72, a win: Cy +2, Ed +1, Al/Bea/Di -1; hand 2: Di alone, 93, schneider: Di +8, the others -2 (B-28,
    B-33).  Stored: Al -3, Bea -3, Cy 0, Di +7, Ed -1."""
    import ingest.csv_sheet  # noqa: PLC0415

    real = ingest.csv_sheet.sheet_records

    def two_then_boom(*args, **kwargs):
        for k, rec in enumerate(real(*args, **kwargs)):
            if k == 3:
                _boom()
            yield rec

    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    monkeypatch.setattr(ingest.csv_sheet, "sheet_records", two_then_boom)
    sheet = B_CSV + ("2026-03-05,2,Bea,Di,alone,,93,win-s,-2,-2,-2,8,-2\n"
                     "2026-03-05,3,Cy,Bea,AC,Al,59,lose,-2,-4,2,2,2\n"
                     "2026-03-05,4,Di,Ed,AH,Cy,61,win,-1,-1,1,-1,2\n")
    db = tmp_path / "b.duckdb"
    r = cli("ingest", write(tmp_path, "night.csv", sheet), "--db", str(db), ok=False)
    assert r.exit_code == 1 and "Traceback" not in r.output, r.output
    (err,) = [x for x in r.output.splitlines() if "E-INTERNAL" in x]
    assert err.endswith(f"night.csv:1:1: E-INTERNAL: {SAID}: reading this file failed (RuntimeError: boom); the 2 "
                        "hand(s) of its batches before stay stored (stored hands count as duplicates when the file "
                        "is ingested again)"), err
    assert ledger(db) == {"Al": -3, "Bea": -3, "Cy": 0, "Di": 7, "Ed": -1}
