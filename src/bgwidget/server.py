"""``python -m bgwidget.server``: the game server, as the ``bgwidget serve`` command runs it
(see :mod:`bgwidget.online.launch`); takes the same options."""

import sys

if __name__ == "__main__":
    from bgwidget.online.launch import main

    main(["serve", *sys.argv[1:]])
