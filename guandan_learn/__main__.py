"""``python -m guandan_learn``: the ``guandan-learn`` command line."""

import sys

from .cli import main

sys.exit(main())
