"""How the kit reaches its users, above the widgets: nothing else in the kit imports this package.

* ``commands`` - the ``euchre-lessons`` command (``main``); its arguments are parsed apart, in
  ``arguments``, and read with ``usage`` (a bad one is one line and exit status 2);
* ``app`` and ``classroom`` - one widget as a web page, and the server a class's pages run on;
  ``apps/`` holds the pages' notebooks;
* ``lessons`` and ``handout`` - the lessons run clean, and a lesson as a printable page;
* ``regenerate`` - every stored output (lessons, golden hands, app pages, positions' words,
  strength tables) written again, or checked, by one command;
* ``find`` - practice positions found in seeded hands, proved and worded, and the kit's set
  checked (``python -m euchre_lessons.delivery.find``);
* ``lite`` - the lessons as an offline site in the browser;
* ``course`` - the course as the package ships it: the lessons, the guide, the solutions, and
  ``euchre-lessons lessons DIR`` that copies them.
"""
