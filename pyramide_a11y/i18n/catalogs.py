"""Finding and loading the compiled catalogs.

An installed wheel carries ``pyramide_a11y/locales/<lang>/LC_MESSAGES/pyramide.mo``,
compiled from the ``.po`` files by the build hook (``hatch_build.py``). A source
checkout or an editable install has only the ``.po`` files in the top-level
``locales/``: those are compiled in memory with Babel when first needed, so a
translator sees an edit at the next start without a build step.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "pyramide"
PACKAGE_LOCALES = Path(__file__).resolve().parent.parent / "locales"
SOURCE_LOCALES = Path(__file__).resolve().parent.parent.parent / "locales"
# More source ``locales/`` folders, searched after the package's (tests).
_extra_locales: list[Path] = []


@contextmanager
def extra_locales(folder: Path) -> Iterator[Path]:
    """Inside the block, also find ``.po`` catalogs in ``folder``
    (``<folder>/<lang>/LC_MESSAGES/pyramide.po``): a catalog made by a test."""
    _extra_locales.append(folder)
    try:
        yield folder
    finally:
        _extra_locales.remove(folder)


def catalog_paths(language: str) -> tuple[Path, Path]:
    """The packaged ``.mo`` and the source ``.po`` of ``language``."""
    tail = Path(language) / "LC_MESSAGES"
    return (
        PACKAGE_LOCALES / tail / f"{DOMAIN}.mo",
        SOURCE_LOCALES / tail / f"{DOMAIN}.po",
    )


def compile_po(po_path: Path) -> bytes:
    """The ``.mo`` bytes of a ``.po`` file (fuzzy entries left out, as msgfmt does)."""
    # Babel's catalog tools only here: an installed game reads the compiled ``.mo``.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def load_translations(language: str) -> gettext.NullTranslations:
    """The translations of ``language``; a pass-through (English source strings)
    when it has no catalog. Never raises for a missing or unreadable catalog."""
    mo_path, po_path = catalog_paths(language)
    tail = po_path.relative_to(SOURCE_LOCALES)
    extra = [folder / tail for folder in _extra_locales]
    try:
        if mo_path.is_file():
            data = mo_path.read_bytes()
        elif found := next((p for p in (po_path, *extra) if p.is_file()), None):
            data = compile_po(found)
        else:
            return gettext.NullTranslations()
        return gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, ValueError):
        return gettext.NullTranslations()
