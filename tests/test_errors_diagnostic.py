"""replay.errors.Diagnostic: what a diagnostic keeps of what it quotes."""

from __future__ import annotations


def test_a_huge_word_quoted_in_a_message_is_cut_and_says_its_length():
    """break16 F10: a 5 MB note quoted in E-HAND-CONFLICT and a 1 MB flag in E-RULES-FLAG made error lines of
    that size.  A word over 200 characters in a message or ``found`` is cut to its first 60 and its length;
    shorter words (a long file path) and shorter messages are kept as written."""
    from replay.errors import Diagnostic, clip_long_words

    flag = "x" * 1_000_000
    d = Diagnostic("E-RULES-FLAG", f"unknown rule flag '{flag}'", found=flag)
    assert d.message == "unknown rule flag '" + "x" * 59 + "…(1,000,002 characters)"
    assert d.found == "x" * 60 + "…(1,000,000 characters)"
    path = "/tmp/" + "p" * 150 + "/night.shn"
    long_but_fine = f"{path}: " + "word " * 100
    assert Diagnostic("W-X", long_but_fine, "warning").message == long_but_fine
    assert clip_long_words("a " + "y" * 201) == "a " + "y" * 60 + "…(201 characters)"
    assert clip_long_words("a " + "y" * 200) == "a " + "y" * 200
