"""Text shown as text: the one escaping helper of the dashboard (issue 15).

Every name that comes from a file — session, group, player, seat and file
names, rules text, messages quoting the input — goes through :func:`md` before
it reaches ``st.markdown``, ``st.caption``, ``st.info``, ``st.error`` or any
other element that renders Markdown, so that ``![x](http://e/x.png)``,
``[a](http://e)``, ``<b>x</b>`` or ``**x**`` appear as those characters: no
image is fetched, no link is made, no emphasis, no HTML, no LaTeX
(``$``), no Streamlit colour directive (``:red[...]``) and no bare URL or
e-mail address made a link: Streamlit's GitHub-style autolinking works on
the text after the escapes, so an invisible U+2060 WORD JOINER is put into
``http://``, ``https://``, ``www.`` and after an ``@`` (:data:`WJ`; the text
reads the same, tests/test_names_browser.py checks it in Chromium).
"""

from __future__ import annotations

import re

__all__ = ["md", "WJ"]

#: U+2060 WORD JOINER: invisible, and not part of a URL scheme, ``www.`` or an e-mail address.
WJ = "\u2060"
_AUTOLINK = re.compile(r"(?i)(?<=https)(?=:)|(?<=http)(?=:)|(?<=www)(?=\.)|(?<=@)")

#: The characters that can start a construct of Streamlit's Markdown:
#: emphasis ``* _ ~``, code `````, links and images ``[ ]`` (with them
#: escaped, ``!`` and ``( )`` are plain), HTML and entities ``< > &``, LaTeX
#: ``$``, headings ``#``; and ``:`` before a letter (a directive
#: ``:red[`` or an emoji shortcode ``:smile:``).  Others (``( ) . - + ! |``,
#: ``:`` before a space) are left as they are, so that "Bea (Bea Schmidt)"
#: and "Trick 2: Al is winning" read the same in the page source.
_MD_SPECIAL = frozenset("\\`*_[]<>&$~#")


def md(text: object) -> str:
    """``text`` (any value, shown with ``str``) escaped for Streamlit
    Markdown: a backslash before every special character, so that it renders
    as exactly these characters.  ``None`` gives ``""``."""
    if text is None:
        return ""
    s = str(text)
    out = []
    for i, ch in enumerate(s):
        if ch in _MD_SPECIAL or (ch == ":" and s[i + 1:i + 2].isalpha()):
            out.append("\\")
        out.append(ch)
    out_s = "".join(out)
    if ":" in s or "@" in s or "." in s:
        out_s = _AUTOLINK.sub(WJ, out_s)
    return out_s
