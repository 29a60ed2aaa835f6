"""MOZ's cards: the card model (model.py), the catalog's schema and checker (schema.py), the search words (language.py), the catalog loaded from YAML (loader.py) and the search (search.py)."""
