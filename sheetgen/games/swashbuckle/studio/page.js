// Swashbuckle in sheetgen studio: the card's options and preview, a solitaire game in which
// the advisor ranks every keep and every box by the expected final score.
import { $, fillSelect, guarded, make, status } from "/static/studio.js";

let ctx = null;
let game = null;
let held = [];      // indices of the dice the player holds
let timer = null;

function options() {
  const out = { scuttle: $("sw-scuttle").value };
  for (const input of document.querySelectorAll("#sw-rules [data-rule]")) {
    out[input.dataset.rule] = input.type === "checkbox" ? input.checked : Number(input.value);
  }
  return out;
}

async function updateCard() {
  await guarded(async () => {
    const view = await ctx.api("POST", "/card", { matches: Number($("sw-matches").value),
      show_par: $("sw-par").checked, options: options() });
    $("sw-card").innerHTML = view.svg;
    $("sw-card-caption").textContent = `${view.matches} match column(s)` +
      (view.show_par ? " · par line printed" : "") +
      (view.options.scuttle === "any" ? " · scuttle: any open box" : " · scuttle: only when nothing scores");
    $("sw-dl-card").href = ctx.url("/download/scorecard.pdf");
    document.body.dataset.cards = String(Number(document.body.dataset.cards || 0) + 1);
  });
}

function soon() { clearTimeout(timer); timer = setTimeout(updateCard, 200); }

function rankedButton(option, onClick, extra) {
  const b = make("button", { onclick: onClick },
    make("span", { text: option.label + (extra || "") }),
    make("span", { class: "ev", text: `${option.final.toFixed(1)}` }));
  b.dataset.value = option.value;
  return make("li", {}, b);
}

function showGame(view) {
  game = view;
  held = [];
  document.body.dataset.moves = String(Number(document.body.dataset.moves || 0) + 1);
  $("sw-turn").textContent = view.over ? `Game over after ${view.turns} turns.` :
    `Turn ${view.turn} of ${view.turns} · ${view.rolls_left} re-roll(s) left · score so far ${view.total}`;
  drawDice();
  $("sw-reroll").disabled = view.over || view.rolls_left === 0;
  $("sw-hold-hint").textContent = view.over || !view.rolls_left ? "" : "click dice to keep them";
  $("sw-keeps-head").hidden = !view.keeps.length;
  $("sw-keeps").replaceChildren(...view.keeps.slice(0, 8).map((o) =>
    rankedButton(o, () => keep(o.keep))));
  $("sw-fills-head").hidden = !view.fills.length;
  $("sw-fills").replaceChildren(...view.fills.map((o) =>
    rankedButton(o, () => fill(o.box), ` · ${o.points === null ? "" : `${Math.round(o.points * 10) / 10} now`}`)));
  $("sw-note").textContent = view.over ? "" : view.advisor
    ? "The figure is the expected final score with best play from that choice on (the advisor's exact table)."
    : "No strategy table for these options: choose boxes below; the rules still score them.";
  const rows = view.boxes.map((b) => make("tr", { class: b.points === null ? "open" : "" },
    make("td", { text: b.label }), make("td", { class: "pts", text: b.points === null ? "" : String(b.points) })));
  if (!view.advisor && !view.over) {
    for (const [i, b] of view.boxes.entries()) {
      if (view.allowed.includes(b.id)) {
        rows[i].firstChild.replaceChildren(make("button", { class: "secondary", onclick: () => fill(b.id), text: b.label }));
      }
    }
  }
  rows.push(make("tr", { class: "total" }, make("td", { text: "Total (bonuses included)" }),
    make("td", { class: "pts", text: String(view.total) })));
  $("sw-sheet").replaceChildren(make("table", {}, make("tbody", {}, ...rows)));
  const res = $("sw-result");
  res.hidden = !view.over;
  if (view.over) {
    res.id = "sw-result";
    res.textContent = `Final score ${view.total}` + (view.derived.moniker ? ` · ${view.derived.moniker}` : " · no rank") +
      (view.joker_marks ? ` · ${view.joker_marks} Swashbuckle Bonus` : "");
  }
}

function drawDice() {
  $("sw-dice").replaceChildren(...(game ? game.dice : []).map((d, i) => {
    const b = make("button", { class: "die" + (held.includes(i) ? " held" : ""), text: String(d),
      "aria-pressed": held.includes(i) ? "true" : "false" });
    b.addEventListener("click", () => {
      if (!game || game.over || !game.rolls_left) return;
      held = held.includes(i) ? held.filter((x) => x !== i) : [...held, i];
      drawDice();
    });
    return b;
  }));
}

async function keep(kept) {
  await guarded(async () => showGame(await ctx.api("POST", "/game/keep", { keep: kept })));
}

async function fill(box) {
  await guarded(async () => {
    const view = await ctx.api("POST", "/game/fill", { box });
    const f = view.filled_now;
    status(`${f.box} takes ${f.points}` + (f.reroll ? ` (Piracy re-roll ${f.reroll.join(" ")})` : ""));
    showGame(view);
  });
}

async function newGame() {
  await guarded(async () => {
    status("dealing… (the first game loads the advisor's table, a few seconds)", true);
    const seed = $("sw-seed").value.trim();
    const view = await ctx.api("POST", "/game", seed === "" ? {} : { seed: Number(seed) });
    $("sw-seed").value = view.seed;
    status(`new game, dice seed ${view.seed}`);
    showGame(view);
  });
}

export async function mount(root, context) {
  ctx = context; game = null; held = [];
  const info = await ctx.api("GET", "/card");
  $("sw-matches").value = info.matches;
  $("sw-par").checked = info.show_par;
  $("sw-par-text").textContent = `Par from the solver's table: ${info.par.mean.toFixed(1)} ` +
    `(8 games in 10 between ${info.par.p10} and ${info.par.p90}; ${info.par.moniker}).`;
  fillSelect($("sw-scuttle"), [["only_if_nothing_scores", "only when nothing scores (source)"],
    ["any", "any open box, any time"]], info.options.scuttle);
  $("sw-rules").replaceChildren(...Object.entries(info.rules).map(([key, label]) => {
    const value = info.options[key];
    const input = typeof value === "boolean"
      ? make("input", { type: "checkbox", "data-rule": key })
      : make("input", { type: "number", min: key === "columns" ? "1" : "0", "data-rule": key });
    if (typeof value === "boolean") input.checked = value; else input.value = value;
    input.addEventListener("change", soon);
    return make("label", {}, input, ` ${label}`);
  }));
  for (const id of ["sw-matches", "sw-par", "sw-scuttle"]) $(id).addEventListener("change", soon);
  $("sw-new").addEventListener("click", newGame);
  $("sw-reroll").addEventListener("click", () => keep(held.map((i) => game.dice[i])));
  await updateCard();
  try { showGame(await ctx.api("GET", "/game")); } catch (err) { if (err.status !== 409) throw err; }
}
