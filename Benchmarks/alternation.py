"""What the comparison scripts share: the medians of alternating rounds,
and an environment with glibc's heap trimming off.

Each script runs a baseline and ours in turn, ROUNDS times per file, and
keeps each side's median, because one run of a file of a few milliseconds
varies by up to 1.6x on these shared cores.
"""
import os
import statistics


def medians(times):
    """(baseline median, ours median, each round's ratio) of rounds given
    as (baseline, ours) pairs."""
    theirs = statistics.median(pair[0] for pair in times)
    ours = statistics.median(pair[1] for pair in times)
    return theirs, ours, [pair[1] / pair[0] for pair in times]


def untrimmed_environment():
    """This process's environment with glibc's heap trimming off
    (glibc.malloc.trim_threshold, added to any GLIBC_TUNABLES), for both
    sides of a comparison: whether memory freed by one repeat ends at the
    top of the heap, and is given back to the kernel and faulted in again
    by the next, depends on the order of every allocation before it, so
    trimming makes a side's time flip between builds that allocate the
    same memory."""
    environment = dict(os.environ)
    tunables = [t for t in environment.get("GLIBC_TUNABLES", "").split(":") if t]
    environment["GLIBC_TUNABLES"] = ":".join(tunables + [f"glibc.malloc.trim_threshold={1 << 40}"])
    return environment
