"""The shead dashboard: a multipage Streamlit app (``st.navigation``).

    streamlit run dashboard/app.py        # or: shead dashboard [--db PATH]

Statistic pages (their metrics in :mod:`dashboard.metrics`): Overview,
Ledger, Picking, Schneider, Partner calls, Schafkopf.  Hand pages: Sheet (the night's sheet),
Replay, Log a hand, Import.  The database is ``SHEAD_DB`` or ``data/shead.duckdb``; every page
reads it through read-only connections held no longer than one run of the page (a statistic
page's reads share one, :func:`dashboard.filters.page_connection`).

Imported as a module (``from dashboard.app import launch``) this file only
re-exports :func:`dashboard.launch.launch`; the app itself runs when
Streamlit runs the file.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parent
if str(_ROOT) not in sys.path:  # `streamlit run dashboard/app.py` from a tree that was never installed
    sys.path.insert(0, str(_ROOT))

from dashboard.launch import launch  # noqa: E402

__all__ = ["launch", "PAGES", "main"]

#: (section, file under dashboard/, title, icon, url path) of every page.  The
#: url path is the file's stem: a page's identity (its hash) is computed from
#: it, and Streamlit's own reading of the ``pages/`` folder (on a first visit
#: straight to a page's URL, see :func:`dashboard.filters.ensure_navigation`)
#: derives the same stem, so both name the same page.
PAGES = [
    ("Season", "pages/overview.py", "Overview", ":material/dashboard:", "overview"),
    ("Season", "pages/ledger.py", "Ledger", ":material/account_balance:", "ledger"),
    ("Season", "pages/picking.py", "Picking", ":material/front_hand:", "picking"),
    ("Season", "pages/schneider.py", "Schneider", ":material/trending_down:", "schneider"),
    ("Season", "pages/partner_calls.py", "Partner calls", ":material/handshake:", "partner_calls"),
    ("Season", "pages/schafkopf.py", "Schafkopf", ":material/playing_cards:", "schafkopf"),
    ("Season", "pages/deals.py", "Fair deals", ":material/casino:", "deals"),
    ("Season", "pages/player.py", "Player", ":material/person:", "player"),
    ("Hands", "pages/hands.py", "Hands", ":material/list:", "hands"),
    ("Hands", "pages/rejected.py", "Rejected hands", ":material/block:", "rejected"),
    ("Hands", "pages/sheet.py", "Sheet", ":material/table_view:", "sheet"),
    ("Hands", "pages/replay_hand.py", "Replay", ":material/replay:", "replay_hand"),
    ("Hands", "pages/compare.py", "Compare", ":material/compare_arrows:", "compare"),
    ("Hands", "pages/log_hand.py", "Log a hand", ":material/edit_note:", "log_hand"),
    ("Hands", "pages/import_files.py", "Import", ":material/upload_file:", "import_files"),
]


def main() -> None:
    import streamlit as st  # noqa: PLC0415 - only when run as the app

    from dashboard.access import gate, page_allowed  # noqa: PLC0415

    st.set_page_config(page_title="shead — Sheepshead hand log", page_icon="🐑", layout="wide")
    who = gate()  # beyond loopback: the sign-in form until a token is given; then only its group is read
    sections: dict[str, list] = {}
    # The root URL shows the Overview through a hidden page of its own: Streamlit serves the default page at
    # "/" only, so were the listed Overview the default, "/overview" typed by hand would be "Page not found".
    first = PAGES[0]
    sections[first[0]] = [st.Page(str(_HERE / first[1]), title=first[2], icon=first[3], url_path="home",
                                  default=True, visibility="hidden")]
    for section, path, title, icon, url in PAGES:
        # a page another engineer has not written yet is left out, and a writing page for a viewer
        if (_HERE / path).exists() and page_allowed(url, who):
            sections.setdefault(section, []).append(
                st.Page(str(_HERE / path), title=title, icon=icon, url_path=url))
    from dashboard.filters import page_connection  # noqa: PLC0415

    page = st.navigation(sections, expanded=True)  # every page listed: no "View N more" to hunt behind
    with page_connection(page.url_path):  # a statistic page's reads share one connection (issue 17)
        page.run()


if __name__ == "__main__":
    main()
