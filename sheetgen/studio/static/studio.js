// sheetgen studio: the shell. It lists the pages (/api/pages: the registry's games, then
// the studio's own), loads the chosen one's page.html/js/css from /pages/<name>/ and gives
// its module `mount(root, ctx)` a context bound to the page's API under one session per tab.
"use strict";

export const $ = (id) => document.getElementById(id);
let sid = null;

// The header's status line says what the last action did. A note fades after a few
// seconds; an error stays until the next action (every action clears it first), so the
// header never shows news about something long past.
let statusTimer = null;
export function status(text, sticky) {
  clearTimeout(statusTimer);
  $("status").textContent = text || "";
  if (text && !sticky) statusTimer = setTimeout(() => { $("status").textContent = ""; }, 6000);
}

export async function guarded(fn) {
  status("");
  try { await fn(); } catch (err) { status(err.message, true); }
}

export function fillSelect(select, options, value) {
  select.replaceChildren(...options.map((o) => {
    const opt = document.createElement("option");
    const [v, label] = Array.isArray(o) ? o : [o, o];
    opt.value = v; opt.textContent = label; opt.selected = v === value; return opt;
  }));
}

// A job's progress bar once the job has ended (done, failed or cancelled). One that ended
// before its first progress report (cancelled while it waited for a worker, or failed at
// once) still has no value: an indeterminate bar, which keeps moving as if work went on, and
// which Chromium redraws for as long as the page is open. It ends still and empty.
export function endProgress(bar) {
  if (!bar.hasAttribute("value")) bar.value = 0;
}

export function pct(x) { return `${(100 * x).toFixed(1)}%`; }

export function make(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// This launch's token (the server puts it in a meta tag of the page it serves to holders of
// the URL `sheetgen studio` printed). Every request that changes something sends it in the
// X-Studio-Token header with a JSON body: the server refuses anything else (guard.py).
const TOKEN = document.querySelector('meta[name="studio-token"]')?.content || "";

async function request(method, url, body) {
  const opts = { method, headers: { "X-Studio-Token": TOKEN } };
  if (method !== "GET") {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body === undefined ? {} : body);
  }
  const res = await fetch(url, opts);
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) {
    const err = new Error(data.error || `HTTP ${res.status}`);
    err.status = res.status; err.rejected = !!data.rejected; err.data = data;
    throw err;
  }
  return data;
}

function context(name) {
  const root = `/api/s/${sid}/g/${name}`;
  return {
    name,
    api: (method, path, body) => request(method, root + path, body),
    url: (path) => root + path,
    // A background job's snapshots, as server-sent events, until it ends. A stream that
    // breaks after news is opened again half a second later (its first event is the job
    // as it is now). One that breaks before any news means the studio has gone (stopped,
    // or restarted: a new launch knows neither this session nor its jobs): the page hears
    // it as the job's end, failed, with its last news, so its bar stops and its button
    // works again instead of waiting for an end nobody will send.
    follow(kind, onEvent) {
      let last = {};
      const open = () => {
        const source = new EventSource(`${root}/jobs/${kind}/events`);
        let heard = false;
        let ended = false;
        source.onmessage = (ev) => {
          const snap = JSON.parse(ev.data);
          heard = true; last = snap;
          if (["done", "failed", "cancelled"].includes(snap.state)) { ended = true; source.close(); }
          onEvent(snap);
        };
        source.onerror = () => {
          source.close();
          if (ended) return;
          if (heard) { setTimeout(open, 500); return; }
          onEvent({ ...last, state: "failed", lost: true,
            error: "lost the connection to the studio (stopped or restarted?): this job's end was not heard" });
        };
      };
      open();
    },
  };
}

async function startSession() {
  sid = sessionStorage.getItem("sheetgen-studio-session");
  if (sid) {
    try { await request("GET", `/api/s/${sid}`); return; }
    catch (err) { if (err.status !== 404) throw err; }
  }
  sid = (await request("POST", "/api/session")).session;
  sessionStorage.setItem("sheetgen-studio-session", sid);
}

let pages = [];
let showing = null;

async function show(name) {
  const page = pages.find((p) => p.name === name) || pages[0];
  if (!page || page.name === showing) return;
  showing = page.name;
  document.body.dataset.ready = "0";
  status("");
  for (const a of $("pages").querySelectorAll("a")) {
    if (a.dataset.page === page.name) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  const html = await fetch(`/pages/${page.name}/page.html`).then((r) => r.text());
  if (showing !== page.name) return;  // another page was chosen meanwhile
  if (!document.querySelector(`link[data-page="${page.name}"]`)) {
    document.head.append(make("link", { rel: "stylesheet", href: `/pages/${page.name}/page.css`,
      "data-page": page.name }));
  }
  $("page").innerHTML = html;
  $("page").dataset.page = page.name;
  document.body.dataset.page = page.name;
  document.title = `sheetgen studio · ${page.title}`;
  $("summary").textContent = page.summary;
  $("credit").textContent = page.credit;
  const module = await import(`/pages/${page.name}/page.js`);
  await module.mount($("page"), context(page.name));
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", async () => {
  // The token has done its work in the address (the server set its cookie): hide it.
  if (location.search.includes("token=")) {
    history.replaceState(null, "", location.pathname + location.hash);
  }
  await startSession();
  pages = (await request("GET", "/api/pages")).pages;
  $("pages").replaceChildren(...pages.map((p) => make("a", { href: `#${p.name}`,
    "data-page": p.name, text: p.title })));
  window.addEventListener("hashchange", () => show(location.hash.slice(1)));
  await show(location.hash.slice(1));
});
