"""A release people can trust (issue 28): the metadata (PEP 639 licence, real
classifiers, bounds), the wheel and the sdist as built (LICENSE, py.typed,
compiled catalogs, the docs), and the wheel installed on its own, played in
Portuguese from its compiled catalogs."""

from __future__ import annotations

import gettext
import io
import os
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.version import Version
from trove_classifiers import classifiers as known_classifiers
from trove_classifiers import deprecated_classifiers

ROOT = Path(__file__).resolve().parents[1]
PROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())
VERSION = re.search(r'__version__ = "([^"]+)"', (ROOT / "pyramide_a11y/__init__.py").read_text())
LANGUAGES = ("en", "pt_PT", "pt_BR")
# The libraries whose internals the code touches (tests/test_dependency_internals.py).
BOUNDED = ("prompt_toolkit", "pyttsx3", "prismatoid")


def test_every_classifier_is_a_real_one() -> None:
    chosen = PROJECT["project"]["classifiers"]
    assert [c for c in chosen if c not in known_classifiers] == []
    assert [c for c in chosen if c in deprecated_classifiers] == []
    for needed in (
        "Natural Language :: Portuguese",
        "Natural Language :: Portuguese (Brazilian)",
        "Natural Language :: English",
        "Topic :: Adaptive Technologies",
        "Typing :: Typed",
    ):
        assert needed in chosen


