"""Every rule the code cites is in docs/rules.md.

Messages, docstrings and the docs cite the rules as ``rules.md B-28``; a
user of the repository reads them in docs/rules.md (a copy of the project's
shared rules reference, newuser17: the clone had no rules.md).  A citation
of a rule that the reference does not number (a typo, a renumbered rule) is
found here.  Section I numbers its edge cases ``34.``, cited ``I-34``; a
rule's lettered parts (``B-11b``) are its paragraphs.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def numbered() -> set[str]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"^([A-HJ]-\d+)\.", text, re.M))
    section_i = text.split("\n## I.", 1)[1].split("\n## ", 1)[0]
    ids |= {f"I-{n}" for n in re.findall(r"^(\d+)\. ", section_i, re.M)}
    return ids


def test_the_reference_numbers_its_rules():
    ids = numbered()
    # spot checks against the reference: the schneider lines, the edge cases' count, the profile flags' section
    assert {"B-28", "B-35", "D-19", "E-1", "G-12", "I-1", "I-42"} <= ids and "I-43" not in ids


def test_every_cited_rule_is_numbered_in_the_reference():
    ids = numbered()
    cited: dict[str, str] = {}
    for folder in ("replay", "ingest", "dashboard", "docs"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in (".py", ".md") or path.name == "rules.md":
                continue
            for m in re.finditer(r"rules\.md ([A-J]-\d+)[a-z]?", path.read_text(encoding="utf-8")):
                cited.setdefault(m.group(1), str(path.relative_to(ROOT)))
    assert len(cited) > 80
    assert {k: v for k, v in cited.items() if k not in ids} == {}
