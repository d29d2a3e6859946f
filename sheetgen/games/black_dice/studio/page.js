// The Curse of the Black Dice: the quest designer. Every change re-reads the quest (faults
// at their line of the quest file) and re-draws its tile; the balance check streams.
import { $, endProgress, fillSelect, guarded, make, pct, status } from "/static/studio.js";

let ctx = null;
let cat = null;
let data = null;     // the quest as black-dice-quest/1 data
let timer = null;

const effectKey = (e) => (typeof e === "string" ? e : Object.keys(e)[0]);
const effectAmount = (e) => (typeof e === "string" ? 1 : Object.values(e)[0]);

function effectRow(table, effect, onChange, onDrop) {
  const select = make("select", {});
  fillSelect(select, Object.keys(table), effectKey(effect));
  select.title = cat.effects[effectKey(effect)] || "";
  const amount = make("input", { type: "number", min: "1", max: "9", value: String(effectAmount(effect)) });
  const sync = () => {
    const code = select.value;
    amount.hidden = table[code] !== "count";
    select.title = cat.effects[code] || "";
    onChange(table[code] === "count" ? { [code]: Number(amount.value || 1) } : code);
  };
  amount.hidden = table[effectKey(effect)] !== "count";
  select.addEventListener("change", sync);
  amount.addEventListener("input", sync);
  return make("div", { class: "bd-effect" }, select, amount,
    make("button", { class: "secondary", "aria-label": "remove", text: "✕", onclick: onDrop }));
}

function drawFields() {
  const box = $("bd-fields");
  box.replaceChildren(...cat.symbols.map((symbol, i) => {
    // Read the quest at change time: `data` is replaced when another quest is opened.
    const list = (key) => data.fields[symbol][key];
    const part = (key, table, label) => {
      const box = make("div", { class: "bd-effects", "data-list": `${symbol}.${key}` },
        make("span", { class: "kind", text: label }));
      list(key).forEach((e, k) => box.append(effectRow(table, e,
        (value) => { list(key)[k] = value; changed(); },
        () => { list(key).splice(k, 1); drawFields(); changed(); })));
      box.append(make("button", { class: "secondary bd-add", text: `+ ${key}`,
        onclick: () => { list(key).push(Object.keys(table)[0]); drawFields(); changed(); } }));
      return box;
    };
    return make("div", { class: "bd-field", "data-field": symbol },
      make("h4", { text: `${i + 1} · ${cat.symbol_names[i]}` }),
      part("reward", cat.rewards, "Rewards"), part("penalty", cat.penalties, "Penalties"));
  }));
}

function drawTop(view) {
  for (const input of document.querySelectorAll("#bd-top [data-key]")) {
    input.value = data[input.dataset.key] ?? "";
  }
  const unlimited = data.gold_pool === "unlimited";
  $("bd-pool-all").checked = unlimited;
  $("bd-pool").replaceChildren(...(unlimited ? [] : [2, 3, 4].map((p) => {
    const input = make("input", { type: "number", min: "0", value: String(data.gold_pool[p] ?? data.gold_pool[String(p)] ?? 0), "data-pool": String(p) });
    input.addEventListener("input", () => { readPool(); changed(); });
    return make("label", {}, `${p}p `, input);
  })));
  $("bd-rules-text").value = (data.rules_text || []).join("\n");
  $("bd-switches").value = view.switches || "";
}

function readPool() {
  if ($("bd-pool-all").checked) { data.gold_pool = "unlimited"; return; }
  const pool = {};
  for (const input of document.querySelectorAll("#bd-pool [data-pool]")) pool[input.dataset.pool] = Number(input.value || 0);
  data.gold_pool = pool;
}

function changed() {
  clearTimeout(timer);
  timer = setTimeout(send, 300);
}

async function send() {
  for (const input of document.querySelectorAll("#bd-top [data-key]")) {
    const v = input.value.trim();
    if (v === "" && ["enemy", "numeral", "story"].includes(input.dataset.key)) delete data[input.dataset.key];
    else data[input.dataset.key] = v;
  }
  const lines = $("bd-rules-text").value.split("\n").map((l) => l.trim()).filter(Boolean);
  if (lines.length) data.rules_text = lines; else delete data.rules_text;
  await guarded(async () => show(await ctx.api("POST", "/quest",
    { data, rules_yaml: $("bd-switches").value }), false));
}

function showErrors(view) {
  $("bd-errors").replaceChildren(...view.errors.map((e) => make("div", { class: "error" },
    (e.line ? `${data ? data.id : "quest"}.yaml line ${e.line}, column ${e.column}: ` : "") + e.message +
    (e.hint ? `\nhint: ${e.hint}` : ""),
    e.source ? make("pre", { text: e.source }) : null)));
}

function bar(row, band) {
  const b = make("div", { class: "bd-bar" });
  b.append(make("div", { class: "band", style: `left:${band[0] * 100}%;width:${(band[1] - band[0]) * 100}%` }));
  b.append(make("div", { class: "ci" + (row.inside ? "" : " out"),
    style: `left:${row.low * 100}%;width:${Math.max(0.5, (row.high - row.low) * 100)}%` }));
  return b;
}

function ratesTable(balance) {
  const head = make("tr", {}, ...["players", "games", "crew won", "95% interval", "", "rounds"].map((h) => make("th", { text: h })));
  const rows = Object.entries(balance.rows).map(([p, r]) => make("tr", { "data-players": p },
    make("td", { text: p }), make("td", { text: String(r.games) }), make("td", { text: pct(r.rate) }),
    make("td", { text: `${pct(r.low)}–${pct(r.high)}` }), make("td", {}, bar(r, balance.band)),
    make("td", { text: r.rounds === undefined ? "" : String(r.rounds) })));
  return make("table", { class: "bd-rates" }, make("tbody", {}, head, ...rows));
}

