"""Rejected hands: every hand still refused, with its errors and its file.

What is listed is what is refused *now* (:mod:`ingest.rejections`): a hand
stored since it was refused (fixed and ingested again) is not listed, and a
hand refused several times is listed once, with its latest refusal.

A refused hand has no trusted date, group or table, so the sidebar filters do
not apply here (the Overview's "Rejected hands" counts the same rows).  Each
row names the file, line and column, the error code and message; the source
text and every diagnostic are shown for the chosen hand.
"""

from __future__ import annotations

import json

import polars as pl
import streamlit as st

from dashboard import hand_list as hl
from dashboard.filters import BUSY_TIMEOUT, EMPTY_HELP, _busy, db_path, ensure_navigation, plural
from dashboard.text import md
from ingest.rejections import still_rejected
from ingest.store import StoreBusy, StoreMissing, reading
from replay.errors import with_found

ensure_navigation()
st.title("Rejected hands")
st.caption("Hands still refused, with the error that stopped each and the file it came from. Fix the text "
           "and ingest the file again: the hands already stored stay as they are, and a fixed hand leaves this "
           "list once it is stored.")
path = db_path()
try:
    with reading(path, timeout=BUSY_TIMEOUT) as con:
        rows = still_rejected(con, "rejected_id, file, line, col, session, hand, code, message, errors, source, "
                                   "CAST(rejected_at AS TIMESTAMP) AS rejected_at", stored=True)
except StoreBusy as exc:
    _busy(exc)
except StoreMissing:
    st.info(EMPTY_HELP.format(db=path))
    st.stop()

if rows.is_empty():
    st.success("No hand is refused: every hand ingested into this database is stored (a hand refused earlier "
               "was stored since).")
    st.stop()

COLUMNS = {"line": st.column_config.NumberColumn("line", help="Line of the error in the file (1-based)."),
           "col": st.column_config.NumberColumn("column", help="Column of the error (1-based)."),
           "hand": st.column_config.NumberColumn("hand", help="The hand's number, when it could be read."),
           "code": st.column_config.TextColumn("error", help="The diagnostic code (docs/notation.md)."),
           "rejected_at": st.column_config.DatetimeColumn("refused at", format="YYYY-MM-DD HH:mm")}
SHOWN = ("file", "line", "col", "session", "hand", "code", "message", "rejected_at")
missing, copies = rows.filter(~rows["stored"]), rows.filter(rows["stored"])
# a refused text of a hand that is stored (a night sent again with a typo, another text of a stored hand) is no hand
# missing from the log: listed apart, and not in the Overview's count (new22 F5)
if not missing.is_empty():
    st.subheader(plural(len(missing), "rejected hand"))
    st.dataframe(hl.tidy(missing.select(*SHOWN)), hide_index=True, placeholder="—", column_config=COLUMNS)
    st.caption("One row per hand still refused and not stored, its latest refusal: where the first error is (file, "
               "line, column), its code and message. The filters in the sidebar of the other pages do not apply "
               "here.")
else:
    st.success("No hand is missing: every hand refused was stored since, or is stored from another copy.")
if not copies.is_empty():
    st.subheader("1 refused copy of a stored hand" if len(copies) == 1 else
                 f"{len(copies):,} refused copies of stored hands")
    st.dataframe(hl.tidy(copies.select(*SHOWN)), hide_index=True, placeholder="—", column_config=COLUMNS)
    st.caption("These hands are stored (the Sheet shows them); the text refused is another copy of each: a night "
               "sent again with a typo, another text of the hand (E-HAND-CONFLICT), or a different hand written "
               "under a number its file had used (E-HAND-ORDER): if it is another hand, log it under its own number. "
               "To change a stored hand, amend it (Log a hand's Edit tab, or shead ingest --amend). A hand pasted "
               "twice, the same text, is no longer refused (read once, W-HAND-PASTED): such a row refused earlier "
               "needs nothing.")
rows = pl.concat([missing, copies])

labels = [f"{r['file'] or '(no file)'}:{r['line']}:{r['col']} {r['code']}" for r in rows.to_dicts()]
i = st.selectbox("Show a hand", range(len(labels)), format_func=lambda k: labels[k], key="rejected.pick")
r = rows.row(i, named=True)
try:
    errors = json.loads(r["errors"])
except (TypeError, ValueError):
    errors = []
st.markdown(f"**{md(r['file'] or '(no file)')}**, line {r['line']}, column {r['col']}: "
            f"`{md(r['code'])}` {md(r['message'])}")
for e in errors if isinstance(errors, list) else []:
    if isinstance(e, dict) and (e.get("line"), e.get("col", e.get("column")), e.get("code")) == (
            r["line"], r["col"], r["code"]):
        continue  # newuser33 F6: the error the line above says, not said twice
    if isinstance(e, dict):
        where = f"line {e.get('line', '?')}, column {e.get('col', e.get('column', '?'))}"
        said = with_found(e.get("message", ""), e.get("found"), e.get("expected"))  # as shead ingest prints it
        st.markdown(f"- {where}: `{md(e.get('code', ''))}` {md(said)}")
    else:
        st.markdown(f"- {md(e)}")
st.code(r["source"], language=None)
