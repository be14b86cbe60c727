// The page: the lobby, a live game (played, watched or bot against bot) and routing.
"use strict";

const $ = id => document.getElementById(id);

async function api(method, path, body) {
  const res = await fetch(path, {
    method, headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || `${res.status} ${res.statusText}`);
  return data;
}

function hashParams() {
  return new URLSearchParams(location.hash.slice(1));
}

// --- the lobby ------------------------------------------------------------------------------

async function showLobby() {
  $("new-game").addEventListener("submit", createGame);  // before the lobby fills: never a native submit
  $("lobby").hidden = false;
  const info = await api("GET", "/api/games");
  const fillRaces = names => {  // the chosen ruleset's races, as the server lists them
    for (const sel of document.querySelectorAll("select.race")) {
      const was = sel.value;
      sel.innerHTML = names.map(r => `<option>${r}</option>`).join("");
      if (names.includes(was)) sel.value = was;
    }
  };
  fillRaces((info.races_by_ruleset || {})[info.ruleset] || info.races);
  document.querySelector("[name=home-race]").value = "human";
  document.querySelector("[name=away-race]").value = "orc";
  for (const sel of document.querySelectorAll("select.bot")) {
    sel.innerHTML = `<option value="">human</option>` + info.bots.map(b => `<option>${b}</option>`).join("");
  }
  document.querySelector("[name=away-bot]").value = "scripted";  // the default opponent
  for (const side of ["home", "away"]) {
    const sel = document.querySelector(`[name=${side}-bot]`);
    const opts = document.querySelector(`[name=${side}-bot-options]`);
    const show = () => {  // the bot's options with their defaults, as the bot spec writes them
      const o = (info.bot_options || {})[sel.value] || {};
      opts.placeholder = Object.entries(o).map(([k, v]) => `${k}=${v}`).join("&") || "no options";
      opts.disabled = !Object.keys(o).length;
      opts.value = "";
    };
    sel.addEventListener("change", show);
    G.showOptions = G.showOptions || [];
    G.showOptions.push(show);
    show();
  }
  $("board").innerHTML = info.boards.map(b => `<option ${b === 11 ? "selected" : ""}>${b}</option>`).join("");
  // The rulesets a game may be played by, as the server lists them (it checks each request).
  $("ruleset").innerHTML = info.rulesets.map(r => `<option ${r === info.ruleset ? "selected" : ""}>${r}</option>`)
    .join("");
  $("ruleset").addEventListener("change", () => fillRaces(info.races_by_ruleset[$("ruleset").value]));
  $("mode").addEventListener("change", syncCoaches);
  syncCoaches();
  const row = g => `<li><a href="/${g.score ? "replay" : "games"}/${g.id}">${g.home} v ${g.away}` +
    ` (${g.mode}, ${g.board} players${g.score ? ", " + g.score.join("-") : ""})</a></li>`;
  $("running").innerHTML = info.running.map(row).join("") || "<li>none</li>";
  $("finished").innerHTML = info.finished.map(row).join("") || "<li>none</li>";
  teamPickers(message => { $("lobby-error").textContent = message; });
}

function syncCoaches() {
  const mode = $("mode").value;
  const hb = document.querySelector("[name=home-bot]"), ab = document.querySelector("[name=away-bot]");
  if (mode === "hotseat" || mode === "online") { hb.value = ""; ab.value = ""; }
  if (mode === "botvbot") { hb.value = hb.value || "scripted"; ab.value = ab.value || "scripted"; }
  if (mode === "bot" && !hb.value && !ab.value) ab.value = "scripted";
  if (mode === "bot" && hb.value && ab.value) hb.value = "";
  for (const show of G.showOptions || []) show();
}

async function createGame(ev) {
  ev.preventDefault();
  const f = new FormData($("new-game"));
  const entry = side => {
    const bot = f.get(`${side}-bot`), opts = (f.get(`${side}-bot-options`) || "").trim();
    const race = chosenTeam(side) ? chosenTeam(side).race : f.get(`${side}-race`);
    return race + (bot ? ":" + bot + (opts ? "?" + opts : "") : "");
  };
  const mode = f.get("mode");
  const body = { mode, home: entry("home"), away: entry("away"), board: +f.get("board"),
    ruleset: f.get("ruleset") };
  for (const side of ["home", "away"]) if (chosenTeam(side)) body[`${side}_team`] = chosenTeam(side);
  if (f.get("turn-seconds")) body.turn_seconds = +f.get("turn-seconds");
  try {
    const g = await api("POST", "/api/games", body);
    const seats = g.seats;
    if (mode === "online") {
      const box = $("links");
      box.hidden = false;
      box.innerHTML = "<p>Send each coach his seat's link; anyone may watch the spectator link.</p>" +
        `<a id="home-link" href="${g.links.home}">Home seat</a><a id="away-link" href="${g.links.away}">Away seat</a>` +
        `<a id="spectate-link" href="${g.spectate}">Spectate</a>`;
      return;
    }
    let hash = "";
    if (mode === "hotseat") hash = `#home=${seats.home}&away=${seats.away}`;
    else if (seats.home || seats.away) hash = `#token=${seats.home || seats.away}`;
    location.href = `/games/${g.id}${hash}`;
  } catch (e) {
    $("lobby-error").textContent = e.message;
  }
}

// --- a live game ----------------------------------------------------------------------------

const G = {
  id: null, state: null, tokens: {}, seat: null, selected: null, hover: null,
  paths: null, pathsKey: null, ws: null, busy: false, log: [], logEnd: 0,
  blitzPick: {}, blitzOpts: {}, lands: {}, pendingBlock: null,
};

function myToken(side) {
  return G.tokens[side] || null;
}

function canAct(state) {
  const d = state.decision;
  return d && d.side && !!myToken(d.side) && state.seats[d.side] === "human";
}

async function showGame(id) {
  $("game").hidden = false;
  G.id = id;
  const h = hashParams();
  if (h.get("home")) G.tokens.home = h.get("home");
  if (h.get("away")) G.tokens.away = h.get("away");
  const token = h.get("token");
  $("tz-toggle").addEventListener("change", render);
  $("auto-toggle").checked = localStorage.getItem("nuffle-auto") !== "off";
  $("auto-toggle").addEventListener("change", () => {
    localStorage.setItem("nuffle-auto", $("auto-toggle").checked ? "on" : "off");
    render();
  });
  $("odds-toggle").addEventListener("change", render);
  $("speed").addEventListener("change", async () => {
    await api("POST", `/api/games/${id}/speed`, { delay: 2 - +$("speed").value }).catch(showError);
  });
  try {
    setState(await api("GET", `/api/games/${id}`));
  } catch (e) { showError(e); return; }
  connect(token);
}

// The connection indicator: live, or reconnecting (the socket retries every second).
function connection(up) {
  $("conn").textContent = up ? "\u25cf live" : "\u25cf reconnecting\u2026";
  $("conn").className = up ? "up" : "down";
}

// Keyboard shortcuts: E ends the action (then, pressed again, the turn), A the action, R a
// team re-roll, D decline. Each key's action types, the first legal one taken.
const KEYS = { e: ["END_ACTION", "END_TURN"], a: ["END_ACTION"], r: ["USE_REROLL"], d: ["DECLINE"] };
function keyAction(key, legal) {
  const all = expandLegal(legal);
  for (const type of KEYS[key.toLowerCase()] || []) {
    const action = all.find(a => a.type === type);
    if (action) return action;
  }
  return null;
}
document.addEventListener("keydown", ev => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || /INPUT|SELECT|TEXTAREA/.test(ev.target.tagName)) return;
  if (ev.key.toLowerCase() === "s" && nextBlitzSquare()) { ev.preventDefault(); return; }
  if (!G.state || !canAct(G.state)) return;
  const action = keyAction(ev.key, G.state.legal);
  if (action) { ev.preventDefault(); send(action); }
});

