"""Worker processes for ``simulate`` and ``odds --jobs``: as many as the cores this process
may run on, and each gone as soon as the process that started it is.

A worker of a ``ProcessPoolExecutor`` whose parent is killed (``kill -9``, so the pool never
shuts down) would otherwise wait for work forever, holding the parent's output pipes open (a
shell pipeline or a test runner reading them never sees them close). Each worker watches its
parent from a thread and exits once the parent is gone.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

#: how often a worker looks whether its parent is still there (seconds)
WATCH_EVERY = 0.5


def cores_available() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def cap_jobs(jobs: int, flag: str = "--jobs") -> int:
    """``jobs`` asked for on the command line, at most one per core available; a note on
    stderr says so when it is cut down (more processes than cores only queue for them)."""
    cores = cores_available()
    if jobs <= cores:
        return jobs
    print(f"note: {flag} {jobs}: {cores} core{'s' if cores != 1 else ''} available here; "
          f"using {cores}", file=sys.stderr)
    return cores


def process_pool(jobs: int, initializer: Callable[..., object] | None = None,
                 initargs: tuple[object, ...] = ()
                 ) -> ProcessPoolExecutor:
    """A pool of ``jobs`` forked worker processes (spawned where there is no fork), each of
    which exits when its parent is gone; ``initializer`` then runs in each as the pool's
    own would."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    return ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_start_worker,
                               initargs=(os.getpid(), initializer, initargs))


def _start_worker(parent: int, initializer: Callable[..., object] | None,
                  initargs: tuple[object, ...]) -> None:
    watch_parent(parent)
    if initializer is not None:
        initializer(*initargs)


def watch_parent(parent: int, every: float = WATCH_EVERY) -> threading.Thread:
    """Exit this process (at once, with status 1) as soon as ``parent`` is no longer its
    parent: it has died and the process was handed to another."""

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(1)
            time.sleep(every)

    t = threading.Thread(target=watch, name="watch-parent", daemon=True)
    t.start()
    return t
