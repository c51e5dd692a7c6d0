"""``python -m pyramide_a11y``: the same as the ``pyramide`` command."""

from pyramide_a11y.launch import main

raise SystemExit(main())
