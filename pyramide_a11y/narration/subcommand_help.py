"""The command line's option help for its subcommands (``cli/subcommands.py``:
``analyse``, ``solve``, ``voice``, ``sounds``, ``learn``, ``stats``, ``history``,
``serve`` and the game's own options), in the session's language: each
subcommand's help and description, each option's help, title and argument
name. Only the catalogs here: the parser is built without the play core."""

from __future__ import annotations

from pyramide_a11y.i18n import _, pgettext


def analyse_command() -> str:
    # Translators: command-line help of the analyse subcommand.
    return _("solve many random deals and report the win rate")


def analyse_description() -> str:
    # Translators: command-line help of the analyse subcommand.
    return _(
        "Solve N random deals under the chosen rules and report the share that can "
        "be won (with a 95% Wilson interval), the deals left unknown, and the time "
        "per deal."
    )


def analyse_deals() -> str:
    # Translators: command-line help.
    return _("how many deals")


def analyse_seed() -> str:
    # Translators: command-line help.
    return _("seed of the deal numbers (default 0)")


def analyse_first() -> str:
    # Translators: command-line help.
    return _(
        "skip the first K deal numbers of the seed, to measure a long run in parts (default 0)"
    )


def analyse_jobs() -> str:
    # Translators: command-line help.
    return _("processes (default: all cores)")


def analyse_timeout() -> str:
    # Translators: command-line help; {default} is a number of seconds.
    return _("seconds per deal before it counts as unknown (default {default})")


def analyse_progress() -> str:
    # Translators: command-line help; bar, lines and none are typed as they are.
    return _(
        "progress on standard error: bar (rewritten in place), lines (a plain line "
        "now and then, calm for a screen reader) or none; default: lines beside a "
        "screen reader, none when standard error is not a terminal, else bar"
    )


def analyse_json() -> str:
    # Translators: command-line help.
    return _("print the report as JSON")


def solve_command() -> str:
    # Translators: command-line help of the solve subcommand.
    return _("say whether a deal can be won, with a winning line (reveals the deal)")


def solve_description() -> str:
    # Translators: command-line help of the solve subcommand.
    return _(
        "Search every line of play of a deal (a code or a layout file) and say "
        "whether it can be won. A winning line is printed one move per line in the "
        "session language's notation, each line ready to type into the game; --json "
        "gives the canonical notation (KD, 10C+3S, draw, recycle) for replay --moves."
    )


def solve_json() -> str:
    # Translators: command-line help; the JSON keys stay in English.
    return _('print {"winnable": true|false|null, "moves": [...], "nodes": N, "seconds": S}')


def solve_shortest() -> str:
    # Translators: command-line help of solve --shortest.
    return _(
        "find a line of the fewest moves (draws and recycles count) and say "
        "whether it is proven shortest"
    )


def solve_timeout() -> str:
    # Translators: command-line help; {default} is a number of seconds.
    return _("give up after S seconds and say unknown (default {default})")


def voice_command() -> str:
    # Translators: command-line help of the voice subcommand.
    return _("list the speech backends and voices, and speak a sample sentence")


def voice_description() -> str:
    # Translators: command-line help of the voice subcommand.
    return _(
        "List the speech backends and voices found, then speak a sample sentence in "
        "the session language (or write it to a WAV file with --out)."
    )


def voice_speech() -> str:
    # Translators: command-line help.
    return _("backend for the sample")


def lang_metavar() -> str:
    # Translators: command-line help: the name of a language argument (--lang).
    return pgettext("metavar", "LANG")


def voice_rate() -> str:
    # Translators: command-line help.
    return _("words per minute (175 is ordinary)")


def voice_voice() -> str:
    # Translators: command-line help of ``pyramide voice``.
    return _("speak the sample with this voice (by name; the voices are listed)")


def voice_volume() -> str:
    # Translators: command-line help.
    return _("speech volume, 0 to 100 (100 is the voice's ordinary loudness)")


def voice_out() -> str:
    # Translators: command-line help.
    return _("write the sample to this WAV file instead")


def sounds_command() -> str:
    # Translators: command-line help of the sounds subcommand.
    return _("write the game's sound cues as WAV files, to hear them")


def sounds_description() -> str:
    # Translators: command-line help of the sounds subcommand.
    return _(
        "Write each sound cue of the game (pair, King, draw, recycle, refusal, win, "
        "hint, focus), placed left to right and high to low as in the pyramid, as "
        "a stereo WAV file in a folder."
    )


def sounds_out() -> str:
    # Translators: command-line help.
    return _("folder to write the WAV files into (made if missing)")


def sounds_mono() -> str:
    # Translators: command-line help of ``pyramide sounds --mono``.
    return _("both channels the same in every file, as the setting sounds mono plays them")


def learn_command() -> str:
    # Translators: command-line help of the learn subcommand.
    return _("a lesson by ear: the game in eleven short steps (start here)")


