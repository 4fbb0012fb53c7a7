#!/usr/bin/env python3
"""Edits a .wtns for the interop test: `add1 IN OUT WIRE` adds one to a wire's
value (mod nothing: the test picks a wire well below the prime), `drop IN OUT`
removes the last wire (and fixes the counts)."""
import struct
import sys


def sections(b):
    n = struct.unpack_from("<I", b, 8)[0]
    pos, out = 12, {}
    for _ in range(n):
        sid, size = struct.unpack_from("<IQ", b, pos)
        out[sid] = (pos, pos + 12, size)
        pos += 12 + size
    return out


def main():
    op, src, dst = sys.argv[1:4]
    b = bytearray(open(src, "rb").read())
    s = sections(b)
    n8 = struct.unpack_from("<I", b, s[1][1])[0]
    count_at = s[1][1] + 4 + n8
    count = struct.unpack_from("<I", b, count_at)[0]
    if op == "add1":
        wire = int(sys.argv[4]) % count
        at = s[2][1] + wire * n8
        v = int.from_bytes(b[at:at + n8], "little") + 1
        b[at:at + n8] = v.to_bytes(n8, "little")
    elif op == "drop":
        hdr, data, size = s[2]
        assert data + size == len(b), "section 2 must be last"
        struct.pack_into("<I", b, count_at, count - 1)
        struct.pack_into("<Q", b, hdr + 4, size - n8)
        del b[len(b) - n8:]
    open(dst, "wb").write(b)


main()
