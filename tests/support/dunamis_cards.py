"""Test cards of the dunamis scenarios (tests/engine/test_dunamis.py, tests/engine_audit/test_audit_dunamis.py).

Z/X and Z/X EX of each entry condition (X-2 descent, X-3 awakening, X-4 idealize,
a default EX), a player card with two Z/X OB and its IG Over Boost (O-2), an
Event EX with two modes (E-1).
"""

from __future__ import annotations

from scenario import zx

from zxdeck.engine.synth import event

RED2 = zx("T-R2", "赤の剣士", "red", 2, 5000)
RED3 = zx("T-R3", "赤の騎士", "red", 3, 6000)
BLUE3 = zx("T-B3", "青の騎士", "blue", 3, 6000)
EX_DEFAULT = zx("X-D", "赤の覇竜", "red", 5, 11000, ctype="zx_ex")
EX_DESCENT = zx("X-2", "天焦竜", "red", 6, 12000, ctype="zx_ex", abilities=[
    {"kind": "descent", "count": 2, "filter": {"color": "red"}}])
EX_AWAKE = zx("X-3", "覚醒の剣士", "red", 3, 8000, ctype="zx_ex", abilities=[
    {"kind": "awakening", "effects": [{"do": "discard", "n": 1}]}])
EX_IDEAL = zx("X-4", "夢の守り人", "red", 4, 9000, ctype="zx_ex", abilities=[
    {"kind": "idealize", "counter": "memory_piece", "n": 2}])
PC = zx("P-A", "アカネ", ctype="player", cost=0, power=0)
OB = zx("O-A", "紅蓮皇竜", "red", 0, 10000, ctype="zx_ob", player="アカネ")
OB2 = zx("O-B", "焔刃覇王", "red", 0, 9000, ctype="zx_ob", player="アカネ")
IG_OB = event("E-OB", "IGオーバーブースト", "red", 0, ignition=True, abilities=[
    {"kind": "event", "effects": [{"do": "over_boost"}]}])
EVEX = event("V-1", "蒼の演算", "red", 1, ctype="event_ex", timing="any", abilities=[
    {"kind": "event", "label": "解析", "effects": [{"do": "draw", "n": 2}]},
    {"kind": "event", "label": "転送", "effects": [{"do": "bounce", "target": {"side": "opponent"}}]}])