// Whose move it is, in the page and in the tab's title.
function turnAlert(state, acting) {
  const d = state.decision;
  let text = "";
  if (state.result.over) text = "";
  else if (acting) text = d.kind === "SELECT_ACTION" ? "Your turn" : "Your decision";
  else if (d.side) text = state.seats[d.side].startsWith("bot") ? `${d.side} (bot) is thinking…` : `Waiting for ${d.side}`;
  $("turn-alert").textContent = text;
  $("turn-alert").className = acting ? "mine" : "";
  document.title = (acting && !state.result.over ? "\u25b6 Your move \u2014 " : "") + "nuffle";
}

function connect(token) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/games/${G.id}` + (token ? `?token=${encodeURIComponent(token)}` : ""));
  G.ws = ws;
  ws.onopen = () => { if (G.ws === ws) connection(true); };
  ws.onmessage = ev => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "hello") {
      G.seat = msg.seat;
      if (msg.seat && token) G.tokens[msg.seat] = token;
      render();
    } else if (msg.type === "state") {
      setState(msg.state);
    } else if (msg.type === "error") {
      showError(new Error(msg.message));
    }
  };
  ws.onclose = () => {
    if (G.ws !== ws) return;
    connection(false);
    setTimeout(() => connect(token), 1000);
  };
}

function showError(e) {
  $("game-error").textContent = e.message;
}

// A state's log holds the lines numbered from state.log_from on: the last 150 in a full state,
// only the lines this page's socket has not had in a pushed one.
function mergeLog(state) {
  const from = state.log_from, lines = state.log;
  if (from > G.logEnd) G.log = lines.slice();
  else G.log.push(...lines.slice(G.logEnd - from));
  G.logEnd = Math.max(G.logEnd, from + lines.length);
  if (G.log.length > 150) G.log.splice(0, G.log.length - 150);
}

// The legal actions: each group stands for every listed player with every listed square.
function expandLegal(groups) {
  const out = [];
  for (const g of groups) {
    for (const player of g.players.length ? g.players : [null]) {
      for (const square of g.squares.length ? g.squares : [null]) out.push({ type: g.type, player, square });
    }
  }
  return out;
}

function setState(state) {
  if (G.state && state.version < G.state.version) return;
  mergeLog(state);
  const changed = !G.state || G.state.version !== state.version;
  G.state = state;
  if (changed) {
    G.selected = null;
    G.paths = null;
    G.blitzPick = {};
    G.blitzOpts = {};
    G.lands = {};
    $("game-error").textContent = state.error || "";
  }
  showClock(state.clock);
  const d = state.decision;
  if (d.kind === "MOVE" && d.player !== null && canAct(state)) {
    G.selected = d.player;
    const key = `${state.version}:${d.player}`;
    if (G.pathsKey !== key) {
      G.pathsKey = key;
      api("GET", `/api/games/${G.id}/paths?player=${d.player}`).then(p => {
        if (G.pathsKey === key) { G.paths = p.paths; render(); }
      }).catch(() => {});
    }
  }
  render();
  blockFromPicked(state);
}

async function send(action) {
  const side = G.state.decision.side;
  const token = myToken(side);
  if (!token || G.busy) return;
  G.busy = true;
  try {
    setState(await api("POST", `/api/games/${G.id}/actions`, { token, action }));
    $("game-error").textContent = "";
  } catch (e) { showError(e); } finally { G.busy = false; }
}

async function setupFormation(name) {
  const token = myToken(G.state.decision.side);
  try {
    setState(await api("POST", `/api/games/${G.id}/setup`, { token, formation: name }));
  } catch (e) { showError(e); }
}

// Legal actions indexed for the mouse: by square, by player, and the plain ones.
function indexActions(state) {
  const bySquare = new Map(), byPlayer = new Map(), plain = [];
  for (const a of expandLegal(state.legal)) {
    if (a.square) {
      if (a.player === null || a.player === G.selected) {
        const k = a.square.join(",");
        if (!bySquare.has(k)) bySquare.set(k, []);
        bySquare.get(k).push({ action: a, cls: a.type === "BLOCK" ? "block" : a.type === "PASS" ? "pass" : "" });
      }
      if (a.player !== null) {
        if (!byPlayer.has(a.player)) byPlayer.set(a.player, []);
        byPlayer.get(a.player).push(a);
      }
    } else if (a.player !== null) {
      if (!byPlayer.has(a.player)) byPlayer.set(a.player, []);
      byPlayer.get(a.player).push(a);
    } else {
      plain.push(a);
    }
  }
  return { bySquare, byPlayer, plain };
}

function button(label, onClick, cls) {
  const b = document.createElement("button");
  b.textContent = label;
  if (cls) b.className = cls;
  b.addEventListener("click", onClick);
  $("choices").appendChild(b);
  return b;
}

function playerLabel(state, pid) {
  const p = state.players[pid];
  return `${p.team} #${p.number} ${p.position}`;
}

