// The team builder (/teams): ruleset (LRB6 or BB2020), race, positionals, re-rolls, apothecary,
// Fan Factor (LRB6) or Dedicated Fans and a god (BB2020) and staff, with the cost and the verdict
// live. The page decides no rule: the server builds the team file (POST /api/teams/build) and
// checks it (POST /api/teams/check) with `nuffle team`'s rules for the file's ruleset.
"use strict";

const $ = id => document.getElementById(id);
const money = n => (n === null || n === undefined ? "–" : n.toLocaleString("en"));
// The staff inputs (tb-KEY) of each ruleset: LRB6 buys Fan Factor, BB2020 Dedicated Fans.
const STAFF_OF = {
  lrb6: ["rerolls", "fan_factor", "assistant_coaches", "cheerleaders"],
  bb2020: ["rerolls", "dedicated_fans", "assistant_coaches", "cheerleaders"],
};
const ALL_STAFF = [...new Set(Object.values(STAFF_OF).flat())];
// A positional's characteristics as its ruleset writes them (BB2020: AG, PA and AV as x+, PA "-").
const plus = n => (n === null || n === undefined ? "-" : `${n}+`);
const STATS_OF = {
  lrb6: [["MA", p => p.ma], ["ST", p => p.st], ["AG", p => p.ag], ["AV", p => p.av]],
  bb2020: [["MA", p => p.ma], ["ST", p => p.st], ["AG", p => plus(p.ag)], ["PA", p => plus(p.pa)],
           ["AV", p => plus(p.av)]],
};
const B = { all: {}, ruleset: "lrb6", rosters: null, race: null, counts: {}, team: null, verdict: null, asked: 0 };
const staff = () => STAFF_OF[B.ruleset];
// What an empty team starts with (the server's figure: BB2020's free Dedicated Fan).
const emptyStaff = k => (k === "dedicated_fans" ? B.rosters.dedicated_fans_free : 0);

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

// The rosters of a ruleset (asked once), shown in the race list with the ruleset's inputs.
async function useRuleset(ruleset) {
  if (!B.all[ruleset]) {
    B.all[ruleset] = await api("GET", ruleset === "lrb6" ? "/api/teams/races" : `/api/teams/races?ruleset=${ruleset}`);
  }
  B.ruleset = ruleset;
  B.rosters = B.all[ruleset];
  $("tb-ruleset").value = ruleset;
  $("tb-race").innerHTML = B.rosters.races.map(r => `<option value="${r.key}">${r.name}</option>`).join("");
  $("tb-treasury").value = B.rosters.treasury;
  for (const k of ["fan_factor", "dedicated_fans"]) $(`tb-${k}-label`).hidden = !staff().includes(k);
  const bb = ruleset === "bb2020";
  $("tb-default").textContent = bb ? "Start from the suggested team" : "Start from the default team";
  $("tb-default").title = bb ? "the team `nuffle team new --ruleset bb2020` suggests" : "the race's shipped team";
}

// Ask the server for the team file of what the form shows, then draw it.
async function rebuild() {
  const body = { race: B.race.key, name: $("tb-name").value.trim(), players: B.counts,
                 apothecary: $("tb-apothecary").checked, treasury: count("tb-treasury") };
  if (B.ruleset !== "lrb6") body.ruleset = B.ruleset;
  for (const k of staff()) body[k] = count(`tb-${k}`);
  if (!$("tb-favoured_of-label").hidden) body.favoured_of = $("tb-favoured_of").value;
  await ask(() => api("POST", "/api/teams/build", body), answer => answer.team);
}

// An imported (or saved) team file as it is: checked, not rebuilt, until the coach edits it.
async function adopt(team) {
  await useRuleset(team.ruleset === "bb2020" ? "bb2020" : "lrb6");
  B.race = B.rosters.races.find(r => r.key === team.race) || B.rosters.races[0];
  $("tb-race").value = B.race.key;
  $("tb-name").value = team.name || "";
  $("tb-treasury").value = team.treasury ?? B.rosters.treasury;
  for (const k of staff()) $(`tb-${k}`).value = team[k] ?? emptyStaff(k);
  $("tb-apothecary").checked = !!team.apothecary;
  drawFavoured(team.favoured_of);
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
  for (const k of staff()) $(`tb-${k}`).value = fromDefault ? d[k] : emptyStaff(k);
  $("tb-apothecary").checked = fromDefault && d.apothecary;
  drawFavoured(d.favoured_of);
  B.counts = fromDefault ? { ...d.players } : {};
  drawRoster();
  rebuild();
}

