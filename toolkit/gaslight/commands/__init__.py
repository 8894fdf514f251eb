"""Subcommands beyond check/build/serve/new, one module each."""
