"""Gaslight: a data-driven authoring toolkit for hidden-movement and deduction games."""

__version__ = "0.1.0"
