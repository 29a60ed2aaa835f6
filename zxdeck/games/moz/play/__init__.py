"""MOZ at the terminal: the person's session in Japanese (session.py), the plain `--auto` printer (auto.py) and saves (savefile.py)."""
