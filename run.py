"""Contact Zone: the one entry point. `python run.py --help` lists the commands."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
