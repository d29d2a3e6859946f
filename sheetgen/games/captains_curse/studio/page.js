// Captain's Curse in sheetgen studio: make, edit, verify, play and print islands.
// An ES module: the shell calls mount(root, ctx); ctx.api talks to this game's routes.
import { $, fillSelect, guarded, pct, status } from "/static/studio.js";

const SVGNS = "http://www.w3.org/2000/svg";
let ctx = null;
const state = { island: null, selected: null, swapping: false, game: null,
  modifier: null, sunkSeen: new Set(), bandFor: null };
const api = (method, path, body) => ctx.api(method, path, body);

// ------------------------------------------------------------------ the map

function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function pts(list) { return list.map((p) => p.join(",")).join(" "); }

function showIsland(view, keepGame) {
  state.island = view;
  $("map-empty").hidden = true;
  $("map-art").innerHTML = view.svg;
  const overlay = $("overlay");
  overlay.setAttribute("viewBox", `0 0 ${view.width} ${view.height}`);
  $("map-caption").textContent = `${view.name} · seed ${view.seed ?? "—"}` +
    (view.verified ? ` · verified on fresh dice: ${verdictLine(view.verified)}` : " · not verified");
  $("island-name").value = view.name;
  $("undo").disabled = !view.can_undo;
  $("redo").disabled = !view.can_redo;
  $("dl-island").href = ctx.url("/download/island.yaml");
  updateSheetLink();
  fillLines(view);
  if (state.selected && !view.geometry.spaces.some((s) => s.id === state.selected)) {
    state.selected = null;
  }
  selectSpace(state.selected);
  // The Verify band follows the difficulty the island was made for (a hard island is
  // verified as hard unless the designer picks another band for it).
  const made = view.settings ? `${view.seed}/${view.settings.difficulty}` : null;
  if (made && made !== state.bandFor) {
    state.bandFor = made;
    $("verify-band").value = view.settings.difficulty;
  }
  if (keepGame && state.game) { showGame(state.game); return; }
  // A changed island ends the game played on the old one.
  state.game = null;
  $("roll").disabled = true;
  $("choices").replaceChildren(); $("modifiers").replaceChildren();
  $("result").hidden = true; $("game-log").hidden = true; $("play-text").textContent = "";
  $("dice").replaceChildren();
  drawOverlay();
}

function updateSheetLink() {
  $("dl-sheet").href = ctx.url(`/download/sheet.pdf?paper=${$("paper").value}`);
}

function fillLines(view) {
  const box = $("lines");
  box.replaceChildren(...view.geometry.lines.map((line) => {
    const label = document.createElement("label");
    const cb = document.createElement("input");
    cb.type = "checkbox"; cb.checked = !view.hidden_lines.includes(line.id);
    cb.dataset.line = line.id;
    cb.addEventListener("change", setLines);
    label.append(cb, line.id);
    if (line.waits_for.length) {
      // An inland end (R11): the line may be chosen once one of these spaces has sunk.
      const names = line.waits_for.map((id) => {
        const s = view.geometry.spaces.find((sp) => sp.id === id);
        return s && s.place ? s.place : id;
      });
      const note = document.createElement("small");
      note.className = "waits";
      note.textContent = ` after ${names.join(" or ")} sinks`;
      label.append(note);
    }
    return label;
  }));
}

async function setLines() {
  const hidden = [...$("lines").querySelectorAll("input")].filter((c) => !c.checked)
    .map((c) => c.dataset.line);
  await guarded(async () => showIsland(await api("POST", "/lines", { hidden }), true));
}

function drawOverlay() {
  const g = state.island.geometry;
  const overlay = $("overlay");
  overlay.replaceChildren();
  const game = state.game;
  const moves = game ? game.moves : [];
  const lootable = new Set(moves.filter((m) => m.kind === "loot").map((m) => m.space));
  const sinkable = new Set(moves.filter((m) => m.kind === "sink").map((m) => m.line));
  for (const s of g.spaces) {
    const poly = el("polygon", { points: pts(s.outline), class: "space", "data-space": s.id }, overlay);
    const mark = game ? game.marks[s.id] : null;
    if (mark === "sunk") {
      // Only a space that sank with the last move animates; the others are drawn sunk.
      poly.classList.add(state.sunkSeen.has(s.id) ? "sunk" : "sinking");
    }
    if (lootable.has(s.id)) poly.classList.add("target");
    if (!game && s.id === state.selected) poly.classList.add("selected");
    poly.addEventListener("click", () => onSpace(s.id));
    const title = el("title", {}, poly);
    title.textContent = `${s.place || s.id} (${s.symbol})`;
    const [cx, cy] = s.centre;
    if (mark === "looted") el("circle", { cx, cy: cy - 4, r: 13, class: "mark-loot" }, overlay);
    if (mark === "abandoned") {
      el("line", { x1: cx - 9, y1: cy - 13, x2: cx + 9, y2: cy + 5, class: "mark-x" }, overlay);
      el("line", { x1: cx + 9, y1: cy - 13, x2: cx - 9, y2: cy + 5, class: "mark-x" }, overlay);
    }
  }
  if (game) {
    for (const line of g.lines) {
      if (!line.path.length || !sinkable.has(line.id)) continue;
      const hit = el("polyline", { points: pts(line.path), class: "line-hit target",
        "data-line": line.id }, overlay);
      el("title", {}, hit).textContent = `sink along ${line.id}`;
      hit.addEventListener("click", () => chooseKind("sink", (m) => m.line === line.id));
    }
    drawGrid(overlay, g, game);
    for (const [id, mark] of Object.entries(game.marks)) if (mark === "sunk") state.sunkSeen.add(id);
  }
}

