#!/usr/bin/env python3
"""Pictures as cameras and phones make them, for Kiwi's photo tests and benchmark.

    photo_corpus.py make FOLDER [--size WxH] [--only NAME,...]
        writes the corpus into FOLDER and its list, corpus.json: each file with the
        size it shows at once upright and the colours its corners show
    photo_corpus.py check LIST
        reads LIST (JSON: [{"file", "expect": {"width", "height", "corners"}}]) and
        checks each file: upright (its painted corners where they should be), in
        sRGB, no metadata at all; prints one line per failure, exit 1 if any

Every picture shows the same scene upright: a red top-left corner, a green
top-right one, a blue bottom-left one and a white bottom-right one on a grey
gradient, so a version turned the wrong way, mirrored, or left in another colour
space has its corners in the wrong places or colours. Made here with Pillow
(and pillow-heif for HEIC) at test time: nothing binary is committed.
"""

import argparse
import io
import json
import os
import struct
import sys
import zlib

from PIL import Image, ImageCms, ImageDraw, ImageOps

RED, GREEN, BLUE, WHITE = (220, 30, 30), (30, 200, 40), (30, 40, 220), (250, 250, 250)
CORNERS = {"topLeft": RED, "topRight": GREEN, "bottomLeft": BLUE, "bottomRight": WHITE}

# What each EXIF orientation undoes: a camera stores the scene turned by the inverse.
STORED = {
    1: None,
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_90,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_270,
}

POSITION = b"GPS 53.3498 N 6.2603 W"


