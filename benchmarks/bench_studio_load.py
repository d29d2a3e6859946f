"""Studio load test on loopback (prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_studio_load.py [--sessions 20]

Starts `sheetgen studio` as its own process on a free port, then N client threads each
open a session, make an island (fresh seed), verify it on fresh dice following the
server-sent events to the verdict, and download its sheet PDF. Reports errors, the
latency of each step (median and worst), the whole run's time and the server's peak
resident memory (VmHWM), before and after. Then the report's load case (issue 28, finding
2): making an island idle, and again while four 50-island pads run and ten event streams
wait on a fifth, queued pad. Then every other page's routes (issue 30), N sessions at once,
each a designer's round: Any layout (open, three re-renders), Swashbuckle (card, new game,
advisor moves), Black Dice (open a quest, two edits), Voodoo Pirate (five reach questions),
Shipwrecked! (options); the latency of each route, median and worst.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time

import httpx2 as httpx

CC = "g/captains-curse"  # the Captain's Curse page's routes, below /api/s/<session>/


def vm_hwm(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


@contextlib.contextmanager
def studio_server(wait: float = 10):
    """`sheetgen studio` (this interpreter's) in a process of its own: yields (process,
    base URL, token), read from the address it prints; terminated when the block ends."""
    sheetgen = os.path.join(os.path.dirname(sys.executable), "sheetgen")
    server = subprocess.Popen([sheetgen, "studio"], stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://\S+", server.stdout.readline()).group(0)
        base, token = url.split("/?token=")
        yield server, base, token
    finally:
        server.terminate()
        server.wait(wait)


def connect(base: str, token: str, timeout: float = 120) -> httpx.Client:
    """A client sending the launch token and JSON, as the studio page does."""
    return httpx.Client(base_url=base, timeout=timeout,
                        headers={"X-Studio-Token": token, "Content-Type": "application/json"})


def make_latencies(http: httpx.Client, sid: str, n: int) -> list[float]:
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        http.post(f"/api/s/{sid}/{CC}/island", json={"seed": 500 + i}).raise_for_status()
        out.append(time.perf_counter() - t0)
    return out


def under_load(base: str, token: str) -> tuple[list[float], list[float]]:
    """Make-island latencies idle, then with 4 pads running and 10 streams open."""
    with connect(base, token) as http:
        sids = [http.post("/api/session").json()["session"] for _ in range(6)]
        for sid in sids:
            http.post(f"/api/s/{sid}/{CC}/island", json={"seed": 9}).raise_for_status()
        idle = make_latencies(http, sids[5], 10)
        for sid in sids[:5]:
            http.post(f"/api/s/{sid}/{CC}/pad", json={"count": 50}).raise_for_status()
        streams = []
        for _ in range(10):
            c = connect(base, token, timeout=600)
            cm = c.stream("GET", f"/api/s/{sids[4]}/{CC}/jobs/pad/events")
            cm.__enter__()
            streams.append((c, cm))
        time.sleep(2.0)
        busy = make_latencies(http, sids[5], 10)
        for sid in sids[:5]:
            http.post(f"/api/s/{sid}/{CC}/jobs/pad/cancel")
        for c, _ in streams:
            c.close()
    return idle, busy


def designer_round(base: str, token: str, k: int, times: dict, errors: list) -> None:
    """One designer on every other page; each route's latency appended to times[route]."""
    def call(http: httpx.Client, name: str, method: str, path: str, body=None):
        t0 = time.perf_counter()
        r = http.request(method, path, json=body) if method == "POST" else http.get(path)
        r.raise_for_status()
        times.setdefault(name, []).append(time.perf_counter() - t0)
        return r.json() if r.headers["content-type"].startswith("application/json") else r

    try:
        with connect(base, token) as http:
            sid = http.post("/api/session").json()["session"]
            g = f"/api/s/{sid}/g"
            call(http, "layouts open", "POST", f"{g}/layouts/open",
                 {"layout": "swashbuckle/scorecard"})
            for m in (2, 4, 5):
                call(http, "layouts render", "POST", f"{g}/layouts/render",
                     {"values": {"matches": m}})
            call(http, "swashbuckle card", "POST", f"{g}/swashbuckle/card", {"matches": 3})
            view = call(http, "swashbuckle new game", "POST", f"{g}/swashbuckle/game",
                        {"seed": k})
            for _ in range(4):
                if view["rolls_left"] and view["keeps"][0]["label"] != "all (stand)":
                    view = call(http, "swashbuckle keep", "POST", f"{g}/swashbuckle/game/keep",
                                {"keep": view["keeps"][0]["keep"]})
                else:
                    view = call(http, "swashbuckle fill", "POST", f"{g}/swashbuckle/game/fill",
                                {"box": view["fills"][0]["box"]})
            quest = call(http, "black-dice open", "POST", f"{g}/black-dice/open",
                         {"id": "kraken"})["data"]
            for amount in (1, 3):
                quest["fields"]["flag"]["penalty"] = [{"ship_damage": amount}]
                call(http, "black-dice edit", "POST", f"{g}/black-dice/quest", {"data": quest})
            for c, wind in enumerate(("Storm", "Becalmed", "Fair Wind", "Mermaid's Breath",
                                      "Storm")):
                call(http, "voodoo reach", "POST", f"{g}/voodoo/reach",
                     {"ship": [1 + c, 1 + k % 3], "card": "#oodoo", "wind": wind})
            call(http, "shipwrecked options", "GET", f"{g}/shipwrecked/info")
    except Exception as err:  # noqa: BLE001 - counted and printed
        errors.append(f"designer {k}: {type(err).__name__}: {err}")


