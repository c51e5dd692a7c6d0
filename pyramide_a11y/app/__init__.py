"""The application layer: command line, interactive loop, storage."""
