#!/usr/bin/env python3
"""check_manifests.py FILE... - each YAML document of each FILE against
the Kubernetes API's types, offline: the models of the Python client
(`kubernetes.client`, Debian's python3-kubernetes; PyYAML to read).

A document's model is found by its apiVersion and kind (apps/v1
DaemonSet: V1DaemonSet, and AppsV1Api must create one, so the kind is of
that group).  Then every member is walked against the model's
attribute_map (the JSON names) and openapi_types ('str', 'int', 'bool',
'dict(str, str)', 'list[V1Container]', 'object' for IntOrString, or a
model): a member the model does not know, or a value of the wrong type,
is a problem, named by its path (spec.template.spec.containers[0].ports).
Each model is then built from the document's values, its setters
checking what the client checks (a required member missing).  An object
of a namespaced kind must name its namespace, one of a cluster's kind
must not.

One rule of netperf-ng's own: a netserver on the host network (a pod
template with hostNetwork: true whose container's command is
.../netserver) must ask for a passphrase, -Z $(VAR) with VAR from a
secretKeyRef: on the node's addresses it serves whoever reaches the node,
and a passphrase written in the manifest is readable by whoever may read
the pod.

One line per problem on stdout, "FILE: DOC#N KIND: PATH: WHY"; exit 1
when there is any, 0 when none, 2 when the modules are missing or a file
is not YAML.  The client's models are of one Kubernetes release (22.6 is
1.22's): a field added later is unknown here.
"""

import os
import re
import sys

try:
    import yaml
    import kubernetes
    from kubernetes import client
except ImportError as e:
    print("check_manifests.py: %s (apt-get install python3-kubernetes)" % e, file=sys.stderr)
    sys.exit(2)

LIST = re.compile(r"list\[(.+)\]\Z")
DICT = re.compile(r"dict\(([^,]+), (.+)\)\Z")
CONFIG = client.Configuration()
CONFIG.client_side_validation = True


def snake(kind):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", kind).lower()


def model_of(api_version, kind):
    """(model class, namespaced) or a string saying why there is none."""
    group, _, version = api_version.rpartition("/")
    if not re.match(r"v\d+((alpha|beta)\d+)?\Z", version or ""):
        return "apiVersion %r: no version" % api_version
    api = "".join(p.capitalize() for p in
                  (group[:-len(".k8s.io")] if group.endswith(".k8s.io") else group or "core")
                  .split(".")) + version.capitalize() + "Api"
    cls = getattr(client, version.capitalize() + kind, None)
    api_cls = getattr(client, api, None)
    if cls is None or api_cls is None:
        return "no model for %s %s in kubernetes %s" % (api_version, kind, kubernetes.__version__)
    if hasattr(api_cls, "create_namespaced_" + snake(kind)):
        return cls, True
    if hasattr(api_cls, "create_" + snake(kind)):
        return cls, False
    return "%s is not a kind of %s" % (kind, api_version)


def is_type(value, t):
    if t == "str" or t in ("datetime", "date"):
        return isinstance(value, str)
    if t == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if t == "float":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if t == "bool":
        return isinstance(value, bool)
    if t == "object":
        return True
    raise KeyError(t)


def check(value, t, path, problems):
    """value against the type t (openapi_types' spelling); the model
    built from value, or the value itself."""
    if value is None:
        return None  # null: the member unset, as the API server takes it
    m = LIST.match(t)
    if m:
        if not isinstance(value, list):
            problems.append("%s: %s, want a list" % (path, type(value).__name__))
            return value
        return [check(v, m.group(1), "%s[%d]" % (path, i), problems) for i, v in enumerate(value)]
    m = DICT.match(t)
    if m:
        if not isinstance(value, dict):
            problems.append("%s: %s, want a map" % (path, type(value).__name__))
            return value
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                problems.append("%s: key %r, want a string" % (path, k))
            out[k] = check(v, m.group(2), "%s[%s]" % (path, k), problems)
        return out
    cls = getattr(client, t, None)
    if cls is None:
        if not is_type(value, t):
            problems.append("%s: %s %r, want %s" % (path, type(value).__name__, value, t))
        return value
    if not isinstance(value, dict):
        problems.append("%s: %s, want an object (%s)" % (path, type(value).__name__, t))
        return value
    by_json = {j: p for p, j in cls.attribute_map.items()}
    kwargs = {}
    for k, v in value.items():
        sub = "%s.%s" % (path, k) if path else k
        if k not in by_json:
            problems.append("%s: unknown field (not in %s)" % (sub, t))
            continue
        kwargs[by_json[k]] = check(v, cls.openapi_types[by_json[k]], sub, problems)
    try:
        return cls(local_vars_configuration=CONFIG, **kwargs)
    except (ValueError, TypeError) as e:
        problems.append("%s: %s" % (path or "(top)", e))
        return value


