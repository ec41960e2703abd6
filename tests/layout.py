#!/usr/bin/env python3
"""layout.py [--selectors] GOLDEN OURS - does OURS have GOLDEN's layout?

GOLDEN is a byte-exact stdout of netperf 2.7.1 (tests/data/golden/*.stdout),
OURS the stdout of a run of our netperf with the same options.  Measured
numbers differ, so a line matches when it is identical, or when both lines
are renderings of the same printf format from netperf's source (nettest_bsd.c):
every field must then have exactly the width, alignment and decimals that
format gives its value.  Line count and order must be the same.

With --selectors the outputs are those of -o/-O/-k: lines must have the
same words, and numbers the same format (an integer, or as many decimals).

Exit 0 when the layouts agree; otherwise 1, naming the first line that
differs.
"""
import re
import sys

# netperf 2.7.1's data-line formats (nettest_bsd.c), PRI* folded into %d.
FORMATS = [
    # TCP_STREAM / TCP_MAERTS
    "%6d %6d %6d    %-6.2f   %7.2f   ",
    "%7.2f ",
    "%5d   %5d  %5d   %5d %6d  %6.2f    %6d   %6.2f %6d",
    "%6d",
    # UDP_STREAM
    "%6d  %6d   %-7.2f   %7d %6d    %7.2f",
    "%6d           %-7.2f   %7d           %7.2f",
    "%7.2f",
    # TCP_RR / UDP_RR / TCP_CRR
    "%-6d %-6d %-6d   %-6d  %-6.2f   %7.2f   ",
    "%-6d %-6d",
    "%5d  %5d   %5d  %5d   %-6.3f   %-6.3f %-6.3f    %-6.3f",
    "%5d  %5d   %5d  %5d",
    # the same with -c/-C
    "%6d %6d %6d    %-6.2f     %7.2f   %-6.2f   %-6.2f   %-6.3f  %-6.3f ",
    "%6.3f S ",
    "%6d  %6d   %-7.2f   %7d %6d    %7.1f     %-6.2f   %-6.3f",
    "%6d           %-7.2f   %7d           %7.1f     %-6.2f   %-6.3f",
    "%6.2f S",
    "%-6d %-6d %-6d  %-6d %-6.2f  %-6.2f   %-6.2f %-6.2f %-6.3f  %-6.3f ",
    "%-6d %-6d %-6d  %-6d %-6.2f  %-6.2f  %-6.2f %-6.2f %-6.3f  %-6.3f ",
    "%-6d %-6d %-6d  %-6d %-6.2f  %-6.2f   %-6.2f %-6.2f %-6.3f  %-6.3f",
    "%6.3f",
    # confidence warning
    "!!! Confidence intervals: Throughput      : %4.3f%%",
    "!!!                       Local CPU util  : %4.3f%%",
    "!!!                       Remote CPU util : %4.3f%%",
]

SPEC = re.compile(r"%(-?)(\d*)(?:\.(\d+))?([dfc%])")
NUM = r"[-\d.]"


def field_regex(left, width):
    """A number of any length, padded exactly as printf pads it."""
    alts = []
    for n in range(1, width):
        pad = " " * (width - n)
        body = "%s{%d}" % (NUM, n)
        alts.append(body + pad if left else pad + body)
    alts.append("%s{%d,}" % (NUM, max(width, 1)))
    return "(" + "|".join(alts) + ")"


def compile_format(fmt):
    """-> (regex, [(left, width, decimals, conv)])"""
    out, fields, pos = "", [], 0
    for m in SPEC.finditer(fmt):
        out += re.escape(fmt[pos:m.start()])
        pos = m.end()
        left, width, dec, conv = m.group(1) == "-", int(m.group(2) or 0), m.group(3), m.group(4)
        if conv == "%":
            out += "%"
            continue
        out += field_regex(left, width)
        fields.append((left, width, dec, conv))
    out += re.escape(fmt[pos:])
    return re.compile("^" + out + "$"), fields


COMPILED = [(f, *compile_format(f)) for f in FORMATS]


def renders(line):
    """The formats that line is an exact rendering of."""
    hits = []
    for fmt, rx, fields in COMPILED:
        m = rx.match(line)
        if not m:
            continue
        ok = True
        for text, (left, width, dec, conv) in zip(m.groups(), fields):
            spec = "%" + ("-" if left else "") + (str(width) if width else "") + \
                   ("." + dec if dec is not None else "") + conv
            try:
                value = int(text) if conv == "d" else float(text)
            except ValueError:
                ok = False
                break
            if spec % value != text:
                ok = False
                break
        if ok:
            hits.append(fmt)
    return hits


# netperf-ng's -v 2 lines after all that netperf 2.7.1 prints (netperf(1)):
# checked on their own, then left out of the comparison.  For
# request/response the round trip, with -i/-I the iterations, and last
# what the data ran on.
NG_LATENCY = re.compile(r"^Round-trip latency: (\d+\.\d{3}) usec mean, "
                        r"one-way estimate (\d+\.\d{3}) usec$")
