"""The Import page's CSV preview reads a sheet as the import does
(``ingest.csv_sheet.column_map``): a mapping that names only players'
full names, or only a column to ignore, leaves the other columns guessed
from the header, so a per-hand score sheet is not shown as a ledger of
sitting totals (a tester's sheet, session of 2026-12-04)."""

from __future__ import annotations

from dashboard.pages.import_files import csv_preview

SHEET = ("Date,Hand,Dealer,Picker,Partner,Called,Points,Result,Ann,Bob,Cal,Dot,Eve,Notes\n"
         "2026-12-20,1,Ann,Bob,Dot,AH,75,win,-1,2,-1,1,-1,good hand\n").encode()


def test_names_only_mapping_keeps_the_guessed_fields():
    kind, cols, rows = csv_preview("sheet.csv", SHEET, "Ann=Ann Kraus,Bob=Bob Lenz")
    assert kind == "per-hand score sheet"
    assert (cols["date"], cols["picker"], cols["partner"], cols["points"], cols["outcome"]) == \
        ("Date", "Picker", "Partner", "Points", "Result")
    # row 1 as written: Bob picked with Dot at 75, a plain win (+2 / +1 / -1 each, rules.md B-27)
    assert rows[0]["picker"] == "Bob" and rows[0]["points"] == "75" and rows[0]["units: Bob"] == "2"


def test_ignore_only_mapping_and_no_mapping_agree():
    guessed = csv_preview("sheet.csv", SHEET)
    ignored = csv_preview("sheet.csv", SHEET, "ignore=Notes")
    assert guessed[0] == ignored[0] == "per-hand score sheet"
    assert ignored[1]["picker"] == guessed[1]["picker"] == "Picker"
