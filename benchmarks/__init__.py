"""Benchmarks: performance goals are measured here, never in timed tests."""