NG_ITER_TITLE = re.compile(r"^Iteration  Throughput(  Local CPU %)?(  Remote CPU %)?"
                           r"  netperf CPU {6}netserver CPU {4}One CPU$")
PLACE = r"(?:\?|\d+|\d+->\d+(?: \(\d+ moves?\))?)"
NG_ITER = re.compile(r"^ {0,8}\d+ +-?\d+\.\d\d( +-?\d+\.\d\d){0,2}  %s +%s +(yes|no|\?)$"
                     % (PLACE, PLACE))
NG_SPREAD = re.compile(r"^(Throughput|Local CPU|Remote CPU) +-?[\d.]+ \+/- (?:[\d.]+|inf) \S+ "
                       r"\([\d.]+% confidence, n \d+, t [\d.]+\)$")
NG_FACTS = re.compile(r"^(?:Local|Remote) (?:interface(?:: unknown| \S+(?:: .+)?)|system: .+)$")
# Why a figure of that block is unknown (src/report/unknown.h).
NG_UNKNOWN = re.compile(r"^\S.* unknown: .+$")
NG_PLACE = re.compile(r"^Data loops ran on: netperf CPU %s, netserver CPU %s; one CPU: (yes|no|\?)$"
                      % (PLACE, PLACE))


def cut_ng_lines(golden, ours):
    """-> (ours without netperf-ng's additions, or None with the reason)"""
    starts = [m.start() for m in re.finditer(
        r"\n(?=Round-trip latency: |Iteration  Throughput|Local interface)", ours)]
    if not starts or "Round-trip latency: " in golden or "Iteration  Throughput" in golden \
            or "Local interface" in golden:
        return ours, None
    for line in ours[starts[0]:].split("\n"):
        m = NG_LATENCY.match(line)
        if m and abs(float(m.group(1)) / 2 - float(m.group(2))) > 0.0015:
            return None, "one-way estimate is not half of the round trip: %r" % line
        if not (line == "" or m or NG_ITER_TITLE.match(line) or NG_ITER.match(line) or
                NG_SPREAD.match(line) or NG_FACTS.match(line) or NG_PLACE.match(line) or NG_UNKNOWN.match(line)):
            return None, "not a netperf-ng -v 2 line: %r" % line
    return ours[:starts[0]], None


def cut_warning_lines(ours):
    """-> (ours without netperf-ng's lines at the end of the WARNING block,
    or None with the reason when one stands anywhere else)"""
    kept, prev = [], ""
    for line in ours.split("\n"):
        if line.startswith("!!! netperf-ng: "):
            if not prev.startswith("!!! "):
                return None, "a netperf-ng line outside the WARNING block: %r" % line
            continue
        kept.append(line)
        prev = line
    return "\n".join(kept), None


def compare(golden, ours):
    ours, why = cut_warning_lines(ours)
    if why:
        return why
    ours, why = cut_ng_lines(golden, ours)
    if why:
        return why
    g, o = golden.split("\n"), ours.split("\n")
    if len(g) != len(o):
        return "%d lines, netperf 2.7.1 prints %d" % (len(o) - 1, len(g) - 1)
    for i, (gl, ol) in enumerate(zip(g, o), 1):
        if gl == ol:
            continue
        common = set(renders(gl)) & set(renders(ol))
        if not common:
            return "line %d differs:\n  netperf 2.7.1: %r\n  ours:          %r" % (i, gl, ol)
    return None


NUMBER = re.compile(r"(?<![\w^])-?\d+(?:\.(\d+))?(?![\w^])")


def shape(line):
    """A selector line with numbers reduced to their format (int, or the
    count of decimals) and blank runs to one: what must not vary."""
    line = NUMBER.sub(lambda m: "<f%d>" % len(m.group(1)) if m.group(1) else "<d>", line)
    return " ".join(line.split())


def starts(line):
    return [m.start() for m in re.finditer(r"(?:(?<= )|^)\S", line)]


def compare_selectors(golden, ours):
    """-o/-O/-k output: same lines, same words, numbers of the same
    format; for -O (all rows of equal length) the columns of each block
    must start where its header words start."""
    g, o = golden.split("\n"), ours.split("\n")
    if len(g) != len(o):
        return "%d lines, netperf 2.7.1 prints %d" % (len(o) - 1, len(g) - 1)
    for i, (gl, ol) in enumerate(zip(g, o), 1):
        if shape(gl) != shape(ol):
            return "line %d differs:\n  netperf 2.7.1: %r\n  ours:          %r" % (i, gl, ol)
    # -O: one header word per column on the first row, values below them.
    block = [l for l in o if l and not l.startswith("MIGRATED")]
    if len(block) >= 5 and len(set(len(l) for l in block[:5])) == 1:
        if starts(block[0]) != starts(block[4]):
            return "-O columns do not line up:\n  %r\n  %r" % (block[0], block[4])
    return None


def main(argv):
    mode = compare
    if len(argv) == 4 and argv[1] == "--selectors":
        mode = compare_selectors
        argv = argv[1:]
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], newline="") as f:
        golden = f.read()
    with open(argv[2], newline="") as f:
        ours = f.read()
    why = mode(golden, ours)
    if why:
        print("layout: %s" % why)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
