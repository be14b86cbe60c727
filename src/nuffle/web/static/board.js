// The pitch as SVG: squares, zones, players, ball, tackle zones and the odds overlays.
"use strict";

const S = 40; // pixels per square in the SVG's own units
const NS = "http://www.w3.org/2000/svg";
const STATUS = ["RESERVE", "STANDING", "PRONE", "STUNNED", "KO", "CASUALTY", "SENT_OFF"];
const NO_TZ = 2 | 1024; // distracted or hypnotised
const USED = 1;
const WEATHER = ["Sweltering heat", "Very sunny", "Nice", "Pouring rain", "Blizzard"];

function el(tag, attrs, parent, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// The colours each team plays in, chosen by the server so both teams contrast with each other
// and with the pitch (nuffle.web.colours): {fill: {home, away}, text: {home, away}}.
const FALLBACK = { fill: { home: "#c43c2c", away: "#2a5ea8" }, text: { home: "#a8321f", away: "#2a5ea8" } };
function rgb(hex) { return [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16)); }
function teamColours(state) { return (state && state.colours) || FALLBACK; }

// White or near-black writing, whichever reads on `hex`.
function ink(hex) { const [r, g, b] = rgb(hex); return r * 0.3 + g * 0.59 + b * 0.11 > 150 ? "#111" : "#fff"; }

// A small label with a backing, above everything on the board, at the top-left of a square.
function badge(layer, x, y, text, attrs) {
  const g = el("g", { class: "badge", "pointer-events": "none" }, layer);
  el("rect", { x: x * S + 1, y: y * S + 1, width: Math.max(16, 7 * String(text).length + 4), height: 13, rx: 3,
    fill: "rgba(255,255,255,.9)", stroke: "#333", "stroke-width": 0.8 }, g);
  el("text", { x: x * S + 3, y: y * S + 11, ...attrs }, g, text);
  return g;
}

function abbrev(position) {
  const words = position.split(/[\s-]+/).filter(Boolean);
  return words.length > 1 ? words.map(w => w[0]).join("").slice(0, 2) : position.slice(0, 2);
}