function showBalance(balance, live) {
  const box = $("bd-balance-box");
  box.hidden = !balance;
  if (!balance) return;
  const verdict = balance.passed === undefined ? (live ? "" : "") :
    make("p", { id: "bd-verdict", class: balance.passed ? "verdict-pass" : "verdict-fail",
      text: balance.passed ? `Balanced: every interval inside ${pct(balance.band[0])}–${pct(balance.band[1])}`
        : `Not balanced: an interval leaves the ${pct(balance.band[0])}–${pct(balance.band[1])} band` });
  $("bd-balance-table").replaceChildren(ratesTable(balance), verdict || "");
}

function showVariants(view) {
  $("bd-variants-box").hidden = !view.variants.length;
  $("bd-variants").replaceChildren(...view.variants.map((v, i) => make("div", { class: "bd-variant", "data-variant": String(i) },
    make("h4", { text: v.name }),
    make("p", { class: "diff", text: `${v.data.name} · pool ${typeof v.data.gold_pool === "string" ? v.data.gold_pool : Object.values(v.data.gold_pool).join("/")}` }),
    v.balance ? ratesTable(v.balance) : make("p", { class: "hint", text: "not checked" }),
    make("div", { class: "row" },
      make("button", { class: "secondary", text: "Open", onclick: () => variant("open", i) }),
      make("button", { class: "secondary", text: "Drop", onclick: () => variant("drop", i) })))));
}

function show(view, redraw) {
  // The form's quest stays the one being edited; another quest (or variant) replaces it.
  if (redraw || !data) { data = view.data; drawTop(view); drawFields(); }
  for (const id of ["bd-top", "bd-panel-fields", "bd-panel-rules", "bd-panel-balance", "bd-panel-print"]) $(id).hidden = !data;
  if (view.svg) $("bd-tile").innerHTML = view.svg;
  showErrors(view);
  showBalance(view.balance, false);
  showVariants(view);
  $("bd-dl-quest").href = ctx.url("/download/quest.yaml");
  $("bd-dl-tile").href = ctx.url("/download/tile.pdf");
  document.body.dataset.quests = String(Number(document.body.dataset.quests || 0) + 1);
}

async function variant(action, index) {
  await guarded(async () => show(await ctx.api("POST", `/variants/${action}`, { index }), action === "open"));
}

async function runBalance() {
  await guarded(async () => {
    const players = [...document.querySelectorAll(".bd-players:checked")].map((c) => Number(c.value));
    await ctx.api("POST", "/balance", { players, n: Number($("bd-n").value),
      low: Number($("bd-low").value) / 100, high: Number($("bd-high").value) / 100 });
    $("bd-run").disabled = true; $("bd-cancel").disabled = false;
    $("bd-progress").removeAttribute("value");
    $("bd-progress-text").textContent = "waiting for a free worker…";
    ctx.follow("balance", (s) => {
      if (s.total) { $("bd-progress").max = s.total; $("bd-progress").value = s.done || 0; }
      if (s.state === "running" && s.total) {
        $("bd-progress-text").textContent = `${s.done || 0} of ${s.total} games played`;
      }
      if (s.rows && Object.keys(s.rows).length) showBalance({ rows: s.rows, band: s.band, passed: s.verdict ? s.verdict === "passed" : undefined }, true);
      if (["done", "failed", "cancelled"].includes(s.state)) {
        $("bd-run").disabled = false; $("bd-cancel").disabled = true;
        endProgress($("bd-progress"));
        $("bd-progress-text").textContent = s.state === "done" ? `${s.total} games played (seed 1, as \`verify\` plays them)` :
          s.state === "failed" ? s.error : "cancelled";
        document.body.dataset.balanced = String(Number(document.body.dataset.balanced || 0) + 1);
      }
    });
  });
}

export async function mount(root, context) {
  ctx = context; data = null;
  cat = await ctx.api("GET", "/catalogue");
  fillSelect($("bd-bundled"), cat.bundled.map((q) => [q.id, q.name]), cat.bundled[0].id);
  fillSelect($("bd-end"), cat.ends, cat.ends[0]);
  $("bd-start").addEventListener("click", () => guarded(async () =>
    show(await ctx.api("POST", "/open", { id: $("bd-bundled").value }), true)));
  for (const input of document.querySelectorAll("#bd-top [data-key]")) input.addEventListener("input", changed);
  $("bd-pool-all").addEventListener("change", () => {
    data.gold_pool = $("bd-pool-all").checked ? "unlimited" : { 2: 10, 3: 20, 4: 30 };
    drawTop({ switches: $("bd-switches").value }); changed();
  });
  $("bd-rules-text").addEventListener("input", changed);
  $("bd-switches").addEventListener("input", changed);
  $("bd-run").addEventListener("click", runBalance);
  $("bd-cancel").addEventListener("click", () => ctx.api("POST", "/jobs/balance/cancel").catch(() => {}));
  $("bd-keep").addEventListener("click", () => guarded(async () =>
    show(await ctx.api("POST", "/variants", { name: $("bd-variant-name").value }), false)));
  try { show(await ctx.api("GET", "/quest"), true); } catch (err) { if (err.status !== 409) throw err; }
}
