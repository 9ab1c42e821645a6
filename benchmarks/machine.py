"""The machine a benchmark ran on, as its first line says it: cores, CPU
model, and (on a shared machine, where the figures vary with it) the load."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, or "unknown CPU"."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def load_line() -> str:
    """``N cores, CPU, load average L``."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{os.cpu_count()} cores, {cpu_model()}, load average {load:.1f}"


def platform_line() -> str:
    """``System arch, CPU, N cores, Python X.Y.Z``."""
    return (f"{platform.system()} {platform.machine()}, {cpu_model()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}")
