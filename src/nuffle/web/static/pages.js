// What the read-only pages (league.js, arena.js) share: DOM helpers and the JSON fetch.
"use strict";

const $ = (sel) => document.querySelector(sel);

function cell(row, text, cls) {
  const td = document.createElement("td");
  if (text instanceof Node) td.append(text); else td.textContent = String(text);
  if (cls) td.className = cls;
  row.append(td);
  return td;
}

function link(href, text) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

// The JSON of a GET; an error status throws the server's one-line reason.
async function get(path) {
  const r = await fetch(path);
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || `${r.status}`);
  return data;
}

// Show `err` in the page's error line (`id`).
function failIn(id, err) {
  const p = document.getElementById(id);
  p.textContent = err.message;
  p.hidden = false;
}
