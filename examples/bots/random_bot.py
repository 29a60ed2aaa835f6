"""A zxdeck bot in Python: attacks the player when it can, else a seeded random legal action.

Run by zxdeck: zxdeck sim A.txt B.txt --ai1 "bot:python3 examples/bots/random_bot.py"
"""
import json
import random
import sys

rng = random.Random(0)
for line in sys.stdin:  # one JSON object a line
    msg = json.loads(line)
    if msg["type"] == "hello":  # a new game: seed from the engine, so replays are the same
        rng.seed(msg["seed"])
        print(json.dumps({"type": "ready", "name": "random-bot", "protocol": 1}), flush=True)
    elif msg["type"] == "observation":
        legal = msg["legal_actions"]
        attacks = [a for a in legal if a["kind"] == "attack" and a["b"] == -2]  # -2: the player
        choice = attacks[0] if attacks else rng.choice(legal)
        print(json.dumps({"id": msg["id"], "action": choice["index"]}), flush=True)
