"""Session 30 (fixf30): newuser30's finding F7 — the README's notation excerpt.

The README's "The notation in brief" excerpt claims to be data/sheepshead/example_session.shn (notation.md §3's
normative example) with lines left out at `...`; it wrote the [Rules] line without `noPick=leaster` and left out
the Site and Table lines and hand 15's score line with no `...`.  Each line of the excerpt is now the file's line as
written, in order, and every run of lines left out is marked by one `...` line (the file's end too).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _excerpt() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## The notation in brief"):]
    block = re.search(r"```\n(.*?)```", section, re.S).group(1)
    return block.rstrip("\n").split("\n")


def test_f7_the_excerpt_is_the_example_file_with_omissions_marked():
    lines = _excerpt()
    full = (ROOT / "data" / "sheepshead" / "example_session.shn").read_text(encoding="utf-8").rstrip("\n").split("\n")
    i = 0  # where the file is read up to
    gap = False  # a `...` just seen
    for line in lines:
        if line == "...":
            assert not gap, "two ... in a row"
            gap = True
            continue
        # the next line of the excerpt is the file's next line, or (after a `...`) a later one
        j = full.index(line, i) if gap else i
        assert full[j] == line, (j, full[j], line)
        skipped = [x for x in full[i:j] if x.strip()]
        assert not skipped or gap, f"lines left out without ...: {skipped}"
        i, gap = j + 1, False
    rest = [x for x in full[i:] if x.strip()]
    assert not rest or gap, f"the file's last lines left out without ...: {rest}"
    # the lines newuser30 found changed or left out
    assert '[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"]' in lines
    assert "[Site \"Schultz's Tavern, Sheboygan WI\"]" in lines and '[Table "2"]' in lines
    assert "score Al -1 Bea -1 Cy +2 Di -1 Ed +1" in lines