function drawGrid(overlay, g, game) {
  const placements = game.moves.filter((m) => m.kind === "place" &&
    JSON.stringify(m.modify) === JSON.stringify(state.modifier));
  g.columns.forEach((col, c) => {
    col.cells.forEach(([x, y, w, h], r) => {
      const mark = game.columns[c][r];
      if (mark === "circled") el("ellipse", { cx: x + w / 2, cy: y + h * 0.5, rx: w * 0.28, ry: h * 0.42, class: "cell-circle" }, overlay);
      if (mark === "x") {
        el("line", { x1: x + w * 0.3, y1: y + h * 0.2, x2: x + w * 0.7, y2: y + h * 0.8, class: "mark-x" }, overlay);
        el("line", { x1: x + w * 0.7, y1: y + h * 0.2, x2: x + w * 0.3, y2: y + h * 0.8, class: "mark-x" }, overlay);
      }
      const here = placements.filter((m) => m.column === c && col.values[r] === m.value);
      if (here.length) {
        const cell = el("rect", { x, y, width: w, height: h, class: "cell target",
          "data-column": c, "data-value": col.values[r] }, overlay);
        el("title", {}, cell).textContent = here.map((m) => m.label).join(" / ");
        cell.addEventListener("click", () => offer(here));
      }
    });
  });
}

// ------------------------------------------------------------------ editing

function onSpace(id) {
  if (state.game) { chooseKind("loot", (m) => m.space === id); return; }
  if (state.swapping && state.selected && id !== state.selected) {
    state.swapping = false;
    edit({ kind: "swap_symbols", space: state.selected, other: id,
      symbol: $("symbol").value });
    return;
  }
  state.selected = id;
  drawOverlay();
  selectSpace(id);
}

function spaceOf(id) { return state.island.geometry.spaces.find((s) => s.id === id); }

function selectSpace(id) {
  const space = id ? spaceOf(id) : null;
  $("space-editor").hidden = !space;
  $("edit-hint").hidden = !!space;
  if (!space) return;
  $("space-title").textContent = `Space ${space.id}` + (space.ring ? " (centre ring)" : "");
  fillSelect($("symbol"), state.island.geometry.symbols, space.symbol);
  $("place").value = space.place;
}

async function edit(body) {
  $("edit-error").hidden = true;
  try {
    showIsland(await api("POST", "/edit", body));
    status("edit applied");
  } catch (err) {
    $("edit-error").textContent = err.message;
    $("edit-error").hidden = false;
    status(err.rejected ? "edit rejected by the island validator" : "edit failed", true);
  }
}

async function stepHistory(way) {
  await guarded(async () => { showIsland(await api("POST", `/history/${way}`)); status(way); });
}

// ------------------------------------------------------------------ verify and pad

function verdictLine(v) {
  return `expert won ${v.wins}/${v.games} (${pct(v.low)}–${pct(v.high)}), ${v.band} ` +
    (v.passed ? "passed" : "not reached");
}

function follow(kind, onEvent) { ctx.follow(kind, onEvent); }

function showVerify(s) {
  const bar = $("verify-progress");
  const p = $("verify-text");
  if (s.state === "queued") {
    // Other verifications or pads hold the workers: say so, with a moving bar.
    bar.removeAttribute("value");
    p.replaceChildren("waiting for a free worker (other checks are running)…");
    return;
  }
  bar.max = s.max_games || 160;
  bar.value = s.games || 0;
  let text = s.games ? "" : "playing expert games on fresh dice…";
  if (s.games) {
    text = `${s.games} games, expert won ${s.wins} (${pct(s.rate)}), 95% interval ` +
      `${pct(s.low)}–${pct(s.high)}; band ${s.band} wants ${pct(s.min_win)}` +
      (s.max_win < 1 ? `–${pct(s.max_win)}` : " or more");
  }
  p.replaceChildren(text);
  if (s.state === "done" && s.verdict) {
    // The check stops as soon as the interval decides: that is the whole run, so the
    // bar is full at the verdict.
    bar.max = s.games; bar.value = s.games;
    const b = document.createElement("div");
    b.className = s.verdict === "passed" ? "verdict-pass" : "verdict-fail";
    b.id = "verify-verdict";
    b.textContent = (s.verdict === "passed" ? `Verdict: fair for ${s.band}` :
      `Verdict: not within the ${s.band} band`) + ` (decided after ${s.games} games)`;
    p.append(b);
  } else if (s.state === "cancelled") {
    p.append(" · cancelled");
  } else if (s.state === "failed") {
    p.append(` · ${s.error}`);
  }
}

