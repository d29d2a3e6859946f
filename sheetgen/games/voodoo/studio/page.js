// Voodoo Pirate: place the ship by a click; the squares a card reaches under wind and tide.
import { $, endProgress, fillSelect, guarded, make, status } from "/static/studio.js";

const SVGNS = "http://www.w3.org/2000/svg";
const CELL = 64;
let ctx = null;
let board = null;
let ship = null;
let others = [];
let reach = null;
let voyage = null;
let picked = null;  // the first square of a swap, in board-editing mode
const PIRATE = { R: "#b3261e", B: "#1f4e9a", G: "#2f6f3a", Y: "#c99700", P: "#6b3fa0" };

function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const shoreLeft = () => board.shore_side === "W";
const x0 = () => (shoreLeft() ? CELL : 0);
const xy = ([c, r]) => [x0() + c * CELL, r * CELL];
const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

function draw() {
  const svg = $("vp-board");
  svg.setAttribute("viewBox", `0 0 ${(board.columns + 1) * CELL} ${board.rows * CELL}`);
  svg.replaceChildren();
  const wind = $("vp-wind").value;
  const tide = $("vp-tide").value;
  for (const s of board.shore) {
    const [x, y] = [shoreLeft() ? 0 : x0() + board.columns * CELL, s[1] * CELL];
    el("rect", { x, y, width: CELL, height: CELL, class: "shore" }, svg);
  }
  const shoreText = el("text", { x: 8, y: board.rows * CELL / 2, class: "value",
    transform: `rotate(-90 ${CELL / 2} ${board.rows * CELL / 2})` }, svg);
  shoreText.textContent = "Voodoo Shore";
  for (const c of board.cells) {
    const [x, y] = xy([c.col, c.row]);
    const cls = ["cell", c.kind];
    // The wind acts on haunted water; the tide on the tidal column when it runs out.
    if (c.haunted && wind !== "Fair Wind") cls.push("wind-on");
    if (c.tidal && tide === "OUT") cls.push("tide-on");
    if (same(picked, [c.col, c.row])) cls.push("picked");
    const rect = el("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2,
      class: cls.join(" "), "data-square": `${c.col},${c.row}` }, svg);
    el("title", {}, rect).textContent = `${c.kind}, worth ${c.value}` +
      (c.haunted ? ` · haunted: ${wind}` : "") + (c.tidal ? ` · tide ${tide}` : "");
    rect.addEventListener("click", () => place([c.col, c.row]));
    el("text", { x: x + 6, y: y + 17, class: "value" }, svg).textContent = String(c.value);
    const mark = c.haunted ? "haunted" : c.kind === "map" || c.kind === "harbour" ? c.kind : "";
    if (mark) el("text", { x: x + 6, y: y + CELL - 8, class: c.haunted ? "haunted-mark" : "kind-mark" }, svg).textContent = mark;
    if (c.tidal && tide === "OUT") {
      el("text", { x: x + CELL - 24, y: y + CELL - 10, class: "arrow" }, svg).textContent = board.tide_arrow === "W" ? "←" : "→";
    }
  }
  for (const end of reach ? reach.ends : []) {
    if (same(end.square, ship)) continue;
    const [x, y] = end.shore ? [shoreLeft() ? 0 : x0() + board.columns * CELL, end.square[1] * CELL] : xy(end.square);
    const r = el("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, class: "reach",
      "data-reach": end.square.join(",") }, svg);
    el("title", {}, r).textContent = end.plan;
  }
  // The game's ships: a disc in each pirate's colour, "you" for seat 0.
  for (const [seat, sq] of Object.entries(voyage ? voyage.ships : {})) {
    const [x, y] = sq[0] < 0 ? [shoreLeft() ? 0 : x0() + board.columns * CELL, sq[1] * CELL] : xy(sq);
    const cx = x + 18 + 14 * (Number(seat) % 3), cy = y + 34 + 8 * Math.floor(Number(seat) / 3);
    el("circle", { cx, cy, r: 11, class: "voyage", fill: PIRATE[voyage.colours[seat]] || "#333",
      "data-voyage-ship": seat }, svg);
    el("text", { x: cx - 4, y: cy + 5, class: "voyage-label" }, svg).textContent = seat === "0" ? "Y" : seat;
  }
  for (const [k, s] of [[null, ship], ...others.map((o, i) => [i, o])]) {
    if (!s) continue;
    const [x, y] = xy(s);
    el("path", { d: `M${x + 16} ${y + 40} h32 l-6 10 h-20 z M${x + 31} ${y + 16} v24 M${x + 31} ${y + 18} l12 12 h-12`,
      class: "ship" + (k === null ? "" : " other"), "data-ship": k === null ? "you" : String(k) }, svg);
  }
}

