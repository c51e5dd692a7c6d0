"""The web front end (``pyramide serve``): the game as an accessible web page.

One :class:`~pyramide_a11y.core.session.Session` per player, driven by form posts
(no JavaScript needed) or by ``static/game.js`` in place. Build the ASGI app with
:func:`pyramide_a11y.web.app.create_app`; nothing here is imported by
``pyramide --version`` or the terminal game.
"""
