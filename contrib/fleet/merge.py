#!/usr/bin/env python3
"""merge.py DIR [OUTDIR] - merge a directory of netperf-ng -J objects, one
file per run of a fleet's matrix, into one table and one picture.

Input: every regular file of DIR (but hidden files and this script's own
outputs, matrix.json, matrix.csv, matrix.png and matrix-N.png) is one run,
in either form:

  * CLIENT__SERVER__ANYTHING.json: the -J object as netperf-ng wrote it,
    the client's and the server's host names (the inventory's names) in
    the file name, separated by double underscores; ANYTHING is free
    (test, size, round: whatever makes the name unique), e.g.
    a__b__TCP_STREAM.json;
  * any name: the wrapper {"client": HOST, "server": HOST, "run": {the -J
    object}}.

A file that is not a netperf-ng -J object (not JSON, NaN or Infinity in
it, an integer past 2^64, no json_version, a member this script reads of
the wrong type, a number it reads out of its range (NUMBERS below),
nested deeper than any -J object, over 64 MiB) or whose hosts are
unknown is named on stderr and skipped; so is one that fails in any other
way.

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
               never a missing one.  A text cell (client, server, test,
               unit, start_time, error) that begins with = + - @, a tab or
               a carriage return, which a spreadsheet would take for a
               formula, is written with a leading ' (OWASP's advice on CSV
               injection); numbers (size, figure, the CPU columns) are
               written as they are;
  matrix.png   with gnuplot: a heat map per test (one panel each; per test
               and size when a test was run with several sizes, up to
               SIZE_PANELS sizes) of server (x) against client (y), colour
               the figure, a failed run's cell marked X.  A test with more
               sizes is one panel of its (client, server) pairs (y) against
               its sizes (x), said on stderr.  A picture holds PAGE_PANELS
               panels: more go to matrix-2.png, matrix-3.png, ... (said on
               stderr), MAX_PAGES pictures at most (past them, the panels
               left are named on stderr and not drawn: matrix.csv has every
               figure).  Without gnuplot: no PNG, one line on stderr.
               No text of the input is ever gnuplot code: the host names
               are tic labels read from data files (xtic/ytic), and those
               and the titles are cut to printable ASCII first (any other
               character a '?').  gnuplot runs in a temporary directory
               of its own; the PNG is moved into OUTDIR after.

The outputs are written whole and then renamed into place, so a merge in
place (no OUTDIR) never leaves half a file, and a rerun does not read
them (matrix.* are not inputs); a picture of an earlier merge that this
one did not draw (matrix-N.png past its last) is removed.  matrix.json is
strict JSON (no NaN).

Exit status: 0 when at least one run was merged, 1 when none (or the
outputs could not be written), 2 on a bad command line.  Python 3 standard library only; gnuplot for the PNG.
"""

import csv
import io
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

PROG = "merge.py"
# This script's outputs, never inputs: matrix.png is the first picture,
# matrix-2.png the second, ...
OUTPUTS = re.compile(r"matrix(\.json|\.csv|\.png|-[1-9][0-9]*\.png)\Z")
PAGE = re.compile(r"matrix-([1-9][0-9]*)\.png\Z")
HEADER = ["client", "server", "test", "size", "figure", "unit",
          "local_cpu", "remote_cpu", "start_time", "error"]
UNITS = {"throughput_bits_per_second": "bits/s",
         "transactions_per_second": "transactions/s"}
# A -J object is a few MiB at most (a histogram's buckets, 100000 interim
# figures); anything bigger is not one.
MAX_BYTES = 64 << 20
# A -J object nests some 6 deep; a file nested deeper than this is not one
# (and could not be written out again without recursing too deep).
MAX_DEPTH = 64
# What the members this script reads must be: (path, types, what).
STR = (str, type(None))
SHAPES = ((("test",), STR, "a string or null"),
          (("headline",), STR, "a string or null"),
          (("error",), STR, "a string or null"),
          (("start_time",), STR, "a string or null"),
          (("settings",), (dict, type(None)), "an object or null"),
          (("result",), (dict, type(None)), "an object or null"),
          (("summary",), (dict, type(None)), "an object or null"),
          (("sweep",), (list, type(None)), "an array or null"),
          (("settings", "sweep_sizes_bytes"), (list, type(None)), "an array or null"),
          (("result", "message_size_bytes"), (dict, type(None)), "an object or null"))
