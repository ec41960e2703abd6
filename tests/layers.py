#!/usr/bin/env python3
"""layers.py TOP: src/ keeps the layers DEVELOPERS.md's folder table says.

The table ("## The folders") names, for each folder of src/, the folders
it uses ("all below": every folder listed under it; "-": none).  A file
of a folder may include only its own folder's headers and those of the
folders it uses, and may name (struct, union or enum) only types that
those define: a forward declaration of a higher floor's type is a layer
that is not what it says, though no include shows it.  Prints each
breach and exits 1; 0 when there is none.
"""
import os
import re
import sys

top = sys.argv[1]
src = os.path.join(top, "src")

# The folder table: its rows in order, top floor first.
rows = []
with open(os.path.join(top, "DEVELOPERS.md"), encoding="utf-8") as f:
    inside = False
    for line in f:
        if line.startswith("## "):
            inside = line.strip() == "## The folders"
            continue
        m = re.match(r"^\| `(\w+)/` \|.*\| ([^|]*) \|$", line.rstrip("\n"))
        if inside and m:
            rows.append((m.group(1), m.group(2).strip()))
if len(rows) < 5:
    sys.exit("layers.py: no folder table in DEVELOPERS.md (## The folders)")
uses = {}
for i, (folder, said) in enumerate(rows):
    if said == "all below":
        uses[folder] = {r[0] for r in rows[i + 1:]}
    elif said in ("—", "-"):
        uses[folder] = set()
    else:
        uses[folder] = {w.strip() for w in said.split(",")}
    unknown = uses[folder] - {r[0] for r in rows}
    if unknown:
        sys.exit("layers.py: %s/ uses %s, which the table does not list" %
                 (folder, ", ".join(sorted(unknown))))

def code(path):
    """The file without comments and string literals."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)

files = []
for folder in sorted(os.listdir(src)):
    if folder.startswith(".") or not os.path.isdir(os.path.join(src, folder)):
        continue
    if folder not in uses:
        print("FAIL: src/%s/ is not in DEVELOPERS.md's folder table" % folder)
        sys.exit(1)
    for name in sorted(os.listdir(os.path.join(src, folder))):
        if name.endswith((".c", ".h")):
            files.append((folder, name, os.path.join(src, folder, name)))

# Where each type is defined (a namesake may be defined in two folders).
defined = {}
for folder, name, path in files:
    for m in re.finditer(r"\b(?:struct|union|enum)\s+(\w+)\s*\{", code(path)):
        defined.setdefault(m.group(1), set()).add(folder)

bad = 0
for folder, name, path in files:
    allowed = uses[folder] | {folder}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = re.match(r'\s*#\s*include\s+"(\w+)/', line)
            if m and m.group(1) not in allowed:
                print("FAIL: src/%s/%s:%d includes from %s/, which %s/ does not use"
                      % (folder, name, n, m.group(1), folder))
                bad += 1
    for t in sorted(set(re.findall(r"\b(?:struct|union|enum)\s+(\w+)", code(path)))):
        where = defined.get(t)
        if where and not where & allowed:
            print("FAIL: src/%s/%s names %s, a type of %s/, which %s/ does not use"
                  % (folder, name, t, "/, ".join(sorted(where)), folder))
            bad += 1
if bad:
    sys.exit(1)
print("%d files of %d folders keep the folder table's layers" % (len(files), len(uses)))
