#!/usr/bin/env python3
"""merge.py DIR [OUTDIR] - merge a directory of netperf-ng -J objects, one
file per run of a fleet's matrix, into one table and one picture.

Input: every regular file of DIR (but hidden files and this script's own
outputs, matrix.json, matrix.csv and matrix.png) is one run, in either form:

  * CLIENT__SERVER__ANYTHING.json: the -J object as netperf-ng wrote it,
    the client's and the server's host names (the inventory's names) in
    the file name, separated by double underscores; ANYTHING is free
    (test, size, round: whatever makes the name unique), e.g.
    a__b__TCP_STREAM.json;
  * any name: the wrapper {"client": HOST, "server": HOST, "run": {the -J
    object}}.

A file that is not a netperf-ng -J object (not JSON, no json_version) or
whose hosts are unknown is named on stderr and skipped.

Output, in OUTDIR (DIR when not given):

  matrix.json  a list, one entry per run: {"client": HOST, "server": HOST,
               "run": the -J object}, sorted by client, server, test, size;
  matrix.csv   client,server,test,size,figure,unit,local_cpu,remote_cpu,
               start_time,error: a row per run, a row per size for a
               --sweep run.  figure is the headline (the object's
               "headline" member names it: summary's mean, or the sweep
               entry's figure); unit is bits/s or transactions/s; size is
               the send size (stream tests) or the request size
               (request/response tests), empty when unknown; local_cpu and
               remote_cpu are utilisation percent, empty when not measured;
               start_time is the object's start_time (RFC 3339), empty
               when it has none; error is the object's error text when the
               run failed, then figure is empty.  A failed run is a row,
               never a missing one;
  matrix.png   with gnuplot: a heat map per test (one panel each; per test
               and size when a test was run with several sizes) of server
               (x) against client (y), colour the figure, a failed run's
               cell marked X.  Without gnuplot: no PNG, one line on stderr.

Exit status: 0 when at least one run was merged, 1 when none, 2 on a bad
command line.  Python 3 standard library only; gnuplot for the PNG.
"""

import csv
import json
import math
import os
import shutil
import subprocess
import sys

PROG = "merge.py"
OUTPUTS = ("matrix.json", "matrix.csv", "matrix.png")
HEADER = ["client", "server", "test", "size", "figure", "unit",
          "local_cpu", "remote_cpu", "start_time", "error"]
UNITS = {"throughput_bits_per_second": "bits/s",
         "transactions_per_second": "transactions/s"}


def warn(msg):
    print("%s: %s" % (PROG, msg), file=sys.stderr)


class NotAnObject(Exception):
    pass


def load(path):
    """(client, server, object) of one file; NotAnObject says why not."""
    name = os.path.basename(path)
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read().decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise NotAnObject("not JSON: %s" % e)
    client = server = None
    if (isinstance(data, dict) and "json_version" not in data
            and isinstance(data.get("run"), dict)):
        client, server, data = data.get("client"), data.get("server"), data["run"]
        if not (isinstance(client, str) and client and
                isinstance(server, str) and server):
            raise NotAnObject("wrapper without client and server host names")
    if not isinstance(data, dict):
        raise NotAnObject("not a JSON object")
    if "json_version" not in data:
        raise NotAnObject("no json_version")
    if client is None:
        stem = name[:-5] if name.endswith(".json") else name
        parts = stem.split("__")
        if len(parts) < 3 or not parts[0] or not parts[1]:
            raise NotAnObject("no host names: name it CLIENT__SERVER__ANYTHING.json"
                              " or wrap it as {\"client\":...,\"server\":...,\"run\":...}")
        client, server = parts[0], parts[1]
    return client, server, data


def get(obj, *keys):
    for k in keys:
        if not isinstance(obj, dict):
            return None
        obj = obj.get(k)
    return obj


def num(v):
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def mean(spread):
    return num(spread.get("mean")) if isinstance(spread, dict) else num(spread)


def settings_size(run):
    s = run.get("settings") or {}
    for k in ("request_size_bytes", "send_size_bytes", "remote_send_size_bytes"):
        if num(s.get(k)) is not None:
            return s[k]
    return None


