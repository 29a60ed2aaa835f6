"""MOZ's decks: reading and validation (parse.py), regulations as data (regulation.py), deck statistics (stats.py) and opening-hand odds (odds.py)."""
