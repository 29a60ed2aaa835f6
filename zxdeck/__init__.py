"""zxdeck: card search, deck validation and a full rules engine for Z/X -Zillions of enemy X-."""

__version__ = "0.1.0"
