#!/usr/bin/env bash
# A random bot for the nuffle bot protocol, in bash and jq (docs/PROTOCOL.md is all it knows).
# It asks for the legal actions, and for the pitch at set-ups; it sets up on the free
# line-of-scrimmage squares nearest the middle and ends the set-up as soon as that is legal;
# otherwise it picks a random action type, then a random player and square of that type.
set -u

read -r -d '' PROGRAM <<'JQ'
def pick($list; $n): if ($list | length) == 0 then null else $list[$n % ($list | length)] end;
def abs: if . < 0 then -. else . end;

def setup_place($m):
  ($m.pitch.players | map(.[0])) as $on
  | ($m.pitch.players | map([.[1], .[2]])) as $taken
  | ([$m.legal[] | select(.type == "PLACE_PLAYER")][0]) as $first
  | [$first.players[] | select(. as $p | $on | index($p) | not)] as $reserves
  | [$first.squares[] | select(. as $s | any($taken[]; . == $s) | not)] as $free
  | if ($reserves | length) == 0 or ($free | length) == 0 then null
    else
      (if $m.decision.side == "home" then ($free | map(.[0]) | max) else ($free | map(.[0]) | min) end) as $edge
      | ((($free | map(.[1]) | min) + ($free | map(.[1]) | max)) / 2) as $mid
      | ([$free[] | select(.[0] == $edge)] | min_by((.[1] - $mid) | abs)) as $square
      | ["PLACE_PLAYER", $reserves[0], $square]
    end;

def random_action($m; $r):
  ([$m.legal[].type] | unique) as $types
  | pick($types; $r[0]) as $type
  | pick([$m.legal[] | select(.type == $type)]; $r[1]) as $group
  | [$type, pick($group.players; $r[2]), pick($group.squares; $r[3])];

def choose($m; $r):
  if any($m.legal[]; .type == "END_SETUP") then ["END_SETUP", null, null]
  elif $m.decision.kind == "SETUP" and $m.pitch != null then
    (setup_place($m) // random_action($m; $r))
  else random_action($m; $r) end;

if .type == "hello" then {type: "ready", name: "jq-random", wants: ["legal", "pitch@SETUP"]}
elif .type == "decide" then {type: "action", id: .id, action: choose(.; $r)}
elif .type == "end" then {type: "bye"}
else empty end
JQ

while IFS= read -r line; do
    reply=$(jq -c --argjson r "[$RANDOM, $RANDOM, $RANDOM, $RANDOM]" "$PROGRAM" <<<"$line") || {
        echo "jq-random: cannot read a line: ${line:0:80}" >&2
        continue
    }
    [ -n "$reply" ] || continue
    printf '%s\n' "$reply"
    case "$reply" in '{"type":"bye"}') exit 0 ;; esac
done