def test_the_licence_is_declared_the_pep_639_way() -> None:
    project = PROJECT["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    # No licence classifier beside an expression (PEP 639 deprecates them).
    assert not any(c.startswith("License ::") for c in project["classifiers"])
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")
    # The backend must know PEP 639: hatchling 1.27 or newer.
    hatchling = next(
        Requirement(r) for r in PROJECT["build-system"]["requires"] if r.startswith("hatchling")
    )
    assert not hatchling.specifier.contains("1.26.3") and hatchling.specifier.contains("1.27.0")


@pytest.mark.parametrize("name", BOUNDED)
def test_libraries_whose_internals_we_use_have_an_upper_bound(name: str) -> None:
    found = [Requirement(r) for r in PROJECT["project"]["dependencies"]]
    requirement = next(r for r in found if r.name.replace("-", "_") == name.replace("-", "_"))
    assert any(spec.operator == "<" for spec in requirement.specifier), requirement


def test_the_readme_has_no_link_that_breaks_on_pypi() -> None:
    """PyPI shows the README without the repository: a relative link goes nowhere."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]+)\)", readme) + re.findall(r'href="([^"]+)"', readme)
    assert [t for t in targets if not t.startswith(("https://", "http://", "#"))] == []


def test_the_quick_start_is_two_commands_then_the_server() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", quick, re.DOTALL)
    commands = [[line for line in b.splitlines() if line.strip()] for b in blocks]
    assert [len(c) for c in commands] == [2, 1]
    assert commands[1][0].startswith("scripts/serve")


@pytest.mark.parametrize(
    ("document", "install_heading"),
    [
        ("README.md", "## Install and play"),
        ("docs/guide.en.md", "## Installing"),
        ("docs/guide.pt_PT.md", "## Instalar"),
        ("docs/guide.pt_BR.md", "## Instalando"),
    ],
)
def test_the_start_without_bash_is_documented_windows_first(
    document: str, install_heading: str
) -> None:
    text = (ROOT / document).read_text(encoding="utf-8")
    first_heading = text.index("\n## ")
    assert text.index(install_heading) == first_heading + 1  # the first thing said
    section = text.split(install_heading, 1)[1].split("\n## ", 1)[0]
    assert section.index("**Windows") < section.index("**macOS") < section.index("**Linux")
    windows = section.split("**macOS", 1)[0]
    for command in ("py -m pipx ensurepath", "pipx install pyramide-a11y", "py -m pyramide_a11y"):
        assert command in windows, command
    assert "scripts/" not in windows  # no bash on Windows


# -- the artefacts, built here --------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel (built from that sdist, as ``python -m build`` does),
    with this environment's hatchling: no download."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert VERSION is not None
    version = VERSION.group(1)
    stem = f"pyramide_a11y-{version}"
    return out / f"{stem}.tar.gz", out / f"{stem}-py3-none-any.whl"


@pytest.mark.slow
def test_the_wheel_carries_licence_types_and_compiled_catalogs(built: tuple[Path, Path]) -> None:
    _sdist, wheel = built
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(f"{info}/METADATA").decode())
        licence = archive.read(f"{info}/licenses/LICENSE").decode()
        catalogs = {
            code: archive.read(f"pyramide_a11y/locales/{code}/LC_MESSAGES/pyramide.mo")
            for code in LANGUAGES
        }
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    assert "pyramide_a11y/py.typed" in names
    assert licence == (ROOT / "LICENSE").read_text()
    assert Version(metadata["Metadata-Version"]) >= Version("2.4")
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    assert set(metadata.get_all("Classifier") or []) == set(PROJECT["project"]["classifiers"])
    listed = metadata.get_all("Requires-Dist") or []
    required = {Requirement(r).name: Requirement(r) for r in listed}
    for name in ("prompt-toolkit", "pyttsx3", "prismatoid"):
        assert any(spec.operator == "<" for spec in required[name].specifier)
    assert "pyramide = pyramide_a11y.launch:main" in entry_points
    # Each .mo is a real catalog: the game's words in its language.
    pt = gettext.GNUTranslations(io.BytesIO(catalogs["pt_PT"]))
    br = gettext.GNUTranslations(io.BytesIO(catalogs["pt_BR"]))
    assert pt.gettext("That card is still covered") == "Esta carta está bloqueada por outra"
    assert br.gettext("That card is still covered") == "essa carta ainda está coberta"
    # Nothing of the source tree's own (tests, scripts) inside the wheel.
    assert not [n for n in names if n.startswith(("tests/", "scripts/", "docs/"))]


@pytest.mark.slow
def test_the_sdist_carries_licence_changelog_docs_and_sources(built: tuple[Path, Path]) -> None:
    sdist, _wheel = built
    with tarfile.open(sdist) as archive:
        top = archive.getnames()[0].split("/")[0]
        names = {n.removeprefix(f"{top}/") for n in archive.getnames()}
        info = Parser().parsestr(archive.extractfile(f"{top}/PKG-INFO").read().decode())  # type: ignore[union-attr]
    for needed in (
        "LICENSE",
        "CHANGELOG.md",
        "README.md",
        "pyproject.toml",
        "hatch_build.py",
        "pyramide_a11y/py.typed",
        "docs/guide.en.md",
        "docs/guide.pt_PT.md",
        "docs/guide.pt_BR.md",
        "docs/speech.md",
        "scripts/play",
        *(f"locales/{code}/LC_MESSAGES/pyramide.po" for code in LANGUAGES),
    ):
        assert needed in names, needed
    assert info["License-Expression"] == "MIT"
    assert info.get_all("License-File") == ["LICENSE"]


@pytest.mark.slow
def test_the_wheel_alone_plays_in_portuguese_from_its_catalogs(
    built: tuple[Path, Path], tmp_path: Path
) -> None:
    """The wheel unpacked where the source tree is not (its own ``.mo`` files, not
    the ``.po`` of this checkout), then a short piped game with the system's
    language from the environment."""
    _sdist, wheel = built
    target = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    env = {
        **os.environ,
        "PYTHONPATH": str(target),
        "LANG": "pt_PT.UTF-8",
        "PYRAMIDE_DATA_DIR": str(tmp_path / "data"),
    }
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(variable, None)
    where = subprocess.run(
        [sys.executable, "-c", "import pyramide_a11y; print(pyramide_a11y.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert where.stdout.strip() == str(target / "pyramide_a11y" / "__init__.py")
    version = subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", "--version"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert version.returncode == 0 and VERSION is not None and VERSION.group(1) in version.stdout
    game = subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", "--speech", "none", "--deal", "PY1-N-AAAAAAS"],
        input="Ro\nq\n",  # seed 000's first move: R♦ alone
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert game.returncode == 0, game.stderr
    lines = game.stdout.splitlines()
    assert lines[0].startswith("Pyramide, passagens ilimitadas pelo monte. Partida PY1-N-AAAAAAS.")
    assert "Saiu rei de ouros." in lines
    assert lines[-1] == "A sua partida está guardada. Até à próxima."
    assert game.stderr == ""