async function swap(square) {
  if (!picked) { picked = square; draw(); status("now click the square to swap it with", true); return; }
  const one = picked;
  picked = null;
  await guarded(async () => {
    showBoard(await ctx.api("POST", "/board/edit", { square: one, other: square }));
    status("squares swapped");
  });
  draw();
}

function showBoard(view) {
  board = view;
  voyage = null;
  $("vp-board-name").textContent = `${view.name}` + (view.edited ? " · made or edited here" : " · as bundled");
  showChecks(view.verified);
  document.body.dataset.boards = String(Number(document.body.dataset.boards || 0) + 1);
  ask();
}

function showChecks(verdict) {
  $("vp-checks").replaceChildren(...(verdict ? verdict.checks : []).map((c) =>
    make("li", { class: c.ok ? "ok" : "bad", title: c.why },
      `${c.ok ? "ok" : "OUTSIDE"} ${c.name}: `, make("span", { text: `${c.measured} [band ${c.band}]` }))));
  if (verdict) {
    $("vp-verify-text").textContent = verdict.ok ? "Fair and ending: every band holds." : "Outside its bands (see the checks).";
  }
}

async function verify() {
  await guarded(async () => {
    await ctx.api("POST", "/verify", { scale: $("vp-scale").value });
    $("vp-verify").disabled = true; $("vp-verify-cancel").disabled = false;
    $("vp-verify-progress").removeAttribute("value");
    $("vp-verify-text").textContent = "waiting for a free worker…";
    ctx.follow("verify", async (s) => {
      if (s.total) {
        $("vp-verify-progress").max = s.total; $("vp-verify-progress").value = s.done || 0;
        $("vp-verify-text").textContent = `${s.done || 0} of ${s.total} games (${s.lineup} lineup)`;
      }
      if (["done", "failed", "cancelled"].includes(s.state)) {
        $("vp-verify").disabled = false; $("vp-verify-cancel").disabled = true;
        endProgress($("vp-verify-progress"));
        if (s.state === "done") showChecks((await ctx.api("GET", "/board")).verified);
        else $("vp-verify-text").textContent = s.state === "failed" ? s.error : "cancelled";
        document.body.dataset.verified = String(Number(document.body.dataset.verified || 0) + 1);
      }
    });
  });
}

function place(square) {
  const mode = $("vp-panel-ships").querySelector("input:checked").value;
  if (mode === "edit") { swap(square); return; }
  if (mode === "me") {
    others = others.filter((o) => !same(o, square));
    ship = square;
  } else if (!same(square, ship)) {
    others = others.some((o) => same(o, square)) ? others.filter((o) => !same(o, square)) : [...others, square].slice(-6);
  }
  ask();
}

async function ask() {
  $("vp-card-note").textContent = board.card_notes[$("vp-card").value];
  const wind = $("vp-wind").value;
  $("vp-conditions").textContent = {
    "Fair Wind": "Fair Wind: haunted water does nothing.",
    Becalmed: "Becalmed: a ship moving into haunted water stops there.",
    "Mermaid's Breath": "Mermaid's Breath: ending on haunted water, one space further and a coin to the mermaids.",
    Storm: "Storm: a ship entering haunted water is first blown one space north.",
  }[wind] + ($("vp-tide").value === "OUT" ? " The tide runs out: a ship ending on the tidal column drifts with the arrow." : " The tide runs in: no drift.");
  if (!ship) { reach = null; draw(); $("vp-caption").textContent = "Click a square to place your ship."; return; }
  await guarded(async () => {
    reach = await ctx.api("POST", "/reach", { ship, others, card: $("vp-card").value, wind,
      tide: $("vp-tide").value, compass: $("vp-compass").checked, match: $("vp-match").checked });
    draw();
    const moves = reach.ends.filter((e) => !same(e.square, ship));
    $("vp-caption").textContent = `${reach.card} from [${ship.join(", ")}]: ${moves.length} square(s) reachable`;
    $("vp-ends").replaceChildren(...reach.ends.map((e) => make("li", { "data-end": e.square.join(",") },
      `${e.shore ? "the Voodoo Shore" : `[${e.square.join(", ")}] worth ${e.value}`}: ${e.plan}`)));
    document.body.dataset.reaches = String(Number(document.body.dataset.reaches || 0) + 1);
  });
}

