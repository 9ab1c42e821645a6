# Cython declarations augmenting ingest/deal_summary.py (issue 17), read only
# by `python -m ingest.fastpath`: compiled, a session's six-card lines are
# keyed by one C loop over their cards' weights (_line_keys_scan: the weights
# read through a C pointer, each line's sum and key C integers).  The .py runs
# unchanged without Cython (and keeps the map form, faster there:
# deal_summary._line_keys).

cimport cython

@cython.locals(w=cython.p_uchar, n=Py_ssize_t, b=Py_ssize_t, i=Py_ssize_t, key=cython.long, place=cython.long, out=dict)
cpdef dict _line_keys_scan(weights, list places)