// Draw `state` (the server's public state, or a replay frame merged into one) into `svg`.
// `ui`: {legal: Map "x,y" -> [{action, cls}], selected, selectable: Set of ids, tz, onSquare,
// onPlayer, onHover, overlay: function(layer) drawing extra marks}.
function drawBoard(svg, state, ui) {
  ui = ui || {};
  const w = state.pitch.width, h = state.pitch.height, wr = state.pitch.wide_rows;
  svg.setAttribute("viewBox", `0 0 ${w * S} ${h * S}`);
  svg.innerHTML = "";
  const ground = el("g", {}, svg);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) {
      const ez = x === 0 || x === w - 1;
      el("rect", { x: x * S, y: y * S, width: S, height: S,
        fill: ez ? ((x + y) % 2 ? "#2f6f9a" : "#33779f") : ((x + y) % 2 ? "#3d8b3d" : "#37803a") }, ground);
    }
  }
  const line = { stroke: "#f3f3e8", "stroke-width": 2 };
  el("line", { x1: (w / 2 | 0) * S, y1: 0, x2: (w / 2 | 0) * S, y2: h * S, ...line }, ground);
  if (wr > 0) {
    el("line", { x1: 0, y1: wr * S, x2: w * S, y2: wr * S, ...line, "stroke-dasharray": "8 6" }, ground);
    el("line", { x1: 0, y1: (h - wr) * S, x2: w * S, y2: (h - wr) * S, ...line, "stroke-dasharray": "8 6" }, ground);
  }
  const players = state.players.filter(p => p.square);
  const chosen = teamColours(state);
  const colours = chosen.fill;
  document.documentElement.style.setProperty("--home", colours.home);
  document.documentElement.style.setProperty("--away", colours.away);
  document.documentElement.style.setProperty("--home-text", chosen.text.home);
  document.documentElement.style.setProperty("--away-text", chosen.text.away);
  const card = svg.parentElement ? svg.parentElement.querySelector(".card") : null;
  const acting = state.decision && state.decision.player !== null && state.decision.player !== undefined
    && state.decision.kind !== "SETUP" ? state.decision.player : null;
  if (ui.tz) {
    const g = el("g", { class: "tz" }, svg);
    const count = new Map();
    for (const p of players) {
      if (p.status !== "STANDING" || (p.flags & NO_TZ)) continue;
      const [px, py] = p.square;
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
        if (!dx && !dy) continue;
        const k = `${px + dx},${py + dy},${p.team}`;
        count.set(k, (count.get(k) || 0) + 1);
      }
    }
    for (const [k, n] of count) {
      const [x, y, team] = k.split(",");
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      el("rect", { x: x * S + (team === "home" ? 2 : S / 2), y: y * S + 2, width: S / 2 - 2, height: S - 4,
        fill: team === "home" ? "rgba(196,60,44,.35)" : "rgba(42,94,168,.45)" }, g);
      el("text", { x: x * S + (team === "home" ? 6 : S / 2 + 4), y: y * S + S - 6, class: "steplabel" }, g, n);
    }
  }
  const squares = el("g", {}, svg);
  const marks = el("g", {}, svg);
  const pieces = el("g", {}, svg);
  const top = el("g", {}, svg);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) {
      const key = `${x},${y}`;
      const acts = ui.legal ? ui.legal.get(key) : null;
      const cls = acts ? "sq legal " + (acts[0].cls || "") : "sq";
      const r = el("rect", { x: x * S, y: y * S, width: S, height: S, class: cls, "data-sq": key }, squares);
      r.addEventListener("click", () => ui.onSquare && ui.onSquare(x, y));
      r.addEventListener("mouseenter", () => ui.onHover && ui.onHover(x, y));
    }
  }
  for (const p of players) {
    const [x, y] = p.square;
    const cls = ["player", p.team, p.status.toLowerCase()];
    const used = (p.flags & USED) && acting !== p.id;  // the acting player is haloed, not faded
    if (used) cls.push("used");
    if (ui.selected === p.id) cls.push("sel");
    if (ui.selectable && ui.selectable.has(p.id)) cls.push("can");
    if (acting === p.id) cls.push("acting");
    const g = el("g", { class: cls.join(" "), "data-player": p.id, transform: `translate(${x * S + S / 2},${y * S + S / 2})` }, pieces);
    const colour = colours[p.team];
    const down = p.status !== "STANDING";
    if (acting === p.id) el("circle", { r: S * 0.49, class: "halo", fill: "none", stroke: "#ffe14a", "stroke-width": 4 }, g);
    if (down) {  // lying down: a flattened piece, greyed when stunned
      el("ellipse", { rx: S * 0.44, ry: S * 0.27, class: "body", fill: p.status === "STUNNED" ? "#8a8a8a" : colour,
        stroke: colour, "stroke-width": 3 }, g);
    } else {
      el("circle", { r: S * 0.4, class: "body", fill: colour, stroke: "#111", "stroke-width": 1.5 }, g);
    }
    const fg = down && p.status === "STUNNED" ? "#fff" : ink(colour);
    el("text", { y: down ? 4 : -2, "text-anchor": "middle", fill: fg, "font-size": 13, "font-weight": 700 }, g, p.number);
    if (!down) el("text", { y: 11, "text-anchor": "middle", fill: fg, "font-size": 9 }, g, abbrev(p.position));
    if (p.status === "PRONE") icon(g, "\u2193", "#fff", "prone");
    if (p.status === "STUNNED") icon(g, "\u2605", "#ffe14a", "stunned");
    if (used) el("text", { x: -17, y: -10, class: "usedmark", "font-size": 12, fill: "#fff" }, g, "\u2713");
    if (p.flags & NO_TZ) el("text", { x: -16, y: 16, class: "steplabel" }, g, "?");
    el("title", {}, g, `${p.team} #${p.number} ${p.position} ${p.name}\nMA ${p.ma} ST ${p.st} AG ${p.ag} AV ${p.av}` +
      (p.skills.length ? "\n" + p.skills.join(", ") : "") + `\n${p.status.toLowerCase()}`);
    g.addEventListener("click", ev => { ev.stopPropagation(); ui.onPlayer && ui.onPlayer(p.id, x, y); });
    g.addEventListener("pointerdown", ev => ui.onDragStart && ui.onDragStart(p.id, ev));
    g.addEventListener("mouseenter", () => { showCard(card, p, state, colours); if (ui.onHover) ui.onHover(x, y); });
    g.addEventListener("mouseleave", () => { if (card) card.hidden = true; });
  }
  if (state.ball && state.ball.square) {
    const [bx, by] = state.ball.square;
    const carried = players.some(p => p.square[0] === bx && p.square[1] === by);
    const cx = bx * S + (carried ? S - 10 : S / 2), cy = by * S + (carried ? S - 10 : S / 2);
    const ball = el("g", { class: "ball", "pointer-events": "none", "data-carried": carried ? 1 : 0 }, top);
    el("circle", { cx, cy, r: 11, fill: "rgba(255,225,74,.55)" }, ball);  // a halo you cannot miss
    el("ellipse", { cx, cy, rx: 9, ry: 6.5, fill: "#8a4b1c", stroke: "#fff", "stroke-width": 2 }, ball);
    el("line", { x1: cx - 4, y1: cy, x2: cx + 4, y2: cy, stroke: "#fff", "stroke-width": 1.2 }, ball);
  }
  if (ui.overlay) ui.overlay(marks, top);
  return svg;
}

