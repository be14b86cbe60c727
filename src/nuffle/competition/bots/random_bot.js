#!/usr/bin/env node
// A random bot for nuffle's bot protocol (docs/PROTOCOL.md), in plain Node.js with no
// packages: it reads one JSON message per line on stdin and answers on stdout.
// Run it as a tournament bot with: command = ["node", "random_bot.js"]
"use strict";

const fs = require("fs");
const { StringDecoder } = require("string_decoder");

// A small seeded generator (mulberry32) so that a game replays the same way.
function generator(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let random = generator(1);
const pick = (list) => list[Math.floor(random() * list.length)];

function send(message) {
  fs.writeSync(1, JSON.stringify(message) + "\n");
}

// In a set-up: a random reserve goes to the free square nearest the middle of the pitch.
// `pitch.players` holds [id, x, y, status] of every player on the pitch.
function setupPlace(group, pitch, side) {
  const on = new Set(pitch.players.map((p) => p[0]));
  const taken = new Set(pitch.players.map((p) => p[1] + "," + p[2]));
  const reserves = group.players.filter((id) => !on.has(id));
  const squares = group.squares.filter((sq) => !taken.has(sq[0] + "," + sq[1]));
  if (reserves.length === 0 || squares.length === 0) return null;
  const ys = squares.map((sq) => sq[1]);
  const mid = (Math.min(...ys) + Math.max(...ys)) / 2;
  const toward = side === "home" ? -1 : 1;
  let best = squares[0];
  for (const sq of squares) {
    const a = toward * sq[0], b = toward * best[0];
    if (a < b || (a === b && Math.abs(sq[1] - mid) < Math.abs(best[1] - mid))) best = sq;
  }
  return ["PLACE_PLAYER", pick(reserves), best];
}

function choose(request) {
  const groups = request.legal;
  const types = [...new Set(groups.map((g) => g.type))];
  if (types.includes("END_SETUP")) return ["END_SETUP", null, null];
  if (types.includes("PLACE_PLAYER") && request.pitch) {
    const group = groups.find((g) => g.type === "PLACE_PLAYER");
    const placed = setupPlace(group, request.pitch, request.decision.side);
    if (placed) return placed;
  }
  const type = pick(types);
  const group = pick(groups.filter((g) => g.type === type));
  const player = group.players.length ? pick(group.players) : null;
  const square = group.squares.length ? pick(group.squares) : null;
  return [type, player, square];
}

// One message; true once the game is over.
function handle(line) {
  if (!line.trim()) return false;
  const msg = JSON.parse(line);
  if (msg.type === "hello") {
    random = generator(msg.seed % 4294967296);
    send({ type: "ready", name: "random-js", wants: ["legal", "pitch@SETUP"] });
  } else if (msg.type === "decide") {
    send({ type: "action", id: msg.id, action: choose(msg) });
  } else if (msg.type === "end") {
    send({ type: "bye" });
    return true;
  }
  // "rejected" and "penalty" notices need no answer.
  return false;
}

// Blocking reads of stdin, split into lines: the simplest loop, and the cheapest per message.
const chunk = Buffer.alloc(1 << 16);
const nap = new Int32Array(new SharedArrayBuffer(4));

function readChunk() {
  for (;;) {
    try {
      return fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (err) {
      if (err.code === "EOF") return 0;
      if (err.code !== "EAGAIN") throw err;
      Atomics.wait(nap, 0, 0, 2); // a non-blocking stdin: wait 2 ms for more
    }
  }
}

const utf8 = new StringDecoder("utf8");
let pending = "";
for (;;) {
  const n = readChunk();
  if (n === 0) break;
  pending += utf8.write(chunk.subarray(0, n));
  let nl;
  let over = false;
  while (!over && (nl = pending.indexOf("\n")) >= 0) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    over = handle(line);
  }
  if (over) break;
}
