#!/usr/bin/env python3
"""fuzz_corpus.py DIR [VECTORS]: seed corpus for tests/fuzz_wire.

Writes every captured netperf 2.7.1 message (the "RAW" lines of
VECTORS/**/*.txt, default: tests/data/vectors beside this script) into DIR
as one 656-byte binary file, named by its SHA-1 as libFuzzer names its own
finds, so the many identical messages of the captures are written once.
"""

import hashlib
import pathlib
import sys

MSG_SIZE = 656


def messages(vectors):
    """Yield (file, line number, bytes) for each RAW line under vectors."""
    for path in sorted(vectors.rglob("*.txt")):
        # Bytes: the captured program output around the RAW lines is not
        # always ASCII or UTF-8.
        with path.open("rb") as f:
            for lineno, line in enumerate(f, 1):
                # "RAW C->S 1 0000006100..." - the hex is the last word.
                words = line.decode("ascii", "replace").split()
                if not words or words[0] != "RAW":
                    continue
                try:
                    msg = bytes.fromhex(words[-1])
                except ValueError:
                    sys.exit(f"{path}:{lineno}: RAW line is not hex")
                if len(msg) != MSG_SIZE:
                    sys.exit(f"{path}:{lineno}: RAW message has {len(msg)} "
                             f"bytes, not {MSG_SIZE}")
                yield path, lineno, msg


def main(argv):
    if len(argv) not in (2, 3):
        sys.exit(f"usage: {argv[0]} DIR [VECTORS]")
    out = pathlib.Path(argv[1])
    here = pathlib.Path(__file__).resolve().parent
    vectors = pathlib.Path(argv[2]) if len(argv) == 3 else here / "data" / "vectors"
    if not vectors.is_dir():
        sys.exit(f"{vectors}: not a directory")
    out.mkdir(parents=True, exist_ok=True)
    seen = set()
    total = 0
    for _, _, msg in messages(vectors):
        total += 1
        name = hashlib.sha1(msg).hexdigest()
        if name not in seen:
            seen.add(name)
            (out / name).write_bytes(msg)
    # An empty corpus would let a fuzz run pass while testing little.
    if not total:
        sys.exit(f"{vectors}: no RAW messages found")
    print(f"fuzz_corpus: {total} messages, {len(seen)} distinct, in {out}")


if __name__ == "__main__":
    main(sys.argv)