def result_size(run, res):
    """The size a run used: asked for, else what the result says it sent."""
    size = settings_size(run)
    if size is not None:
        return size
    m = get(res, "message_size_bytes") or {}
    test = str(run.get("test", ""))
    order = ("remote_send", "local_send") if "MAERTS" in test else ("local_send", "remote_send")
    for k in order:
        if num(m.get(k)) is not None:
            return m[k]
    return None


def cell(v):
    return "" if v is None else (repr(v) if isinstance(v, float) else str(v))


def rows_of(client, server, run):
    """The CSV rows of one run, as lists of values (None for empty)."""
    test = run.get("test")
    head = run.get("headline")
    unit = UNITS.get(head, head)
    start = run.get("start_time")
    error = run.get("error") or None
    base = [client, server, test]
    rows = []
    sweep = run.get("sweep")
    if isinstance(sweep, list):
        for e in sweep:
            if not isinstance(e, dict):
                continue
            rows.append(base + [num(e.get("size_bytes")), num(e.get(head)), unit,
                                num(e.get("local_cpu_percent")),
                                num(e.get("remote_cpu_percent")), start, None])
        if error:
            asked = get(run, "settings", "sweep_sizes_bytes") or []
            left = asked[len(rows):] or [None]
            for size in left:
                rows.append(base + [num(size), None, unit, None, None, start, error])
        return rows
    res = run.get("result")
    summ = run.get("summary")
    figure = lcpu = rcpu = None
    if not error:
        figure = mean(get(summ, head))
        if figure is None:
            figure = num(get(res, head))
        lcpu = mean(get(summ, "local_cpu_percent"))
        if lcpu is None:
            lcpu = num(get(res, "cpu", "local", "utilization_percent"))
        rcpu = mean(get(summ, "remote_cpu_percent"))
        if rcpu is None:
            rcpu = num(get(res, "cpu", "remote", "utilization_percent"))
        if figure is None:
            error = "no figure in the object"
    return [base + [result_size(run, res), figure, unit, lcpu, rcpu, start, error]]


def sort_key(client, server, test, size):
    return (client, server, str(test or ""), size is None, size if size is not None else 0)


def gp_str(s):
    return "'" + str(s).replace("'", "''") + "'"


def short(v):
    for div, suf in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(v) >= div:
            return "%.3g%s" % (v / div, suf)
    return "%.3g" % v


def terminal():
    try:
        out = subprocess.run(["gnuplot", "-e", "set terminal"], capture_output=True,
                             text=True, timeout=30)
        text = out.stdout + out.stderr
    except (OSError, subprocess.SubprocessError):
        text = ""
    return "pngcairo" if "pngcairo" in text else "png"


