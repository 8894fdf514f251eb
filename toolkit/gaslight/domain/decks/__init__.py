"""Decks of cards and their composition rules."""
