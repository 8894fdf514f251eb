"""Placeholder until the proof lands."""
