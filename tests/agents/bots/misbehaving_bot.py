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
deaf         after hello, shrinks its input pipe to one page and never reads it again
half         answers the first observation with half a line, then sleeps
flood        answers the first observation with 100 MB without a newline
deep         answers the first observation with JSON nested 100,000 levels
double       answers each observation twice
forks        first starts a child that holds its pipes (its pid in the file of argv[2]) and
             sleeps, then plays the last legal action
mute         writes its pid to the file of argv[2], answers hello, never answers again
"""
import json
import os
import sys
import time

mode = sys.argv[1]
seen = 0
if mode in ("forks", "mute"):
    child = os.fork() if mode == "forks" else 0
    if mode == "forks" and child == 0:
        time.sleep(600)
        os._exit(0)
    with open(sys.argv[2], "a") as f:
        f.write(f"{child or os.getpid()}\n")
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        if mode == "silent_hello":
            continue
        reply = {"type": "ready", "protocol": 2 if mode == "protocol2" else 1}
        if mode == "no_ready":
            reply = {"type": "observation"}
        print(json.dumps(reply), flush=True)
        if mode == "deaf":
            import fcntl

            fcntl.fcntl(0, 1031, 4096)  # F_SETPIPE_SZ
            time.sleep(600)
        continue
    if msg["type"] != "observation":
        continue
    seen += 1
    if mode == "mute":
        continue
    if mode == "half":
        sys.stdout.write('{"act')
        sys.stdout.flush()
        time.sleep(600)
    if mode == "flood":
        block = "x" * (1 << 20)
        for _ in range(100):
            sys.stdout.write(block)
        sys.stdout.flush()
        time.sleep(600)
    if mode == "deep":
        print("[" * 100_000 + "]" * 100_000, flush=True)
        continue
    if mode == "double":
        sys.stdout.write(json.dumps({"action": 0}) + "\n" + json.dumps({"action": 0}) + "\n")
        sys.stdout.flush()  # one write: both lines are there when the first is read
        continue
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
    elif mode in ("slow", "slow_ids", "last", "forks"):
        answer = {"action": len(msg["legal_actions"]) - 1}
        if mode in ("slow", "slow_ids") and seen % 8 == 0:
            time.sleep(1.4)
    if mode == "slow_ids":
        answer["id"] = msg["id"]
    print(json.dumps(answer), flush=True)