async function verify() {
  await guarded(async () => {
    await api("POST", "/verify", { difficulty: $("verify-band").value });
    $("verify-cancel").disabled = false; $("verify").disabled = true;
    $("verify-text").textContent = "starting…";
    follow("verify", (s) => {
      showVerify(s);
      if (s.state === "done" && s.verdict) refreshCaption();
      if (["done", "failed", "cancelled"].includes(s.state)) {
        $("verify-cancel").disabled = true; $("verify").disabled = false;
      }
    });
  });
}

async function refreshCaption() {
  try { showIsland(await api("GET", "/island"), true); } catch (err) { status(err.message); }
}

async function pad() {
  await guarded(async () => {
    const count = Number($("pad-count").value);
    await api("POST", "/pad", { count, paper: $("paper").value });
    $("pad-progress").max = count; $("pad-progress").value = 0;
    $("dl-pad").hidden = true; $("pad-cancel").disabled = false; $("pad").disabled = true;
    follow("pad", (s) => {
      $("pad-progress").value = s.done || 0;
      $("pad-text").textContent = s.state === "done" ? `${count} verified islands ready` :
        s.state === "failed" ? s.error : s.state === "cancelled" ? "cancelled" :
        s.rendering ? "drawing the sheets…" : `${s.done || 0} of ${count} islands verified`;
      if (s.state === "done") {
        $("dl-pad").href = ctx.url("/download/pad.pdf"); $("dl-pad").hidden = false;
      }
      if (["done", "failed", "cancelled"].includes(s.state)) {
        $("pad-cancel").disabled = true; $("pad").disabled = false;
      }
    });
  });
}

// ------------------------------------------------------------------ play

async function newGame() {
  await guarded(async () => {
    const view = await api("POST", "/game", {});
    state.sunkSeen = new Set();
    status(`new game, dice seed ${view.seed}`);
    $("panel-play").scrollIntoView({ block: "start", behavior: "smooth" });
    showGame(view);
  });
}

function dieBox(value, black) {
  const d = document.createElement("span");
  d.className = "die" + (black ? " black" : ""); d.textContent = value; return d;
}

function showGame(view) {
  state.game = view;
  document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
  const modifiers = [];
  for (const m of view.moves) {
    const key = JSON.stringify(m.modify);
    if (m.kind === "place" || m.kind === "pass") {
      if (!modifiers.some((x) => JSON.stringify(x) === key)) modifiers.push(m.modify);
    }
  }
  if (!modifiers.some((x) => JSON.stringify(x) === JSON.stringify(state.modifier))) {
    state.modifier = modifiers.length ? modifiers[0] : null;
  }
  $("roll").disabled = view.phase !== "roll";
  $("dice").replaceChildren(...(view.roll ? [dieBox(view.roll[0], false), dieBox(view.roll[1], true)] : []));
  const phaseText = {
    roll: "Roll the dice.",
    place: "Choose a die: click a green cell of the grid (or a choice below).",
    loot: "Loot a space: click a green space on the map.",
    sink: "Sink part of the island: click a red line on the map.",
    over: "The game is over.",
  }[view.phase];
  const doubles = view.doubles_circled ? " Doubles! You circled it: the black die is yours to take." : "";
  $("play-text").textContent = `Turn ${view.turn} · X so far ${view.x}. ${phaseText}${doubles}`;
  const mods = $("modifiers");
  mods.replaceChildren();
  if (view.phase === "place" && modifiers.length > 1) {
    for (const m of modifiers) {
      const b = document.createElement("button");
      b.className = "secondary" + (JSON.stringify(m) === JSON.stringify(state.modifier) ? " on" : "");
      b.textContent = m ? m.label : "dice as rolled";
      b.addEventListener("click", () => { state.modifier = m; showGame(state.game); });
      mods.append(b);
    }
  }
  const list = $("choices");
  const shown = view.moves.filter((m) => m.kind !== "place" && m.kind !== "pass" ||
    JSON.stringify(m.modify) === JSON.stringify(state.modifier));
  list.replaceChildren(...shown.map((m) => {
    const b = document.createElement("button");
    b.textContent = m.label; b.dataset.index = m.index; b.dataset.kind = m.kind;
    b.addEventListener("click", () => move(m.index));
    return b;
  }));
  const res = $("result");
  if (view.result) {
    const r = view.result;
    const goals = Object.entries(r.goals).map(([k, g]) => `${k} ${g ? "✓" : "✗"}`).join(", ");
    res.replaceChildren();
    const h = document.createElement("h3");
    h.id = "final-score";
    h.textContent = r.lost ? `The island sank: score ${r.score}` :
      `Score ${r.score}` + (r.title ? ` · ${r.title}` : " · no title");
    const p = document.createElement("p");
    p.textContent = `columns ${r.column_totals.join(" + ")}, X ${r.x_count}; ${goals}; ` +
      `${r.unsunk_spaces} spaces above water; ${r.won ? "you win" : "you lose"}.`;
    res.append(h, p);
    res.hidden = false;
    const a = $("game-log");
    a.href = ctx.url("/game/log"); a.hidden = false;
  } else {
    res.hidden = true; $("game-log").hidden = true;
  }
  drawOverlay();
}

