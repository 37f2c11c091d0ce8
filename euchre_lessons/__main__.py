"""``python -m euchre_lessons``: the ``euchre-lessons`` command (``cli.main``)."""
from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