def scene(width, height, colours=CORNERS):
    """The upright picture: corners a fifth of each side, a gradient with some texture between."""
    image = Image.linear_gradient("L").resize((width, height)).convert("RGB")
    draw = ImageDraw.Draw(image)
    for step in range(0, width, max(8, width // 40)):
        draw.line([(step, 0), (step, height)], fill=(110, 110, 110), width=max(1, width // 400))
    w, h = width // 5, height // 5
    boxes = {
        "topLeft": (0, 0, w, h),
        "topRight": (width - w, 0, width, h),
        "bottomLeft": (0, height - h, w, height),
        "bottomRight": (width - w, height - h, width, height),
    }
    for corner, box in boxes.items():
        draw.rectangle(box, fill=colours[corner])
    return image


def corners(image, tolerance=12):
    """Which painted colour each corner of `image` shows (None where it is none of them)."""
    width, height = image.size
    found = []
    for x, y in [(width // 12, height // 12), (width - 1 - width // 12, height // 12), (width // 12, height - 1 - height // 12), (width - 1 - width // 12, height - 1 - height // 12)]:
        seen = image.getpixel((x, y))
        found.append(next((name for name, colour in CORNERS.items() if max(abs(a - b) for a, b in zip(seen, colour)) <= tolerance), None))
    return found


def exif(orientation):
    """An EXIF block as a phone writes one: its orientation, the camera, where it was taken."""
    block = Image.Exif()
    block[0x0112] = orientation
    block[0x010F] = "Kiwi Test Camera"
    block[0x010E] = POSITION.decode()
    return block.tobytes()


def xmp():
    return (
        b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        b'<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="' + POSITION + b'"/>'
        b"</rdf:RDF></x:xmpmeta>"
    )


def s15(value):
    return struct.pack(">i", round(value * 65536))


def rgb_profile(name, primaries, gamma):
    """A matrix/TRC ICC v2 profile (as Adobe RGB and Display P3 are) for the given primaries
    and white D65, adapted to the D50 of the profile connection space with Bradford."""

    def xyz(x, y):
        return [x / y, 1.0, (1 - x - y) / y]

    white = xyz(0.3127, 0.3290)
    columns = [xyz(*p) for p in primaries]
    m = [[columns[c][r] for c in range(3)] for r in range(3)]

    def inverse(a):
        (p, q, r), (s, t, u), (v, w, x) = a
        det = p * (t * x - u * w) - q * (s * x - u * v) + r * (s * w - t * v)
        return [
            [(t * x - u * w) / det, (r * w - q * x) / det, (q * u - r * t) / det],
            [(u * v - s * x) / det, (p * x - r * v) / det, (r * s - p * u) / det],
            [(s * w - t * v) / det, (q * v - p * w) / det, (p * t - q * s) / det],
        ]

    def times(a, b):
        return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]

    def apply(a, v):
        return [sum(a[i][k] * v[k] for k in range(3)) for i in range(3)]

    scale = apply(inverse(m), white)
    rgb_to_xyz = [[m[r][c] * scale[c] for c in range(3)] for r in range(3)]
    bradford = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
    d50 = [0.9642, 1.0, 0.8249]
    source, target = apply(bradford, white), apply(bradford, d50)
    cone = [[target[i] / source[i] if i == j else 0 for j in range(3)] for i in range(3)]
    adapt = times(inverse(bradford), times(cone, bradford))
    adapted = times(adapt, rgb_to_xyz)

    def xyz_tag(v):
        return b"XYZ " + b"\0" * 4 + b"".join(s15(c) for c in v)

    def text(t):
        return b"text" + b"\0" * 4 + t.encode() + b"\0"

    def desc(t):
        raw = t.encode() + b"\0"
        return b"desc" + b"\0" * 4 + struct.pack(">I", len(raw)) + raw + b"\0" * 12 + b"\0" * 67

    curve = b"curv" + b"\0" * 4 + struct.pack(">IH", 1, round(gamma * 256)) + b"\0\0"
    tags = [
        (b"desc", desc(name)),
        (b"cprt", text("No copyright, made for tests")),
        (b"wtpt", xyz_tag(d50)),
        (b"rXYZ", xyz_tag([adapted[r][0] for r in range(3)])),
        (b"gXYZ", xyz_tag([adapted[r][1] for r in range(3)])),
        (b"bXYZ", xyz_tag([adapted[r][2] for r in range(3)])),
        (b"rTRC", curve),
        (b"gTRC", curve),
        (b"bTRC", curve),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body
    body = struct.pack(">I", len(tags)) + table + data
    header = bytearray(128)
    struct.pack_into(">I", header, 0, 128 + len(body))
    header[8:12] = bytes([2, 0x10, 0, 0])
    header[12:16], header[16:20], header[20:24], header[36:40] = b"mntr", b"RGB ", b"XYZ ", b"acsp"
    header[68:80] = s15(0.9642) + s15(1.0) + s15(0.8249)
    return bytes(header) + body


ADOBE_RGB = ("Adobe RGB (1998) compatible", [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], 563 / 256)
DISPLAY_P3 = ("Display P3 compatible", [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], 2.2)


def in_profile(image, profile):
    """The sRGB picture's pixels as they are in `profile`'s space: shown through the profile, they
    are the same colours. Its corners are then what a viewer must show, converted back to sRGB."""
    srgb = ImageCms.createProfile("sRGB")
    target = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    return ImageCms.profileToProfile(image, srgb, target, outputMode="RGB")


def png_chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png16(image, interlaced):
    """A 16-bit RGB PNG (Pillow writes 8-bit RGB only), optionally Adam7-interlaced, by hand."""
    width, height = image.size
    pixels = image.load()

    def row(y, xs):
        out = bytearray([0])
        for x in xs:
            for channel in pixels[x, y]:
                out += struct.pack(">H", channel * 257)
        return out

    raw = bytearray()
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)] if interlaced else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs = range(x0, width, dx)
        if not xs:
            continue
        for y in range(y0, height, dy):
            raw += row(y, xs)
    header = struct.pack(">IIBBBBB", width, height, 16, 2, 0, 0, 1 if interlaced else 0)
    text = b"Location\0" + POSITION
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"tEXt", text) + png_chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + png_chunk(b"IEND", b"")


def make(folder, width, height, only):
    os.makedirs(folder, exist_ok=True)
    upright = scene(width, height)
    made = []

    def keep(name, data, shows=(width, height), corners=CORNERS, tolerance=40):
        if only and name not in only:
            return
        with open(os.path.join(folder, name), "wb") as file:
            file.write(data)
        made.append({"file": name, "expect": {"width": shows[0], "height": shows[1], "corners": corners, "tolerance": tolerance}})

    def jpeg(image, **options):
        out = io.BytesIO()
        image.save(out, "JPEG", quality=90, **options)
        return out.getvalue()

    # Each EXIF orientation, as phones store portrait and upside-down photos.
    for orientation, undo in STORED.items():
        stored = upright if undo is None else upright.transpose(undo)
        shown = ImageOps.exif_transpose(Image.open(io.BytesIO(jpeg(stored, exif=exif(orientation))))).convert("RGB")
        assert corners(shown) == corners(upright, 0), f"orientation {orientation} does not undo what is stored"
        keep(f"orientation-{orientation}.jpg", jpeg(stored, exif=exif(orientation), xmp=xmp()))
    keep("progressive-orientation-6.jpg", jpeg(upright.transpose(STORED[6]), exif=exif(6), progressive=True))
    keep("baseline.jpg", jpeg(upright))

    cmyk = upright.convert("CMYK")
    # Pillow's CMYK is naive, and a CMYK JPEG without a profile is read through a press profile:
    # its corners keep their hue, not their exact colour.
    keep("cmyk.jpg", jpeg(cmyk, exif=exif(1)), tolerance=None)
    grey = upright.convert("L")
    grey_corners = {corner: (lambda v: (v, v, v))(round(0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2])) for corner, c in CORNERS.items()}
    keep("greyscale-orientation-8.jpg", jpeg(grey.transpose(STORED[8]), exif=exif(8)), corners=grey_corners, tolerance=20)

    # Wide-gamut photos: their pixels are in the profile's space; shown in sRGB they are the scene.
    for name, (label, primaries, gamma) in {"display-p3": DISPLAY_P3, "adobe-rgb": ADOBE_RGB}.items():
        profile = rgb_profile(label, primaries, gamma)
        wide = in_profile(upright, profile)
        keep(f"{name}.jpg", jpeg(wide, icc_profile=profile, exif=exif(1)), tolerance=24)
        # Shown without its profile (left in its own space) the green corner is off by more than the check allows.
        unconverted = wide.getpixel((width - 1 - width // 12, height // 12))
        assert max(abs(a - b) for a, b in zip(unconverted, GREEN)) > 24 * 2, f"{name}: its green is green in either space"

    # MPO: a phone's second picture (a depth map, a 3D pair) appended after the first.
    second = scene(width // 2, height // 2, {c: (0, 0, 0) for c in CORNERS})
    out = io.BytesIO()
    upright.transpose(STORED[6]).save(out, "MPO", save_all=True, append_images=[second], quality=90, exif=exif(6))
    keep("mpo-orientation-6.jpg", out.getvalue())

    # PNG: with alpha (flattened on white), 16-bit, interlaced.
    alpha = upright.convert("RGBA")
    alpha.putalpha(Image.linear_gradient("L").resize(upright.size).point(lambda v: 255 if v < 8 or v > 247 else 160))
    draw = ImageDraw.Draw(alpha)
    for corner, box in {"topLeft": (0, 0), "topRight": (width - width // 5, 0), "bottomLeft": (0, height - height // 5), "bottomRight": (width - width // 5, height - height // 5)}.items():
        draw.rectangle((box[0], box[1], box[0] + width // 5, box[1] + height // 5), fill=CORNERS[corner] + (255,))
    out = io.BytesIO()
    alpha.save(out, "PNG")
    keep("alpha.png", out.getvalue())
    keep("16-bit.png", png16(upright, interlaced=False))
    keep("16-bit-interlaced.png", png16(upright, interlaced=True))

    # Animations: a still of the first frame.
    later = scene(width, height, {c: (0, 0, 0) for c in CORNERS})
    out = io.BytesIO()
    upright.save(out, "GIF", save_all=True, append_images=[later], duration=200, loop=0)
    keep("animated.gif", out.getvalue(), tolerance=60)
    out = io.BytesIO()
    upright.save(out, "WEBP", save_all=True, append_images=[later], duration=200, loop=0, quality=90, exif=exif(1), xmp=xmp())
    keep("animated.webp", out.getvalue())

    # HEIC as an iPhone saves it: a landscape sensor's picture with its turn in `irot`.
    import pillow_heif

    pillow_heif.register_heif_opener()
    out = io.BytesIO()
    stored = upright.transpose(STORED[6])
    stored.save(out, "HEIF", quality=90, exif=exif(6), xmp=xmp())
    heic = out.getvalue()
    assert b"irot" in heic, "pillow-heif wrote no irot"
    keep("iphone-orientation-6.heic", heic)
    out = io.BytesIO()
    stored = upright.transpose(STORED[2])
    stored.save(out, "HEIF", quality=90, exif=exif(2))
    keep("mirrored-orientation-2.heic", out.getvalue())

    with open(os.path.join(folder, "corpus.json"), "w") as file:
        json.dump(made, file, indent=1)
    return made


METADATA_MARKS = [b"Exif\0", b"http://ns.adobe.com/xap", b"ICC_PROFILE", b"MPF\0", POSITION, b"Kiwi Test Camera", b"XMP ", b"EXIF"]


def check(listing):
    failures = []
    entries = json.load(open(listing))
    for entry in entries:
        path, expect = entry["file"], entry["expect"]
        data = open(path, "rb").read()
        for mark in METADATA_MARKS:
            if mark in data:
                failures.append(f"{path}: carries metadata ({mark[:12]!r})")
        image = Image.open(io.BytesIO(data))
        if image.info.get("icc_profile") or image.info.get("exif"):
            failures.append(f"{path}: carries a colour profile or EXIF")
        if image.mode != "RGB":
            failures.append(f"{path}: is {image.mode}, not RGB")
        image = image.convert("RGB")
        width, height = image.size
        # Versions are scaled: compare shapes, not sizes (one pixel of rounding allowed).
        if abs(width * expect["height"] - height * expect["width"]) > max(width, height, expect["width"], expect["height"]):
            failures.append(f"{path}: is {width}×{height}, a picture of {expect['width']}×{expect['height']} turned the wrong way")
            continue
        spots = {
            "topLeft": (width // 12, height // 12),
            "topRight": (width - 1 - width // 12, height // 12),
            "bottomLeft": (width // 12, height - 1 - height // 12),
            "bottomRight": (width - 1 - width // 12, height - 1 - height // 12),
        }
        for corner, (x, y) in spots.items():
            seen = image.getpixel((x, y))
            wanted = expect["corners"][corner]
            if expect.get("tolerance") is None:
                # The same strongest channel, by a margin (white: every channel bright).
                same = min(seen) > 160 if min(wanted) > 200 else seen.index(max(seen)) == wanted.index(max(wanted)) and max(seen) - sorted(seen)[1] > 40
            else:
                same = max(abs(a - b) for a, b in zip(seen, wanted)) <= expect["tolerance"]
            if not same:
                failures.append(f"{path}: its {corner} is {seen}, not {tuple(wanted)}")
    for failure in failures:
        print(failure)
    print(f"checked {len(entries)} pictures, {len(failures)} failures")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    maker = commands.add_parser("make")
    maker.add_argument("folder")
    maker.add_argument("--size", default="1200x900")
    maker.add_argument("--only", default="")
    checker = commands.add_parser("check")
    checker.add_argument("listing")
    arguments = parser.parse_args()
    if arguments.command == "make":
        width, height = (int(v) for v in arguments.size.split("x"))
        made = make(arguments.folder, width, height, set(filter(None, arguments.only.split(","))))
        print(f"made {len(made)} pictures in {arguments.folder}")
        return 0
    return check(arguments.listing)


if __name__ == "__main__":
    sys.exit(main())
