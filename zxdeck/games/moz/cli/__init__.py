"""MOZ's commands (each module has `register(group)`, imported only when one of its commands runs)."""
