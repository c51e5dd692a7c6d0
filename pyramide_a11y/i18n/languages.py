"""Which of our languages a locale name means.

``pt`` alone is European Portuguese (seed 000's language); ``pt-BR``,
``pt_BR.UTF-8`` and ``pt_BR`` are Brazilian Portuguese; any English is ``en``.
"""

from __future__ import annotations

from collections.abc import Mapping

from babel import Locale, UnknownLocaleError

LANGUAGES: tuple[str, ...] = ("pt_PT", "pt_BR", "en")
DEFAULT_LANGUAGE = "en"

# The environment variables gettext consults, in its order of precedence.
ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def normalise_language(name: str | None) -> str | None:
    """The supported language ``name`` stands for, or ``None`` when it is none of
    ours (or not a locale name at all). Never raises."""
    if not name:
        return None
    text = name.strip().split(".", 1)[0].split("@", 1)[0]
    if not text or text.upper() in ("C", "POSIX"):
        return None
    sep = "-" if "-" in text else "_"
    try:
        locale = Locale.parse(text, sep=sep)
    except (ValueError, TypeError, UnknownLocaleError):
        return None
    if locale.language == "pt":
        return "pt_BR" if locale.territory == "BR" else "pt_PT"
    if locale.language == "en":
        return "en"
    return None


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext reads it; English when
    it names none of ours. ``LANGUAGE`` may list several, separated by ``:``."""
    for variable in ENVIRONMENT_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        names = value.split(":") if variable == "LANGUAGE" else [value]
        for name in names:
            chosen = normalise_language(name)
            if chosen:
                return chosen
        if variable != "LANGUAGE":
            # gettext stops at the first set locale variable; so do we.
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE
