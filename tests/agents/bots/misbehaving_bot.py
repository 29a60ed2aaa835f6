"""A bot that breaks the protocol in one way, chosen by its argument (tests/agents/test_bot.py).

garbage      answers the first observation with text that is not JSON
not_object   answers with a JSON list
bad_index    chooses action 99
bad_type     answers {"action": "0"}
crash        exits with status 3 after writing to stderr, at the first observation
no_ready     answers hello with {"type":"observation"}
protocol2    says it speaks protocol 2
gives_up     sends {"type":"error","message":"out of ideas"}
slow         plays the last legal action; sleeps 1.4 s before each 8th answer (late, without an
             id), answers the others at once
slow_ids     the same, echoing the ids
last         plays the last legal action at once
silent_hello never answers hello
"""
import json
import sys
import time

mode = sys.argv[1]
seen = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        if mode == "silent_hello":
            continue
        reply = {"type": "ready", "protocol": 2 if mode == "protocol2" else 1}
        if mode == "no_ready":
            reply = {"type": "observation"}
        print(json.dumps(reply), flush=True)
        continue
    if msg["type"] != "observation":
        continue
    seen += 1
    answer = {"action": 0}
    if mode == "garbage":
        print("I think I will attack", flush=True)
        continue
    if mode == "not_object":
        answer = [0]
    elif mode == "bad_index":
        answer = {"action": 99}
    elif mode == "bad_type":
        answer = {"action": "0"}
    elif mode == "crash":
        print("Traceback: something went wrong in the bot", file=sys.stderr, flush=True)
        sys.exit(3)
    elif mode == "gives_up":
        answer = {"type": "error", "message": "out of ideas"}
    elif mode in ("slow", "slow_ids", "last"):
        answer = {"action": len(msg["legal_actions"]) - 1}
        if mode != "last" and seen % 8 == 0:
            time.sleep(1.4)
    if mode == "slow_ids":
        answer["id"] = msg["id"]
    print(json.dumps(answer), flush=True)
