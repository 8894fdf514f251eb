"""Rulesets and their variants."""
