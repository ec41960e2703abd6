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

A file that is not a netperf-ng -J object (not JSON, NaN or Infinity in
it, no json_version, a member this script reads of the wrong type, nested
deeper than any -J object, over 64 MiB) or whose hosts are unknown is
named on stderr and skipped; so is one that fails in any other way.

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
               No text of the input is ever gnuplot code: the host names
               are tic labels read from data files (xtic/ytic), and those
               and the titles are cut to printable ASCII first (any other
               character a '?').  gnuplot runs in a temporary directory
               of its own; the PNG is moved into OUTDIR after.

The outputs are written whole and then renamed into place, so a merge in
place (no OUTDIR) never leaves half a file, and a rerun does not read
them (matrix.* are not inputs).  matrix.json is strict JSON (no NaN).

Exit status: 0 when at least one run was merged, 1 when none (or the
outputs could not be written), 2 on a bad command line.  Python 3 standard library only; gnuplot for the PNG.
"""

import csv
import io
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

PROG = "merge.py"
OUTPUTS = ("matrix.json", "matrix.csv", "matrix.png")
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


def finite(text):
    v = float(text)
    if not math.isfinite(v):
        raise ValueError("%s is out of range" % text)
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
                          parse_float=finite)
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


def num(v):
    """v when it is a finite number, else None."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return v if isinstance(v, int) or math.isfinite(v) else None


def mean(spread):
    return num(get(spread, "mean")) if isinstance(spread, dict) else num(spread)


def settings_size(run):
    for k in ("request_size_bytes", "send_size_bytes", "remote_send_size_bytes"):
        if num(get(run, "settings", k)) is not None:
            return get(run, "settings", k)
    return None


def result_size(run, res):
    """The size a run used: asked for, else what the result says it sent."""
    size = settings_size(run)
    if size is not None:
        return size
    test = get(run, "test")
    order = (("remote_send", "local_send") if isinstance(test, str) and "MAERTS" in test
             else ("local_send", "remote_send"))
    for k in order:
        if num(get(res, "message_size_bytes", k)) is not None:
            return get(res, "message_size_bytes", k)
    return None


def cell(v):
    return "" if v is None else (repr(v) if isinstance(v, float) else str(v))


def rows_of(client, server, run):
    """The CSV rows of one run, as lists of values (None for empty)."""
    # load() has held these to their types: str or None, headline a key
    # of UNITS, sweep a list of objects, sweep_sizes_bytes a list.
    test = get(run, "test")
    head = get(run, "headline")
    unit = UNITS.get(head) if isinstance(head, str) else None
    start = get(run, "start_time")
    error = get(run, "error") or None
    base = [client, server, test]
    rows = []
    sweep = get(run, "sweep")
    if isinstance(sweep, list):
        for e in sweep:
            if not isinstance(e, dict):
                continue
            rows.append(base + [num(get(e, "size_bytes")),
                                num(get(e, head)) if head else None, unit,
                                num(get(e, "local_cpu_percent")),
                                num(get(e, "remote_cpu_percent")), start, None])
        if error:
            asked = get(run, "settings", "sweep_sizes_bytes")
            asked = asked if isinstance(asked, list) else []
            left = asked[len(rows):] or [None]
            for size in left:
                rows.append(base + [num(size), None, unit, None, None, start, error])
        return rows
    res = get(run, "result")
    summ = get(run, "summary")
    figure = lcpu = rcpu = None
    if not error:
        if head:
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
            error = "no figure in the object" if head else "no headline in the object"
    return [base + [result_size(run, res), figure, unit, lcpu, rcpu, start, error]]


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


def plot(rows, png):
    """matrix.png from the CSV rows; False (and a line on stderr) without it."""
    if shutil.which("gnuplot") is None:
        warn("gnuplot is not installed: no %s" % shown(png))
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
        test = "" if r[2] is None else str(r[2])
        if len(sizes[r[2]]) < 2:
            panels.setdefault((test, None), []).append(r)
        elif r[3] is not None:
            panels.setdefault((test, r[3]), []).append(r)
        else:
            for size in sizes[r[2]]:
                panels.setdefault((test, size), []).append(r)
    keys = sorted(panels, key=lambda k: (k[0], k[1] is None, k[1] or 0))
    n = len(keys)
    cols = int(math.ceil(math.sqrt(n)))
    nrows = int(math.ceil(n / cols))
    term = terminal()
    font = " font ',9'" if term == "pngcairo" else ""
    # The script names only files of its own directory (gnuplot's working
    # directory), by names made here; the input's text is in the data
    # files, as tic labels (xtic, ytic), or in a title through safe().
    g = ["set terminal %s size %d,%d%s" % (term, 520 * cols, 440 * nrows, font),
         "set output 'matrix.png'",
         "set palette rgbformulae 22,13,-31",
         "set style fill solid 1.0 noborder",
         "set xlabel 'server'", "set ylabel 'client'",
         "set format cb '%.1s%c'",
         "unset key", "set termoption noenhanced",
         "set multiplot layout %d,%d title 'netperf-ng matrix'" % (nrows, cols)]
    files = {}
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
        files["good%d.dat" % i] = good or ["NaN NaN NaN"]
        files["bad%d.dat" % i] = bad or ["NaN NaN"]
        files["lab%d.dat" % i] = labels
        files["xt%d.dat" % i] = ["%d %s" % (j, dq(h)) for h, j in xs.items()]
        files["yt%d.dat" % i] = ["%d %s" % (j, dq(h)) for h, j in ys.items()]
        unit = next((r[5] for r in prs if r[5]), "")
        title = safe(key[0] or "unknown test") + (" size %s" % cell(key[1])
                                              if key[1] is not None else "")
        g += ["set title %s" % gp_str("%s (%s)" % (title, unit)),
              "set cblabel %s" % gp_str(unit),
              "set xrange [-0.5:%f]" % (len(servers) - 0.5),
              "set yrange [-0.5:%f]" % (len(clients) - 0.5),
              "set xtics ()", "set ytics ()",
              "set colorbox" if good else "unset colorbox",
              "plot 'good%d.dat' using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, "
              "'bad%d.dat' using 1:2:(0.5):(0.5) with boxxyerror fc rgb 'grey80', "
              "'lab%d.dat' using 1:2:3 with labels tc rgb 'black', "
              "'xt%d.dat' using 1:(NaN):xtic(2) with points ps 0, "
              "'yt%d.dat' using (NaN):1:ytic(2) with points ps 0" % (i, i, i, i, i)]
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
            return False
        if p.returncode != 0 or not os.path.isfile(os.path.join(work, "matrix.png")):
            warn("gnuplot failed (exit %d): no %s: %s"
                 % (p.returncode, shown(png), shown(p.stderr.strip())))
            return False
        def copy(f):
            with open(os.path.join(work, "matrix.png"), "rb") as src:
                shutil.copyfileobj(src, f)
        try:
            put(png, copy, binary=True)
        except OSError as e:
            warn("%s: %s" % (shown(png), e.strerror or e))
            return False
    return True


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
        if name.startswith(".") or name in OUTPUTS or not os.path.isfile(path):
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
    if not plot(rows, png):
        # No picture of an earlier merge left beside this one's table.
        try:
            os.unlink(png)
        except OSError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
