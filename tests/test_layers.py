"""Imports point one way: engine ← solver ← narration/commands/storage ← core ←
terminal ← cli, and web on the core alone.

Each layer may import only the layers listed for it (and itself); the check reads
every module's import statements, so a new module cannot slip past it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "pyramide_a11y"

ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "solver": {"engine"},
    "i18n": set(),
    "speech": {"engine", "i18n", "narration"},  # engine: suit symbols; narration: cues
    "narration": {"engine", "i18n", "solver", "storage"},  # storage: records worded
    "commands": {"engine", "i18n", "narration"},
    "storage": {"engine", "i18n"},
    # The play core: front-end neutral (no speech, no terminal, no command line).
    "core": {"engine", "solver", "i18n", "narration", "commands", "storage"},
    "terminal": {"engine", "solver", "i18n", "narration", "commands", "storage", "core", "speech"},
    "cli": {
        "engine",
        "solver",
        "i18n",
        "narration",
        "commands",
        "storage",
        "core",
        "speech",
        "terminal",
        "web",  # ``serve`` builds the web app when it runs
    },
    # The web front end: on the core's public names (checked below), i18n and
    # narration; no commands (the core's ``Resolved`` are what a form becomes), no
    # speech, no terminal. Still: engine (the cards and rules a page shows and
    # names: values the core's view holds), storage (each player's own store,
    # its lock and the database URL: the web keeps players in step across
    # worker processes) and solver (hints and pars in child processes).
    "web": {"engine", "solver", "i18n", "narration", "storage", "core"},
}


def layer_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0].removesuffix(".py") if len(parts) > 1 else ""


def imported_layers(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                names.append(node.module)
            elif node.level >= 2 and node.module:
                # ``from ..engine import x`` inside a layer names a sibling layer.
                names.append("pyramide_a11y." + node.module)
            elif node.level >= 2:
                # ``from .. import engine`` names it in the imported names instead.
                names.extend("pyramide_a11y." + alias.name for alias in node.names)
    return {
        name.split(".")[1]
        for name in names
        if name.startswith("pyramide_a11y.") and len(name.split(".")) > 1
    }


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if layer_of(p))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_module_imports_only_lower_layers(path: Path) -> None:
    layer = layer_of(path)
    assert layer in ALLOWED, f"new layer {layer!r}: add it to ALLOWED with its rule"
    wrong = imported_layers(path) - ALLOWED[layer] - {layer}
    assert not wrong, f"{path.relative_to(PACKAGE)} imports {sorted(wrong)}"


def core_public_names() -> set[str]:
    """The core's public face: the names its package lists in ``_HOMES`` (its
    ``__all__`` is made from them), read without importing it."""
    tree = ast.parse((PACKAGE / "core" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "_HOMES" for t in targets):
                homes = ast.literal_eval(node.value) if node.value is not None else {}
                return set(homes)
    return set()


def private_core_imports(path: Path) -> list[str]:
    """What ``path`` takes from the core other than its public names: a submodule
    (``pyramide_a11y.core.session``), or a name the package does not declare."""
    public = core_public_names()
    wrong: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            wrong += [a.name for a in node.names if a.name.startswith("pyramide_a11y.core.")]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            module = node.module if node.level == 0 else f"pyramide_a11y.{node.module}"
            if node.level == 1 and path.parent.name == "web" and node.module == "core":
                wrong.append(".core")  # a front end's own copy of the core's names
            elif module.startswith("pyramide_a11y.core."):
                wrong.append(module)
            elif module == "pyramide_a11y.core":
                wrong += [f"core.{a.name}" for a in node.names if a.name not in public]
    return wrong


WEB_MODULES = sorted((PACKAGE / "web").rglob("*.py"))


@pytest.mark.parametrize("path", WEB_MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_web_imports_only_the_cores_public_names(path: Path) -> None:
    assert private_core_imports(path) == []


def test_the_check_of_private_core_imports_can_fail(tmp_path: Path) -> None:
    module = tmp_path / "web" / "example.py"
    module.parent.mkdir()
    module.write_text(
        "from pyramide_a11y.core import Session, Play\n"
        "from pyramide_a11y.core.timer import GameTimer\n"
        "import pyramide_a11y.core.hinting\n"
        "from .core import Answer\n",
        encoding="utf-8",
    )
    assert private_core_imports(module) == [
        "core.Play",
        "pyramide_a11y.core.timer",
        "pyramide_a11y.core.hinting",
        ".core",
    ]
    assert "Session" in core_public_names()


# -- one name, one thing ----------------------------------------------------------------

PACKAGE_FILES = ("__init__.py", "__main__.py")
"""File names every package may have: they name the package, not a thing in it."""


def shared_file_names(root: Path) -> dict[str, list[str]]:
    """The module file names under ``root`` held by more than one module (besides
    :data:`PACKAGE_FILES`), each with the modules' paths, relative to ``root``."""
    homes: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        if path.name not in PACKAGE_FILES:
            homes.setdefault(path.name, []).append(path.relative_to(root).as_posix())
    return {name: paths for name, paths in homes.items() if len(paths) > 1}


def test_no_two_modules_share_a_file_name() -> None:
    """A module's name is unique in the package and names what it holds
    (issue 37): a third ``session.py`` cannot come back."""
    assert shared_file_names(PACKAGE) == {}


def test_the_check_of_shared_names_can_fail(tmp_path: Path) -> None:
    for module in ("core/things.py", "storage/things.py", "core/__init__.py", "web/__init__.py"):
        (tmp_path / module).parent.mkdir(exist_ok=True)
        (tmp_path / module).write_text('"""A module."""\n', encoding="utf-8")
    assert shared_file_names(tmp_path) == {"things.py": ["core/things.py", "storage/things.py"]}


# -- every sentence in narration --------------------------------------------------------

GETTEXT = {"_", "ngettext", "pgettext", "npgettext", "N_"}
WORDING = {"narration"}
"""The one package that words sentences (issue 37): every sentence of play, the
page's words, the storage's notices, speech's troubles, and the command line's
help, reports and errors. The other layers keep kinds and data."""


def gettext_imports(path: Path) -> set[str]:
    """The gettext functions ``path`` imports from the i18n package."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "pyramide_a11y.i18n":
            found |= {alias.name for alias in node.names} & GETTEXT
    return found


@pytest.mark.parametrize(
    "path",
    [path for path in MODULES if layer_of(path) not in WORDING],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_only_narration_words_sentences(path: Path) -> None:
    """Speech, storage, the core and the command line keep kinds and data;
    narration words them (issue 37)."""
    assert gettext_imports(path) == set()


def test_the_check_of_sentences_can_fail(tmp_path: Path) -> None:
    module = tmp_path / "notice_words.py"
    module.write_text("from pyramide_a11y.i18n import _, get_language\n", encoding="utf-8")
    assert gettext_imports(module) == {"_"}