# NUMBERS: what each number this script reads can mean, (low, high, whole);
# one out of it, or not a number, and the file is skipped.  A figure (bits/s
# or transactions/s) past 10^15 is past any link (1 Pb/s); utilisation is a
# percent of the host's CPUs; sizes are netperf's int32 byte counts.
FIGURE = (0, 1e15, False)
PERCENT = (0, 100, False)
SIZE = (0, (1 << 31) - 1, True)
# No -J object holds an integer past 2^64 (jansson's are 64-bit); one
# longer than this many digits is not even converted.
INT_DIGITS = 20


def shown(s):
    """s fit for one line of stderr: no control character, no surrogate."""
    return "".join(c if c.isprintable() and not 0xd800 <= ord(c) <= 0xdfff
                   else "\\x%02x" % ord(c) if ord(c) < 0x100
                   else "\\u%04x" % ord(c) if ord(c) < 0x10000
                   else "\\U%08x" % ord(c) for c in str(s))


def warn(msg):
    print("%s: %s" % (PROG, msg), file=sys.stderr)


class NotAnObject(Exception):
    pass


def no_constant(name):
    raise ValueError("%s is not JSON" % name)


class OutOfRange(ValueError):
    pass


def finite(text):
    v = float(text)
    if not math.isfinite(v):
        raise OutOfRange("%s is out of range" % shown(text[:30]))
    return v


def whole(text):
    digits = len(text.lstrip("-"))
    v = int(text) if digits <= INT_DIGITS else None
    if v is None or abs(v) > 1 << 64:
        raise OutOfRange("an integer of %d digits is out of range" % digits)
    return v


def depth(v):
    """How deep v nests, counted without recursing."""
    most, todo = 0, [(v, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, (dict, list)):
            most = max(most, d)
            if d > MAX_DEPTH:
                break
            todo.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return most


def typename(v):
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
            int: "a number", float: "a number", type(None): "null"}.get(type(v), "?")


def load(path):
    """(client, server, object) of one file; NotAnObject says why not."""
    name = os.path.basename(path)
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > MAX_BYTES:
            raise NotAnObject("%d bytes, more than %d" % (size, MAX_BYTES))
        text = f.read(MAX_BYTES + 1)
    if len(text) > MAX_BYTES:
        raise NotAnObject("more than %d bytes" % MAX_BYTES)
    try:
        data = json.loads(text.decode("utf-8"), parse_constant=no_constant,
                          parse_float=finite, parse_int=whole)
    except OutOfRange as e:
        raise NotAnObject(str(e))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise NotAnObject("not JSON: %s" % (e if not isinstance(e, RecursionError)
                                             else "nested too deep"))
    if depth(data) > MAX_DEPTH:
        raise NotAnObject("nested more than %d deep" % MAX_DEPTH)
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
    for keys, types, want in SHAPES:
        v = get(data, *keys)
        if not isinstance(v, types):
            raise NotAnObject("%s: %s, want %s" % (".".join(keys), typename(v), want))
    if data.get("headline") is not None and data["headline"] not in UNITS:
        raise NotAnObject("headline: %s, want one of %s"
                          % (shown(data["headline"]), ", ".join(sorted(UNITS))))
    if any(not isinstance(e, dict) for e in data.get("sweep") or []):
        raise NotAnObject("sweep: an entry not an object")
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


def number(v, where, limits):
    """v (None: not there) checked against limits (NUMBERS); NotAnObject,
    naming where, when it is not a number or out of its range."""
    if v is None:
        return None
    lo, hi, integral = limits
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise NotAnObject("%s: %s, want a number" % (where, typename(v)))
    if integral and not isinstance(v, int):
        raise NotAnObject("%s: %r, want a whole number" % (where, v))
    if not (math.isfinite(v) and lo <= v <= hi):
        raise NotAnObject("%s: %r, out of range (%s to %s)" % (where, v, lo, hi))
    return v


def at(obj, limits, *keys):
    """The number at obj's keys, checked (number()), named by its path."""
    return number(get(obj, *keys), ".".join(keys), limits)


def mean(spread, where, limits):
    """A summary member: {"mean": N, ...} or N itself."""
    if isinstance(spread, dict):
        return number(spread.get("mean"), where + ".mean", limits)
    return number(spread, where, limits)


def settings_size(run):
    for k in ("request_size_bytes", "send_size_bytes", "remote_send_size_bytes"):
        size = at(run, SIZE, "settings", k)
        if size is not None:
            return size
    return None


