"""Real images for the benchmarks to post: the Kiwi server decodes every photo it keeps."""
import struct
import zlib


def png(seed=0, width=16, height=16):
    """A PNG of width × height RGB pixels whose content differs with seed."""
    rows = b"".join(b"\x00" + bytes((x * 7 + y * 13 + seed * 31) & 255 for x in range(width * 3)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def jpeg_size(data):
    """The (width, height) a JPEG's frame header declares; None for anything else."""
    if data[:2] != b"\xff\xd8":
        return None
    at = 2
    while at + 9 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        if marker == 0xFF:  # a fill byte
            at += 1
            continue
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + struct.unpack(">H", data[at + 2:at + 4])[0]
    return None
