#!/usr/bin/env python3
"""Runs a command and prints each of its threads' CPU seconds, by name, and the wall clock.

    thread_cpu.py COMMAND [ARGS...]

The threads are read from /proc/PID/task/*/stat (user + system time) every 10 ms while the
command runs; a thread's figure is the last one seen. docs/performance.md uses it to split
`fenkit check --threads 2` on a machine too loaded for wall-clock ratios (Linux only).
"""
import os
import subprocess
import sys
import time

tick = os.sysconf("SC_CLK_TCK")
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
seen = {}
start = time.perf_counter()
while process.poll() is None:
    try:
        tasks = os.listdir(f"/proc/{process.pid}/task")
    except FileNotFoundError:
        break
    for tid in tasks:
        try:
            with open(f"/proc/{process.pid}/task/{tid}/stat") as f:
                data = f.read()
        except (FileNotFoundError, ProcessLookupError):
            continue
        name = data[data.index("(") + 1 : data.rindex(")")]
        fields = data[data.rindex(")") + 2 :].split()
        seen[tid] = (name, (int(fields[11]) + int(fields[12])) / tick)
    time.sleep(0.01)
wall = time.perf_counter() - start
threads = sorted(seen.values(), key=lambda thread: -thread[1])
listed = ", ".join(f"{name} {cpu:.2f}" for name, cpu in threads)
print(f"wall {wall:.2f} s; threads: {listed}; total {sum(cpu for _, cpu in threads):.2f} s")
