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

from ingest.rounding import fixed, half_up, percent  # the one rounding of a shown number, shared with the CLI

__all__ = ["md", "WJ", "text_px", "column_px", "half_up", "fixed", "percent", "rounded", "percents",
           "PERCENT_FORMAT"]

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


#: The characters :func:`text_px` knows, and their widths in tenths of a pixel in the dataframe grid's font (Source
#: Sans, 14 px, the header's weight 600: a cell's normal weight is no wider), as Chromium measures them
_MEASURED = (" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"
             "\u2192\u00d7\u03a3\u00e4\u00f6\u00fc\u00df\u2026\u00b7\u2212")
_TENTHS = (
    28, 44, 68, 72, 72, 118, 90, 38, 45, 45, 61, 72, 38, 45, 38, 48, 72, 72, 72, 72, 72, 72, 72, 72, 72, 72, 38, 38,
    72, 72, 72, 62, 122, 78, 84, 81, 88, 75, 71, 88, 93, 40, 69, 84, 70, 104, 92, 94, 82, 94, 83, 76, 76, 92, 75,
    112, 76, 70, 76, 45, 48, 45, 72, 70, 77, 72, 79, 65, 79, 71, 44, 73, 78, 37, 37, 73, 38, 118, 78, 77, 79, 79, 52,
    60, 50, 78, 69, 105, 67, 69, 62, 45, 36, 45, 72, 86, 72, 76, 72, 77, 78, 85, 135, 38, 72)
_WIDTH = dict(zip(_MEASURED, _TENTHS))
#: a character not measured: a capital's width; an East Asian wide character two of them
_OTHER, _WIDE = 90, 140
#: the grid's padding either side of a cell's text (``cellHorizontalPadding``) and a pixel or two of room
_PADDING = 16 + 2


def text_px(text: str) -> float:
    """The width in pixels of ``text`` in the dashboard's dataframe grid (Source Sans at 14 px, as wide as the
    header's bold): the measured widths of its characters, a character not measured as a capital (a wide East
    Asian one as two).  For sizing a column to its longest cell (the Sheet page)."""
    import unicodedata  # noqa: PLC0415

    tenths = 0
    for ch in str(text):
        w = _WIDTH.get(ch)
        if w is None:
            w = _WIDE if unicodedata.east_asian_width(ch) in ("W", "F") else _OTHER
        tenths += w
    return tenths / 10


def column_px(texts) -> int:
    """The width in pixels a dataframe column needs to show each of ``texts`` (its label and its cells, any
    values; None counts as empty) whole: the widest one's :func:`text_px` and the grid's padding."""
    import math  # noqa: PLC0415

    return math.ceil(max((text_px("" if t is None else str(t)) for t in texts), default=0) + _PADDING)


def rounded(df, digits: dict[str, int]):
    """The polars frame ``df`` with each column named in ``digits`` (a mean shown with that many decimals by the
    table's own format, ``"%.1f"``, ``"%+.2f"``) rounded half away from zero (:func:`half_up`), so that the
    table, which rounds the binary float (60.15 is 60.1499...), shows what a person rounding by hand writes
    (60.2; metrics31 F6).  Nulls stay null; a column ``df`` lacks is left out."""
    import polars as pl  # noqa: PLC0415

    return df.with_columns([
        pl.Series(c, [None if v is None else float(half_up(v, d)) for v in df[c].to_list()], dtype=pl.Float64)
        for c, d in digits.items() if c in df.columns])


#: the grid's format of a rate column made by :func:`percents` (percentage points, one decimal): "31.3%", as
#: :func:`percent` writes the rate (real31 B: the grid's own percent format wrote 5/16 as "31.25%")
PERCENT_FORMAT = "%.1f%%"


def percents(df, columns):
    """The polars frame ``df`` with each rate column (a share of 1) named in ``columns`` as percentage points
    rounded to one decimal half away from zero (:func:`half_up` on the exact value times 100, as :func:`percent`
    rounds it: 5/16 -> 31.3), to be shown with :data:`PERCENT_FORMAT` ("31.3%", sorted as a number) instead of
    the grid's own percent format, which writes "31.25%" (real31 B).  Nulls stay null; a column ``df`` lacks is
    left out."""
    import decimal  # noqa: PLC0415

    import polars as pl  # noqa: PLC0415

    def points(v):
        d = decimal.Decimal(repr(v)) if isinstance(v, float) else decimal.Decimal(v)
        return float(half_up(d.scaleb(2), 1))

    return df.with_columns([
        pl.Series(c, [None if v is None else points(v) for v in df[c].to_list()], dtype=pl.Float64)
        for c in columns if c in df.columns])
