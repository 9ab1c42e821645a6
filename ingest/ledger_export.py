"""The CSV-ledger sittings beside a hand export (QA D2): ``shead export``
writes hands; sittings stored without hands (table ``settlements``) cannot
be written as SHN hands, so they go to a CSV ledger beside the export that
``shead ingest`` reads back to the same sittings (same session names,
groups, dates and nets: :func:`ingest.export.export_ledger_csv`)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["beside_path", "write_beside"]


def beside_path(out: Path, fmt: str) -> Path:
    """Where the sittings go beside an export ``out``: ``x.shn`` →
    ``x.ledger.csv``; a Parquet folder → ``folder/ledger.csv``."""
    if fmt == "parquet":
        return Path(out) / "ledger.csv"
    return Path(out).with_suffix(".ledger.csv")


def write_beside(con, fmt: str, out: Path | None) -> tuple[int, Path | None]:
    """``(sittings, file)``: the number of CSV-ledger sittings stored, and
    the file they were written to — ``None`` when nothing was written (none
    stored, ``fmt`` is ``ledger`` itself, or the export goes to standard
    output, where the caller warns).  Raises ``OSError`` when the file
    cannot be written."""
    from ingest.export import export_ledger_csv, ledger_sittings  # noqa: PLC0415

    if fmt == "ledger":
        return 0, None
    n = ledger_sittings(con)
    if not n or out is None or str(out) == "-":
        return n, None
    path = beside_path(out, fmt)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        export_ledger_csv(con, fh)
    return n, path
