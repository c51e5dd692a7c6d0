"""Pyramid solitaire for people who play by ear."""

__version__ = "0.1.0"
