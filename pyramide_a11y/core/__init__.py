"""The play core: one player's session, front-end neutral.

A session (:class:`~pyramide_a11y.core.session.Session`) takes a command, or a typed
line, and returns an :class:`~pyramide_a11y.core.answer.Answer`; the front ends
(``terminal``, ``web``, ``cli``) deliver it. Nothing here imports argparse,
prompt_toolkit or the speech package (``tests/test_layers.py`` checks it).
"""
