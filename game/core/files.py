"""Reading input files within bounded memory.

Scenario files and saves come from players, editors and other tools, so nothing is read
whole before it is known to be a regular file of a sensible size: a device (``/dev/zero``),
a pipe or a folder is refused by its kind, and a file over the limit by its size, before a
byte of it is read.
"""

from __future__ import annotations

import gc
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MB = 1024 * 1024
#: the largest scenario file read (a big battle with hundreds of units is well under 1 MB)
MAX_SCENARIO_BYTES = 4 * MB
#: the largest save read: a game of 10,000 events weighs about 1.5 MB, so this holds
#: games of more than 400,000 events
MAX_SAVE_BYTES = 64 * MB


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a save is parsed or folded. Those build tens of
    thousands of dicts, lists and records without a reference cycle among them, yet every
    few hundred new containers start a collection that walks them all (and now and then the
    whole heap): a quarter of the time a long save takes to load. Nothing is lost: what the
    block leaves behind is collected as usual once it is over.

    What the block built then joins the oldest generation at once (``gc.freeze`` and
    ``gc.unfreeze`` move every tracked object there by splicing two lists, without looking
    at any): otherwise the first young collection after the block walks every dict and list
    of the save (about a fifth of loading a long one), and the next generation's walks them
    again. A cycle left as garbage (the block's, or the program's from before it) is still
    collected, by the next full collection instead of a young one."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


class FileProblem(Exception):
    """Why a file cannot be read, worded to follow its name (``"no such file"``)."""


def _size(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{n / 1024:.0f} KB"


def check_regular(path: str | Path, what: str) -> os.stat_result:
    """The file's status, or :class:`FileProblem` if it is missing or not a regular file."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        raise FileProblem("no such file") from None
    except PermissionError:
        raise FileProblem("cannot be read (permission denied)") from None
    except ValueError:  # a NUL byte in the name
        raise FileProblem("is not a valid file name") from None
    except OSError as exc:
        raise FileProblem(f"cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(st.st_mode):
        raise FileProblem(f"is a folder, not {what}")
    if not stat.S_ISREG(st.st_mode):
        raise FileProblem(f"is not a regular file (a device, pipe or socket), not {what}")
    return st


def read_limited(path: str | Path, limit: int, what: str) -> bytes:
    """The whole content of a regular file of at most ``limit`` bytes. ``what`` names the
    kind of file in messages (``"a scenario file"``). Raises :class:`FileProblem`."""
    too_big = f"larger than the {_size(limit)} {what} may be"
    st = check_regular(path, what)
    if st.st_size > limit:
        raise FileProblem(f"is {_size(st.st_size)}, {too_big}")
    try:
        # non-blocking: should the name have become a pipe since the check, opening it does
        # not wait for a writer
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except PermissionError:
        raise FileProblem("cannot be read (permission denied)") from None
    except OSError as exc:
        raise FileProblem(f"cannot be read ({exc.strerror or exc})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileProblem(f"is not a regular file (a device, pipe or socket), not {what}")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(limit + 1 - got, MB))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:  # it grew since the check
            raise FileProblem(f"is {too_big}")
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def read_first_line(path: str | Path, limit: int) -> bytes:
    """The first line of a regular file, reading at most ``limit`` bytes (for recognising a
    save by its header). Raises :class:`FileProblem`."""
    check_regular(path, "a file")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise FileProblem(f"cannot be read ({exc.strerror or exc})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileProblem("is not a regular file")
        with os.fdopen(os.dup(fd), "rb") as fh:
            return fh.readline(limit)
    except OSError as exc:
        raise FileProblem(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
