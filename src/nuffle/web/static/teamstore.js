// Saved teams: team file objects the team builder saved (or a coach loaded from a file), kept
// in this browser's localStorage by team name. Shared by the builder (/teams) and the lobby.
"use strict";

const TEAMS_KEY = "nuffle.teams";

function savedTeams() {
  try {
    const all = JSON.parse(localStorage.getItem(TEAMS_KEY) || "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  } catch (e) {
    return {};
  }
}

function saveTeam(team) {
  const all = savedTeams();
  all[team.name] = team;
  localStorage.setItem(TEAMS_KEY, JSON.stringify(all));
}

function forgetTeam(name) {
  const all = savedTeams();
  delete all[name];
  localStorage.setItem(TEAMS_KEY, JSON.stringify(all));
}

// A team file chosen in an <input type=file>: its JSON object (an Error if it is not one).
async function readTeamFile(file) {
  const team = JSON.parse(await file.text());
  if (!team || typeof team !== "object" || Array.isArray(team)) throw new Error(`${file.name}: a team file must hold a JSON object`);
  if (typeof team.name !== "string" || !team.name.trim()) team.name = file.name.replace(/\.json$/i, "");
  return team;
}

// The lobby's team pickers: per side, the race's default team or a saved team (which sets the
// race); a team file may be loaded there too (checked by the server, then saved). A saved BB2020
// team is listed as such; the server refuses it when the game is created (no engine plays it yet).
function teamPickers(onError) {
  for (const side of ["home", "away"]) {
    const pick = document.querySelector(`[name=${side}-team]`);
    const race = document.querySelector(`[name=${side}-race]`);
    const fill = chosen => {
      const teams = savedTeams();
      pick.innerHTML = `<option value="">the race's default team</option>` + Object.keys(teams).sort().map(n =>
        `<option value="${escapeAttr(n)}">${escapeAttr(n)} (${escapeAttr(teams[n].race)}${teams[n].ruleset === "bb2020" ? ", BB2020" : ""})</option>`).join("");
      pick.value = chosen && teams[chosen] ? chosen : "";
      sync();
    };
    const sync = () => {
      const team = savedTeams()[pick.value];
      race.disabled = !!team;
      if (team) race.value = team.race;
    };
    pick.addEventListener("change", sync);
    document.querySelector(`[name=${side}-team-file]`).addEventListener("change", async ev => {
      try {
        const team = await readTeamFile(ev.target.files[0]);
        const verdict = await api("POST", "/api/teams/check", team);
        if (!verdict.ok) throw new Error(verdict.errors[0]);
        saveTeam(team);
        fill(team.name);
        onError("");
      } catch (e) {
        onError(e.message);
      }
    });
    fill(new URLSearchParams(location.search).get(`${side}_team`));
  }
}

// The team object a side plays with (undefined: the race's default team).
function chosenTeam(side) {
  const name = document.querySelector(`[name=${side}-team]`).value;
  return name ? savedTeams()[name] : undefined;
}

function escapeAttr(s) {
  return String(s).replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