function offer(moves) {
  if (moves.length === 1) { move(moves[0].index); return; }
  const list = $("choices");
  list.replaceChildren(...moves.map((m) => {
    const b = document.createElement("button");
    b.textContent = m.label; b.dataset.index = m.index; b.dataset.kind = m.kind;
    b.addEventListener("click", () => move(m.index));
    return b;
  }));
  status("two dice fit that cell: choose which", true);
}

function chooseKind(kind, match) {
  if (!state.game) return;
  const m = state.game.moves.find((x) => x.kind === kind && match(x));
  if (m) move(m.index);
}

async function roll() {
  await guarded(async () => showGame(await api("POST", "/game/roll", {})));
}

async function move(index) {
  await guarded(async () => showGame(await api("POST", "/game/move", { index })));
}

// ------------------------------------------------------------------ wiring

async function makeIsland(fresh) {
  const seedText = $("seed").value.trim();
  const body = { difficulty: $("difficulty").value, space_size: Number($("space-size").value) };
  if (!fresh && seedText !== "") {
    body.seed = Number(seedText);
    // Numbers above 2**53 lose digits in JavaScript: refuse rather than round.
    if (!/^[0-9]+$/.test(seedText) || !Number.isSafeInteger(body.seed)) {
      status(`the seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`, true);
      return;
    }
  }
  await guarded(async () => {
    status("making an island…", true);
    const view = await api("POST", "/island", body);
    $("seed").value = view.seed;
    state.selected = null;
    showIsland(view);
    $("verify-text").textContent = ""; $("verify-progress").value = 0;
    status(`${view.name} made`);
  });
}

export async function mount(root, context) {
  ctx = context;
  Object.assign(state, { island: null, selected: null, swapping: false, game: null,
    modifier: null, sunkSeen: new Set(), bandFor: null });
  window.studioState = state;  // for the browser tests: what the page believes
  const bands = ["easy", "normal", "hard"];
  fillSelect($("difficulty"), bands, "normal");
  fillSelect($("verify-band"), bands, "normal");
  $("space-size").addEventListener("input", () => {
    $("space-size-out").textContent = `${$("space-size").value} mm²`;
  });
  $("make").addEventListener("click", () => makeIsland(false));
  $("new-island").addEventListener("click", () => makeIsland(true));
  $("set-symbol").addEventListener("click", () => edit({ kind: "set_symbol",
    space: state.selected, symbol: $("symbol").value }));
  $("swap-symbol").addEventListener("click", () => {
    state.swapping = true;
    status(`click a space showing ${$("symbol").value} to swap symbols with ${state.selected}`, true);
  });
  $("set-place").addEventListener("click", () => edit({ kind: "set_place",
    space: state.selected, text: $("place").value }));
  $("rename").addEventListener("click", () => edit({ kind: "rename", text: $("island-name").value }));
  $("undo").addEventListener("click", () => stepHistory("undo"));
  $("redo").addEventListener("click", () => stepHistory("redo"));
  $("verify").addEventListener("click", verify);
  $("verify-cancel").addEventListener("click", () => api("POST", "/jobs/verify/cancel").catch(() => {}));
  $("new-game").addEventListener("click", newGame);
  $("roll").addEventListener("click", roll);
  $("pad").addEventListener("click", pad);
  $("pad-cancel").addEventListener("click", () => api("POST", "/jobs/pad/cancel").catch(() => {}));
  $("paper").addEventListener("change", updateSheetLink);
  // Back on this page (or a reload of the tab): the session still has the island.
  try { showIsland(await api("GET", "/island")); } catch (err) { if (err.status !== 409) throw err; }
}