const STATUS_WORDS = { STANDING: "standing", PRONE: "prone (lying down)", STUNNED: "stunned (face down)",
  RESERVE: "in the reserves", KO: "knocked out", CASUALTY: "a casualty", SENT_OFF: "sent off" };

function words(name) { return name.toLowerCase().split("_").map(w => w[0].toUpperCase() + w.slice(1)).join(" "); }

// The player card: number, position, team, stats, skills in words, status.
function showCard(card, p, state, colours) {
  if (!card) return;
  const team = state.races ? state.races[p.team] : p.team;
  const acted = p.flags & USED ? ", has acted this turn" : "";
  card.innerHTML = "";
  const h = document.createElement("b");
  const named = p.name && !p.name.startsWith(p.position) ? " " + p.name : "";
  h.textContent = `#${p.number} ${p.position}${named} (${team}, ${p.team})`;
  h.style.color = `var(--${p.team}-text)`;
  const stats = document.createElement("div");
  stats.className = "stats";
  stats.textContent = `MA ${p.ma}  ST ${p.st}  AG ${p.ag}  AV ${p.av}`;
  const skills = document.createElement("div");
  skills.textContent = p.skills.length ? "Skills: " + p.skills.map(words).join(", ") : "No skills";
  const status = document.createElement("div");
  status.textContent = `Status: ${STATUS_WORDS[p.status] || p.status.toLowerCase()}${acted}`;
  card.append(h, stats, skills, status);
  card.hidden = false;
}

// A status icon at a piece's top-right corner, on a dark disc.
function icon(g, sign, colour, cls) {
  el("circle", { cx: 13, cy: -12, r: 7, fill: "#222", class: `icon ${cls}` }, g);
  el("text", { x: 13, y: -8, "text-anchor": "middle", "font-size": 11, fill: colour, "font-weight": 700 }, g, sign);
}

// Players of one side grouped by dugout box (reserves, knocked out, casualties, sent off).
function drawDugout(box, state, side, ui) {
  ui = ui || {};
  box.innerHTML = "";
  const groups = [["RESERVE", "Reserves"], ["KO", "Knocked out"], ["CASUALTY", "Casualties"], ["SENT_OFF", "Sent off"]];
  const title = document.createElement("h4");
  title.textContent = state.races ? state.races[side] : side;
  title.style.color = side === "home" ? "var(--home-text)" : "var(--away-text)";
  box.appendChild(title);
  for (const [status, label] of groups) {
    const ps = state.players.filter(p => p.team === side && !p.square && p.status === status);
    if (!ps.length) continue;
    const h = document.createElement("h4");
    h.textContent = `${label} (${ps.length})`;
    box.appendChild(h);
    for (const p of ps) {
      const d = document.createElement("div");
      d.className = "dp" + (ui.selected === p.id ? " sel" : "") + (ui.selectable && ui.selectable.has(p.id) ? " can" : "");
      d.dataset.player = p.id;
      d.textContent = `#${p.number} ${p.position}`;
      d.title = p.skills.join(", ");
      d.addEventListener("click", () => ui.onPlayer && ui.onPlayer(p.id, null, null));
      d.addEventListener("pointerdown", ev => ui.onDragStart && ui.onDragStart(p.id, ev));
      box.appendChild(d);
    }
  }
}
