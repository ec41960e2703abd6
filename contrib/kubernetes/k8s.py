#!/usr/bin/env python3
"""k8s.py - matrix.sh's helpers, Python 3's standard library only (no
kubectl, no cluster: tests/kubernetes.test runs each of them offline).

  k8s.py render FILE [KEY=VALUE ...]
      FILE with each @KEY@ replaced by VALUE, on stdout.  Every
      placeholder of FILE must be given, and every KEY be one of FILE's,
      but two that every file takes: NAMESPACE (the namespace netperf-ng
      of the manifests, renamed) and IMAGE (each container's image).
      Values are names, numbers, addresses and booleans: anything but
      [A-Za-z0-9._:/-] is refused, so no value is YAML of its own.
  k8s.py name ROTATION INDEX
      The name of the Service server.yaml makes for a netserver pod.
  k8s.py servers PODS_JSON
      `kubectl get pods -o json` of the netserver pods to "NODE IP FAMILY"
      lines, one per node, sorted by node name: the order the runs' indexes
      count in.  Only ready pods with an address.
  k8s.py pods PODS_JSON
      The pods' names, one a line (whose logs matrix.sh fetches).
  k8s.py collect PODS_JSON LOGDIR SERVERS CLIENT ROTATION TEST COUNT STATUS OUTDIR
      One Job's runs into OUTDIR/CLIENT__SERVER__TEST.json (contrib/fleet
      /merge.py's names): the pods' -J objects from their logs
      (LOGDIR/POD), pod K's server the SERVERS line (ROTATION + K) mod
      the number of servers, the index from the pod's completion index
      annotation.  A run with no pod, or whose log holds no -J object,
      gets merge.py's wrapper {"client", "server", "run"} around a stand-in
      object (json_version 1, the test, an error saying why): a failed run
      is a row of the matrix, never a missing one; each is named on stderr.
      netperf's -J object repeats its command line (command_line), -Z and
      the passphrase too: everything from " -Z" on is written as
      "-Z (hidden)" (matrix-job.yaml puts -Z last, so a passphrase with
      spaces is hidden whole).
  k8s.py passphrase
      A random passphrase (32 random bytes, URL-safe base64: 43
      characters), without a newline: the Secret netserver-passphrase's.
"""

import json
import os
import re
import secrets
import sys

PROG = "k8s.py"
NAMESPACE = "netperf-ng"
INDEX_ANNOTATION = "batch.kubernetes.io/job-completion-index"
SAFE = re.compile(r"[A-Za-z0-9._:/-]+\Z")
PLACEHOLDER = re.compile(r"@([A-Z_]+)@")


def die(msg, code=1):
    print("%s: %s" % (PROG, msg), file=sys.stderr)
    sys.exit(code)


def render(text, values):
    """text with its placeholders filled; NAMESPACE, IMAGE as above."""
    for k, v in values.items():
        if not SAFE.match(v):
            die("%s=%r: only [A-Za-z0-9._:/-] in a value" % (k, v))
    wanted = set(PLACEHOLDER.findall(text))
    unknown = set(values) - wanted - {"NAMESPACE", "IMAGE"}
    if unknown:
        die("not in the file: %s" % ", ".join(sorted(unknown)))
    missing = wanted - set(values)
    if missing:
        die("no value for %s" % ", ".join(sorted(missing)))
    text = PLACEHOLDER.sub(lambda m: values[m.group(1)], text)
    if "NAMESPACE" in values:
        # Each object's namespace, and the Namespace's own name (the only
        # top-level metadata.name of that value).
        text = re.sub(r"(?m)^(\s+namespace:\s*)%s\s*$" % NAMESPACE,
                      lambda m: m.group(1) + values["NAMESPACE"], text)
        text = re.sub(r"(?m)^(  name:\s*)%s\s*$" % NAMESPACE,
                      lambda m: m.group(1) + values["NAMESPACE"], text)
    if "IMAGE" in values:
        text = re.sub(r"(?m)^(\s+image:\s*)\S+\s*$",
                      lambda m: m.group(1) + values["IMAGE"], text)
    return text


def name(rotation, index):
    return "netserver-%d-%d" % (int(rotation), int(index))


def items(path):
    with open(path) as f:
        data = json.load(f)
    return data.get("items", []) if isinstance(data, dict) else []


