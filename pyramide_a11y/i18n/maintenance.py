"""Catalog maintenance: extract the messages, update the ``.po`` files, check them.

Used by ``scripts/update-catalogs`` and by the catalog tests, so both agree on
what "up to date" means. Extraction is Babel's, with the effect of
``pybabel extract --no-location --sort-output -c Translators:`` and our
keywords; the header dates are fixed so that two branches that both add
strings only conflict where their strings do.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from .catalogs import DOMAIN
from .languages import LANGUAGES

KEYWORDS: dict[str, object] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
COMMENT_TAG = "Translators:"
FIXED_DATE = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
PROJECT = "pyramide-a11y"
SOURCE_LANGUAGE = "en"
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)?[^{}]*\}")


@dataclass(frozen=True)
class Tree:
    """Where the sources and catalogs of a checkout are."""

    root: Path

    @property
    def package(self) -> Path:
        return self.root / "pyramide_a11y"

    @property
    def locales(self) -> Path:
        return self.root / "locales"

    @property
    def template(self) -> Path:
        return self.locales / f"{DOMAIN}.pot"

    def po(self, language: str) -> Path:
        return self.locales / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _new_catalog(locale: str | None) -> Catalog:
    return Catalog(
        locale=locale,
        domain=DOMAIN,
        project=PROJECT,
        version="",
        copyright_holder="pyramide-a11y contributors",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        last_translator="pyramide-a11y contributors",
        language_team=locale or "",
        fuzzy=False,
    )


def extract(tree: Tree) -> Catalog:
    """The template: every marked message of the package, without locations."""
    catalog = _new_catalog(None)
    method_map = [("**.py", "python")]
    for _filename, _lineno, message, comments, context in extract_from_dir(
        str(tree.package),
        method_map=method_map,
        keywords=KEYWORDS,  # type: ignore[arg-type]
        comment_tags=(COMMENT_TAG,),
        strip_comment_tags=True,
    ):
        existing = catalog.get(message[0] if isinstance(message, tuple) else message, context)
        if existing is not None:
            for comment in comments:
                if comment not in existing.auto_comments:
                    existing.auto_comments.append(comment)
            continue
        catalog.add(message, None, auto_comments=comments, context=context)
    return catalog


def render(catalog: Catalog) -> str:
    """The text of a catalog as we commit it."""
    buffer = io.BytesIO()
    write_po(
        buffer,
        catalog,
        width=76,
        no_location=True,
        sort_output=True,
        ignore_obsolete=True,
        include_previous=False,
    )
    # The Babel version would differ between machines: leave it out.
    lines = buffer.getvalue().decode("utf-8").splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith('"Generated-By:'))


def _signature(catalog: Catalog) -> list[tuple[object, ...]]:
    """What must agree between the sources and the template (not the formatting)."""
    # Long comments are wrapped when written: compare their words only.
    return sorted(
        (m.context or "", repr(m.id), " ".join(" ".join(m.auto_comments).split()))
        for m in catalog
        if m.id
    )


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def updated(template: Catalog, language: str, current: Catalog | None) -> Catalog:
    """``current`` (or a new catalog) brought in line with ``template``.

    Messages no longer in the template are dropped; no fuzzy guesses are made
    (a changed message must be translated afresh). English is the source
    language: its empty entries are filled with the source text.
    """
    catalog = current if current is not None else _new_catalog(language)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.creation_date = FIXED_DATE
    catalog.revision_date = FIXED_DATE
    if language == SOURCE_LANGUAGE:
        for message in catalog:
            if not message.id:
                continue
            if isinstance(message.id, tuple | list):
                strings = message.string if isinstance(message.string, tuple | list) else ()
                if not any(strings):
                    singular, plural = message.id[0], message.id[1]
                    message.string = tuple(
                        singular if i == 0 else plural for i in range(catalog.num_plurals)
                    )
            elif not message.string:
                message.string = message.id
    return catalog


def update_all(tree: Tree) -> list[Path]:
    """Write the template and the three ``.po`` files; returns the files changed."""
    changed = []
    template = extract(tree)
    outputs = {tree.template: render(template)}
    for language in LANGUAGES:
        path = tree.po(language)
        current = read(path, language) if path.is_file() else None
        outputs[path] = render(updated(template, language, current))
    for path, text in outputs.items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def _placeholders(text: str) -> set[str]:
    return {match.group(1) or "" for match in PLACEHOLDER.finditer(text)}


def _message_problems(language: str, message: Message, forms: int) -> list[str]:
    key = f"{language}: {message.id!r}" + (
        f" (context {message.context})" if message.context else ""
    )
    problems = []
    if message.fuzzy:
        problems.append(f"{key}: fuzzy")
    if isinstance(message.id, tuple | list):
        wanted = _placeholders(message.id[0]) | _placeholders(message.id[1])
        strings = list(message.string) if isinstance(message.string, tuple | list) else []
        if len(strings) != forms or not all(strings):
            problems.append(f"{key}: not translated in every plural form")
            return problems
        found: set[str] = set()
        for form in strings:
            names = _placeholders(form)
            if not names <= wanted:
                problems.append(f"{key}: unknown placeholder in {form!r}")
            found |= names
        if found != wanted:
            problems.append(f"{key}: placeholders {sorted(wanted)} vs {sorted(found)}")
    else:
        if not message.string:
            problems.append(f"{key}: not translated")
        elif _placeholders(message.id) != _placeholders(str(message.string)):
            problems.append(f"{key}: placeholders differ in {message.string!r}")
    return problems


def check(tree: Tree) -> list[str]:
    """Everything wrong with the committed catalogs, one line each (empty: all good).

    Checks that the template matches the sources, that every ``.po`` has exactly
    the template's messages, each translated (all plural forms), none fuzzy,
    with the same ``{placeholders}`` as its source.
    """
    problems = []
    template = extract(tree)
    if not tree.template.is_file():
        return [f"{tree.template} missing: run scripts/update-catalogs"]
    if _signature(read(tree.template)) != _signature(template):
        problems.append(f"{tree.template} is out of date: run scripts/update-catalogs")
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    for language in LANGUAGES:
        path = tree.po(language)
        if not path.is_file():
            problems.append(f"{path} missing: run scripts/update-catalogs")
            continue
        catalog = read(path, language)
        have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}
        if have != wanted:
            problems.append(f"{path} does not match the template: run scripts/update-catalogs")
        for message in catalog:
            if message.id:
                problems.extend(_message_problems(language, message, catalog.num_plurals))
    return problems