// A "Favoured of..." team's god (BB2020): its choices, `chosen` (else the first) selected.
function drawFavoured(chosen) {
  const gods = B.race.favoured_of || [];
  $("tb-favoured_of-label").hidden = !gods.length;
  $("tb-favoured_of").innerHTML = gods.map(g => `<option value="${g}">${g}</option>`).join("");
  $("tb-favoured_of").value = gods.includes(chosen) ? chosen : gods[0] || "";
  $("tb-favoured_of").disabled = gods.length < 2;
}

function drawRoster() {
  const r = B.race;
  $("tb-rr-cost").textContent = `(${money(r.reroll_cost)} each)`;
  $("tb-apo-cost").textContent = r.apothecary ? `(${money(B.rosters.prices.apothecary)})` : "(not for this race)";
  $("tb-apothecary").disabled = !r.apothecary && !$("tb-apothecary").checked;
  if (B.ruleset === "bb2020") {
    $("tb-df-cost").textContent = `(${B.rosters.dedicated_fans_free} free, ${money(B.rosters.prices.dedicated_fan)} each more)`;
    $("tb-team-info").textContent = `${r.name}: tier ${r.tier ?? "–"} · special rules: ${r.special_rules.join(", ") || "none"}` +
      (r.favoured_of.length ? ` · Favoured of ${r.favoured_of.join(" / ")}` : "");
  }
  $("tb-team-info").hidden = B.ruleset !== "bb2020";
  const stats = STATS_OF[B.ruleset];
  document.querySelector("#tb-roster thead tr").innerHTML =
    ["positional", ...stats.map(([h]) => h), "skills", "cost", "bought", ""].map(h => `<th>${h}</th>`).join("");
  const body = document.querySelector("#tb-roster tbody");
  body.innerHTML = "";
  for (const p of r.positionals) {
    const n = B.counts[p.name] || 0;
    const tr = document.createElement("tr");
    tr.dataset.positional = p.name;
    if (p.implemented === false) { tr.className = "unplayable"; tr.title = "the engine does not play all his skills yet"; }
    if (p.primary !== undefined) tr.title = `skill access: primary ${p.primary || "–"}, secondary ${p.secondary || "–"}`;
    for (const v of [p.name, ...stats.map(([, f]) => f(p)), p.skills.join(", ") || "–", money(p.cost), `${n} / ${p.max}`]) {
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
    li.textContent = `${name} (${teams[name].race}${teams[name].ruleset === "bb2020" ? ", BB2020" : ""}) `;
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

// A ruleset's race of the same key as `key` (human, orc...), else its Human team, else its first.
function raceLike(key) {
  const races = B.rosters.races;
  return races.find(r => r.key === key) || races.find(r => r.key === "human") || races[0];
}

async function main() {
  const asked = new URLSearchParams(location.search).get("ruleset");
  await useRuleset(asked === "bb2020" ? "bb2020" : "lrb6");
  $("tb-ruleset").addEventListener("change", async () => {
    const key = B.race && B.race.key;
    try {
      await useRuleset($("tb-ruleset").value);
    } catch (e) {
      $("tb-ruleset").value = B.ruleset;
      B.verdict = { ok: false, errors: [e.message], value: null, cost: null, treasury: null };
      drawVerdict();
      return;
    }
    startFrom(raceLike(key), true);
  });
  $("tb-race").addEventListener("change", () => startFrom(B.rosters.races.find(r => r.key === $("tb-race").value), true));
  $("tb-empty").addEventListener("click", () => startFrom(B.race, false));
  $("tb-default").addEventListener("click", () => startFrom(B.race, true));
  for (const id of ["tb-name", "tb-treasury", "tb-apothecary", ...ALL_STAFF.map(k => `tb-${k}`)]) {
    $(id).addEventListener("input", rebuild);
  }
  $("tb-favoured_of").addEventListener("change", rebuild);
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
  startFrom(raceLike("human"), true);
}

main().catch(e => { $("tb-errors").textContent = e.message; });