PASSPHRASE_VAR = re.compile(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)\Z")


def pod_specs(doc):
    """(path, pod spec) of a Pod, a CronJob, or any kind with a template."""
    kind, spec = doc.get("kind"), doc.get("spec")
    path, pod = "spec.template.spec", None
    if kind == "Pod":
        path, pod = "spec", spec
    elif kind == "CronJob":
        path = "spec.jobTemplate.spec.template.spec"
        pod = (((spec or {}).get("jobTemplate") or {}).get("spec") or {}).get("template")
        pod = (pod or {}).get("spec")
    elif isinstance(spec, dict) and isinstance(spec.get("template"), dict):
        pod = spec["template"].get("spec")
    return [(path, pod)] if isinstance(pod, dict) else []


def netserver_passphrase(doc):
    """The rule above: a problem for each netserver on the host network
    without -Z $(VAR) from a Secret."""
    problems = []
    for path, pod in pod_specs(doc):
        if pod.get("hostNetwork") is not True:
            continue
        for i, c in enumerate(pod.get("containers") or []):
            if not isinstance(c, dict):
                continue
            words = [str(w) for w in (c.get("command") or []) + (c.get("args") or [])]
            if not c.get("command") or os.path.basename(words[0]) != "netserver":
                continue
            where = "%s.containers[%d]" % (path, i)
            value = None
            for j, w in enumerate(words[1:], 1):
                if w == "-Z":
                    value = words[j + 1] if j + 1 < len(words) else ""
                elif w.startswith("-Z"):
                    value = w[2:]
            if value is None:
                problems.append("%s: netserver on the host network without a passphrase (-Z): "
                                "it serves whoever reaches the node's addresses" % where)
                continue
            m = PASSPHRASE_VAR.match(value)
            env = {e.get("name"): e for e in c.get("env") or [] if isinstance(e, dict)}
            ref = ((env.get(m.group(1)) or {}).get("valueFrom") or {}).get("secretKeyRef") if m else None
            if not isinstance(ref, dict) or not ref.get("name") or not ref.get("key"):
                problems.append("%s: netserver's -Z is not $(VAR) of an env from a secretKeyRef: "
                                "the passphrase would be in the pod spec" % where)
    return problems


def check_doc(doc):
    if not isinstance(doc, dict):
        return ["not an object"]
    av, kind = doc.get("apiVersion"), doc.get("kind")
    if not isinstance(av, str) or not isinstance(kind, str):
        return ["no apiVersion and kind"]
    found = model_of(av, kind)
    if isinstance(found, str):
        return [found]
    cls, namespaced = found
    problems = []
    check(doc, cls.__name__, "", problems)
    meta = doc.get("metadata") if isinstance(doc.get("metadata"), dict) else {}
    if not meta.get("name"):
        problems.append("metadata.name: missing")
    if namespaced and not meta.get("namespace"):
        problems.append("metadata.namespace: missing (%s is namespaced)" % kind)
    if not namespaced and "namespace" in meta:
        problems.append("metadata.namespace: %s is not namespaced" % kind)
    return problems + netserver_passphrase(doc)


def main(paths):
    if not paths:
        print("usage: check_manifests.py FILE...", file=sys.stderr)
        return 2
    bad = 0
    for path in paths:
        try:
            with open(path) as f:
                docs = list(yaml.safe_load_all(f))
        except (OSError, yaml.YAMLError) as e:
            print("check_manifests.py: %s: %s" % (path, str(e).replace("\n", " ")), file=sys.stderr)
            return 2
        for n, doc in enumerate(docs, 1):
            if doc is None:
                continue  # an empty document (a trailing ---)
            for p in check_doc(doc):
                kind = doc.get("kind", "?") if isinstance(doc, dict) else "?"
                print("%s: doc#%d %s: %s" % (path, n, kind, p))
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
