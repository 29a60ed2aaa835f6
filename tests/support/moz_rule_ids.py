"""How many rules each section of MOZ_RULES.md has (section letter -> the highest id number)."""

SECTIONS = {
    "K": 17, "D": 18, "Z": 7, "S": 6, "R": 9, "T": 10, "L": 10, "P": 3, "X": 7, "C": 6,
    "V": 6, "H": 5, "F": 4, "O": 4, "W": 3, "N": 8, "Y": 5,
}
# The sections the rules engine implements; D (deck validation) and Y (catalog schema) are
# checked by the deck and catalog tests of tests/moz.
ENGINE_SECTIONS = ("K", "Z", "S", "R", "T", "L", "P", "X", "C", "V", "H", "F", "O", "W", "N")
