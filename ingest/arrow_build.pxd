# Cython declarations augmenting ingest/arrow_build.py (issue 17), read only by
# `python -m ingest.fastpath`: compiled, a column's offsets (_offsets_scan) are
# summed and written as C integers into one byte array, and a list column's
# values (_flat_scan) appended to one byte array, so neither makes a Python
# integer or a bytes object a value.  The .py runs unchanged without Cython
# (and keeps the map/struct/join forms, faster there: arrow_build._offsets).

cimport cython

@cython.locals(out=bytearray, n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, total=Py_ssize_t)
cpdef object _offsets_scan(list items)

@cython.locals(out=bytearray)
cpdef object _flat_scan(list values)
