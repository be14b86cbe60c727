// The replay viewer: a verified match record as frames, with step, scrub, jump to each turn,
// and play / pause at a chosen speed; the match report follows beside the board.
"use strict";

const R = { data: null, pos: 0, timer: null };

// Play from the current frame on, one frame every `r-speed` milliseconds, until the end.
function play(on) {
  if (R.timer) { clearInterval(R.timer); R.timer = null; }
  if (on && R.data) {
    if (R.pos >= R.data.frames.length - 1) goto(0);
    R.timer = setInterval(() => {
      goto(R.pos + 1);
      if (R.pos >= R.data.frames.length - 1) play(false);  // stop as the last frame shows
    }, +$("r-speed").value);
  }
  $("r-play").textContent = R.timer ? "\u23f8 pause" : "\u25b6 play";
  $("r-play").dataset.playing = R.timer ? "1" : "0";
}

async function showReplay(id) {
  $("replay").hidden = false;
  $("record-file").addEventListener("change", async ev => {
    const file = ev.target.files[0];
    if (!file) return;
    try {
      // The text goes as it is: JSON.parse would round seeds above 2^53.
      const res = await fetch("/api/replays", { method: "POST", headers: { "Content-Type": "application/json" },
        body: await file.text() });
      const data = await res.json();
      if (!res.ok) throw new Error(data.error || res.statusText);
      loadReplay(data);
    } catch (e) { $("replay-error").textContent = e.message; }
  });
  for (const [bid, fn] of [["r-first", () => 0], ["r-prev", p => p - 1], ["r-next", p => p + 1],
    ["r-last", () => R.data.frames.length - 1]]) {
    $(bid).addEventListener("click", () => goto(fn(R.pos)));
  }
  $("r-scrub").addEventListener("input", () => goto(+$("r-scrub").value));
  $("r-play").addEventListener("click", () => play(!R.timer));
  $("r-speed").addEventListener("change", () => { if (R.timer) play(true); });
  $("r-turn").addEventListener("change", () => goto(+$("r-turn").value));
  document.addEventListener("keydown", ev => {
    if (!R.data) return;
    if (ev.key === "ArrowRight") goto(R.pos + 1);
    if (ev.key === "ArrowLeft") goto(R.pos - 1);
    if (ev.key === " ") { ev.preventDefault(); play(!R.timer); }
  });
  if (id) {
    // an arena game (`arena/ID`) or a game of this server
    const url = id.startsWith("arena/") ? `/api/arena/games/${id.slice(6)}/replay` : `/api/replays/${id}`;
    try { loadReplay(await api("GET", url)); } catch (e) { $("replay-error").textContent = e.message; }
    return;
  }
  const info = await api("GET", "/api/games");
  $("replay-list").innerHTML = info.finished.map(g =>
    `<li><a href="/replay/${g.id}">${g.home} v ${g.away} (${g.score.join("-")}, ${g.board} players)</a></li>`).join("") ||
    "<li>no finished games yet</li>";
}

function loadReplay(data) {
  R.data = data;
  $("replay-pick").hidden = true;
  $("replay-view").hidden = false;
  $("r-scrub").max = data.frames.length - 1;
  const opts = data.turns.map(i => {
    const f = data.frames[i];
    return `<option value="${i}">half ${f.half}, turn ${f.turn[0]}/${f.turn[1]}</option>`;
  });
  $("r-turn").innerHTML = `<option value="0">jump to a turn…</option>` + opts.join("");
  goto(0);
}

// The engine's start position with frame `i` laid over it.
function frameState(i) {
  const d = R.data, f = d.frames[i];
  const players = d.players.map((p, k) => {
    const [x, y, st, flags] = f.players[k];
    return { ...p, square: x === null ? null : [x, y], status: STATUS[st], flags };
  });
  return { ...d, players, ball: { square: f.ball }, score: f.score, turn: f.turn, half: f.half, decision: f.decision,
    weather: f.weather, rerolls: f.rerolls, races: { home: d.config.home, away: d.config.away }, colours: d.colours,
    teams: f.teams, seats: {}, replay: true };  // the playing team's panel says "playing"
}

function goto(i) {
  const d = R.data;
  if (!d) return;
  R.pos = Math.max(0, Math.min(d.frames.length - 1, i));
  const f = d.frames[R.pos];
  const state = frameState(R.pos);
  drawBoard($("rpitch"), state, {});
  drawDugout($("rdugout-home"), state, "home", {});
  drawDugout($("rdugout-away"), state, "away", {});
  drawScoreboard($("rsb-home"), "home", state);  // the game page's panels, per team
  drawScoreboard($("rsb-away"), "away", state);
  $("r-scrub").value = R.pos;
  $("r-pos").textContent = `${R.pos} / ${d.frames.length - 1}`;
  // the turn selector follows the position: the last turn that began at or before it
  let turn = 0;
  for (const i of d.turns) if (i <= R.pos) turn = i;
  $("r-turn").value = String(turn);
  $("rbar").textContent = `${d.config.home} ${f.score[0]} - ${f.score[1]} ${d.config.away} · half ${f.half} · ` +
    `turn ${f.turn[0]}/${f.turn[1]} · ${WEATHER[f.weather] || ""} · re-rolls ${f.rerolls[0]}/${f.rerolls[1]}`;
  $("r-action").textContent = f.report.length ? f.report[f.report.length - 1] : "";
  const lines = [];
  for (let k = Math.max(0, R.pos - 40); k <= R.pos; k++) {
    for (const r of d.frames[k].report) lines.push(`<li class="${lineClass(r)}">${escapeHtml(r)}</li>`);
  }
  $("rlog").innerHTML = lines.join("");
  $("rlog").scrollTop = $("rlog").scrollHeight;
}
