// The league pages: /leagues (the list), /leagues/{name} (table, results, fixtures) and
// /leagues/{name}/teams/{team} (a team's roster). Data from the /api/leagues endpoints.
"use strict";

const thousands = (n) => (n === null || n === undefined ? "-" : n.toLocaleString("en"));

const fail = (err) => failIn("league-error", err);

function body(table) {
  return $(`${table} tbody`);
}

const leagueUrl = (name) => `/leagues/${encodeURIComponent(name)}`;
const teamUrl = (name, team) => `${leagueUrl(name)}/teams/${encodeURIComponent(team)}`;

async function showList() {
  const { leagues } = await get("/api/leagues");
  for (const lg of leagues) {
    const tr = document.createElement("tr");
    cell(tr, link(leagueUrl(lg.name), lg.name));
    if (lg.error) {
      cell(tr, lg.error).colSpan = 3;
    } else {
      cell(tr, lg.entries, "num");
      cell(tr, lg.played, "num");
      cell(tr, lg.left, "num");
    }
    body("#leagues").append(tr);
  }
  $("#list").hidden = false;
}

async function showLeague(name) {
  $("#title").textContent = name;
  document.title = `${name}: nuffle leagues`;
  $("#season-report").href = `${leagueUrl(name)}/report`;
  const base = `/api/leagues/${encodeURIComponent(name)}`;
  const [{ standings }, { fixtures }] = await Promise.all([get(base), get(`${base}/fixtures`)]);
  standings.forEach((r, i) => {
    const tr = document.createElement("tr");
    cell(tr, i + 1, "num");
    cell(tr, link(teamUrl(name, r.name), r.name));
    for (const k of ["played", "wins", "draws", "losses"]) cell(tr, r[k], "num");
    cell(tr, `${r.td_for}-${r.td_against}`, "num");
    cell(tr, `${r.cas_for}-${r.cas_against}`, "num");
    cell(tr, r.points, "num");
    cell(tr, thousands(r.tv), "num");
    body("#table").append(tr);
  });
  for (const f of fixtures) {
    const tr = document.createElement("tr");
    cell(tr, f.round, "num");
    cell(tr, link(teamUrl(name, f.home), f.home));
    if (f.played) {
      const conceded = f.conceded === null ? "" : ` (${f.conceded === 0 ? "home" : "away"} conceded)`;
      cell(tr, f.score ? `${f.score[0]}-${f.score[1]}${conceded}` : "played");
      cell(tr, link(teamUrl(name, f.away), f.away));
      cell(tr, thousands(f.gate), "num");
      body("#results").append(tr);
    } else {
      cell(tr, link(teamUrl(name, f.away), f.away));
      body("#fixtures").append(tr);
    }
  }
  $("#league").hidden = false;
}

async function showTeam(name, team) {
  const t = await get(`/api/leagues/${encodeURIComponent(name)}/teams/${encodeURIComponent(team)}`);
  const title = $("#title");
  title.textContent = "";
  title.append(`${t.name} (${t.race}) in `, link(leagueUrl(name), name));
  document.title = `${t.name}: nuffle leagues`;
  $("#team-facts").textContent =
    `Team value ${thousands(t.team_value)}, treasury ${thousands(t.treasury)}, ` +
    `Fan Factor ${t.fan_factor}, re-rolls ${t.rerolls}, apothecary ${t.apothecary ? "yes" : "no"}, ` +
    `assistant coaches ${t.assistant_coaches}, cheerleaders ${t.cheerleaders}; ` +
    `coached by ${t.bot}, managed by ${t.manager}. `;
  const file = link(`/api/leagues/${encodeURIComponent(name)}/teams/${encodeURIComponent(team)}/file`,
                    "Export the team file");
  file.id = "export";
  file.download = `${t.name}.json`;
  $("#team-facts").append(file);
  for (const p of t.players) {
    const tr = document.createElement("tr");
    cell(tr, p.number, "num");
    cell(tr, p.name + (p.mng ? " (misses the next match)" : ""));
    cell(tr, p.position);
    cell(tr, p.spp, "num");
    cell(tr, p.skills.join(", "));
    cell(tr, p.injuries.join(", "));
    cell(tr, thousands(p.value), "num");
    body("#roster").append(tr);
  }
  for (const p of t.graveyard) {
    const tr = document.createElement("tr");
    cell(tr, p.number, "num");
    cell(tr, p.name);
    cell(tr, p.position);
    cell(tr, p.spp, "num");
    cell(tr, p.injuries.join(", "));
    body("#graveyard").append(tr);
  }
  $("#grave").hidden = t.graveyard.length === 0;
  $("#team").hidden = false;
}

function route() {
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts.length >= 4 && parts[2] === "teams") return showTeam(parts[1], parts[3]);
  if (parts.length >= 2) return showLeague(parts[1]);
  return showList();
}

route().catch(fail);
