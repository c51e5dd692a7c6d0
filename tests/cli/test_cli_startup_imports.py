"""Start-up pays only for what it uses: building the parser (every command's
first step, and all of ``--version`` and ``--help``) loads no subcommand's code."""

from __future__ import annotations

import json
import subprocess
import sys

NOT_AT_START = (
    "prompt_toolkit",
    "pyttsx3",
    "sqlite3",
    "multiprocessing",
    "pyramide_a11y.solver",
    "pyramide_a11y.speech",
    "pyramide_a11y.storage",
    "pyramide_a11y.terminal",
    "pyramide_a11y.core.session",
    "pyramide_a11y.commands",
)


def loaded_after(code: str) -> list[str]:
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    modules: list[str] = json.loads(done.stdout.splitlines()[-1])
    return modules


def test_building_the_parser_loads_no_subcommands_code() -> None:
    loaded = loaded_after(
        "from pyramide_a11y.cli.main import build_parser\n"
        "build_parser().parse_args(['solve', 'PY1-C3-PYRAMID'])"
    )
    assert "argparse" in loaded  # the check sees what was imported
    assert [name for name in loaded if name.startswith(NOT_AT_START)] == []


def test_a_subcommand_loads_its_code_when_it_runs() -> None:
    loaded = loaded_after(
        "import io\n"
        "from pyramide_a11y.cli.main import main\n"
        "main(['solve', 'PY1-C3-PYRAMID'], io.StringIO())"
    )
    assert "pyramide_a11y.solver" in loaded
    assert "prompt_toolkit" not in loaded  # solving needs no prompt
