"""A league manager in plain Python speaking only the manager protocol (JSON lines on stdin and
stdout), as a program in any language would: it takes the last improvement offered and buys a
re-roll whenever the treasury allows. It logs every message it receives to the file named by
its first argument. Before a match it induces the first things offered that the budget covers.
With a second argument `all` it also asks for the revision-2 decisions: it always re-rolls its
winnings and keeps every Journeyman offered. With a second argument `garbage` it answers every
improvement with an option index out of range (a misbehaving program); with `slow` it takes
3 seconds over each roster decision."""

import json
import sys
import time
from typing import Any


def log(line):
    with open(sys.argv[1], "a") as f:
        f.write(line)


ALL = sys.argv[2:] == ["all"]
GARBAGE = sys.argv[2:] == ["garbage"]
SLOW = sys.argv[2:] == ["slow"]
answer: dict[str, Any]
for line in sys.stdin:
    msg = json.loads(line)
    log(line)
    if msg["type"] == "hello":
        answer = {"type": "ready", "name": "last-option"}
        if ALL:
            answer["decisions"] = ["winnings", "journeymen"]
    elif msg["type"] == "manage" and msg["decision"] == "improvement":
        answer = {"type": "choice", "id": msg["id"], "choice": len(msg["options"]) - 1 + 99 * GARBAGE}
    elif msg["type"] == "manage" and msg["decision"] == "roster":
        if SLOW:
            time.sleep(3)
        buy = [{"kind": "reroll"}] if msg["prices"]["reroll"] <= msg["team"]["treasury"] else []
        answer = {"type": "roster", "id": msg["id"], "fire": [], "buy": buy}
    elif msg["type"] == "manage" and msg["decision"] == "inducements":
        take: list[dict[str, Any]] = []
        money = msg["budget"]
        for item in msg["offer"]:
            if item["cost"] <= money:
                take.append({k: v for k, v in item.items() if k != "cost"})
                money -= item["cost"]
        answer = {"type": "inducements", "id": msg["id"], "take": take}
    elif msg["type"] == "manage" and msg["decision"] == "winnings":
        answer = {"type": "choice", "id": msg["id"], "choice": msg["options"].index("reroll")}
    elif msg["type"] == "manage" and msg["decision"] == "journeymen":
        answer = {"type": "keep", "id": msg["id"], "keep": [p["number"] for p in msg["journeymen"]]}
    elif msg["type"] == "bye":
        break
    else:
        continue
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