function render() {
  const state = G.state;
  if (!state) return;
  const [hs, as] = state.score;
  $("home-name").textContent = state.races.home;
  $("away-name").textContent = state.races.away;
  $("home-score").textContent = hs;
  $("away-score").textContent = as;
  const half = state.half > 2 ? "overtime" : `half ${state.half}`;
  $("clock").textContent = state.result.over ? "full time" : half;  // each team's turn: the scoreboard
  $("weather").textContent = WEATHER[state.weather] || "";
  for (const side of ["home", "away"]) drawScoreboard($(`sb-${side}`), side, state);
  $("speed-box").hidden = state.mode !== "botvbot";
  if (state.mode === "botvbot" && document.activeElement !== $("speed")) $("speed").value = 2 - state.delay;
  $("seat").textContent = G.seat ? `You coach ${G.seat}` :
    (Object.keys(G.tokens).length ? "Hot-seat: you coach both sides" : "Watching");

  const acting = canAct(state);
  turnAlert(state, acting);
  const idx = acting ? indexActions(state) : { bySquare: new Map(), byPlayer: new Map(), plain: [] };
  const d = state.decision;
  $("choices").innerHTML = "";
  $("meanings").innerHTML = "";
  $("dice").innerHTML = "";
  const said = state.prompt || { text: "", choices: {}, odds: {}, chooser: "" };
  if (d.kind === "BLOCK_DICE" && d.faces && d.faces.length) {
    $("dice").innerHTML = d.faces.map(dieSvg).join("") +
      (said.chooser ? ` <span class="chooser">${escapeHtml(said.chooser)} chooses</span>` : "");
  }
  if (state.result.over) {
    const r = state.result;
    $("prompt").textContent = `Full time: ${r.score.home}-${r.score.away}` +
      (r.winner ? `, ${state.races[r.winner]} (${r.winner}) win.` : ", a draw.");
    const a = document.createElement("a");
    a.href = `/replay/${G.id}`; a.textContent = "Watch the replay"; a.id = "replay-link";
    $("choices").appendChild(a);
  } else if (!acting) {
    $("prompt").textContent = waitingText(state, said);
  } else {
    $("prompt").textContent = (Object.keys(G.tokens).length > 1 ? `[${d.side}] ` : "") +
      (said.text || promptText(d, state));
    for (const name of state.formations || []) {
      button(`Formation: ${name}`, () => setupFormation(name), "formation");
    }
    for (const a of idx.plain) {
      const b = button(choiceLabel(a.type, said, d), () => send(a), a.type.startsWith("END") ? "" : "primary");
      if (said.choices[a.type]) b.title = said.choices[a.type];
    }
    for (const [type, meaning] of Object.entries(said.choices)) {
      const li = document.createElement("li");
      li.textContent = `${actionName(type)}: ${meaning}` + (type in said.odds ? ` (${pct(said.odds[type])})` : "");
      $("meanings").appendChild(li);
    }
    autoAnswer(state);
    if (G.selected !== null && idx.byPlayer.has(G.selected)) {
      const only = idx.byPlayer.get(G.selected).filter(a => !a.square);
      if (only.length) {
        const label = document.createElement("span");
        label.textContent = ` ${playerLabel(state, G.selected)}: `;
        $("choices").appendChild(label);
        for (const a of only) button(actionName(a.type), () => send(a), "primary");
      }
    }
  }
  const selectable = new Set(idx.byPlayer.keys());
  const ui = {
    legal: idx.bySquare, selected: G.selected, selectable, tz: $("tz-toggle").checked,
    onSquare: (x, y) => clickSquare(idx, x, y),
    onPlayer: (pid, x, y) => clickPlayer(idx, pid, x, y),
    onHover: (x, y) => hoverSquare(idx, x, y),
    overlay: (marks, top) => drawOdds(idx, marks, top),
    onDragStart: (pid, ev) => dragStart(idx, pid, ev),
  };
  drawSetupCounts(state);
  drawBoard($("pitch"), state, ui);
  drawDugout($("dugout-home"), state, "home", ui);
  drawDugout($("dugout-away"), state, "away", ui);
  const log = $("log");
  log.innerHTML = G.log.map(l => `<li class="${lineClass(l)}">${escapeHtml(l)}</li>`).join("");
  log.scrollTop = log.scrollHeight;
}