def ready(pod):
    conds = pod.get("status", {}).get("conditions") or []
    return any(c.get("type") == "Ready" and c.get("status") == "True" for c in conds)


def servers(path):
    """[(node, ip, family)] of the ready netserver pods, by node name."""
    seen = {}
    for pod in items(path):
        node = pod.get("spec", {}).get("nodeName")
        ip = pod.get("status", {}).get("podIP")
        if node and ip and ready(pod) and node not in seen:
            seen[node] = (node, ip, "IPv6" if ":" in ip else "IPv4")
    return [seen[n] for n in sorted(seen)]


def hide_passphrase(obj):
    """obj with its command line's -Z and all after it hidden."""
    line = obj.get("command_line")
    if isinstance(line, str):
        m = re.search(r"(^|\s)-Z", line)
        if m:
            obj["command_line"] = line[:m.end()] + " (hidden)"
    return obj


def json_object(log):
    """The last line of a pod's log that is a -J object (kubectl logs mixes
    netperf's stderr in), or None."""
    found = None
    for line in log.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict) and "json_version" in obj:
            found = obj
    return found


def collect(pods_json, logdir, servers_file, client, rotation, test, count, status, outdir):
    with open(servers_file) as f:
        nodes = [line.split()[0] for line in f if line.strip()]
    count, rotation = int(count), int(rotation)
    if len(nodes) != count:
        die("%d servers in %s, the Job ran %d" % (len(nodes), servers_file, count))
    by_index = {}
    for pod in items(pods_json):
        meta = pod.get("metadata", {})
        idx = (meta.get("annotations") or {}).get(INDEX_ANNOTATION)
        if idx is None or not idx.isdigit() or int(idx) >= count:
            continue
        # A retried run: the pod that succeeded, else the latest.
        key = (pod.get("status", {}).get("phase") == "Succeeded",
               meta.get("creationTimestamp") or "")
        if int(idx) not in by_index or key > by_index[int(idx)][0]:
            by_index[int(idx)] = (key, pod)
    for k in range(count):
        server = nodes[(rotation + k) % count]
        out = os.path.join(outdir, "%s__%s__%s.json" % (client, server, test))
        obj = why = None
        if k not in by_index:
            why = "not run: the Job ended (%s) before index %d" % (status, k)
        else:
            pod = by_index[k][1]
            pname = pod["metadata"]["name"]
            try:
                with open(os.path.join(logdir, pname), errors="replace") as f:
                    log = f.read()
            except OSError as e:
                log = ""
                why = "pod %s: no log: %s" % (pname, e.strerror)
            obj = json_object(log)
            if obj is not None:
                hide_passphrase(obj)
            if obj is None and why is None:
                first = (log.strip().splitlines() or ["an empty log"])[0][:200]
                why = "pod %s (%s): no -J object in its log: %s" % (
                    pname, pod.get("status", {}).get("phase", "?"), first)
        if obj is None:
            print("%s: %s -> %s %s: %s" % (PROG, client, server, test, why), file=sys.stderr)
            obj = {"client": client, "server": server,
                   "run": {"json_version": 1, "test": test, "error": why}}
        tmp = out + ".tmp"
        with open(tmp, "w") as f:
            json.dump(obj, f)
            f.write("\n")
        os.replace(tmp, out)


def main(argv):
    if len(argv) < 2:
        die("usage: k8s.py render|name|servers|pods|collect|passphrase ...", 2)
    cmd, args = argv[1], argv[2:]
    if cmd == "render" and args:
        values = {}
        for a in args[1:]:
            k, eq, v = a.partition("=")
            if not eq or not re.match(r"[A-Z_]+\Z", k):
                die("not KEY=VALUE: %r" % a, 2)
            values[k] = v
        with open(args[0]) as f:
            sys.stdout.write(render(f.read(), values))
    elif cmd == "name" and len(args) == 2:
        print(name(*args))
    elif cmd == "servers" and len(args) == 1:
        for s in servers(args[0]):
            print(" ".join(s))
    elif cmd == "pods" and len(args) == 1:
        for pod in items(args[0]):
            print(pod["metadata"]["name"])
    elif cmd == "collect" and len(args) == 9:
        collect(*args)
    elif cmd == "passphrase" and not args:
        sys.stdout.write(secrets.token_urlsafe(32))
    else:
        die("bad command line: %s" % " ".join(argv[1:]), 2)


if __name__ == "__main__":
    main(sys.argv)
