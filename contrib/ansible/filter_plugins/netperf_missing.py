"""netperf_missing: what matrix.yml writes for the runs that left no -J
object, once every client's runs were unpacked on the controller.

A run's row must say why it has no figure, and a client none of whose
runs left an object must say so once, with its first error: a netperf
there without -J (netperf 2.7.1) otherwise showed up only as "the client
left the play" in each row, or stopped the play before the merge.

Plain Python, run on the controller (filters are), reading the results
directory: tests import it with plain python3.
"""

import json
import os

# A stderr file is read this far, a row's error cut this long: netperf's
# usage text is long, and an error cell is read by a person.
READ_BYTES = 64 * 1024
ERROR_CHARS = 1000


def _object(path):
    """Whether path holds a JSON object (a run's -J output, whole)."""
    try:
        with open(path, "rb") as f:
            return isinstance(json.loads(f.read().decode("utf-8")), dict)
    except (OSError, ValueError):
        return False


def _stderr_lines(results, run):
    """The run's stderr, as fetched into results/stderr/, its non-empty
    lines ([] when there is none)."""
    try:
        with open(os.path.join(results, "stderr", run["file"] + ".err"), "rb") as f:
            text = f.read(READ_BYTES).decode("utf-8", "replace")
    except OSError:
        return []
    return [l.strip() for l in text.splitlines() if l.strip()]


def _cut(text):
    return text if len(text) <= ERROR_CHARS else text[:ERROR_CHARS - 3] + "..."


def netperf_missing(slots, results, lost=None):
    """slots: netperf_matrix's plan; results: the controller's directory
    the runs were unpacked into; lost: {client: why its runs were not
    fetched ("" when they were)} for each client still in the play (one
    not in it left the play).

    Returns {"runs": [{"file", "content"}], "clients": [message]}: for each
    run without an object, the wrapper merge.py reads as its row
    ({"client", "server", "run": {"json_version": 1, "test", "headline":
    null, "error"}}); for each client none of whose runs left one, one
    message naming the cause, which is also its rows' error."""
    lost = dict(lost or {})
    runs = [r for slot in slots for r in slot["runs"]]
    missing = [r for r in runs if not _object(os.path.join(results, r["file"]))]
    gone = {r["file"] for r in missing}
    ran = {r["client"] for r in runs if r["file"] not in gone}
    clients = []
    for c in dict.fromkeys(r["client"] for r in missing):
        if c in ran:
            continue
        mine = [r for r in missing if r["client"] == c]
        if c not in lost:
            why = "%s left the play before its runs were fetched" % c
        elif lost[c]:
            why = "%s's runs were not fetched: %s" % (c, lost[c])
        else:
            first = next((l for r in mine for l in _stderr_lines(results, r)),
                         "none on stderr")
            why = "%s ran no test: its runs left no file; first error: %s" % (c, first)
        clients.append((c, _cut(why)))
    whole = dict(clients)
    out = []
    for r in missing:
        why = whole.get(r["client"])
        if why is None:
            why = "netperf on %s gave no -J object: %s" % (
                r["client"], "; ".join(_stderr_lines(results, r)) or "nothing on stderr")
        out.append({"file": r["file"],
                    "content": {"client": r["client"], "server": r["server"],
                                "run": {"json_version": 1, "test": r["test"],
                                        "headline": None, "error": _cut(why)}}})
    return {"runs": out, "clients": [m for _, m in clients]}


class FilterModule(object):
    def filters(self):
        return {"netperf_missing": netperf_missing}
