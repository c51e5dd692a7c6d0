"""The command line: parsing the options, every subcommand, and what they print
(worded in ``narration``). Each subcommand imports what it needs when it runs."""