def result_size(run):
    """The size a run used: asked for, else what the result says it sent."""
    size = settings_size(run)
    if size is not None:
        return size
    test = get(run, "test")
    order = (("remote_send", "local_send") if isinstance(test, str) and "MAERTS" in test
             else ("local_send", "remote_send"))
    for k in order:
        size = at(run, SIZE, "result", "message_size_bytes", k)
        if size is not None:
            return size
    return None


# A text cell a spreadsheet would read as a formula (OWASP, CSV injection:
# = + - @, tab, carriage return) is written with a leading quote, which
# makes it text.  Numbers are numbers: cell() never quotes one (and none
# that the merge reads is negative: NUMBERS).
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def cell(v):
    if v is None:
        return ""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return repr(v) if isinstance(v, float) else str(v)
    v = str(v)
    return "'" + v if v.startswith(FORMULA) else v


def rows_of(client, server, run):
    """The CSV rows of one run, as lists of values (None for empty)."""
    # load() has held these to their types: str or None, headline a key
    # of UNITS, sweep a list of objects, sweep_sizes_bytes a list.  Each
    # number is checked as it is read (NUMBERS).
    test = get(run, "test")
    head = get(run, "headline")
    unit = UNITS.get(head) if isinstance(head, str) else None
    start = get(run, "start_time")
    error = get(run, "error") or None
    base = [client, server, test]
    rows = []
    sweep = get(run, "sweep")
    if isinstance(sweep, list):
        for i, e in enumerate(sweep):
            where = "sweep[%d]" % i
            rows.append(base + [number(e.get("size_bytes"), where + ".size_bytes", SIZE),
                                number(e.get(head), "%s.%s" % (where, head), FIGURE)
                                if head else None, unit,
                                number(e.get("local_cpu_percent"),
                                       where + ".local_cpu_percent", PERCENT),
                                number(e.get("remote_cpu_percent"),
                                       where + ".remote_cpu_percent", PERCENT), start, None])
        if error:
            asked = get(run, "settings", "sweep_sizes_bytes") or []
            asked = [number(v, "settings.sweep_sizes_bytes[%d]" % i, SIZE)
                     for i, v in enumerate(asked)]
            left = asked[len(rows):] or [None]
            for size in left:
                rows.append(base + [size, None, unit, None, None, start, error])
        return rows
    summ = get(run, "summary")
    figure = lcpu = rcpu = None
    if not error:
        if head:
            figure = mean(get(summ, head), "summary." + head, FIGURE)
            if figure is None:
                figure = at(run, FIGURE, "result", head)
        lcpu = mean(get(summ, "local_cpu_percent"), "summary.local_cpu_percent", PERCENT)
        if lcpu is None:
            lcpu = at(run, PERCENT, "result", "cpu", "local", "utilization_percent")
        rcpu = mean(get(summ, "remote_cpu_percent"), "summary.remote_cpu_percent", PERCENT)
        if rcpu is None:
            rcpu = at(run, PERCENT, "result", "cpu", "remote", "utilization_percent")
        if figure is None:
            error = "no figure in the object" if head else "no headline in the object"
    return [base + [result_size(run), figure, unit, lcpu, rcpu, start, error]]


def sort_key(client, server, test, size):
    return (client, server, str(test or ""), size is None, size if size is not None else 0)


# What of the input's text reaches gnuplot at all (tic labels, titles):
# printable ASCII but quotes, backslash, backquote, '@', '$', '#', '%',
# '!', ';' and the like, each a '?', cut to LABEL_MAX characters.  None of
# it is ever a line of the script but a title, in single quotes, which
# hold no quote.
SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                 "0123456789 ._-:/+=,()[]")
LABEL_MAX = 40


def safe(s, most=LABEL_MAX):
    s = "".join(c if c in SAFE else "?" for c in str(s))
    return s if len(s) <= most else s[:most - 1] + "~"


def gp_str(s):
    """A gnuplot string of s: safe() first, so no quote, newline or escape."""
    return "'" + safe(s, 4 * LABEL_MAX) + "'"


def dq(s):
    """A data file's string column: safe() holds no double quote."""
    return '"' + safe(s) + '"'


def short(v):
    for div, suf in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(v) >= div:
            return "%.3g%s" % (v / div, suf)
    return "%.3g" % v


def terminal():
    try:
        out = subprocess.run(["gnuplot", "-e", "set terminal"], capture_output=True,
                             text=True, timeout=30, stdin=subprocess.DEVNULL)
        text = out.stdout + out.stderr
    except (OSError, subprocess.SubprocessError):
        text = ""
    return "pngcairo" if "pngcairo" in text else "png"


