"""shead's ingest side: records -> facts -> the engine -> the store.

Importing the package sets ``OPENBLAS_NUM_THREADS=1`` unless the environment
already sets it.  shead does no linear algebra, but numpy (loaded by pyarrow at
the store's first write, and by streamlit in the dashboard that ``shead demo``
and ``shead dashboard`` start with this environment) starts OpenBLAS's worker
threads on import, and they spin for about 60 ms of CPU before they sleep:
about 5 µs a hand of a 20,000-hand ``shead bench`` (issue 17).
"""

import os as _os

_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
