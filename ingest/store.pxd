# Cython declarations augmenting ingest/store.py (issue 17), read only by
# `python -m ingest.fastpath`: compiled, the scan of a hand's source for its
# card tokens (_scan_tokens) reads the source's bytes as C bytes at C indices,
# looks them up in three byte tables and writes the template and the tokens
# into two byte arrays, so it makes no Python object a character or a token.
# The .py runs unchanged without Cython (and keeps the regular-expression
# split, faster there: store._card_tokens).

cimport cython

cdef bytes _RANK_BYTE, _SUIT_BYTE, _WORD_BYTE

@cython.locals(src=bytes, out=bytearray, tok=bytearray, n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t,
               ch=cython.uchar, word=bint)
cpdef tuple _scan_tokens(str source)
