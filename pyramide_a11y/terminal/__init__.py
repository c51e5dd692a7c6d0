"""The terminal front end: the prompt loop, its keys, printing, and speech and
cues as the sinks of each answer."""
