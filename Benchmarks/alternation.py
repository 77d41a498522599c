"""What the comparison scripts share: the medians of alternating rounds.

Each script runs a baseline and ours in turn, ROUNDS times per file, and
keeps each side's median, because one run of a file of a few milliseconds
varies by up to 1.6x on these shared cores.
"""
import statistics


def medians(times):
    """(baseline median, ours median, each round's ratio) of rounds given
    as (baseline, ours) pairs."""
    theirs = statistics.median(pair[0] for pair in times)
    ours = statistics.median(pair[1] for pair in times)
    return theirs, ours, [pair[1] / pair[0] for pair in times]
