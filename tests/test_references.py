"""Every cross-reference in the code and the docs names something that exists.

Docstrings and comments name code with Sphinx roles (``:mod:``, ``:class:``,
``:func:``, ``:meth:``); the docs under ``docs/`` name modules and folders by
path (``web/solving.py``, ``storage/``). A module renamed away leaves such a
reference pointing nowhere, and nothing else would notice: this test resolves
each one, the way Sphinx would.

- ``:role:`a.b.C``` is absolute: an importable module, then attributes.
- ``:role:`.b.C``` (a leading dot) names any object of the package whose dotted
  name ends with ``b.C``.
- ``:role:`C.meth``` (no dot in front) resolves from the module it is written in:
  a name defined or imported there, or an attribute of one of its classes.
- ``~`` (show the last part only) and ``text <target>`` are read as Sphinx does.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

import pyramide_a11y

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "pyramide_a11y"
ROLES = ("mod", "class", "func", "meth")
ROLE = re.compile(r":(" + "|".join(ROLES) + r"):`([^`]+)`")
# Not imported: running it starts the game.
SKIPPED_MODULES = {"pyramide_a11y.__main__"}


@cache
def modules() -> dict[str, ModuleType]:
    """Every module of the package, imported, by dotted name."""
    found = {"pyramide_a11y": pyramide_a11y}
    for info in pkgutil.walk_packages(pyramide_a11y.__path__, "pyramide_a11y."):
        if info.name not in SKIPPED_MODULES:
            found[info.name] = importlib.import_module(info.name)
    return found


@cache
def qualified_names() -> frozenset[str]:
    """The dotted name of every module, of what each defines or imports, and of
    every attribute of its classes (inherited ones too)."""
    names: set[str] = set()
    for module_name, module in modules().items():
        names.add(module_name)
        for name, value in vars(module).items():
            names.add(f"{module_name}.{name}")
            if inspect.isclass(value):
                names.update(f"{module_name}.{name}.{attr}" for attr in dir(value))
                names.update(f"{module_name}.{name}.{attr}" for attr in _annotated(value))
    return frozenset(names)


def _annotated(cls: type) -> set[str]:
    """A class's annotated fields (dataclass fields, protocol attributes)."""
    fields: set[str] = set()
    for klass in cls.__mro__:
        fields.update(getattr(klass, "__annotations__", {}))
    return fields


def target_of(text: str) -> str:
    """The object a role's text names: ``title <target>`` gives ``target``; a
    leading ``~`` only shortens what is shown."""
    explicit = re.fullmatch(r".*<([^>]+)>", text.strip())
    target = explicit.group(1) if explicit else text.strip()
    return target.removeprefix("~").removesuffix("()")


