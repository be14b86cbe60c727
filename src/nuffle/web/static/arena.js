// The arena pages: /arena (the leaderboard, the latest games, the submission form) and
// /arena/bots/{name} (a bot's versions and games). Data from the /api/arena endpoints.
"use strict";

const fail = (err) => failIn("arena-error", err);

const botUrl = (name) => `/arena/bots/${encodeURIComponent(name)}`;
const signed = (x) => (x === null ? "-" : `${x > 0 ? "+" : ""}${Math.round(x)}`);
const who = (e) => (e.version === null ? e.name : `${e.name} v${e.version}`);

function result(g) {
  if (g.outcome === "played") return g.winner ? `${who(g[g.winner])} wins` : "draw";
  if (g.outcome === "forfeit") return `forfeit, ${who(g[g.winner])} wins`;
  return g.outcome.replace("_", " ");
}

function gameRow(g, table, withKind) {
  const tr = document.createElement("tr");
  tr.dataset.game = g.id;
  cell(tr, g.id, "num");
  if (withKind) cell(tr, g.kind);
  cell(tr, g.home.version === null ? g.home.name : link(botUrl(g.home.name), who(g.home)));
  cell(tr, `${g.score[0]}-${g.score[1]}`);
  cell(tr, g.away.version === null ? g.away.name : link(botUrl(g.away.name), who(g.away)));
  cell(tr, result(g));
  if (withKind) cell(tr, g.penalties.map(p => `${p.side} ${p.kind}`).join(", ") || "none");
  const replay = link(`/replay/arena/${g.id}`, "watch");
  replay.className = "replay";
  cell(tr, replay);
  if (withKind) {
    const td = cell(tr, "");
    for (const side of ["home", "away"]) {
      td.append(link(`/api/arena/games/${g.id}/stderr/${side}`, side), " ");
    }
  }
  $(`${table} tbody`).append(tr);
}

async function showBoard() {
  const data = await get("/api/arena");
  $("#board-facts").textContent = `Board ${data.board}. Ratings: Bradley-Terry on the Elo scale, ` +
    "centred on 0, with 95% intervals, over every finished ladder game.";
  for (const r of data.entries) {
    const tr = document.createElement("tr");
    cell(tr, r.rank, "num");
    cell(tr, link(botUrl(r.name), r.name));
    cell(tr, r.version, "num");
    cell(tr, r.kind === "bundled" ? "bundled" : r.language);
    cell(tr, r.team);
    cell(tr, signed(r.rating), "num");
    cell(tr, r.low === null ? "-" : `${signed(r.low)} .. ${signed(r.high)}`);
    for (const k of ["played", "wins", "draws", "losses", "penalties"]) cell(tr, r[k], "num");
    $("#ladder tbody").append(tr);
  }
  $("#pending").textContent = data.pending.length
    ? `Waiting for their validation game: ${data.pending.map(who).join(", ")}.` : "";
  for (const g of data.games) gameRow(g, "#latest", false);
  $("#submit-form").addEventListener("submit", submit);
  $("#board").hidden = false;
}

async function submit(ev) {
  ev.preventDefault();
  const out = $("#submit-result");
  const file = $("#sub-file").files[0];
  if (!file) return;
  const q = new URLSearchParams({ filename: file.name });
  for (const k of ["name", "team", "language"]) {
    const v = $(`#sub-${k}`).value.trim();
    if (v) q.set(k, v);
  }
  const headers = { "Content-Type": "application/octet-stream" };
  const token = $("#sub-token").value.trim();
  if (token) headers["X-Arena-Token"] = token;
  out.className = "";
  try {
    const r = await fetch(`/api/arena/submissions?${q}`, { method: "POST", headers, body: file });
    const data = await r.json();
    if (!r.ok) throw new Error(data.error || `${r.status}`);
    out.textContent = `${data.bot} v${data.version} is stored and waits for its validation game.`;
    if (data.token) {
      out.append(" Keep this token to submit new versions: ");
      const code = document.createElement("code");
      code.id = "sub-new-token";
      code.textContent = data.token;
      out.append(code);
    }
    out.append(" ", link(botUrl(data.bot), "its page"));
  } catch (e) {
    out.className = "league-error";
    out.textContent = e.message;
  }
}

async function showBot(name) {
  const b = await get(`/api/arena/bots/${encodeURIComponent(name)}`);
  $("#title").textContent = "";
  $("#title").append(`${b.name} (${b.kind}) in the `, link("/arena", "arena"));
  document.title = `${b.name}: nuffle arena`;
  for (const v of b.versions) {
    const tr = document.createElement("tr");
    cell(tr, v.version, "num");
    cell(tr, v.reason ? `${v.status}: ${v.reason}` : v.status);
    cell(tr, v.language);
    cell(tr, v.team);
    cell(tr, v.rating === null ? "-" : `${signed(v.rating)} (${signed(v.low)} .. ${signed(v.high)})`);
    for (const k of ["played", "wins", "draws", "losses", "penalties"]) cell(tr, v[k], "num");
    $("#versions tbody").append(tr);
  }
  for (const g of b.games) gameRow(g, "#games", true);
  $("#bot").hidden = false;
}

function route() {
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts.length >= 3 && parts[1] === "bots") return showBot(parts[2]);
  return showBoard();
}

route().catch(fail);
