// The league page's "Your next match" (/leagues/{name}): for each team a person coaches (bot
// `human`), its next fixture and a button that takes the seat (POST .../coaches/{team}/seat)
// and opens the game; or why the match waits. Data from GET /api/leagues/{name}/coaches.
"use strict";

const coachParts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);

function coachLine(name, c) {
  const li = document.createElement("li");
  li.dataset.team = c.team;
  const match = c.fixture === null ? "" :
    `round ${c.round}: ${c.home} v ${c.away} (${c.side === "home" ? "at home" : "away"})`;
  const say = {
    ready: `${c.team}, ${match}. `,
    playing: `${c.team}, ${match}: in progress. `,
    finished: `${c.team}, ${match}: played; the result is written to the league as soon as it is free.`,
    waiting: `${c.team}, ${match}: waits for ${c.waiting_for} (nuffle league play plays the bots' matches).`,
    none: `${c.team} has no match left to play.`,
    unscheduled: `${c.team}: the season's schedule is not written yet (nuffle league play writes it).`,
  };
  li.append(say[c.status] || `${c.team}: ${c.status}`);
  if (c.status === "ready" || c.status === "playing") {
    const b = document.createElement("button");
    b.className = "seat";
    b.textContent = c.status === "ready" ? "Play this match" : "Resume the match";
    b.addEventListener("click", async () => {
      b.disabled = true;
      try {
        const r = await fetch(`/api/leagues/${encodeURIComponent(name)}/coaches/${encodeURIComponent(c.team)}/seat`,
                              { method: "POST" });
        const seat = await r.json();
        if (!r.ok) throw new Error(seat.error || `${r.status}`);
        location.href = seat.link;
      } catch (err) {
        b.disabled = false;
        failIn("league-error", err);
      }
    });
    li.append(b);
  }
  return li;
}

async function showCoaches(name) {
  const { coaches } = await get(`/api/leagues/${encodeURIComponent(name)}/coaches`);
  if (!coaches.length) return;
  const list = document.getElementById("coaches");
  for (const c of coaches) list.append(coachLine(name, c));
  document.getElementById("coach").hidden = false;
}

if (coachParts.length === 2) showCoaches(coachParts[1]).catch((err) => failIn("league-error", err));
