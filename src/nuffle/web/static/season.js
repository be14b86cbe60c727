// The season report page, /leagues/{name}/report: the table, the category leaders and every
// team's season (treasury, Fan Factor, inducements, level-ups, MVPs, lasting injuries and deaths,
// manager penalties), from GET /api/leagues/{name}/report (what `nuffle league report` writes).
"use strict";

const gold = (n) => n.toLocaleString("en");
const signed = (n) => (n > 0 ? `+${gold(n)}` : gold(n));
const CATEGORIES = { touchdowns: "Touchdowns", casualties: "Casualties", completions: "Completions", spp: "SPP" };
const MOVEMENT = {
  winnings: "winnings", expenses: "spiralling expenses", purchase: "purchases", hire: "Journeymen hired",
  petty_cash: "petty cash", firing: "firings", inducement: "inducements", level_up: "level-ups",
  death: "deaths", retirement: "retirements", raised: "raised players",
};

const playerLabel = (name, number) => (name.includes(`#${number}`) ? name : `${name} (#${number})`);

function element(tag, text, cls) {
  const el = document.createElement(tag);
  if (text !== undefined) el.textContent = text;
  if (cls) el.className = cls;
  return el;
}

function treasuryLine(t) {
  const moves = Object.entries(t.movement).map(([k, v]) => `${MOVEMENT[k] || k} ${signed(v)}`).join(", ");
  if (t.start === null) return `Treasury ${gold(t.end)} at the end (the start is not in the ledger)` +
    (moves ? `; ${moves}` : "");
  return `Treasury ${gold(t.start)} at the start, ${gold(t.end)} at the end (${signed(t.change)}` +
    (moves ? `: ${moves})` : ")");
}

const induced = (i) => i.item + (i.name ? ` ${i.name}` : "") + (i.skill ? ` with ${i.skill}` : "");
const gained = (u) => (u.skill ? `${u.skill} (${u.gain})` : `+1 ${String(u.gain).toUpperCase()}`);

// One titled list (`cls`), or "none".
function listing(title, cls, items) {
  const div = element("div", undefined, cls);
  div.append(element("h5", title));
  if (!items.length) {
    div.append(element("p", "none", "none"));
    return div;
  }
  const ul = element("ul");
  for (const text of items) ul.append(element("li", text));
  div.append(ul);
  return div;
}

function teamSection(name, t) {
  const sec = element("section", undefined, "team-season");
  sec.dataset.team = t.name;
  const h = element("h4");
  h.append(link(`/leagues/${encodeURIComponent(name)}/teams/${encodeURIComponent(t.name)}`, t.name),
           ` (${t.race}), ${t.played} played`);
  sec.append(h, element("p", treasuryLine(t.treasury), "treasury"),
             element("p", `Fan Factor ${t.fan_factor.start} at the start, ${t.fan_factor.end} at the end`,
                     "fan-factor"));
  const ind = t.inducements;
  const petty = ind.petty_cash ? `, petty cash ${gold(ind.petty_cash)}` : "";
  sec.append(
    listing(`Inducements bought (${gold(ind.gold)} in all${petty})`, "inducements",
            ind.bought.map((b) => `round ${b.round}: ${induced(b)} ${gold(b.gold)}`)),
    listing("Level-ups", "level-ups",
            t.level_ups.map((u) => `round ${u.round}: ${playerLabel(u.name, u.number)} ${gained(u)}`)),
    listing("MVPs", "mvps", t.mvps.map((m) => `round ${m.round}: ${playerLabel(m.name, m.number)}`)),
    listing("Lasting injuries and deaths", "injuries",
            t.injuries.map((i) => `round ${i.round}: ${playerLabel(i.name, i.number)} ${i.casualty} (${i.result})`)),
    listing("Manager penalties", "penalties", t.penalties.map((p) => `round ${p.round} (${p.when}): ${p.note}`)),
  );
  return sec;
}

// A team's line in the summary table: treasury and Fan Factor from start to end, and counts.
function summaryRow(t) {
  const tr = document.createElement("tr");
  const tre = t.treasury;
  cell(tr, t.name);
  cell(tr, tre.start === null ? `? → ${gold(tre.end)}` : `${gold(tre.start)} → ${gold(tre.end)}`, "num");
  cell(tr, tre.change === null ? "-" : signed(tre.change), "num");
  cell(tr, `${t.fan_factor.start} → ${t.fan_factor.end}`, "num");
  cell(tr, gold(t.inducements.gold), "num");
  const dead = t.injuries.filter((i) => i.dead).length;
  for (const n of [t.level_ups.length, t.mvps.length, t.injuries.length - dead, dead, t.penalties.length]) {
    cell(tr, n, "num");
  }
  return tr;
}

async function showReport(name) {
  const title = $("#title");
  title.textContent = "";
  title.append("Season report of ", link(`/leagues/${encodeURIComponent(name)}`, name));
  document.title = `${name} season report: nuffle leagues`;
  const r = await get(`/api/leagues/${encodeURIComponent(name)}/report`);
  const lg = r.league;
  $("#summary").textContent = `${lg.played} of ${lg.fixtures} matches played over ${lg.rounds} rounds` +
    (lg.note ? `: ${lg.note}.` : ".");
  r.standings.forEach((s, i) => {
    const tr = document.createElement("tr");
    cell(tr, i + 1, "num");
    cell(tr, s.name);
    for (const k of ["played", "wins", "draws", "losses"]) cell(tr, s[k], "num");
    cell(tr, `${s.td_for}-${s.td_against}`, "num");
    cell(tr, `${s.cas_for}-${s.cas_against}`, "num");
    cell(tr, s.points, "num");
    cell(tr, gold(s.tv), "num");
    $("#table tbody").append(tr);
  });
  for (const [category, rows] of Object.entries(r.leaders)) {
    if (!rows.length) {
      const tr = document.createElement("tr");
      cell(tr, CATEGORIES[category] || category);
      cell(tr, "-");
      cell(tr, "nobody yet").colSpan = 3;
      cell(tr, 0, "num");
      $("#leaders tbody").append(tr);
    }
    for (const p of rows) {
      const tr = document.createElement("tr");
      cell(tr, CATEGORIES[category] || category);
      cell(tr, p.tied ? `${p.rank}=` : p.rank);
      cell(tr, playerLabel(p.name, p.number));
      cell(tr, p.position);
      cell(tr, p.team);
      cell(tr, p.value, "num");
      $("#leaders tbody").append(tr);
    }
  }
  for (const t of r.teams) {
    $("#team-summary tbody").append(summaryRow(t));
    $("#teams").append(teamSection(name, t));
  }
  $("#report").hidden = false;
}

const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
showReport(parts[1]).catch((err) => failIn("league-error", err));