def write_lines(path, lines):
    with open(path, "w", encoding="ascii") as f:
        f.write("\n".join(lines) + "\n")


# The pictures' bounds.  gnuplot's time grows with the canvas, not only the
# panels: 16 panels on one took 1.7 s, 36 took 2.6 s, 150 took 46 to 104 s
# and 400 passed the 120-s limit.  So a test of more than SIZE_PANELS sizes
# is one panel (pairs against sizes), a picture holds PAGE_PANELS panels
# (5 x 5 of PANEL_W x PANEL_H pixels), and there are MAX_PAGES pictures.
SIZE_PANELS = 16
PAGE_PANELS = 25
MAX_PAGES = 8
PANEL_W, PANEL_H = 520, 440
# Marks a panel of a test's pairs against its sizes.
SIZES = "sizes"


def panels(rows):
    """The panels in order, (test, size, rows): a heat map of server against
    client of the test's runs of that size (None: a test of one size or
    none), or size SIZES: pairs against sizes, for a test of more than
    SIZE_PANELS sizes.  A run of no known size (one that failed early) is in
    each panel of its test.  Also the lines saying which tests were grouped."""
    by_test = {}
    for r in rows:
        by_test.setdefault("" if r[2] is None else str(r[2]), []).append(r)
    out, notes = [], []
    for test in sorted(by_test):
        trs = by_test[test]
        sizes = sorted({r[3] for r in trs if r[3] is not None})
        if len(sizes) < 2:
            out.append((test, None, trs))
        elif len(sizes) > SIZE_PANELS:
            out.append((test, SIZES, trs))
            notes.append("%s: %d sizes, more than %d: one panel of its client-server pairs "
                         "against its sizes" % (shown(test or "unknown test"), len(sizes),
                                                SIZE_PANELS))
        else:
            out.extend((test, size, [r for r in trs if r[3] in (size, None)]) for size in sizes)
    return out, notes


def cells(prs, x, y):
    """{(x, y): row}: the last run of a cell wins (several runs of one pair,
    test and size are rare; the CSV has them all); a run of no known size
    fills only cells that have none of their own."""
    out = {}
    for r in prs:
        if r[3] is not None:
            for c in x(r):
                out[(c, y(r))] = r
    for r in prs:
        if r[3] is None:
            for c in x(r):
                out.setdefault((c, y(r)), r)
    return out


