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
    const cls = ["player", p.team];
    if (p.flags & USED) cls.push("used");
    if (ui.selected === p.id) cls.push("sel");
    if (ui.selectable && ui.selectable.has(p.id)) cls.push("can");
    const g = el("g", { class: cls.join(" "), "data-player": p.id, transform: `translate(${x * S + S / 2},${y * S + S / 2})` }, pieces);
    const colour = p.team === "home" ? "var(--home)" : "var(--away)";
    const down = p.status !== "STANDING";
    el("circle", { r: S * 0.4, class: "body", fill: colour, stroke: "#111", "stroke-width": 1.5,
      "fill-opacity": down ? 0.55 : 1 }, g);
    el("text", { y: -2, "text-anchor": "middle", fill: "#fff", "font-size": 13, "font-weight": 700 }, g, p.number);
    el("text", { y: 11, "text-anchor": "middle", fill: "#fff", "font-size": 9 }, g, abbrev(p.position));
    if (p.status === "PRONE") el("text", { x: 10, y: -9, class: "steplabel" }, g, "P");
    if (p.status === "STUNNED") el("text", { x: 10, y: -9, class: "steplabel", fill: "#ff0" }, g, "S");
    if (p.flags & NO_TZ) el("text", { x: -16, y: -9, class: "steplabel" }, g, "?");
    el("title", {}, g, `${p.team} #${p.number} ${p.position} ${p.name}\nMA ${p.ma} ST ${p.st} AG ${p.ag} AV ${p.av}` +
      (p.skills.length ? "\n" + p.skills.join(", ") : "") + `\n${p.status.toLowerCase()}`);
    g.addEventListener("click", ev => { ev.stopPropagation(); ui.onPlayer && ui.onPlayer(p.id, x, y); });
    g.addEventListener("mouseenter", () => ui.onHover && ui.onHover(x, y));
  }
  if (state.ball && state.ball.square) {
    const [bx, by] = state.ball.square;
    const carried = players.some(p => p.square[0] === bx && p.square[1] === by);
    const cx = bx * S + (carried ? S - 9 : S / 2), cy = by * S + (carried ? S - 9 : S / 2);
    el("ellipse", { cx, cy, rx: 7, ry: 5, fill: "#8a4b1c", stroke: "#fff", "stroke-width": 1.5, class: "ball",
      "pointer-events": "none" }, top);
  }
  if (ui.overlay) ui.overlay(marks, top);
  return svg;
}

// Players of one side grouped by dugout box (reserves, knocked out, casualties, sent off).
function drawDugout(box, state, side, ui) {
  ui = ui || {};
  box.innerHTML = "";
  const groups = [["RESERVE", "Reserves"], ["KO", "Knocked out"], ["CASUALTY", "Casualties"], ["SENT_OFF", "Sent off"]];
  const title = document.createElement("h4");
  title.textContent = state.races ? state.races[side] : side;
  title.style.color = side === "home" ? "var(--home)" : "var(--away)";
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
      box.appendChild(d);
    }
  }
}
