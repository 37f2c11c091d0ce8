"""The CPU time of the first chart in a fresh kernel: the kit's, against plotly's own.

Starts a kernel (ipykernel, as JupyterLab does) for each of three runs and, in it, times with
``time.process_time`` from before the first import to after the chart is shown:

* the kit: ``figures`` imported and a figure of 200 simulated hands built and displayed, then
  made live (``figures.live``, a ``FigureWidget``, as the lab and the comparison show it);
* plotly alone: the same kind of figure built with plotly and displayed, no kit imported
  (what the first chart cost before the kit loaded plotly's display without the IRI grammar).

    python bench/first_chart.py [--runs 3]
"""
from __future__ import annotations

import argparse
import statistics

from jupyter_client.manager import KernelManager

KIT = """
import time
t0 = time.process_time()
from euchre_lessons import figures, simulate
t1 = time.process_time()
df = simulate.hands("standard", 200, seed=1)
t2 = time.process_time()
fig = figures.points_per_hand(df)
display(fig)
live = figures.live(fig)
display(live)
t3 = time.process_time()
print(f"{t1 - t0 + t3 - t2:.3f}")
"""
PLOTLY = """
import time
t0 = time.process_time()
import plotly.graph_objects as go
fig = go.Figure(go.Bar(x=["standard"], y=[1.2], error_y=dict(array=[0.1])))
display(fig)
live = go.FigureWidget(fig)
display(live)
print(f"{time.process_time() - t0:.3f}")
"""


def first_chart(code: str) -> float:
    km = KernelManager(transport="ipc")  # a local socket, as the app's kernels use
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)
        out = []

        def keep(msg):
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                raise RuntimeError("\n".join(msg["content"]["traceback"]))

        kc.execute_interactive(code, timeout=120, output_hook=keep)
        return float("".join(out).split()[-1])
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    for name, code in (("the kit (import, build, show, make live)", KIT), ("plotly alone (build, show, make live)", PLOTLY)):
        times = [first_chart(code) for _ in range(args.runs)]
        print(f"{name}: median {statistics.median(times):.2f} s of CPU (min {min(times):.2f}, max {max(times):.2f}, "
              f"{args.runs} fresh kernels; the simulation itself not counted)")


if __name__ == "__main__":
    main()