def panel(i, test, size, prs, files):
    """The gnuplot lines of panel i; its data files into files.  The input's
    text is in the data files, as tic labels (xtic, ytic), or in a title
    through safe()."""
    unit = next((r[5] for r in prs if r[5]), "")
    name = safe(test or "unknown test")
    if size == SIZES:
        pairs = sorted({(r[0], r[1]) for r in prs})
        sizes = sorted({r[3] for r in prs if r[3] is not None})
        xs = {v: j for j, v in enumerate(sizes)}
        ys = {v: j for j, v in enumerate(pairs)}
        grid = cells(prs, lambda r: [xs[r[3]]] if r[3] is not None else range(len(sizes)),
                     lambda r: ys[(r[0], r[1])])
        step = -(-len(sizes) // 6)  # six size tics at most: each may be ten digits
        xt = ["%d %s" % (j, dq(v)) for v, j in xs.items() if j % step == 0]
        yt = ["%d %s" % (j, dq("%s to %s" % v)) for v, j in ys.items()]
        title = "%s, %d sizes" % (name, len(sizes))
        xlabel, ylabel, nx, ny, labels = "size (bytes)", "client to server", len(sizes), len(pairs), False
    else:
        servers = sorted({r[1] for r in prs})
        clients = sorted({r[0] for r in prs})
        xs = {h: j for j, h in enumerate(servers)}
        ys = {h: j for j, h in enumerate(clients)}
        grid = cells(prs, lambda r: [xs[r[1]]], lambda r: ys[r[0]])
        xt = ["%d %s" % (j, dq(h)) for h, j in xs.items()]
        yt = ["%d %s" % (j, dq(h)) for h, j in ys.items()]
        title = name + (" size %s" % cell(size) if size is not None else "")
        xlabel, ylabel, nx, ny, labels = "server", "client", len(servers), len(clients), True
    good = ["%d %d %r" % (x, y, float(r[4])) for (x, y), r in sorted(grid.items())
            if r[4] is not None]
    bad = ["%d %d" % (x, y) for (x, y), r in sorted(grid.items()) if r[4] is None]
    files["good%d.dat" % i] = good or ["NaN NaN NaN"]
    files["bad%d.dat" % i] = bad or ["NaN NaN"]
    files["xt%d.dat" % i] = xt
    files["yt%d.dat" % i] = yt
    plots = ["'good%d.dat' using 1:2:(0.5):(0.5):3 with boxxyerror fc palette" % i,
             "'bad%d.dat' using 1:2:(0.5):(0.5) with boxxyerror fc rgb 'grey80'" % i]
    if labels:
        files["lab%d.dat" % i] = ["%d %d \"%s\"" % (x, y, short(r[4]) if r[4] is not None else "X")
                                  for (x, y), r in sorted(grid.items())]
        plots.append("'lab%d.dat' using 1:2:3 with labels tc rgb 'black'" % i)
    plots += ["'xt%d.dat' using 1:(NaN):xtic(2) with points ps 0" % i,
              "'yt%d.dat' using (NaN):1:ytic(2) with points ps 0" % i]
    return ["set title %s" % gp_str("%s (%s)" % (title, unit)),
            "set cblabel %s" % gp_str(unit),
            "set xlabel %s" % gp_str(xlabel), "set ylabel %s" % gp_str(ylabel),
            "set xrange [-0.5:%f]" % (nx - 0.5),
            "set yrange [-0.5:%f]" % (ny - 0.5),
            "set xtics ()", "set ytics ()",
            "set colorbox" if good else "unset colorbox",
            "plot " + ", ".join(plots)]


def page_name(png, n):
    """The n-th picture's path: png itself, then matrix-2.png, ... beside it."""
    return png if n == 1 else os.path.join(os.path.dirname(png), "matrix-%d.png" % n)


def plot(rows, png):
    """The pictures from the CSV rows: png (matrix.png), then matrix-2.png,
    ... beside it; how many were written (0, and a line on stderr, when
    none could be)."""
    if shutil.which("gnuplot") is None:
        warn("gnuplot is not installed: no %s" % shown(png))
        return 0
    todo, notes = panels(rows)
    for note in notes:
        warn(note)
    most = PAGE_PANELS * MAX_PAGES
    if len(todo) > most:
        first = todo[most]
        warn("%d panels, more than %d (%d pictures of %d): the last %d, from %s on, are not "
             "drawn (matrix.csv has every figure)"
             % (len(todo), most, MAX_PAGES, PAGE_PANELS, len(todo) - most,
                shown(first[0] or "unknown test") + ("" if first[1] in (None, SIZES)
                                                     else " size %s" % cell(first[1]))))
        todo = todo[:most]
    pages = [todo[k:k + PAGE_PANELS] for k in range(0, len(todo), PAGE_PANELS)]
    if len(pages) > 1:
        warn("%d panels, more than %d a picture: %d pictures, %s to %s"
             % (len(todo), PAGE_PANELS, len(pages), shown(png),
                shown(os.path.basename(page_name(png, len(pages))))))
    term = terminal()
    font = " font ',9'" if term == "pngcairo" else ""
    g, files, i = [], {}, 0
    for n, page in enumerate(pages, 1):
        cols = int(math.ceil(math.sqrt(len(page))))
        nrows = int(math.ceil(len(page) / cols))
        g += ["set terminal %s size %d,%d%s" % (term, PANEL_W * cols, PANEL_H * nrows, font),
              "set output 'page%d.png'" % n,
              "set palette rgbformulae 22,13,-31",
              "set style fill solid 1.0 noborder",
              "set format cb '%.1s%c'",
              "unset key", "set termoption noenhanced",
              "set multiplot layout %d,%d title %s"
              % (nrows, cols, gp_str("netperf-ng matrix" + (" (%d of %d)" % (n, len(pages))
                                                          if len(pages) > 1 else "")))]
        for test, size, prs in page:
            g += panel(i, test, size, prs, files)
            i += 1
        g += ["unset multiplot", "set output"]
    with tempfile.TemporaryDirectory(prefix="merge.py.") as work:
        try:
            for name, lines in files.items():
                write_lines(os.path.join(work, name), lines)
            write_lines(os.path.join(work, "matrix.gp"), g)
            p = subprocess.run(["gnuplot", "matrix.gp"], cwd=work, capture_output=True,
                               text=True, errors="replace", timeout=120,
                               stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError) as e:
            warn("gnuplot failed (%s): no %s" % (e, shown(png)))
            return 0
        made = [os.path.join(work, "page%d.png" % n) for n in range(1, len(pages) + 1)]
        if p.returncode != 0 or not all(os.path.isfile(f) for f in made):
            warn("gnuplot failed (exit %d): no %s: %s"
                 % (p.returncode, shown(png), shown(p.stderr.strip())))
            return 0
        for n, src in enumerate(made, 1):
            def copy(f, src=src):
                with open(src, "rb") as s:
                    shutil.copyfileobj(s, f)
            try:
                put(page_name(png, n), copy, binary=True)
            except OSError as e:
                warn("%s: %s" % (shown(page_name(png, n)), e.strerror or e))
                return n - 1
    return len(pages)


def put(path, write, binary=False):
    """path written whole by write(file), then renamed into place: a hidden
    temporary of path's directory (so never an input, even in place)."""
    d, base = os.path.split(path)
    fd, tmp = tempfile.mkstemp(prefix="." + base + ".", dir=d or ".")
    try:
        if binary:
            with os.fdopen(fd, "wb") as f:
                write(f)
        else:
            # The CSV's text may hold what UTF-8 cannot (a lone surrogate
            # from a \ud800 escape or an undecodable file name): escaped.
            with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace",
                           newline="") as f:
                write(f)
        os.chmod(tmp, 0o666 & ~umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def main(argv):
    if len(argv) not in (2, 3) or argv[1] in ("-h", "--help"):
        print("usage: %s DIR [OUTDIR]" % PROG, file=sys.stderr)
        return 2
    indir = argv[1]
    outdir = argv[2] if len(argv) == 3 else indir
    if not os.path.isdir(indir):
        print("%s: %s: not a directory\nusage: %s DIR [OUTDIR]" % (PROG, shown(indir), PROG),
              file=sys.stderr)
        return 2
    try:
        names = sorted(os.listdir(indir))
    except OSError as e:
        warn("%s: %s" % (shown(indir), e.strerror or e))
        return 1
    runs = []
    for name in names:
        path = os.path.join(indir, name)
        if name.startswith(".") or OUTPUTS.match(name) or not os.path.isfile(path):
            continue
        # Whatever one file holds, it is that file skipped, not the merge.
        try:
            client, server, run = load(path)
            rows = rows_of(client, server, run)
        except NotAnObject as e:
            warn("%s: not a netperf-ng -J object (%s)" % (shown(path), shown(e)))
            continue
        except OSError as e:
            warn("%s: %s" % (shown(path), shown(e.strerror or e)))
            continue
        except Exception as e:
            warn("%s: skipped (%s: %s)" % (shown(path), type(e).__name__, shown(e)))
            continue
        runs.append((client, server, run, rows))
    if not runs:
        warn("%s: no netperf-ng -J object merged" % shown(indir))
        return 1
    runs.sort(key=lambda t: sort_key(t[0], t[1], t[2].get("test"),
                                     t[3][0][3] if t[3] else None))
    rows = [r for t in runs for r in t[3]]
    rows.sort(key=lambda r: sort_key(r[0], r[1], r[2], r[3]))
    # Strict JSON: load() let no NaN or Infinity in, and none goes out.
    text = json.dumps([{"client": c, "server": s, "run": run} for c, s, run, _ in runs],
                      indent=1, allow_nan=False) + "\n"
    out = io.StringIO(newline="")
    w = csv.writer(out)
    w.writerow(HEADER)
    for r in rows:
        w.writerow([cell(v) for v in r])
    try:
        os.makedirs(outdir, exist_ok=True)
        put(os.path.join(outdir, "matrix.json"), lambda f: f.write(text))
        put(os.path.join(outdir, "matrix.csv"), lambda f: f.write(out.getvalue()))
    except OSError as e:
        warn("%s: %s" % (shown(outdir), shown(e.strerror or e)))
        return 1
    png = os.path.join(outdir, "matrix.png")
    drawn = plot(rows, png)
    # No picture of an earlier merge left beside this one's.
    try:
        stale = [n for n in os.listdir(outdir) if PAGE.match(n) and int(PAGE.match(n).group(1)) > drawn]
    except OSError:
        stale = []
    for name in stale + (["matrix.png"] if drawn == 0 else []):
        try:
            os.unlink(os.path.join(outdir, name))
        except OSError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