def importable(dotted: str) -> bool:
    """``dotted`` as a module, or a module's attribute path."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                if inspect.isclass(obj) and attr in _annotated(obj):
                    obj = None
                    continue
                return False
            obj = getattr(obj, attr)
        return True
    return False


def resolves(target: str, module_name: str | None, role: str = "func") -> bool:
    if role == "mod":
        return module_resolves(target)
    names = qualified_names()
    if target.startswith("."):
        tail = "." + target.lstrip(".")
        return any(name.endswith(tail) for name in names)
    if target.startswith("pyramide_a11y"):
        return target in names or importable(target)
    if module_name is not None:
        module = modules()[module_name]
        if f"{module_name}.{target}" in names:
            return True
        head, _, rest = target.partition(".")
        value = getattr(module, head, None)
        if value is not None and (not rest or importable_from(value, rest)):
            return True
        # A method or attribute named alone, in one of the module's classes.
        for value in vars(module).values():
            if inspect.isclass(value) and importable_from(value, target):
                return True
    return importable(target)


def module_resolves(target: str) -> bool:
    """A module of the package (by the end of its name when ``target`` starts with
    a dot), or any importable module."""
    if target.startswith("."):
        tail = "." + target.lstrip(".")
        return any(name.endswith(tail) for name in modules())
    try:
        importlib.import_module(target)
    except ImportError:
        return False
    return True


def importable_from(obj: object, path: str) -> bool:
    for attr in path.split("."):
        if not hasattr(obj, attr):
            return inspect.isclass(obj) and attr in _annotated(obj) and attr == path.split(".")[-1]
        obj = getattr(obj, attr)
    return True


def module_name_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def role_references() -> Iterator[tuple[str, str, str | None]]:
    """(where, role text, module it is written in) for every role in the package's
    source (docstrings and comments alike) and in the docs."""
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            for match in ROLE.finditer(line):
                where = f"{path.relative_to(ROOT)}:{number}"
                yield where, match.group(0), module_name_of(path)
    for path in sorted((ROOT / "docs").glob("*.md")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in ROLE.finditer(line):
                yield f"{path.relative_to(ROOT)}:{number}", match.group(0), None


def role_name(text: str) -> str:
    return text.split(":")[1]


def role_text(text: str) -> str:
    return text.split("`")[1]


def test_every_role_reference_resolves() -> None:
    unresolved = [
        f"{where}: {text}"
        for where, text, module_name in role_references()
        if not resolves(target_of(role_text(text)), module_name, role_name(text))
    ]
    assert not unresolved, "references to nothing:\n" + "\n".join(unresolved)


def test_the_check_finds_references_and_catches_a_stale_one() -> None:
    """The resolver is not a yes-man: the package has references, and a module or
    function renamed away is caught, relative, absolute or local."""
    assert sum(1 for _ in role_references()) > 300
    assert resolves(".search._Search._finite_node", None)
    assert resolves("pyramide_a11y.cli.main.main", None)
    assert resolves("Session", "pyramide_a11y.core.session")
    assert resolves(".parsing", None, "mod")
    assert not resolves(".cli_parsing.CommandLineParser", None)
    for stale in (".analyse_tally", ".cli_text", ".words"):
        assert not resolves(stale, None, "mod"), stale
    assert not resolves(".tally.LogHistogram", None, "mod")  # a class, not a module
    assert not resolves("pyramide_a11y.cli.main.no_such_function", None)
    assert not resolves("no_such_method", "pyramide_a11y.core.session")


# -- paths in the docs and docstrings ---------------------------------------------------

# A quoted path: a module (``web/page.py``) or a folder (``storage/``), in single
# backquotes in Markdown, in double ones in docstrings.
MARKDOWN_PATH = re.compile(r"(?<!`)`([A-Za-z_][\w./-]*(?:\.py|/))`(?!`)")
DOCSTRING_PATH = re.compile(r"``([A-Za-z_][\w./-]*(?:\.py|/))``")
SEARCHED = ("", "pyramide_a11y/")
ELSEWHERE = {
    "shared/seeds/": "the rules documents, in the shared folder beside the repository",
    "dist/": "made by python -m build",
    "locks/": "in the player's data folder",
    "pyramide_a11y/locales/": "in the built wheel (hatch_build.py)",
}
"""Paths the docs name that are not in a source checkout, and where they are."""


def doc_paths() -> Iterator[tuple[str, str]]:
    docs = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
    for path in docs:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in MARKDOWN_PATH.finditer(line):
                yield f"{path.relative_to(ROOT)}:{number}", match.group(1)
    for path in sorted(PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in DOCSTRING_PATH.finditer(line):
                yield f"{path.relative_to(ROOT)}:{number}", match.group(1)


@cache
def source_files() -> frozenset[str]:
    """Every file and folder under the package, tests, benchmarks and scripts, as
    paths relative to the repository."""
    found: set[str] = set()
    for top in ("pyramide_a11y", "tests", "benchmarks", "scripts"):
        for path in (ROOT / top).rglob("*"):
            if "__pycache__" not in path.parts:
                found.add(path.relative_to(ROOT).as_posix() + ("/" if path.is_dir() else ""))
    return frozenset(found)


def path_exists(named: str) -> bool:
    """``named`` from the repository or the package folder, or, written as a file
    or folder alone or with part of its path, the end of one that exists."""
    if named in ELSEWHERE or any((ROOT / base / named).exists() for base in SEARCHED):
        return True
    return any(path.endswith("/" + named) for path in source_files())


def test_every_module_path_in_the_docs_exists() -> None:
    paths = list(doc_paths())
    assert len(paths) > 100
    missing = [f"{where}: {named}" for where, named in paths if not path_exists(named)]
    assert not missing, "the docs name files that do not exist:\n" + "\n".join(missing)


@pytest.mark.parametrize("named", ["app/", "words.py", "web/settings_form.py"])
def test_a_path_renamed_away_is_caught(named: str) -> None:
    assert not path_exists(named)
