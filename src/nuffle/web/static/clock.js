// The turn timer of a game created with `turn_seconds`: whose clock runs and what is left,
// counted down here between the server's pushes (the server acts at zero, not the page).
"use strict";

const CLOCK = { data: null, at: 0, timer: null };

function showClock(clock) {
  CLOCK.data = clock || null;
  CLOCK.at = performance.now();
  if (!CLOCK.timer) CLOCK.timer = setInterval(drawClock, 250);
  drawClock();
}

function drawClock() {
  const box = document.getElementById("turn-clock");
  const c = CLOCK.data;
  if (!box) return;
  box.hidden = !c;
  if (!c) { box.textContent = ""; return; }
  const left = Math.max(0, c.left - (c.running ? (performance.now() - CLOCK.at) / 1000 : 0));
  const m = Math.floor(left / 60), s = Math.ceil(left % 60) === 60 ? 59 : Math.ceil(left % 60);
  box.textContent = `timer: ${c.side} ${m}:${String(s).padStart(2, "0")}${c.running ? "" : " (stopped)"}`;
  box.title = `the ${c.side} coach's turn timer: ${c.seconds} s a turn (and a set-up); at zero the server ` +
    "ends his action and turn (or completes his set-up)";
  box.className = left <= 10 ? "low" : "";
}
