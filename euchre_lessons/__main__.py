"""``python -m euchre_lessons``: the ``euchre-lessons`` command (``delivery.commands.main``)."""
from .delivery.commands import main

if __name__ == "__main__":
    raise SystemExit(main())
