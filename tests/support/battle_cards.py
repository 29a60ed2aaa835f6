"""Test cards of the battle scenarios (tests/engine/test_battle.py, tests/engine_audit/test_audit_battle.py):
attackers and targets of several powers (B-5), and ignition Z/X with Life Recovery,
Void Bringer or neither for life damage (B-6).
"""

from __future__ import annotations

from scenario import zx

RED = zx("T-R", "赤の剣士", "red", 2, 5000)
BIG = zx("T-BIG", "青の巨像", "blue", 5, 9000)
SMALL = zx("T-S", "青の小兵", "blue", 1, 3000)
LR = zx("T-LR", "青の癒し手", "blue", 2, 4000, ignition=True, keywords=("life_recovery",))
VB = zx("T-VB", "青の虚無", "blue", 2, 4000, ignition=True, keywords=("void_bringer",))
IG = zx("T-IG", "青の炎", "blue", 2, 4000, ignition=True)