// Whether `side` is a team this page coaches (its own panel says "your turn", not "their turn").
function ownSide(state, side) { return state.seats[side] === "human" && !!myToken(side); }

// One team's scoreboard: name, score, turn (and a marker in its turn), re-rolls left and
// whether one was used this turn, the once-a-turn actions used, apothecaries and bribes left.
const ONCE_A_TURN = [["blitz", "Blitz"], ["pass", "Pass"], ["handoff", "Hand-off"], ["foul", "Foul"]];
function drawScoreboard(box, side, state) {
  const t = (state.teams || {})[side];
  if (!t) { box.innerHTML = ""; return; }
  const id = what => `data-testid="sb-${side}-${what}"`;
  // What a team used counts in its own turn; the other team's flags are from its last turn.
  const used = { ...t.used, reroll: t.reroll_used };
  for (const k in used) used[k] = used[k] && t.its_turn;
  const chips = ONCE_A_TURN.map(([k, label]) =>
    `<span class="chip${used[k] ? " used" : ""}${t.its_turn ? "" : " idle"}" ${id(k)} data-used="${used[k] ? 1 : 0}" ` +
    `title="${t.its_turn ? `${label} ${used[k] ? "used" : "not used"} this turn` : "not this team's turn"}">${label}</span>`).join("");
  box.className = `sb ${side}${t.its_turn ? " playing" : ""}`;
  box.innerHTML =
    `<div><b class="sb-name">${escapeHtml(t.name)}</b> <span class="sb-race">${escapeHtml(t.race)}, ${side}</span>` +
    ` <b class="sb-score" ${id("score")}>${t.score}</b>` +
    `<span class="sb-mark" ${id("its-turn")}>${t.its_turn ? (state.replay ? "\u25b6 playing" : ownSide(state, side) ? "\u25b6 your turn" : "\u25b6 their turn") : ""}</span></div>` +
    `<div>Turn <b ${id("turn")}>${t.turn}</b> of ${state.pitch.turns_per_half} · ` +
    `Re-rolls <b ${id("rerolls")}>${t.rerolls}</b>${t.leader_reroll ? ` (+${t.leader_reroll} Leader)` : ""}` +
    // the chip only while a re-roll is left (or one was used this turn)
    (t.rerolls + (t.leader_reroll || 0) > 0 || used.reroll ?
      ` <span class="chip${used.reroll ? " used" : ""}${t.its_turn ? "" : " idle"}" ${id("reroll-used")} data-used="${used.reroll ? 1 : 0}" ` +
      `title="${used.reroll ? "a team re-roll was used this turn" : "no team re-roll used this turn"}">Re-roll this turn</span>` : "") + "</div>" +
    `<div>${chips} · Apothecary <b ${id("apothecaries")}>${t.apothecaries}</b> · Bribes <b ${id("bribes")}>${t.bribes}</b></div>`;
}

