"""Build hook: compile ``locales/*/LC_MESSAGES/pyramide.po`` into ``.mo`` files
inside the wheel (``pyramide_a11y/locales/…``), so an installed package carries
its translations. An editable install reads the ``.po`` files instead."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileCatalogsHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        self._tmp = tempfile.TemporaryDirectory()
        out = Path(self._tmp.name)
        for po_path in sorted((root / "locales").glob("*/LC_MESSAGES/*.po")):
            relative = po_path.relative_to(root / "locales").with_suffix(".mo")
            mo_path = out / relative
            mo_path.parent.mkdir(parents=True, exist_ok=True)
            with po_path.open("rb") as handle:
                catalog = read_po(handle)
            with mo_path.open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
            build_data["force_include"][str(mo_path)] = f"pyramide_a11y/locales/{relative}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            tmp.cleanup()
