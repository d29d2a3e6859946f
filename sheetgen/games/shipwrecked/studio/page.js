// Shipwrecked!: the pad's print options (from the game's own pad options), pages previewed.
import { $, guarded, make, status } from "/static/studio.js";

let ctx = null;
let spec = [];

function optionField(o) {
  let input;
  if (o.choices.length) {
    input = make("select", { id: `sh-opt-${o.dest}` });
    for (const c of o.choices) input.append(make("option", { value: c, text: c }));
    input.value = o.default;
  } else {
    input = make("input", { id: `sh-opt-${o.dest}`, type: "number",
      step: o.kind === "int" ? "1" : "any", placeholder: o.default === null ? "default" : "" });
    if (o.low !== null) input.min = o.low;
    if (o.high !== null) input.max = o.high;
    if (o.default !== null) input.value = o.default;
  }
  input.dataset.dest = o.dest; input.dataset.kind = o.kind;
  return make("label", { class: "opt" }, make("span", { text: o.flag.replace(/^--/, "") }), input,
    o.help ? make("small", { text: o.help }) : null);
}

function values() {
  const out = {};
  for (const input of document.querySelectorAll("#sh-options [data-dest]")) {
    if (input.value === "") continue;
    out[input.dataset.dest] = input.dataset.kind === "str" ? input.value : Number(input.value);
  }
  return out;
}

function figures(info) {
  const l = info.length, s = info.strategy;
  const rows = [
    ["game length", `${l.mean} captain rolls on average (median ${l.median}, 9 games in 10 within ${l.p90})`],
    ["playing time", `about ${l.minutes} minutes at ${l.seconds} s a roll (an assumption)`],
    ["best plan", `${s.best}: ${s.plan} (wins ${s.rate}% against the other ${s.others})`],
    ["weakest plan", `${s.worst}: ${s.worst_plan} (${s.worst_rate}%)`],
    ["first player", `${s.first_player}% of decided games between equal plans`],
    ["games", `${s.games} simulated`],
  ];
  $("sh-figures-body").replaceChildren(make("dl", {}, ...rows.flatMap(([k, v]) =>
    [make("dt", { text: k }), make("dd", { text: v })])));
}

async function makePad() {
  await guarded(async () => {
    await ctx.api("POST", "/pad", { options: values() });
    $("sh-make").disabled = true; $("sh-cancel").disabled = false; $("sh-dl").hidden = true;
    $("sh-progress").removeAttribute("value");
    $("sh-progress-text").textContent = "waiting for a free worker…";
    ctx.follow("pad", async (s) => {
      if (s.stage) $("sh-progress-text").textContent = `${s.stage}…`;
      if (["done", "failed", "cancelled"].includes(s.state)) {
        $("sh-make").disabled = false; $("sh-cancel").disabled = true;
        $("sh-progress").max = 1; $("sh-progress").value = s.state === "done" ? 1 : 0;
        if (s.state === "done") {
          const pad = await ctx.api("GET", "/pad");
          $("sh-pages").replaceChildren(...pad.previews.map((png, i) =>
            make("img", { src: `data:image/png;base64,${png}`, alt: `page ${i + 1}` })));
          $("sh-pages-caption").textContent = `${pad.pages} page(s), ${Math.round(pad.size / 1024)} KiB` +
            (pad.previews.length < pad.pages ? ` · the first ${pad.previews.length} shown` : "");
          $("sh-dl").href = ctx.url("/download/pad.pdf"); $("sh-dl").hidden = false;
          $("sh-progress-text").textContent = "ready";
        } else {
          $("sh-progress-text").textContent = s.state === "failed" ? s.error : "cancelled";
        }
        document.body.dataset.pads = String(Number(document.body.dataset.pads || 0) + 1);
      }
    });
  });
}

export async function mount(root, context) {
  ctx = context;
  const info = await ctx.api("GET", "/info");
  spec = info.options;
  $("sh-options").replaceChildren(...spec.map(optionField));
  // The figures come from a round robin the server plays once (a few seconds the first time).
  $("sh-figures-body").textContent = "playing the round robin…";
  ctx.api("GET", "/figures").then((f) => {
    figures(f);
    document.body.dataset.figures = "1";
  }).catch((err) => { $("sh-figures-body").textContent = err.message; });
  $("sh-make").addEventListener("click", makePad);
  $("sh-cancel").addEventListener("click", () => ctx.api("POST", "/jobs/pad/cancel").catch(() => {}));
}