// Set-up counters, as the engine's set-up rules count them (line of scrimmage, wide zones,
// players on the pitch), and why the set-up may not end yet.
function drawSetupCounts(state) {
  const c = state.setup, box = $("setup-counts");
  box.hidden = !c;
  if (!c) return;
  const item = (id, label, n, ok) => `<span class="count ${ok ? "ok" : "bad"}" data-testid="${id}">${label} <b>${n}</b></span>`;
  box.innerHTML =
    item("count-pitch", "On the pitch", `${c.on_pitch} / ${c.pitch_max}`, c.may_end || (c.on_pitch >= c.must_field && c.on_pitch <= c.pitch_max)) +
    item("count-los", "Line of scrimmage", `${c.on_los} / ${c.los_min}+`, c.on_los >= c.los_min) +
    item("count-wide-top", "Top wide zone", `${c.wide_top} / ${c.wide_max}`, c.wide_top <= c.wide_max) +
    item("count-wide-bottom", "Bottom wide zone", `${c.wide_bottom} / ${c.wide_max}`, c.wide_bottom <= c.wide_max) +
    `<span class="problem" data-testid="setup-problem">${c.problem ? escapeHtml(c.problem) : "a legal set-up"}</span>` +
    ` <span class="hint">drag a player to a square (or to the dugout)</span>`;
}

// Drag-and-drop set-up: press on a player the set-up may place, let go over a square (a
// placement, or a swap with the player there) or over the dugout (to the reserves). Only
// actions the engine lists as legal are sent.
function dragStart(idx, pid, ev) {
  const acts = idx.byPlayer.get(pid) || [];
  if (G.state.decision.kind !== "SETUP" || !acts.some(a => a.type === "PLACE_PLAYER" || a.type === "RESERVE_PLAYER")) return;
  G.drag = { pid, x: ev.clientX, y: ev.clientY, acts };
  ev.preventDefault();
}

document.addEventListener("pointerup", ev => {
  const drag = G.drag;
  G.drag = null;
  if (!drag || Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 5) return;  // a click, not a drag
  const under = document.elementFromPoint(ev.clientX, ev.clientY);
  if (!under) return;
  let square = null;
  const rect = under.closest("rect[data-sq]");
  const piece = under.closest("#pitch g.player");
  if (rect) square = rect.dataset.sq;
  else if (piece) square = (G.state.players[+piece.dataset.player].square || []).join(",");
  let action = null;
  if (square) action = drag.acts.find(a => a.type === "PLACE_PLAYER" && a.square.join(",") === square);
  else if (under.closest(".dugout")) action = drag.acts.find(a => a.type === "RESERVE_PLAYER");
  if (action) send(action);
  else if (square) showError(new Error(`the set-up may not put that player on ${square}`));
});

// A choice's button label ("Use skill" names the decision's skill), with its chance of
// success when the prompt gives one.
function choiceLabel(type, said, d) {
  const name = type === "USE_SKILL" && d && d.skill ? `Use ${words(d.skill)}`
    : type === "USE_LIGHTNING_BOLT" && G.state && G.state.wizard === "zap" ? "Wizard: Zap!" : actionName(type);
  return name + (type in said.odds && said.odds[type] > 0 ? ` · ${pct(said.odds[type])}` : "");
}

// The prompt while another seat decides: a bot's decision is described, never addressed to it.
function waitingText(state, said) {
  const d = state.decision;
  if (!d.side) return "…";
  const seat = state.seats[d.side];
  if (seat.startsWith("bot")) {
    return `${d.side} (${seat}) is deciding: ${d.kind.toLowerCase().replace(/_/g, " ")}` +
      (d.player !== null && d.player !== undefined ? ` for ${playerLabel(state, d.player)}` : "") + "…";
  }
  return `Waiting for ${d.side} (${seat}): ` + (said.text || d.kind.toLowerCase().replace(/_/g, " "));
}

// A block die as a small picture: its face's sign on a die, its name as the tooltip.
const DIE_SIGNS = [["\u2620", "#b00020"], ["\u2620\u2715", "#c66a00"], ["\u2794", "#333"],
  ["!\u2794", "#1d5fa8"], ["\u2738", "#0a6b0a"]];
function dieSvg(face) {
  const [sign, colour] = DIE_SIGNS[face];
  return `<svg class="die" data-face="${face}" width="38" height="38" viewBox="0 0 38 38"><title>${FACES[face]}</title>` +
    `<rect x="2" y="2" width="34" height="34" rx="7" fill="#fffdf5" stroke="#333" stroke-width="2"/>` +
    `<text x="19" y="26" text-anchor="middle" font-size="17" fill="${colour}">${sign}</text></svg>`;
}

// A decision with a single legal answer (a forced follow-up, a lone push square, ...) is
// answered by itself when the toggle is on; turns, moves, set-ups and kicks never are.
const NEVER_AUTO = new Set(["SELECT_ACTION", "MOVE", "SETUP", "KICK_TARGET", "KICK_OR_RECEIVE"]);
function autoAnswer(state) {
  if (!$("auto-toggle").checked || NEVER_AUTO.has(state.decision.kind)) return;
  const all = expandLegal(state.legal);
  if (all.length !== 1 || G.autoVersion === state.version) return;
  G.autoVersion = state.version;
  setTimeout(() => { if (G.state && G.state.version === state.version) send(all[0]); }, 400);
}

