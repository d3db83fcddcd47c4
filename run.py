"""Contact Zone: the one entry point. `python run.py --help` lists the commands."""

import signal
import sys

from game.cli import main

if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `run.py ... | head` ends quietly
    sys.exit(main())
