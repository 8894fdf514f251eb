"""The domain: boards, rulesets, Walton cases, decks. No output code lives here."""