// A report line's style: turn headers, touchdowns, turnovers and match events stand out.
function lineClass(line) {
  if (line.startsWith("Touchdown!")) return "td";
  if (line.startsWith("Turnover")) return "turnover";
  if (/^(Half \d, turn|Half-time|Final whistle|Kick-off table|Weather)/.test(line) || line.includes("half begins"))
    return "head";
  return "";
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

// A square's choice when it has several (Move or Leap, say): the action and its chance.
function choiceOdds(action, key) {
  const odds = G.state.odds || {};
  const at = list => (list || []).find(o => o.square.join(",") === key);
  let p = null;
  if (action.type === "MOVE" && G.paths && G.paths[key]) p = G.paths[key].prob;
  else if (action.type === "LEAP" && at(odds.leaps)) p = at(odds.leaps).here.chance;
  else if (action.type === "CHAINSAW" && at(odds.chainsaws)) p = at(odds.chainsaws).victim_down;
  else if (action.type === "THROW_TEAM_MATE" && G.lands[`${action.player}@${key}`]) p = G.lands[`${action.player}@${key}`].whole;
  return actionName(action.type) + (p === null || p === undefined ? "" : ` · ${pct(p)}`);
}

async function clickSquare(idx, x, y) {
  const acts = idx.bySquare.get(`${x},${y}`);
  const block = ((G.state.odds || {}).blocks || []).find(b => b.square.join(",") === `${x},${y}`);
  if (acts && block && block.far && G.blitzPick[`${x},${y}`]) {
    // block from the square the coach picked: walk there first, then block
    const opt = blitzOption(block, `${x},${y}`);
    const move = expandLegal(G.state.legal).find(a => a.type === "MOVE" && a.square.join(",") === opt.from.join(","));
    if (move) {
      G.pendingBlock = { player: G.state.decision.player, from: opt.from, target: [x, y], version: G.state.version };
      send(move);
      return;
    }
  }
  if (!acts) {
    if (G.selected !== null && G.state.decision.kind !== "MOVE") { G.selected = null; render(); }
    return;
  }
  if (acts.length === 1) { send(acts[0].action); return; }
  // "Throw here" gives the whole throw, asked of the server (as on hover) before the buttons show
  await Promise.all(acts.filter(a => a.action.type === "THROW_TEAM_MATE")
    .map(a => G.lands[`${a.action.player}@${x},${y}`] || fetchLands(a.action.player, `${x},${y}`)));
  $("choices").innerHTML = "";
  for (const { action } of acts) button(choiceOdds(action, `${x},${y}`), () => send(action), "primary");
}

function clickPlayer(idx, pid, x, y) {
  if (x !== null && idx.bySquare.has(`${x},${y}`)) { clickSquare(idx, x, y); return; }
  const acts = idx.byPlayer.get(pid);
  if (!acts) return;
  const only = acts.filter(a => !a.square);
  if (only.length === 1 && acts.length === 1 && !only[0].type.startsWith("START")) { send(only[0]); return; }
  G.selected = pid;
  render();
}

function hoverSquare(idx, x, y) {
  G.hover = [x, y];
  drawHover(idx);
}

// Path preview, block dice and pass odds for the hovered square.
function drawHover(idx) {
  const svg = $("pitch");
  const old = svg.querySelector("#hover");
  if (old) old.remove();
  const line = $("odds-line");
  line.textContent = "";
  if (!G.hover || !$("odds-toggle").checked || !G.state) return;
  const key = G.hover.join(",");
  const acts = idx.bySquare.get(key) || [];
  const odds = G.state.odds || {};
  const g = el("g", { id: "hover" }, svg);
  const block = (odds.blocks || []).find(b => b.square.join(",") === key);
  const pass = (odds.passes || []).find(b => b.square.join(",") === key);
  if (block && acts.some(a => a.action.type === "BLOCK")) {
    const opt = blitzOption(block, key);
    let where = "Block";
    if (block.far) {  // a blitz from afar: the square it blocks from, and the way there
      const pts = opt.steps.map(([x, y]) => `${x * S + S / 2},${y * S + S / 2}`).join(" ");
      el("polyline", { points: pts, class: "path" }, g);
      el("rect", { x: opt.from[0] * S + 2, y: opt.from[1] * S + 2, width: S - 4, height: S - 4,
        class: "blitzfrom", id: "blitz-from-square" }, g);
      where = `Blitz from <b data-testid="blitz-from">${opt.from.join(",")}</b>`;
    }
    line.innerHTML = `${where}: <b data-testid="block-dice">${opt.dice}</b> ${opt.dice > 1 ? "dice" : "die"}, ${opt.chooser} chooses · ` +
      `knock-down <b data-testid="block-kd">${pct(opt.knockdown)}</b> · both down <b data-testid="block-both-down">${pct(opt.both_down)}</b> · ` +
      `attacker falls ${pct(opt.attacker_down)}` +
      (opt.path < 1 ? ` · reach ${pct(opt.path)}` : "") +
      (block.far ? ` · <span class="hint">press S for another square` +
        (G.blitzOpts[key] ? ` (${(G.blitzPick[key] || 0) + 1} of ${G.blitzOpts[key].length})` : "") + "</span>" : "");
    return;
  }
  const foul = (odds.fouls || []).find(f => f.square.join(",") === key);
  if (foul && acts.some(a => a.action.type === "FOUL")) {
    let where = "Foul";
    if (foul.far) {  // a foul from afar: the square it fouls from, and the way there
      const pts = foul.steps.map(([x, y]) => `${x * S + S / 2},${y * S + S / 2}`).join(" ");
      el("polyline", { points: pts, class: "path" }, g);
      el("rect", { x: foul.from[0] * S + 2, y: foul.from[1] * S + 2, width: S - 4, height: S - 4,
        class: "blitzfrom", id: "foul-from-square" }, g);
      where = `Foul from <b data-testid="foul-from">${foul.from.join(",")}</b> (reach <b data-testid="foul-reach">${pct(foul.path)}</b>)`;
    }
    line.innerHTML = `${where}: armour broken <b data-testid="foul-armour">${pct(foul.armour)}</b> · ` +
      `injury (KO or worse) <b data-testid="foul-injury">${pct(foul.injury)}</b> · casualty ${pct(foul.casualty)} · ` +
      `sent off <b data-testid="foul-sent-off">${pct(foul.sent_off)}</b>` +
      (foul.kickback !== undefined ? ` · chainsaw kick-back (no foul) <b data-testid="foul-kickback">${pct(foul.kickback)}</b>, ` +
        `the fouler down ${pct(foul.fouler_down)}` : "");
    return;
  }
  const saw = (odds.chainsaws || []).find(c => c.square.join(",") === key);
  if (saw && acts.some(a => a.action.type === "CHAINSAW")) {
    line.innerHTML = `Chainsaw${saw.gfi ? " (after a GFI)" : ""}: hits <b data-testid="saw-hit">${pct(saw.hit)}</b> · ` +
      `kick-back <b data-testid="saw-kickback">${pct(saw.kickback)}</b> · victim down <b data-testid="saw-down">${pct(saw.victim_down)}</b> · ` +
      `casualty ${pct(saw.casualty)} · wielder down <b data-testid="saw-wielder-down">${pct(saw.attacker_down)}</b>` +
      (saw.wasted ? ` · wasted (Foul Appearance) ${pct(saw.wasted)}` : "");
    return;
  }
  const handoff = (odds.handoffs || []).find(h => h.square.join(",") === key);
  if (handoff && acts.some(a => a.action.type === "HANDOFF")) {
    line.innerHTML = `Hand-off: caught <b data-testid="handoff-catch">${pct(handoff.catch)}</b>`;
    return;
  }
  if (pass && acts.some(a => a.action.type === "PASS")) {
    line.textContent = `Pass (${pass.range}): accurate ${pct(pass.accurate)} · fumble ${pct(pass.fumble)} · ` +
      `catch ${pct(pass.catch)} · interception ${pct(pass.interception)}` +
      (pass.interceptors ? ` (${pass.interceptors} can try)` : "");
    return;
  }
  const skill = skillOdds(odds, key, acts);
  if (skill) { line.innerHTML = skill; return; }
  if (!G.paths || !acts.some(a => a.action.type === "MOVE")) return;
  const path = G.paths[key];
  if (!path) return;
  const pts = path.steps.map(([x, y]) => `${x * S + S / 2},${y * S + S / 2}`).join(" ");
  el("polyline", { points: pts, class: "path" }, g);
  const rolls = [];
  for (const [x, y, rs] of path.steps) {
    if (!rs.length) continue;
    el("text", { x: x * S + 3, y: y * S + 12, class: "steplabel" }, g, rs.map(([k, n]) => `${n}+`).join(" "));
    for (const [k, n] of rs) rolls.push(`${k.replace("_", " ")} ${n}+`);
  }
  const [ex, ey] = path.steps[path.steps.length - 1];
  el("text", { x: ex * S + 2, y: ey * S + S - 4, class: "steplabel", id: "path-prob-label" }, g, pct(path.prob));
  line.innerHTML = `Path to ${key}: ${path.steps.length - 1} squares, ${rolls.length ? rolls.join(", ") : "no rolls"} · ` +
    `success <b data-testid="path-prob">${pct(path.prob)}</b>`;
}

// A chance with the plan that gives it (the same figure as `nuffle odds "<plan>"`).
function planned(id, o) {
  return `<b data-testid="${id}">${pct(o.chance)}</b>` +
    (o.plan ? ` <code data-testid="${id}-plan" title="nuffle odds '${o.plan}'">${escapeHtml(o.plan)}</code>` : "");
}

// The Leap, Throw Team-Mate and Hypnotic Gaze odds of the hovered square, if it has any.
function skillOdds(odds, key, acts) {
  const at = list => (list || []).find(o => o.square.join(",") === key);
  const has = type => acts.some(a => a.action.type === type);
  const parts = [];
  const gaze = at(odds.gazes);
  if (gaze && has("HYPNOTIC_GAZE")) parts.push(`Hypnotic Gaze: ${planned("gaze", gaze)}`);
  const leap = at(odds.leaps);
  if (leap && has("LEAP")) {
    parts.push(`Leap: roll ${planned("leap-roll", leap.leap)}` +
      (leap.gfis ? ` · with ${leap.gfis} GFI ${planned("leap-total", leap.total)}` : "") +
      (leap.here.plan !== leap.total.plan ? ` · with the pick-up ${planned("leap-here", leap.here)}` : ""));
  }
  const thrown = G.selected;
  const ttm = (odds.throws || []).filter(o => o.square.join(",") === key);
  const t = ttm.find(o => o.thrown === thrown) || ttm[0];
  if (t && has("THROW_TEAM_MATE")) {
    // he scatters three times first: the chance he lands is asked of the server (exact, over
    // the scatter), once per square and position
    const lk = `${t.thrown}@${key}`;
    const got = G.lands[lk];
    if (got === undefined) fetchLands(t.thrown, key);
    const known = v => (!got ? "…" : v === null ? "too many outcomes to count" : pct(v));
    parts.push(`Throw team-mate #${G.state.players[t.thrown].number}: throw (not fumbled) ${planned("ttm-throw", t.throw)} · ` +
      `he lands (over the scatter) <b data-testid="ttm-lands">${known(got && got.lands)}</b>` +
      ` · landing roll on this square ${planned("ttm-landing", t.landing)}` +
      ` · the whole throw (Throw here) <b data-testid="ttm-whole">${known(got && got.whole)}</b>`);
  }
  return parts.join(" · ");
}

// The square a blitz from afar blocks from: the engine's safest one, or the one the coach
// picked with S while hovering the target.
function blitzOption(block, key) {
  const opts = G.blitzOpts[key];
  if (!block.far || !opts || !G.blitzPick[key]) return block;
  return opts[G.blitzPick[key] % opts.length];
}

// The chance a thrown team-mate lands, over the scatter, and the whole throw's
// (GET /api/games/{id}/throw); a promise of the answer (null if it failed).
function fetchLands(thrown, key) {
  const lk = `${thrown}@${key}`, version = G.state.version;
  G.lands[lk] = null;  // asked
  return api("GET", `/api/games/${G.id}/throw?thrown=${thrown}&square=${key}`).then(r => {
    if (!G.state || G.state.version !== version) return null;
    G.lands[lk] = r;
    if (G.hover && G.hover.join(",") === key) drawHover(indexActions(G.state));
    return r;
  }).catch(() => null);
}

// S while hovering a blitz target from afar: the next square it could block from (the
// server lists them, with their odds, when first asked).
function nextBlitzSquare() {
  if (!G.hover || !G.state || !canAct(G.state)) return false;
  const key = G.hover.join(",");
  const block = ((G.state.odds || {}).blocks || []).find(b => b.square.join(",") === key);
  if (!block || !block.far) return false;
  const step = () => {
    const n = G.blitzOpts[key].length;
    G.blitzPick[key] = ((G.blitzPick[key] || 0) + 1) % n;
    if (G.hover && G.hover.join(",") === key) drawHover(indexActions(G.state));
  };
  if (G.blitzOpts[key]) { step(); return true; }
  const version = G.state.version;
  api("GET", `/api/games/${G.id}/blitz?square=${key}`).then(r => {
    if (!G.state || G.state.version !== version) return;
    G.blitzOpts[key] = r.options;
    step();
  }).catch(showError);
  return true;
}

// After walking to a square the coach picked, the blitz blocks its target from there.
function blockFromPicked(state) {
  const p = G.pendingBlock;
  if (!p) return;
  const d = state.decision;
  if (state.version <= p.version || !canAct(state) || d.player !== p.player) return;
  if (d.kind !== "MOVE") return;  // a re-roll or a reaction first: wait
  G.pendingBlock = null;
  const at = state.players[p.player].square;
  const block = expandLegal(state.legal).find(a => a.type === "BLOCK" && a.square.join(",") === p.target.join(","));
  if (at && at.join(",") === p.from.join(",") && block) sendWhenFree(block, state.version);
}

// Send an action once the page's last request is answered (while the state is still `version`).
function sendWhenFree(action, version, tries = 100) {
  if (!G.state || G.state.version !== version || tries <= 0) return;
  if (G.busy) { setTimeout(() => sendWhenFree(action, version, tries - 1), 30); return; }
  send(action);
}

function pct(p) {
  return `${(100 * p).toFixed(1)}%`;
}

function drawOdds(idx, marks, top) {
  if (!$("odds-toggle").checked) return;
  const odds = G.state.odds || {};
  for (const b of odds.blocks || []) {
    const [x, y] = b.square;
    badge(top, x, y, `${b.chooser === "attacker" ? "" : "-"}${b.dice}D`, { class: "dicelabel", "data-dice": b.dice });
  }
  for (const f of odds.fouls || []) badge(top, f.square[0], f.square[1], pct(f.armour), { class: "steplabel" });
  for (const g of odds.gazes || []) badge(top, g.square[0], g.square[1], pct(g.chance), { class: "steplabel" });
  for (const h of odds.handoffs || []) badge(top, h.square[0], h.square[1], pct(h.catch), { class: "steplabel" });
  for (const p of odds.passes || []) {
    const [x, y] = p.square;
    badge(top, x, y, pct(p.accurate * p.catch * (1 - p.interception)), { class: "steplabel" });
  }
  setTimeout(() => drawHover(idx), 0);
}

// --- routing --------------------------------------------------------------------------------

function route() {
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "games" && parts[1]) showGame(parts[1]);
  else if (parts[0] === "replay") showReplay(parts.slice(1).join("/") || null);
  else showLobby();
}

route();
