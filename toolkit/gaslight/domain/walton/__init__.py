"""Walton cases: mansions, cases, claims, the solver and its proofs."""