def pages_round(base: str, token: str, sessions: int) -> tuple[dict, list, float]:
    with connect(base, token, timeout=300) as http:  # warm up: the advisor's table, figures
        sid = http.post("/api/session").json()["session"]
        http.post(f"/api/s/{sid}/g/swashbuckle/game", json={"seed": 1}).raise_for_status()
        http.get(f"/api/s/{sid}/g/shipwrecked/figures").raise_for_status()
    times: dict = {}
    errors: list = []
    threads = [threading.Thread(target=designer_round, args=(base, token, k, times, errors))
               for k in range(sessions)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times, errors, time.perf_counter() - start


def client(base: str, token: str, seed: int, out: dict, errors: list) -> None:
    try:
        with connect(base, token) as http:
            t0 = time.perf_counter()
            sid = http.post("/api/session").json()["session"]
            r = http.post(f"/api/s/{sid}/{CC}/island", json={"seed": seed})
            r.raise_for_status()
            t1 = time.perf_counter()
            http.post(f"/api/s/{sid}/{CC}/verify", json={}).raise_for_status()
            last = None
            with http.stream("GET", f"/api/s/{sid}/{CC}/jobs/verify/events") as events:
                for line in events.iter_lines():
                    if line.startswith("data: "):
                        last = json.loads(line[6:])
            if not last or last["state"] != "done":
                raise RuntimeError(f"verification ended {last}")
            t2 = time.perf_counter()
            pdf = http.get(f"/api/s/{sid}/{CC}/download/sheet.pdf")
            pdf.raise_for_status()
            t3 = time.perf_counter()
            out[seed] = (t1 - t0, t2 - t1, t3 - t2, last["games"], last["verdict"])
    except Exception as err:  # noqa: BLE001 - counted and printed
        errors.append(f"seed {seed}: {type(err).__name__}: {err}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=20)
    args = ap.parse_args()
    with studio_server() as (server, base, token):
        with connect(base, token) as http:  # warm up: compile the players once
            sid = http.post("/api/session").json()["session"]
            http.post(f"/api/s/{sid}/{CC}/island", json={"seed": 1}).raise_for_status()
        idle = vm_hwm(server.pid)
        out: dict = {}
        errors: list = []
        threads = [threading.Thread(target=client, args=(base, token, 1000 + i, out, errors))
                   for i in range(args.sessions)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        took = time.perf_counter() - start
        peak = vm_hwm(server.pid)
        idle_make, busy_make = under_load(base, token)
        page_times, page_errors, page_took = pages_round(base, token, args.sessions)
        page_peak = vm_hwm(server.pid)

    def fig(i: int) -> str:
        values = [v[i] for v in out.values()]
        return f"median {statistics.median(values):.2f} s, worst {max(values):.2f} s" \
            if values else "-"

    print(f"studio load: {args.sessions} concurrent sessions on loopback, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"  errors          {len(errors)}")
    for e in errors[:5]:
        print(f"    {e}")
    print(f"  make island     {fig(0)}")
    print(f"  verify (SSE)    {fig(1)}  ({sum(v[3] for v in out.values())} expert games)")
    print(f"  sheet PDF       {fig(2)}")
    print(f"  whole run       {took:.1f} s")
    print(f"  server memory   {idle:.0f} MiB after warm-up, peak {peak:.0f} MiB")
    print(f"  make island, idle                      median "
          f"{statistics.median(idle_make):.2f} s, worst {max(idle_make):.2f} s")
    print(f"  make island, 4 pads + 10 open streams  median "
          f"{statistics.median(busy_make):.2f} s, worst {max(busy_make):.2f} s")
    verdicts = [v[4] for v in out.values()]
    print(f"  verdicts        {verdicts.count('passed')} passed, {verdicts.count('failed')} not")
    print(f"other pages: {args.sessions} designers at once, {page_took:.1f} s, "
          f"{len(page_errors)} errors, server peak {page_peak:.0f} MiB")
    for e in page_errors[:5]:
        print(f"    {e}")
    for name, values in page_times.items():
        print(f"  {name:22} {len(values):4} calls  median {statistics.median(values):.3f} s, "
              f"worst {max(values):.3f} s")


if __name__ == "__main__":
    main()
