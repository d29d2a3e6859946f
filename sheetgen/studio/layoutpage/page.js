// Any layout, live: a layout's variables as a form; every change re-renders the page as SVG.
import { $, guarded, make, status } from "/static/studio.js";

let ctx = null;
let opened = null;    // the open layout's answer (vars and defaults)
let row = 0;
let rows = 0;
let asked = 0;        // the number of the latest render request: older answers are dropped
let timer = null;

async function loadCatalogue() {
  const cat = await ctx.api("GET", "/catalogue");
  const select = $("lp-choose");
  select.replaceChildren();
  const group = (label, items) => {
    if (!items.length) return;
    const g = make("optgroup", { label });
    for (const it of items) g.append(make("option", { value: it.id, text: it.label }));
    select.append(g);
  };
  group("Bundled layouts", cat.bundled);
  group("Your files (allowed folders)", cat.files);
  $("lp-folders").textContent = cat.folders.length
    ? `Your files come from: ${cat.folders.join(", ")}.`
    : "To open your own layouts, start the studio with --allow-path DIR (only allowed folders are read).";
}

function fieldFor(v) {
  const id = `lp-var-${v.name}`;
  let input;
  if (v.kind === "bool") {
    input = make("input", { type: "checkbox", id });
    input.checked = !!v.default;
  } else if (v.kind === "int" || v.kind === "float") {
    input = make("input", { type: "number", id, step: v.kind === "int" ? "1" : "any" });
    input.value = v.default;
  } else if (v.kind === "color") {
    input = make("input", { type: "color", id });
    input.value = v.default.toLowerCase();
  } else if (v.kind === "yaml") {
    input = make("textarea", { id, spellcheck: "false" });
    input.value = v.default;
  } else {
    input = make("input", { type: "text", id });
    input.value = v.default;
  }
  input.dataset.var = v.name;
  input.dataset.kind = v.kind;
  input.addEventListener(v.kind === "bool" || v.kind === "color" ? "change" : "input", soon);
  const label = make("label", { class: "field", for: id, "data-field": v.name },
    make("span", { text: v.name }), input);
  return label;
}

function valueOf(input) {
  const kind = input.dataset.kind;
  if (kind === "bool") return input.checked;
  if (kind === "int" || kind === "float") return input.value === "" ? null : Number(input.value);
  return input.value;
}

function values() {
  const out = {};
  for (const input of document.querySelectorAll("#lp [data-var]")) out[input.dataset.var] = valueOf(input);
  return out;
}

function soon() {
  clearTimeout(timer);
  timer = setTimeout(render, 250);
  $("lp-pages").classList.add("stale");
}

function showFaults(view) {
  const box = $("lp-faults");
  box.replaceChildren();
  // Each at its place: file:line:column, the source line with a caret under the column.
  const item = (cls, f) => make("div", { class: cls, "data-line": f.line },
    make("span", { class: "where", text: f.file ? `${f.file}:${f.line}:${f.column}` : "" }),
    ` ${cls === "error" ? "" : "warning: "}${f.message}` + (f.hint ? `\nhint: ${f.hint}` : ""),
    f.excerpt ? make("pre", { class: "excerpt", text: f.excerpt }) : null);
  for (const f of view.errors || []) box.append(item("error", f));
  for (const f of view.warnings || []) box.append(item("warning", f));
}

function showPreview(view) {
  rows = view.rows; row = view.row;
  const pages = $("lp-pages");
  pages.classList.remove("stale");
  if (view.pages && view.pages.length) {
    pages.replaceChildren(...view.pages.map((svg, i) => {
      const box = make("div", { class: "preview", "data-side": i ? "back" : "front" });
      if (view.pages.length > 1) box.append(make("p", { class: "side", text: i ? "back" : "front" }));
      const art = make("div");
      art.innerHTML = svg;
      box.append(art);
      return box;
    }));
    $("lp-empty").hidden = true;
  } else if (view.errors && view.errors.length) {
    pages.replaceChildren();  // nothing drawn: the faults say why
    $("lp-empty").hidden = true;
  }
  $("lp-rowbar").hidden = rows <= 1;
  $("lp-rowtext").textContent = `Row ${row + 1} of ${rows}` + (view.row_label ? ` · ${view.row_label}` : "");
  $("lp-prev").disabled = row <= 0; $("lp-next").disabled = row >= rows - 1;
  $("lp-caption").textContent = view.size_mm ? `${view.size_mm[0]} × ${view.size_mm[1]} mm` +
    (Object.keys(view.overrides || {}).length ? ` · changed: ${Object.keys(view.overrides).join(", ")}` : " · defaults") : "";
  for (const f of document.querySelectorAll("#lp .field")) {
    const name = f.dataset.field;
    f.classList.toggle("changed", name in (view.overrides || {}));
    f.querySelector(".problem")?.remove();
    const problem = (view.problems || {})[name];
    if (problem) f.append(make("span", { class: "problem", text: problem }));
  }
  showFaults(view);
  const base = ctx.url("/download");
  $("lp-dl-pdf").href = `${base}/pdf`; $("lp-dl-png").href = `${base}/png`; $("lp-dl-tts").href = `${base}/tts`;
  document.body.dataset.renders = String(Number(document.body.dataset.renders || 0) + 1);
}

async function render() {
  const mine = ++asked;
  const body = { values: values(), row, seed: Number($("lp-seed").value || 0) };
  try {
    const view = await ctx.api("POST", "/render", body);
    if (mine === asked) showPreview(view);
  } catch (err) { if (mine === asked) status(err.message, true); }
}

function showVars(view) {
  const plain = view.vars.filter((v) => v.kind !== "yaml");
  const more = view.vars.filter((v) => v.kind === "yaml");
  $("lp-fields").replaceChildren(...plain.map(fieldFor));
  $("lp-fields-more").replaceChildren(...more.map(fieldFor));
  $("lp-more").hidden = !more.length;
}

async function openLayout() {
  await guarded(async () => {
    const view = await ctx.api("POST", "/open", { layout: $("lp-choose").value });
    opened = view; row = 0;
    $("lp-about").textContent = view.description || "";
    showVars(view);
    showPreview(view);
    status(view.errors.length ? `${view.label}: ${view.errors.length} fault(s)` : `${view.label} opened`);
  });
}

export async function mount(root, context) {
  ctx = context; opened = null; row = 0; rows = 0;
  await loadCatalogue();
  $("lp-open").addEventListener("click", openLayout);
  $("lp-prev").addEventListener("click", () => { if (row > 0) { row -= 1; render(); } });
  $("lp-next").addEventListener("click", () => { if (row < rows - 1) { row += 1; render(); } });
  $("lp-seed").addEventListener("input", soon);
  $("lp-reset").addEventListener("click", () => { if (opened) { showVars(opened); render(); } });
}
