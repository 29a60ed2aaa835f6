"""A program that starts `zxdeck bot` and plays through its pipes (the first legal action each
time), printing what it is told: the other direction from `--ai1 bot:COMMAND`.

    python3 examples/bots/host_demo.py [SEED]
"""
import json
import subprocess
import sys

seed = sys.argv[1] if len(sys.argv) > 1 else "1"
zx = subprocess.Popen(
    ["zxdeck", "bot", "--deck", "examples/decks/red.txt", "--vs", "examples/decks/blue.txt",
     "--ai", "random", "--seed", seed, "--quiet"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)
decisions = 0
for line in zx.stdout:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(f"hello: protocol {msg['protocol']}, I am player {msg['player'] + 1}", flush=True)
        zx.stdin.write(json.dumps({"type": "ready", "name": "host-demo"}) + "\n")
    elif msg["type"] == "observation":
        decisions += 1
        if decisions <= 2:
            legal = ", ".join(a["text"] for a in msg["legal_actions"])
            print(f"observation {msg['id']}: {msg['decision']}: {msg['prompt']} [{legal}]", flush=True)
        zx.stdin.write(json.dumps({"id": msg["id"], "action": 0}) + "\n")
    elif msg["type"] == "game_over":
        print(f"game over after {decisions} decisions: {msg['result']} ({msg['reason']}, "
              f"turn {msg['turns']})")
    zx.stdin.flush()
zx.stdin.close()
sys.exit(zx.wait())
