// The team builder (/teams): race, positionals, re-rolls, apothecary, Fan Factor and staff,
// with the cost and the verdict live. The page decides no rule: the server builds the team file
// (POST /api/teams/build) and checks it (POST /api/teams/check) with `nuffle team`'s rules.
"use strict";

const $ = id => document.getElementById(id);
const money = n => (n === null || n === undefined ? "–" : n.toLocaleString("en"));
const STAFF = ["rerolls", "fan_factor", "assistant_coaches", "cheerleaders"];
const B = { rosters: null, race: null, counts: {}, team: null, verdict: null, asked: 0 };

async function api(method, path, body) {
  const res = await fetch(path, {
    method, headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || `${res.status} ${res.statusText}`);
  return data;
}

function count(id) {
  const n = Number($(id).value || 0);
  return Number.isInteger(n) ? n : NaN;  // a bad number goes to the server, which names it
}

// Ask the server for the team file of what the form shows, then draw it.
async function rebuild() {
  const body = { race: B.race.key, name: $("tb-name").value.trim(), players: B.counts,
                 apothecary: $("tb-apothecary").checked, treasury: count("tb-treasury") };
  for (const k of STAFF) body[k] = count(`tb-${k}`);
  await ask(() => api("POST", "/api/teams/build", body), answer => answer.team);
}

// An imported (or saved) team file as it is: checked, not rebuilt, until the coach edits it.
async function adopt(team) {
  B.race = B.rosters.races.find(r => r.key === team.race) || B.rosters.races[0];
  $("tb-race").value = B.race.key;
  $("tb-name").value = team.name || "";
  $("tb-treasury").value = team.treasury ?? B.rosters.treasury;
  for (const k of STAFF) $(`tb-${k}`).value = team[k] || 0;
  $("tb-apothecary").checked = !!team.apothecary;
  B.counts = {};
  for (const p of Array.isArray(team.players) ? team.players : []) {
    if (p && p.position) B.counts[p.position] = (B.counts[p.position] || 0) + 1;
  }
  drawRoster();
  await ask(() => api("POST", "/api/teams/check", team), () => team);
}

async function ask(request, teamOf) {
  const mine = ++B.asked;
  try {
    const answer = await request();
    if (mine !== B.asked) return;  // a later edit asked again
    B.team = teamOf(answer);
    B.verdict = answer;
  } catch (e) {
    if (mine !== B.asked) return;
    B.team = null;
    B.verdict = { ok: false, errors: [e.message], value: null, cost: null, treasury: null };
  }
  drawVerdict();
}

function startFrom(race, fromDefault) {
  B.race = race;
  $("tb-race").value = race.key;
  const d = race.default;
  $("tb-name").value = fromDefault ? d.name : `My ${race.name} team`;
  for (const k of STAFF) $(`tb-${k}`).value = fromDefault ? d[k] : 0;
  $("tb-apothecary").checked = fromDefault && d.apothecary;
  B.counts = fromDefault ? { ...d.players } : {};
  drawRoster();
  rebuild();
}

function drawRoster() {
  const r = B.race;
  $("tb-rr-cost").textContent = `(${money(r.reroll_cost)} each)`;
  $("tb-apo-cost").textContent = r.apothecary ? `(${money(B.rosters.prices.apothecary)})` : "(not for this race)";
  $("tb-apothecary").disabled = !r.apothecary && !$("tb-apothecary").checked;
  const body = document.querySelector("#tb-roster tbody");
  body.innerHTML = "";
  for (const p of r.positionals) {
    const n = B.counts[p.name] || 0;
    const tr = document.createElement("tr");
    tr.dataset.positional = p.name;
    if (!p.implemented) { tr.className = "unplayable"; tr.title = "the engine does not play all his skills yet"; }
    for (const v of [p.name, p.ma, p.st, p.ag, p.av, p.skills.join(", ") || "–", money(p.cost), `${n} / ${p.max}`]) {
      const td = document.createElement("td");
      td.textContent = String(v);
      tr.append(td);
    }
    const td = document.createElement("td");
    for (const [label, step, off] of [["−", -1, n <= 0], ["+", 1, n >= p.max]]) {
      const b = document.createElement("button");
      b.textContent = label;
      b.dataset.step = String(step);
      b.title = step > 0 ? `buy a ${p.name}` : `release a ${p.name}`;
      b.disabled = off;
      b.addEventListener("click", () => {
        B.counts[p.name] = n + step;
        if (!B.counts[p.name]) delete B.counts[p.name];
        drawRoster();
        rebuild();
      });
      td.append(b);
    }
    tr.append(td);
    body.append(tr);
  }
}

function drawVerdict() {
  const v = B.verdict;
  const players = B.team && Array.isArray(B.team.players) ? B.team.players.length : 0;
  let budget = `${players} players · cost ${money(v.cost)} of ${money(v.treasury)}`;
  if (v.cost !== null && v.treasury !== null) {
    const left = v.treasury - v.cost;
    budget += left >= 0 ? ` · ${money(left)} left` : ` · <span class="over">${money(-left)} over</span>`;
  }
  $("tb-budget").innerHTML = budget;
  $("tb-verdict").textContent = v.ok ? `A legal team: team value ${money(v.value)}.` : "Not a legal team yet:";
  $("tb-verdict").className = v.ok ? "ok" : "";
  $("tb-errors").innerHTML = "";
  for (const e of v.errors) {
    const li = document.createElement("li");
    li.textContent = e;
    $("tb-errors").append(li);
  }
  for (const id of ["tb-save", "tb-play"]) $(id).disabled = !v.ok;
  $("tb-export").disabled = !B.team;
}

function drawSaved() {
  const list = $("tb-saved");
  list.innerHTML = "";
  const teams = savedTeams();
  for (const name of Object.keys(teams).sort()) {
    const li = document.createElement("li");
    li.textContent = `${name} (${teams[name].race}) `;
    for (const [label, act] of [["Edit", () => adopt(teams[name])], ["Play", () => play(name)],
                                ["Delete", () => { forgetTeam(name); drawSaved(); }]]) {
      const b = document.createElement("button");
      b.textContent = label;
      b.addEventListener("click", act);
      li.append(b);
    }
    list.append(li);
  }
  if (!list.children.length) list.innerHTML = "<li>none yet</li>";
}

function play(name) {
  location.href = `/?home_team=${encodeURIComponent(name)}`;
}

function exportTeam() {
  const blob = new Blob([JSON.stringify(B.team, null, 2) + "\n"], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${(B.team.name || "team").replace(/[^\w.-]+/g, "_")}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function main() {
  B.rosters = await api("GET", "/api/teams/races");
  $("tb-race").innerHTML = B.rosters.races.map(r => `<option value="${r.key}">${r.name}</option>`).join("");
  $("tb-treasury").value = B.rosters.treasury;
  $("tb-race").addEventListener("change", () => startFrom(B.rosters.races.find(r => r.key === $("tb-race").value), true));
  $("tb-empty").addEventListener("click", () => startFrom(B.race, false));
  $("tb-default").addEventListener("click", () => startFrom(B.race, true));
  for (const id of ["tb-name", "tb-treasury", "tb-apothecary", ...STAFF.map(k => `tb-${k}`)]) {
    $(id).addEventListener("input", rebuild);
  }
  $("tb-save").addEventListener("click", () => { saveTeam(B.team); drawSaved(); });
  $("tb-play").addEventListener("click", () => { saveTeam(B.team); play(B.team.name); });
  $("tb-export").addEventListener("click", exportTeam);
  $("tb-import").addEventListener("change", async ev => {
    try {
      await adopt(await readTeamFile(ev.target.files[0]));
    } catch (e) {
      B.team = null;
      B.verdict = { ok: false, errors: [e.message], value: null, cost: null, treasury: null };
      drawVerdict();
    }
  });
  drawSaved();
  startFrom(B.rosters.races.find(r => r.key === "human") || B.rosters.races[0], true);
}

main().catch(e => { $("tb-errors").textContent = e.message; });
