#!/usr/bin/env python3
"""fuzz_corpus.py DIR [VECTORS]: seed corpus for tests/fuzz_wire.

Writes every captured netperf 2.7.1 message (the "RAW" lines of
VECTORS/**/*.txt, default: tests/data/vectors beside this script) into DIR
as one 656-byte binary file, named by its SHA-1 as libFuzzer names its own
finds, so the many identical messages of the captures are written once.
Then netperf-ng's own messages, which no capture holds: a host facts
request and two replies (doc/extension.md).
"""

import hashlib
import pathlib
import struct
import sys

MSG_SIZE = 656
EXT_MAGIC = 0x004E5047


def own_message(msg_type, words=(), texts=()):
    """A netperf-ng message: the header, big-endian words from offset 8,
    (offset, width, text) fields, the extension words at 0x280."""
    m = bytearray(MSG_SIZE)
    struct.pack_into(">ii", m, 0, msg_type, 0)
    for i, w in enumerate(words):
        struct.pack_into(">i", m, 8 + 4 * i, w)
    for off, width, text in texts:
        b = text.encode("ascii")[:width - 1]
        m[off:off + len(b)] = b
    struct.pack_into(">IIII", m, 0x280, EXT_MAGIC, 0, 1, 3)
    return bytes(m)


def own_messages():
    """netperf-ng's NP_NG_FACTS request and replies for a veth end and for
    an end of which nothing is known."""
    widths = [(0x24, 16), (0x34, 32), (0x54, 32), (0x74, 32), (0x94, 32),
              (0xb4, 32), (0xd4, 32), (0xf4, 64), (0x134, 64), (0x174, 64)]
    veth = ["vb1", "veth", "1.0", "", "", "Linux", "x86_64", "6.1.0-9-amd64",
            "#1 SMP PREEMPT_DYNAMIC Debian 6.1.27-1 (2023-05-08)",
            "Intel(R) Xeon(R) CPU @ 2.20GHz"]
    yield own_message(0x4e47)
    yield own_message(0x4e48, [1500, 10000, 0x3f, 0x1f, 2, 2, 8],
                      [(o, w, t) for (o, w), t in zip(widths, veth)])
    yield own_message(0x4e48, [-1] * 2 + [0, 0] + [-1] * 3)


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
    for msg in own_messages():
        total += 1
        name = hashlib.sha1(msg).hexdigest()
        if name not in seen:
            seen.add(name)
            (out / name).write_bytes(msg)
    print(f"fuzz_corpus: {total} messages, {len(seen)} distinct, in {out}")


if __name__ == "__main__":
    main(sys.argv)
