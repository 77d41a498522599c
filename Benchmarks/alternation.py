"""What the comparison scripts share: alternating rounds and their
medians, and an environment with glibc's heap trimming off.

Each script runs a baseline and ours in turn, ROUNDS times per file (the
rounds spread over the run), and keeps each side's median, because one
run of a file of a few milliseconds varies by up to 1.6x on these shared
cores.
"""
import os
import statistics
import subprocess


def fields(line):
    """The key=value words of a benchmark's output line."""
    return dict(word.split("=", 1) for word in line.split() if "=" in word)


def alternate(jobs, rounds, environment=None):
    """Runs each job's two commands ROUNDS times, which goes first
    alternating, with the rounds spread over the whole run: round r of
    every job before round r + 1 of any. A burst of load from elsewhere
    lasts longer on these shared cores than all the rounds of a small file
    run back to back (apng_vs_libpng.py, a 4x4 file's five rounds in 0.1
    s: 1.37 in one run, 0.75-0.80 alone just after), so run back to back
    one burst could move a file's median; spread, it moves one round of
    several files, and the medians drop it.

    jobs: (label, baseline command, our command) triples. Returns each
    label's rounds as (baseline fields, our fields) pairs, in the jobs'
    order, leaving out (and printing, with why) any job with a failed
    run."""
    results = {label: [] for label, _, _ in jobs}
    for round in range(rounds):
        for label, theirs_command, ours_command in jobs:
            if label not in results:
                continue
            order = [theirs_command, ours_command] if round % 2 == 0 else [ours_command, theirs_command]
            runs = {id(command): subprocess.run(command, capture_output=True, text=True, env=environment)
                    for command in order}
            theirs, ours = runs[id(theirs_command)], runs[id(ours_command)]
            if theirs.returncode != 0 or ours.returncode != 0:
                print(f"{label}: skipped ({theirs.stderr.strip()} {ours.stderr.strip()})")
                del results[label]
                continue
            results[label].append((fields(theirs.stdout), fields(ours.stdout)))
    return results


def decode_jobs(harness, binary, paths, repeats):
    """alternate()'s jobs comparing a libpng harness (`HARNESS FILE N`)
    with `BIN bench decode FILE --repeat N --reopen` on each file, labelled
    by its path."""
    return [(path, [harness, path, repeats], [binary, "bench", "decode", path, "--repeat", repeats, "--reopen"])
            for path in paths]


def libpng_harness(name):
    """Builds the libpng harnesses (`make -C Benchmarks/libpng`), first
    installing libpng-dev when /usr/include/png.h is missing, and returns
    the path of harness `name`."""
    if not os.path.exists("/usr/include/png.h"):
        install = ["apt-get", "install", "-y", "libpng-dev"]
        if subprocess.run(install, stdout=subprocess.DEVNULL).returncode != 0:
            subprocess.run(["sudo"] + install, stdout=subprocess.DEVNULL, check=True)
    directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libpng")
    subprocess.run(["make", "-s", "-C", directory], check=True)
    return os.path.join(directory, name)


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