def plot(rows, png):
    """matrix.png from the CSV rows; False (and a line on stderr) without it."""
    if shutil.which("gnuplot") is None:
        warn("gnuplot is not installed: no %s" % png)
        return False
    # A panel per test; per test and size when the test ran with several
    # sizes, a run of no known size (one that failed early) in each.
    sizes = {}
    for r in rows:
        sizes.setdefault(r[2], set())
        if r[3] is not None:
            sizes[r[2]].add(r[3])
    panels = {}
    for r in rows:
        if len(sizes[r[2]]) < 2:
            panels.setdefault((str(r[2]), None), []).append(r)
        elif r[3] is not None:
            panels.setdefault((str(r[2]), r[3]), []).append(r)
        else:
            for size in sizes[r[2]]:
                panels.setdefault((str(r[2]), size), []).append(r)
    keys = sorted(panels, key=lambda k: (k[0], k[1] is None, k[1] or 0))
    n = len(keys)
    cols = int(math.ceil(math.sqrt(n)))
    nrows = int(math.ceil(n / cols))
    term = terminal()
    font = " font ',9'" if term == "pngcairo" else ""
    g = ["set terminal %s size %d,%d%s" % (term, 520 * cols, 440 * nrows, font),
         "set output %s" % gp_str(png),
         "set palette rgbformulae 22,13,-31",
         "set style fill solid 1.0 noborder",
         "set xlabel 'server'", "set ylabel 'client'",
         "set format cb '%.1s%c'",
         "unset key", "set termoption noenhanced",
         "set multiplot layout %d,%d title 'netperf-ng matrix'" % (nrows, cols)]
    for i, key in enumerate(keys):
        prs = panels[key]
        servers = sorted({r[1] for r in prs})
        clients = sorted({r[0] for r in prs})
        xs = {h: j for j, h in enumerate(servers)}
        ys = {h: j for j, h in enumerate(clients)}
        # One cell per pair: the last row of the pair wins (several runs of
        # one pair, test and size are rare; the CSV has them all).
        cells = {}
        for r in prs:
            cells[(xs[r[1]], ys[r[0]])] = r
        good = ["%d %d %r" % (x, y, float(r[4])) for (x, y), r in sorted(cells.items())
                if r[4] is not None]
        labels = ["%d %d \"%s\"" % (x, y, short(r[4]) if r[4] is not None else "X")
                  for (x, y), r in sorted(cells.items())]
        bad = ["%d %d" % (x, y) for (x, y), r in sorted(cells.items()) if r[4] is None]
        unit = next((r[5] for r in prs if r[5]), "")
        title = key[0] + (" size %s" % key[1] if key[1] is not None else "")
        g += ["$good%d << EOD" % i] + (good or ["NaN NaN NaN"]) + ["EOD",
              "$bad%d << EOD" % i] + (bad or ["NaN NaN"]) + ["EOD",
              "$lab%d << EOD" % i] + labels + ["EOD"]
        g += ["set title %s" % gp_str("%s (%s)" % (title, unit)),
              "set cblabel %s" % gp_str(unit),
              "set xrange [-0.5:%f]" % (len(servers) - 0.5),
              "set yrange [-0.5:%f]" % (len(clients) - 0.5),
              "set xtics (%s)" % ", ".join("%s %d" % (gp_str(h), j) for h, j in xs.items()),
              "set ytics (%s)" % ", ".join("%s %d" % (gp_str(h), j) for h, j in ys.items()),
              "set colorbox" if good else "unset colorbox",
              "plot $good%d using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, "
              "$bad%d using 1:2:(0.5):(0.5) with boxxyerror fc rgb 'grey80', "
              "$lab%d using 1:2:3 with labels tc rgb 'black'" % (i, i, i)]
    g += ["unset multiplot", "set output"]
    try:
        p = subprocess.run(["gnuplot"], input="\n".join(g) + "\n", capture_output=True,
                           text=True, timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        warn("gnuplot failed (%s): no %s" % (e, png))
        return False
    if p.returncode != 0:
        warn("gnuplot failed (exit %d): no %s: %s" % (p.returncode, png, p.stderr.strip()))
        return False
    return True


def main(argv):
    if len(argv) not in (2, 3) or argv[1] in ("-h", "--help"):
        print("usage: %s DIR [OUTDIR]" % PROG, file=sys.stderr)
        return 2
    indir = argv[1]
    outdir = argv[2] if len(argv) == 3 else indir
    if not os.path.isdir(indir):
        print("%s: %s: not a directory\nusage: %s DIR [OUTDIR]" % (PROG, indir, PROG),
              file=sys.stderr)
        return 2
    runs = []
    for name in sorted(os.listdir(indir)):
        path = os.path.join(indir, name)
        if name.startswith(".") or name in OUTPUTS or not os.path.isfile(path):
            continue
        try:
            client, server, run = load(path)
        except NotAnObject as e:
            warn("%s: not a netperf-ng -J object (%s)" % (path, e))
            continue
        except OSError as e:
            warn("%s: %s" % (path, e.strerror or e))
            continue
        rows = rows_of(client, server, run)
        runs.append((client, server, run, rows))
    if not runs:
        warn("%s: no netperf-ng -J object merged" % indir)
        return 1
    runs.sort(key=lambda t: sort_key(t[0], t[1], t[2].get("test"),
                                     t[3][0][3] if t[3] else None))
    rows = [r for t in runs for r in t[3]]
    rows.sort(key=lambda r: sort_key(r[0], r[1], r[2], r[3]))
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "matrix.json"), "w", encoding="utf-8") as f:
        json.dump([{"client": c, "server": s, "run": run} for c, s, run, _ in runs], f,
                  indent=1)
        f.write("\n")
    with open(os.path.join(outdir, "matrix.csv"), "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(HEADER)
        for r in rows:
            w.writerow([cell(v) for v in r])
    plot(rows, os.path.join(outdir, "matrix.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
