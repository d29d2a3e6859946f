"""A progress bar on stderr for the long commands (pads, simulations), shared by the core
commands and the games' command groups.

Library code reports progress through a plain `progress(done, total)` callback and knows
nothing of terminals; this is the one place that turns such a callback into a bar.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import click


def progress_bar(label: str) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """A callback `progress(done, total)` drawing a bar on stderr (with the rate per
    second), and a closer that ends the bar's line."""
    state: dict[str, Any] = {"bar": None, "done": 0, "start": time.perf_counter()}

    def rate(_item: object) -> str:
        took = time.perf_counter() - state["start"]
        return f"{state['done'] / took:.2f}/s" if state["done"] and took > 0 else ""

    def progress(done: int, total: int) -> None:
        if state["bar"] is None:
            state["bar"] = click.progressbar(length=total, label=label, show_pos=True,
                                             file=sys.stderr, item_show_func=rate)
            state["bar"].__enter__()
        state["bar"].update(done - state["done"], current_item=done)
        state["done"] = done

    def close() -> None:
        if state["bar"] is not None:
            state["bar"].__exit__(None, None, None)

    return progress, close