function showVoyage(view) {
  voyage = view;
  // The board's wind and tide follow the game while one is played.
  $("vp-wind").value = view.wind; $("vp-tide").value = view.tide;
  document.body.dataset.voyage = String(Number(document.body.dataset.voyage || 0) + 1);
  const me = view.colours[0];
  const power = view.power ? ` · your Voodoo Power ${view.power[0].position + view.power[0].coins + view.power[0].broadsides + view.power[0].skulls}` : "";
  $("vp-game-text").textContent = `Round ${view.round} · you sail ${me} (Y on the board) · ${view.wind}, tide ${view.tide}${power}`;
  $("vp-moves").replaceChildren(...view.moves.map((m, i) => make("button", { text: m, "data-index": String(i),
    onclick: () => guarded(async () => showVoyage(await ctx.api("POST", "/game/move", { index: i }))) })));
  $("vp-log").replaceChildren(...view.log.map((line) => make("li", { text: line })));
  const res = $("vp-result");
  res.hidden = !view.outcome;
  if (view.outcome) {
    const won = view.outcome.winners.includes(0);
    res.textContent = `${won ? "You win" : "The Cursed Pirates win"} (${view.outcome.termination}) · scores ${view.outcome.scores.join(" / ")}`;
  }
  draw();
}

export async function mount(root, context) {
  ctx = context; ship = null; others = []; reach = null; voyage = null; picked = null;
  board = await ctx.api("GET", "/board");
  fillSelect($("vp-card"), board.cards, "#oodoo");
  fillSelect($("vp-wind"), board.winds, board.start_wind);
  $("vp-tide").value = board.start_tide;
  for (const id of ["vp-card", "vp-wind", "vp-tide", "vp-compass", "vp-match"]) $(id).addEventListener("change", ask);
  $("vp-legend").replaceChildren(...[["calm", "#cfe6f2"], ["haunted", "#7d6b9a"], ["map", "#f5ecd2"],
    ["harbour", "#d9c48f"], ["tidal", "#9fd0c8"], ["reachable", "rgba(47,111,58,0.45)"]].map(([n, c]) =>
    make("span", {}, make("i", { style: `background:${c}` }), n)));
  $("vp-dl-board").href = ctx.url("/download/board.yaml");
  $("vp-board-new").addEventListener("click", () => guarded(async () =>
    showBoard(await ctx.api("POST", "/board/new", { seed: Number($("vp-board-seed").value || 0) }))));
  $("vp-board-bundled").addEventListener("click", () => guarded(async () =>
    showBoard(await ctx.api("POST", "/board/new", { bundled: true }))));
  $("vp-verify").addEventListener("click", verify);
  $("vp-verify-cancel").addEventListener("click", () => ctx.api("POST", "/jobs/verify/cancel").catch(() => {}));
  $("vp-board-name").textContent = `${board.name}` + (board.edited ? " · made or edited here" : " · as bundled");
  showChecks(board.verified);
  $("vp-new").addEventListener("click", () => guarded(async () => {
    const seed = $("vp-seed").value.trim();
    const body = { cursed: Number($("vp-cursed").value) };
    if (seed !== "") body.seed = Number(seed);
    const view = await ctx.api("POST", "/game", body);
    $("vp-seed").value = view.seed;
    status(`new game, seed ${view.seed}`);
    showVoyage(view);
  }));
  draw();
  ask();
  try { showVoyage(await ctx.api("GET", "/game")); } catch (err) { if (err.status !== 409) throw err; }
}
