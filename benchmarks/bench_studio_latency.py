"""Studio click latency on loopback (prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_studio_latency.py [--moves 60]

Starts `sheetgen studio` as its own process, makes seed 7's Captain's Curse island, then
plays a game through the API the way the page does (one kept-alive connection, a roll or a
move per request, the first move offered) and prints each request's round trip, median and
worst, with the handler's own time beside it (the same game through a Starlette test
client, no socket) and the load average. The difference is what the network path adds:
40 ms a request while the studio's socket left Nagle's algorithm on (before ad50626).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_studio_load import CC, connect, studio_server  # noqa: E402


def play(post, moves: int) -> list[float]:
    """Seconds of each roll or move of a game (a new game when one ends)."""
    sid = post("/api/session", {})["session"]
    base = f"/api/s/{sid}/{CC}"
    post(f"{base}/island", {"seed": 7, "difficulty": "normal"})
    view = post(f"{base}/game", {})
    times = []
    while len(times) < moves:
        start = time.perf_counter()
        if view.get("result"):
            view = post(f"{base}/game", {})
        elif view["phase"] == "roll":
            view = post(f"{base}/game/roll", {})
        else:
            view = post(f"{base}/game/move", {"index": view["moves"][0]["index"]})
        times.append(time.perf_counter() - start)
    return times


def in_process(moves: int) -> list[float]:
    from starlette.testclient import TestClient

    from sheetgen.studio.app import create_app
    from sheetgen.studio.guard import Door

    door = Door("127.0.0.1", 8765)
    with TestClient(create_app(door), base_url=f"http://127.0.0.1:{door.port}",
                    headers={"X-Studio-Token": door.token}) as client:
        def post(path, body):
            r = client.post(path, json=body)
            r.raise_for_status()
            return r.json()
        return play(post, moves)


def served(moves: int) -> list[float]:
    with studio_server(wait=30) as (_, base, token), connect(base, token) as http:
        def post(path, body):
            r = http.post(path, json=body)
            r.raise_for_status()
            return r.json()
        return play(post, moves)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=60)
    args = ap.parse_args()
    handler = in_process(args.moves)
    network = served(args.moves)
    print(f"studio latency: {args.moves} Captain's Curse rolls and moves, {os.cpu_count()} "
          f"cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, values in (("handler (test client)", handler),
                         ("served (loopback)", network)):
        print(f"  {name:22} median {1000 * statistics.median(values):6.1f} ms, "
              f"worst {1000 * max(values):6.1f} ms")


if __name__ == "__main__":
    main()
