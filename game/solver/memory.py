"""The process's resident memory, which the solver's memory cap watches.

Current resident memory on Linux and Windows; elsewhere the peak so far, never less than it.
"""

from __future__ import annotations

import os
import sys


def resident_bytes() -> int:
    """Bytes of this process's memory held in RAM (see the module's note on other systems)."""
    if sys.platform == "win32":
        return _windows_working_set()
    if sys.platform.startswith("linux"):
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # bytes on macOS, else KiB


if sys.platform == "win32":
    import ctypes
    from ctypes import wintypes

    class _Counters(ctypes.Structure):
        # PROCESS_MEMORY_COUNTERS from psapi.h
        _fields_ = [
            ("cb", wintypes.DWORD),
            ("PageFaultCount", wintypes.DWORD),
            *((name, ctypes.c_size_t) for name in (
                "PeakWorkingSetSize", "WorkingSetSize", "QuotaPeakPagedPoolUsage",
                "QuotaPagedPoolUsage", "QuotaPeakNonPagedPoolUsage", "QuotaNonPagedPoolUsage",
                "PagefileUsage", "PeakPagefileUsage",
            )),
        ]

    def _windows_working_set() -> int:
        counters = _Counters()
        counters.cb = ctypes.sizeof(counters)
        kernel = ctypes.windll.kernel32
        kernel.K32GetProcessMemoryInfo(
            kernel.GetCurrentProcess(), ctypes.byref(counters), counters.cb
        )
        return int(counters.WorkingSetSize)
