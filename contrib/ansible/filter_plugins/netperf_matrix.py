"""netperf_matrix: the matrix of runs matrix.yml starts, as slots.

A slot is a list of runs that start together and all end before the next
slot starts.  By default (concurrency "rounds") the slots are the rounds
of a round-robin tournament (the circle method), each round once in each
direction: every ordered pair of distinct hosts runs each test and size
once, and no host is in two runs of one slot, so one pair's traffic never
shares a host with another's.  With "all", one slot per test and size
holds every ordered pair at once, to load the fabric.

Plain Python (Ansible's error class only when there): tests import it
with plain python3.
"""

import os
import re
import shlex

# A test name and a host name become command words and file names.
TEST_NAME = re.compile(r"^[A-Z][A-Z0-9_]{0,31}$")
HOST_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,252}$")


try:  # Ansible then prints the message alone, as a filter's error
    from ansible.errors import AnsibleFilterError as _Base
except ImportError:
    _Base = Exception


class MatrixError(_Base):
    pass


def words(value, what):
    """A comma-separated string or a list: its non-empty words."""
    if value is None:
        return []
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, (list, tuple)):
        raise MatrixError("%s: a comma-separated list, not %r" % (what, value))
    return [str(v).strip() for v in value if str(v).strip()]


def tournament(hosts):
    """Rounds of disjoint unordered pairs: every pair once (circle method)."""
    ring = list(hosts) + ([None] if len(hosts) % 2 else [])
    n = len(ring)
    rounds = []
    for _ in range(n - 1):
        pairs = [(ring[i], ring[n - 1 - i]) for i in range(n // 2)]
        rounds.append([p for p in pairs if None not in p])
        ring = [ring[0], ring[-1]] + ring[1:-1]
    return rounds


def test_words(test, size, extra):
    """What follows netperf's "--": for a size, a request/response test's
    request and response or a stream test's send size; then extra."""
    words = []
    if size is not None:
        if "_RR" in test or test.endswith("_CRR"):
            words = ["-r", "%d,%d" % (size, size)]
        else:
            words = ["-m", str(size)]
    words += extra
    return ["--"] + words if words else []


def netperf_matrix(hosts, tests, sizes=None, concurrency="rounds", test_args=None):
    extra = netperf_args(test_args)
    hosts = list(hosts or [])
    if len(hosts) < 2:
        raise MatrixError("netperf_hosts: a matrix needs two hosts at least, "
                          "the group has %d" % len(hosts))
    for h in hosts:
        if not HOST_NAME.match(h) or "__" in h:
            raise MatrixError("netperf_hosts: host name %r: letters, digits and . _ : - "
                              "only, no double underscore (it separates the names in "
                              "a run's file name)" % h)
    tests = words(tests, "matrix_tests")
    if not tests:
        raise MatrixError("matrix_tests: no test named")
    for t in tests:
        if not TEST_NAME.match(t):
            raise MatrixError("matrix_tests: %r is not a test name (TCP_STREAM, UDP_RR, ...)" % t)
    sized = []
    for s in words(sizes, "matrix_sizes"):
        if not s.isdigit() or not 0 < int(s) <= 1 << 30:
            raise MatrixError("matrix_sizes: %r is not a size in bytes (1 to 1G)" % s)
        sized.append(int(s))
    if concurrency not in ("rounds", "all"):
        raise MatrixError("matrix_concurrency: %r, want rounds (the default) or all"
                          % concurrency)
    if len(set(tests)) != len(tests) or len(set(sized)) != len(sized):
        raise MatrixError("matrix_tests, matrix_sizes: a test or size named twice")
    if concurrency == "all":
        rounds = [[(c, s) for c in hosts for s in hosts if c != s]]
    else:
        rounds = []
        for r in tournament(hosts):
            rounds.append(r)
            rounds.append([(s, c) for c, s in r])
    slots = []
    for test in tests:
        for size in sized or [None]:
            for r in rounds:
                runs = []
                for client, server in r:
                    name = "%s__%s__%s" % (client, server, test)
                    if size is not None:
                        name += "__%d" % size
                    runs.append({"client": client, "server": server, "test": test,
                                 "size": size, "args": test_words(test, size, extra),
                                 "file": name + ".json"})
                slots.append({"index": len(slots) + 1, "runs": runs})
    return slots


def netperf_slot_clients(slots):
    """The most clients one slot has: Ansible must run that many hosts
    at once (its forks) for the slot's runs to start together."""
    return max((len({r["client"] for r in slot["runs"]}) for slot in slots or []), default=0)


def netperf_args(value):
    """matrix_netperf_args: a list, or a string split as a shell would."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return shlex.split(value)
    return [str(v) for v in value]


def netperf_abspath(path):
    """A path relative to ansible-playbook's working directory (a lookup
    would take it relative to the playbook's)."""
    return os.path.abspath(os.path.expanduser(str(path)))


class FilterModule(object):
    def filters(self):
        return {"netperf_matrix": netperf_matrix, "netperf_args": netperf_args,
                "netperf_abspath": netperf_abspath,
                "netperf_slot_clients": netperf_slot_clients}