def learn_description() -> str:
    # Translators: command-line help of the learn subcommand.
    return _(
        "An interactive lesson on small tables: the goal, the sum of 13, kings, "
        "covered cards, the stock and the waste, recycles, undo, hints and the "
        "review commands. quit leaves it; learn again goes on where you left it."
    )


def data_dir() -> str:
    # Translators: command-line help.
    return _(
        "folder of the saved games, statistics and settings "
        "(default: $PYRAMIDE_DATA_DIR or the user data folder)"
    )


def records_stats_command() -> str:
    # Translators: command-line help of the stats subcommand.
    return _("your statistics for each rules and variant set")


def records_stats_description() -> str:
    # Translators: command-line help of the stats subcommand.
    return _(
        "Games played and won, win rate, streaks, best time, fewest moves and best "
        "score, for each rules and variant set, in your language."
    )


def stats_json() -> str:
    # Translators: command-line help.
    return _("print them as JSON")


def records_history_command() -> str:
    # Translators: command-line help of the history subcommand.
    return _("your recent games; --export writes one as a transcript or as JSON")


def records_history_description() -> str:
    # Translators: command-line help of the history subcommand. FILE is the name
    # of the --export argument: write it as you translated that.
    return _(
        "List your recent games, newest first. With a game number, show that game's "
        "transcript; --export FILE writes it as a plain-text transcript, or as JSON "
        "when FILE ends in .json (give --export twice for both). An existing file is "
        "kept unless --force."
    )


def records_game_metavar() -> str:
    # Translators: command-line help: the name of a game number argument.
    return pgettext("metavar", "GAME")


def records_game() -> str:
    # Translators: command-line help.
    return _("a game number from the list")


def records_limit() -> str:
    # Translators: command-line help.
    return _("how many games to list")


def records_export() -> str:
    # Translators: command-line help.
    return _("write the game to FILE (JSON when it ends in .json)")


def records_force() -> str:
    # Translators: command-line help.
    return _("replace a file --export names that exists already")


def history_json() -> str:
    # Translators: command-line help.
    return _("print the list as JSON")


def play_title() -> str:
    # Translators: command-line help, title of the options of the game itself.
    return _("game")


def play_deal() -> str:
    # Translators: command-line help.
    return _("play this deal code, e.g. PY1-N-AAAAAAS")


def play_layout() -> str:
    # Translators: command-line help.
    return _("play a layout file (JSON or a listing)")


def play_daily() -> str:
    # Translators: command-line help.
    return _(
        "play the deal of the day: the same deal for every player on a date, under the rules chosen"
    )


def play_seed() -> str:
    # Translators: command-line help.
    return _("for a text listing: orders the unlisted stock cards")


def play_speech() -> str:
    # Translators: command-line help; auto, screen-reader and none are typed as
    # they are.
    return _(
        "speech: auto (silent beside a screen reader), screen-reader (its own voice), "
        "a backend, or none (docs/speech.md)"
    )


def play_rate() -> str:
    # Translators: command-line help.
    return _("speech rate, words per minute, for the session language")


def play_voice() -> str:
    # Translators: command-line help; "voices" is the in-game command that lists them.
    return _(
        "speech voice by name, for the session language and this session only "
        "(in play: voices lists them)"
    )


def play_volume() -> str:
    # Translators: command-line help.
    return _("speech volume, 0 to 100 (100 is the voice's ordinary loudness)")


def play_verbosity() -> str:
    # Translators: command-line help; brief and full are typed as they are.
    return _("how much is said")


def play_sounds() -> str:
    # Translators: command-line help; "on" and "off" stay as typed.
    return _("sound cues on or off, for this session only (in play: sounds)")


def play_no_error_help() -> str:
    # Translators: command-line help.
    return _("a covered card gets a short cue instead of a sentence")


def play_hint_time() -> str:
    # Translators: command-line help.
    return _("seconds a hint may think (default 2)")


def play_symbols() -> str:
    # Translators: command-line help.
    return _("visual mode: print suit symbols after card names (never spoken)")


def serve_host_metavar() -> str:
    return pgettext("metavar", "ADDRESS")


def serve_data_dir() -> str:
    # Translators: command-line help of serve --data-dir.
    return pgettext("web", "folder of the players' saved games (default: the user data folder)")


def serve_workers() -> str:
    # Translators: command-line help of serve --workers.
    return pgettext("web", "worker processes answering the players (default 1)")


def serve_database() -> str:
    # Translators: command-line help of serve --database; keep postgresql:// and
    # PYRAMIDE_DATABASE as they are.
    return pgettext(
        "web",
        "a postgresql:// URL: every player's games on that server, for several "
        "workers or hosts (default: PYRAMIDE_DATABASE, else a file per player)",
    )


def serve_trusted_proxies_metavar() -> str:
    return pgettext("metavar", "ADDRESSES")


def serve_trusted_proxies() -> str:
    # Translators: command-line help of serve --trusted-proxies; keep
    # X-Forwarded-For and X-Forwarded-Proto as they are.
    return pgettext(
        "web",
        "the proxies (comma-separated addresses) whose X-Forwarded-For and "
        "X-Forwarded-Proto are believed (default: none)",
    )
