#!/usr/bin/env python3
"""Independent reference decoder ("oracle") for APNG and still PNG files.

Written from shared/spec/apng.md and the readings listed in
shared/corpus/apng/README.md only.  Standard library only (zlib for inflating,
binascii for CRC-32).

    python3 apng_oracle.py FILE      prints one JSON object (NAME.png.json shape)
    decode(data: bytes) -> dict      the same object, for other scripts

The result is {"error": "..."} for a file that must be rejected, otherwise
{"width", "height", "loops", "loop_raw", "truncated", "animation_error",
"frames": [{"delay_ms", "delay_ns_raw", "x", "y", "width", "height",
"dispose", "blend", "crc32"}]}.

Readings of the spec (README "Readings" where one applies; own choices marked *):
- A chunk header is malformed when its length is above 2^31-1, then when its type
  is not four ASCII letters, both checked before whether the chunk fits in the
  file; a chunk (or a header of fewer than 8 bytes*) running past the end is cut.
- The frame cut by the end of a truncated file is the last frame begun; it is
  dropped only when its data does not decode* (a whole and decodable last frame stands).
- The default image's data is the first run of consecutive IDATs; a file that
  ends inside that run is truncated (not an error) when the run's data decodes*.
- * Compressed bytes after the end of a zlib stream are ignored (libpng's reading).
- * A tRNS that cannot apply is ignored, as libpng ignores it: for grey+alpha or
  RGBA, of the wrong length for grey or RGB, an indexed image's before PLTE or
  with 0 or more entries than PLTE, and any after the first that applied. A grey
  image's PLTE is ignored too (libpng). PLTE of a bad length (colour images) or a
  second PLTE is fatal (a critical chunk broken).
- * Without an acTL before the first IDAT the file is a still PNG: acTL/fcTL/fdAT
  are skipped as ancillary chunks, but a bad CRC in one of them (anywhere) is
  kept as an animation_error diagnostic rather than rejected.
"""
import binascii
import hashlib
import json
import sys
import zlib
from itertools import accumulate

SIGNATURE = b"\x89PNG\r\n\x1a\n"
PIXEL_LIMIT = 16_777_216
MAX31 = 0x7FFFFFFF
APNG_CHUNKS = (b"acTL", b"fcTL", b"fdAT")
# Allowed bit depths per colour type, and samples per pixel.
DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
# Adam7 passes: (x0, y0, dx, dy)
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
         (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


class FatalError(Exception):
    """The file must be rejected (its still image cannot be decoded)."""


class DataError(Exception):
    """Image data (zlib stream / filtered rows) that the decoder rejects."""


def be32(b, p):
    return (b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]


def be16(b, p):
    return (b[p] << 8) | b[p + 1]


def is_letters(t):
    return all(65 <= c <= 90 or 97 <= c <= 122 for c in t)


def is_critical(t):
    return not (t[0] & 0x20)


# --------------------------------------------------------------------------
# Chunk reading
# --------------------------------------------------------------------------
class Chunk:
    __slots__ = ("kind", "pos", "type", "length", "data", "crc_ok", "next")

    def __init__(self, kind, pos, ctype=None, length=0, data=None, crc_ok=False, nxt=0):
        self.kind = kind      # "ok", "cut" (ends past the file / at EOF), "malformed"
        self.pos = pos
        self.type = ctype
        self.length = length
        self.data = data      # memoryview of the payload
        self.crc_ok = crc_ok
        self.next = nxt

    @property
    def name(self):
        return self.type.decode("latin-1") if self.type else "?"


def read_chunk(buf, mv, p):
    n = len(buf)
    if p + 8 > n:
        # No whole chunk header left (includes a clean end of file).
        return Chunk("cut", p)
    length = be32(buf, p)
    ctype = bytes(buf[p + 4:p + 8])
    # README reading: length above 2^31-1, then type not four ASCII letters,
    # both checked before whether the chunk fits in the file.
    if length > MAX31 or not is_letters(ctype):
        return Chunk("malformed", p, ctype, length)
    end = p + 12 + length
    if end > n:
        return Chunk("cut", p, ctype, length)
    crc_stored = be32(buf, p + 8 + length)
    crc_ok = binascii.crc32(mv[p + 4:p + 8 + length]) == crc_stored
    return Chunk("ok", p, ctype, length, mv[p + 8:p + 8 + length], crc_ok, end)


# --------------------------------------------------------------------------
# Image data: inflate, unfilter, convert to RGBA
# --------------------------------------------------------------------------
_MASKS = {}


def _masks(n):
    m = _MASKS.get(n)
    if m is None:
        m = (int.from_bytes(b"\x7f" * n, "big"), int.from_bytes(b"\x80" * n, "big"))
        _MASKS[n] = m
    return m


def add_bytes(a, b):
    """Bytewise (a[i] + b[i]) mod 256 of two equal-length byte strings."""
    n = len(a)
    if n == 0:
        return bytearray()
    low, high = _masks(n)
    x = int.from_bytes(a, "big")
    y = int.from_bytes(b, "big")
    r = ((x & low) + (y & low)) ^ ((x ^ y) & high)
    return bytearray(r.to_bytes(n, "big"))


_AND255 = (255).__and__


def unfilter_rows(raw, off, rowbytes, rows, bpp):
    """Returns (list of unfiltered rows, new offset)."""
    prev = bytearray(rowbytes)
    out = []
    for _ in range(rows):
        ft = raw[off]
        line = bytearray(raw[off + 1:off + 1 + rowbytes])
        off += 1 + rowbytes
        if ft == 0:
            pass
        elif ft == 1:
            for c in range(min(bpp, rowbytes)):
                line[c::bpp] = bytes(map(_AND255, accumulate(line[c::bpp])))
        elif ft == 2:
            line = add_bytes(line, prev)
        elif ft == 3:
            for i in range(rowbytes):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ft == 4:
            for i in range(rowbytes):
                up = prev[i]
                if i >= bpp:
                    left = line[i - bpp]
                    ul = prev[i - bpp]
                else:
                    left = ul = 0
                pa = up - ul
                pb = left - ul
                pc = pa + pb
                if pa < 0:
                    pa = -pa
                if pb < 0:
                    pb = -pb
                if pc < 0:
                    pc = -pc
                if pa <= pb and pa <= pc:
                    pred = left
                elif pb <= pc:
                    pred = up
                else:
                    pred = ul
                line[i] = (line[i] + pred) & 255
        else:
            raise DataError("bad filter type %d" % ft)
        out.append(line)
        prev = line
    return out, off


def _unpack_table(depth):
    per = 8 // depth
    mask = (1 << depth) - 1
    table = []
    for b in range(256):
        table.append(bytes((b >> (8 - depth * (k + 1))) & mask for k in range(per)))
    return table


UNPACK = {d: _unpack_table(d) for d in (1, 2, 4)}


class PixelFormat:
    """Everything needed to turn unfiltered rows into RGBA rows."""

    def __init__(self, ct, depth, plte, trns):
        self.ct = ct
        self.depth = depth
        self.bits = CHANNELS[ct] * depth
        self.bpp = max(1, self.bits // 8)
        self.grey_key = None   # for ct 0: masked key
        self.rgb_key = None    # for ct 2: bytes to compare with the stored samples
        if ct == 0 and trns is not None and len(trns) == 2:
            self.grey_key = be16(trns, 0) & ((1 << depth) - 1)
        if ct == 2 and trns is not None and len(trns) == 6:
            if depth == 8:
                self.rgb_key = bytes((trns[1], trns[3], trns[5]))  # key & 0xff
            else:
                self.rgb_key = bytes(trns[:6])
        if ct == 0 and depth <= 8:
            maxv = (1 << depth) - 1
            self.scale = bytes((v * 255 // maxv) if v <= maxv else 0 for v in range(256))
            if self.grey_key is not None:
                self.grey_alpha = bytes(0 if v == self.grey_key else 255 for v in range(256))
        if ct == 3:
            n = len(plte) // 3
            alpha = trns if trns is not None else b""
            tr, tg, tb, ta = bytearray(256), bytearray(256), bytearray(256), bytearray(256)
            for i in range(256):
                if i < n:
                    tr[i], tg[i], tb[i] = plte[3 * i], plte[3 * i + 1], plte[3 * i + 2]
                    ta[i] = alpha[i] if i < len(alpha) else 255
                else:  # index past PLTE's last entry: opaque black
                    tr[i] = tg[i] = tb[i] = 0
                    ta[i] = 255
            self.pal = (bytes(tr), bytes(tg), bytes(tb), bytes(ta))

    def rowbytes(self, w):
        return (w * self.bits + 7) // 8

    def samples(self, line, w):
        if self.depth >= 8:
            return bytes(line)
        t = UNPACK[self.depth]
        return b"".join(map(t.__getitem__, line))[:w]

    def to_rgba(self, line, w):
        ct, depth = self.ct, self.depth
        out = bytearray(w * 4)
        if ct == 6:
            if depth == 8:
                out[:] = line
            else:
                out[:] = line[0::2]
            return out
        if ct == 4:
            if depth == 8:
                g, a = line[0::2], line[1::2]
            else:
                g, a = line[0::4], line[2::4]
            out[0::4] = g
            out[1::4] = g
            out[2::4] = g
            out[3::4] = a
            return out
        if ct == 3:
            idx = self.samples(line, w)
            tr, tg, tb, ta = self.pal
            out[0::4] = idx.translate(tr)
            out[1::4] = idx.translate(tg)
            out[2::4] = idx.translate(tb)
            out[3::4] = idx.translate(ta)
            return out
        if ct == 0:
            if depth <= 8:
                s = self.samples(line, w)
                g = s.translate(self.scale)
                a = s.translate(self.grey_alpha) if self.grey_key is not None else b"\xff" * w
            else:
                g = line[0::2]
                if self.grey_key is not None:
                    k = self.grey_key
                    a = bytes(0 if ((line[2 * i] << 8) | line[2 * i + 1]) == k else 255
                              for i in range(w))
                else:
                    a = b"\xff" * w
            out[0::4] = g
            out[1::4] = g
            out[2::4] = g
            out[3::4] = a
            return out
        # ct == 2
        step = 3 if depth == 8 else 6
        hb = 1 if depth == 8 else 2
        out[0::4] = line[0::step]
        out[1::4] = line[hb::step]
        out[2::4] = line[2 * hb::step]
        if self.rgb_key is not None:
            k = self.rgb_key
            out[3::4] = bytes(0 if line[step * i:step * i + step] == k else 255 for i in range(w))
        else:
            out[3::4] = b"\xff" * w
        return out


def passes_of(w, h, interlace):
    if not interlace:
        return [(0, 0, 1, 1, w, h)]
    res = []
    for x0, y0, dx, dy in ADAM7:
        pw = (w - x0 + dx - 1) // dx if w > x0 else 0
        ph = (h - y0 + dy - 1) // dy if h > y0 else 0
        res.append((x0, y0, dx, dy, pw, ph))
    return res


def decode_image(parts, w, h, fmt, interlace):
    """Decodes one image's data (list of compressed byte pieces) to RGBA bytes."""
    comp = b"".join(parts)
    if len(comp) < 2:
        raise DataError("image data too short for a zlib header")
    cmf, flg = comp[0], comp[1]
    if (cmf & 0x0F) != 8 or (cmf >> 4) > 7 or ((cmf << 8) | flg) % 31 or (flg & 0x20):
        raise DataError("bad zlib header")
    passes = passes_of(w, h, interlace)
    expected = 0
    for _, _, _, _, pw, ph in passes:
        if pw and ph:
            expected += ph * (1 + fmt.rowbytes(pw))
    d = zlib.decompressobj()
    try:
        raw = d.decompress(comp, expected + 1)
    except zlib.error as e:
        raise DataError("broken zlib stream (%s)" % e)
    if len(raw) > expected:
        raise DataError("more image data than rows")
    if not d.eof:
        raise DataError("image data ends early (zlib stream not finished)")
    if len(raw) < expected:
        raise DataError("image data ends before the last row")
    img = bytearray(w * h * 4)
    off = 0
    stride = w * 4
    for x0, y0, dx, dy, pw, ph in passes:
        if not (pw and ph):
            continue
        rows, off = unfilter_rows(raw, off, fmt.rowbytes(pw), ph, fmt.bpp)
        if not interlace:
            for y, line in enumerate(rows):
                img[y * stride:(y + 1) * stride] = fmt.to_rgba(line, pw)
            continue
        for r, line in enumerate(rows):
            rgba = fmt.to_rgba(line, pw)
            base = (y0 + r * dy) * stride + x0 * 4
            span = (pw - 1) * dx * 4 + 1
            for c in range(4):
                s = base + c
                img[s:s + span:dx * 4] = rgba[c::4]
    return img


# --------------------------------------------------------------------------
# Compositing
# --------------------------------------------------------------------------
def draw_frame(canvas, cw, src, fx, fy, fw, fh, blend):
    stride = cw * 4
    rw = fw * 4
    for r in range(fh):
        cs = (fy + r) * stride + fx * 4
        srow = src[r * rw:(r + 1) * rw]
        if blend == 0:
            canvas[cs:cs + rw] = srow
            continue
        alphas = srow[3::4]
        n255 = alphas.count(255)
        if n255 == fw:
            canvas[cs:cs + rw] = srow
            continue
        if n255 == 0 and alphas.count(0) == fw:
            continue
        for j in range(fw):
            k = 4 * j
            a = srow[k + 3]
            if a == 0:
                continue
            ci = cs + k
            ca = canvas[ci + 3]
            if a == 255 or ca == 0:
                canvas[ci:ci + 4] = srow[k:k + 4]
                continue
            u = a * 255
            v = (255 - a) * ca
            wt = u + v
            canvas[ci] = (srow[k] * u + canvas[ci] * v) // wt
            canvas[ci + 1] = (srow[k + 1] * u + canvas[ci + 1] * v) // wt
            canvas[ci + 2] = (srow[k + 2] * u + canvas[ci + 2] * v) // wt
            canvas[ci + 3] = wt // 255


def save_rect(canvas, cw, fx, fy, fw, fh):
    stride = cw * 4
    return [bytes(canvas[(fy + r) * stride + fx * 4:(fy + r) * stride + (fx + fw) * 4])
            for r in range(fh)]


def restore_rect(canvas, cw, fx, fy, fw, saved):
    stride = cw * 4
    for r, row in enumerate(saved):
        s = (fy + r) * stride + fx * 4
        canvas[s:s + fw * 4] = row


def clear_rect(canvas, cw, fx, fy, fw, fh):
    stride = cw * 4
    zero = bytes(fw * 4)
    for r in range(fh):
        s = (fy + r) * stride + fx * 4
        canvas[s:s + fw * 4] = zero


def crc_hex(b):
    return "%08x" % (binascii.crc32(b) & 0xFFFFFFFF)


def delays(num, den):
    if den == 0:
        den = 100
    ns = (2 * num * 1_000_000_000 + den) // (2 * den)   # nearest, ties up
    ms = num * 1000 // den
    if ms <= 10:
        ms = 100
    return ms, ns


# --------------------------------------------------------------------------
# The container
# --------------------------------------------------------------------------
class Frame:
    __slots__ = ("x", "y", "w", "h", "num", "den", "dispose", "blend", "parts",
                 "is_default", "pos", "has_data")

    def __init__(self, f, pos, is_default):
        (self.w, self.h, self.x, self.y, self.num, self.den, self.dispose, self.blend) = f
        self.parts = []
        self.is_default = is_default
        self.has_data = is_default
        self.pos = pos


def parse_fctl(ch, cw, chh):
    """Returns (fields, error) for an fcTL whose CRC and sequence are checked elsewhere."""
    d = ch.data
    if ch.length != 26:
        return None, "fcTL of %d bytes" % ch.length
    w, h, x, y = be32(d, 4), be32(d, 8), be32(d, 12), be32(d, 16)
    num, den = be16(d, 20), be16(d, 22)
    dispose, blend = d[24], d[25]
    if w == 0 or h == 0:
        return None, "fcTL with empty rectangle %dx%d" % (w, h)
    if x + w > cw or y + h > chh:
        return None, "fcTL rectangle %dx%d at (%d,%d) outside the %dx%d canvas" % (w, h, x, y, cw, chh)
    if dispose > 2:
        return None, "dispose op %d" % dispose
    if blend > 1:
        return None, "blend op %d" % blend
    return (w, h, x, y, num, den, dispose, blend), None


def still_result(width, height, image, truncated, anim_err, with_sha256):
    res = {
        "width": width, "height": height, "loops": 1, "loop_raw": None,
        "truncated": truncated, "animation_error": anim_err,
        "frames": [{"delay_ms": 0, "delay_ns_raw": 0, "x": 0, "y": 0,
                    "width": width, "height": height, "dispose": 0, "blend": 0,
                    "crc32": crc_hex(image)}],
    }
    if with_sha256:
        res["frames"][0]["sha256"] = hashlib.sha256(image).hexdigest()
    return res


def decode(data, with_sha256=False):
    """The result for the PNG bytes `data`; with_sha256 adds each frame's canvas SHA-256."""
    try:
        return _decode(bytes(data), with_sha256)
    except FatalError as e:
        return {"error": str(e)}


def _decode(buf, with_sha256):
    mv = memoryview(buf)
    if len(buf) < 8 or buf[:8] != SIGNATURE:
        raise FatalError("not a PNG: bad signature")

    # ---- IHDR ----
    ch = read_chunk(buf, mv, 8)
    if ch.kind != "ok":
        raise FatalError("no IHDR chunk (file ends or is malformed at byte 8)")
    if ch.type != b"IHDR":
        raise FatalError("first chunk is %s, not IHDR" % ch.name)
    if not ch.crc_ok:
        raise FatalError("bad CRC in IHDR at byte 8")
    if ch.length != 13:
        raise FatalError("IHDR of %d bytes" % ch.length)
    d = ch.data
    width, height = be32(d, 0), be32(d, 4)
    depth, ct, comp_m, filt_m, interlace = d[8], d[9], d[10], d[11], d[12]
    if width == 0 or height == 0 or width > MAX31 or height > MAX31:
        raise FatalError("bad dimensions %dx%d in IHDR at byte 8" % (width, height))
    if ct not in DEPTHS or depth not in DEPTHS[ct]:
        raise FatalError("unsupported format at byte 8: colour type %d, bit depth %d" % (ct, depth))
    if comp_m != 0 or filt_m != 0 or interlace > 1:
        raise FatalError("bad compression/filter/interlace method in IHDR")
    if width * height > PIXEL_LIMIT:
        raise FatalError("canvas %dx%d exceeds the limit of %d pixels" % (width, height, PIXEL_LIMIT))
    p = ch.next
    start = p

    # ---- pre-scan: is there an acTL before the first IDAT? ----
    is_apng = False
    q = start
    while True:
        c = read_chunk(buf, mv, q)
        if c.kind != "ok" or c.type in (b"IDAT", b"IEND"):
            break
        if c.type == b"acTL":
            is_apng = True
            break
        q = c.next

    anim_err = None
    plte = None
    trns = None
    actl_seen = False
    num_frames = num_plays = 0
    seq_next = 0
    frames = []

    def fail(msg, at):
        nonlocal anim_err
        if anim_err is None:
            anim_err = "%s (chunk at byte %d)" % (msg, at)

    def check_seq(c):
        nonlocal seq_next
        if c.length < 4:
            return False
        s = be32(c.data, 0)
        if s != seq_next:
            fail("sequence number %d, expected %d" % (s, seq_next), c.pos)
            return False
        seq_next += 1
        return True

    def frame_control(c):
        """The fields of a valid fcTL, or None (the error recorded)."""
        if c.length != 26:
            fail("fcTL of %d bytes" % c.length, c.pos)
        elif check_seq(c):
            f, err = parse_fctl(c, width, height)
            if err:
                fail(err, c.pos)
            else:
                return f
        return None

    # ---- chunks before the first IDAT ----
    while True:
        ch = read_chunk(buf, mv, p)
        if ch.kind == "cut":
            raise FatalError("truncated: the file ends at byte %d before the image data" % len(buf))
        if ch.kind == "malformed":
            raise FatalError("malformed chunk header at byte %d" % p)
        t = ch.type
        if t == b"IDAT":
            break
        if t in APNG_CHUNKS:
            if not ch.crc_ok:
                fail("bad CRC in %s" % ch.name, ch.pos)
            elif is_apng and anim_err is None:
                if t == b"acTL":
                    if actl_seen:
                        fail("second acTL", ch.pos)
                    elif ch.length != 8:
                        fail("acTL of %d bytes" % ch.length, ch.pos)
                    else:
                        num_frames, num_plays = be32(ch.data, 0), be32(ch.data, 4)
                        if num_frames == 0 or num_frames > MAX31:
                            fail("num_frames %d" % num_frames, ch.pos)
                        elif num_plays > MAX31:
                            fail("num_plays %d" % num_plays, ch.pos)
                elif t == b"fcTL":
                    f = frame_control(ch)
                    if f is None:
                        pass
                    elif frames:
                        fail("two fcTLs with no frame data between them", ch.pos)
                    elif f[2] != 0 or f[3] != 0 or f[0] != width or f[1] != height:
                        fail("the fcTL before IDAT is not the whole canvas", ch.pos)
                    else:
                        frames.append(Frame(f, ch.pos, True))
                else:
                    fail("fdAT before the first IDAT", ch.pos)
            if t == b"acTL":
                actl_seen = True
        elif t == b"IHDR":
            raise FatalError("second IHDR at byte %d" % ch.pos)
        elif t == b"IEND":
            raise FatalError("no IDAT before IEND at byte %d" % ch.pos)
        elif not ch.crc_ok:
            raise FatalError("bad CRC in %s at byte %d" % (ch.name, ch.pos))
        elif t == b"PLTE":
            if plte is not None:
                raise FatalError("second PLTE at byte %d" % ch.pos)
            if ct in (0, 4):
                # A grey image's PLTE is ignored (libpng's reading); a
                # second one is still an error.
                plte = b""
                p = ch.next
                continue
            if ch.length == 0 or ch.length % 3 or ch.length > 768:
                raise FatalError("PLTE of %d bytes at byte %d" % (ch.length, ch.pos))
            plte = bytes(ch.data)
        elif t == b"tRNS":
            # Kept only when it can apply (libpng's reading): an indexed
            # image's after PLTE, with 1 to len(PLTE) entries; 2 bytes for
            # grey, 6 for RGB; the first that applies.
            n = ch.length
            applies = (ct == 3 and plte is not None and 1 <= n <= len(plte) // 3) or (ct == 0 and n == 2) \
                or (ct == 2 and n == 6)
            if trns is None and applies:
                trns = bytes(ch.data)
        elif is_critical(t):
            raise FatalError("unknown critical chunk %s at byte %d" % (ch.name, ch.pos))
        p = ch.next

    # ---- the first IDAT run: the default image ----
    if ct == 3 and plte is None:
        raise FatalError("indexed-colour image without PLTE")
    idat = []
    while True:
        ch = read_chunk(buf, mv, p)
        if ch.kind != "ok" or ch.type != b"IDAT":
            break
        if not ch.crc_ok:
            raise FatalError("bad CRC in IDAT at byte %d" % ch.pos)
        idat.append(ch.data)
        p = ch.next
    fmt = PixelFormat(ct, depth, plte, trns)
    try:
        default_image = decode_image(idat, width, height, fmt, interlace)
    except DataError as e:
        raise FatalError("default image data: %s (image data ending at byte %d)" % (e, p))

    # ---- chunks after the default image's data ----
    truncated = False
    cur = frames[-1] if frames else None
    while True:
        ch = read_chunk(buf, mv, p)
        if ch.kind == "cut":
            truncated = True
            break
        if ch.kind == "malformed":
            fail("malformed chunk header", p)
            break
        t = ch.type
        if t == b"IEND":
            if not ch.crc_ok:
                fail("bad CRC in IEND", ch.pos)
            elif ch.length != 0:
                fail("IEND of %d bytes" % ch.length, ch.pos)
            break
        p = ch.next
        if anim_err is not None:
            continue  # only look for the end of the file (truncation)
        if not ch.crc_ok:
            fail("bad CRC in %s" % ch.name, ch.pos)
        elif t == b"IDAT":
            fail("IDAT after the first IDAT run ended", ch.pos)
        elif is_critical(t):
            fail("%s after the image data" % ch.name, ch.pos)
        elif t in APNG_CHUNKS and is_apng:
            if t == b"acTL":
                fail("second acTL (after IDAT)", ch.pos)
            elif t == b"fcTL":
                f = frame_control(ch)
                if f is None:
                    pass
                elif cur is not None and not cur.has_data:
                    fail("two fcTLs with no frame data between them", ch.pos)
                else:
                    cur = Frame(f, ch.pos, False)
                    frames.append(cur)
            else:  # fdAT
                if ch.length < 4:
                    fail("fdAT of %d bytes" % ch.length, ch.pos)
                elif check_seq(ch):
                    if cur is None:
                        fail("fdAT before any fcTL", ch.pos)
                    elif cur.is_default:
                        fail("fdAT in the default image's frame", ch.pos)
                    else:
                        cur.parts.append(ch.data[4:])
                        cur.has_data = True
        # other ancillary chunks (known or not, in place or not): skipped
    iend_pos = p

    if not is_apng or anim_err is not None:
        return still_result(width, height, default_image, truncated, anim_err, with_sha256)
    if not truncated and len(frames) != num_frames:
        fail("%d frames, acTL says %d" % (len(frames), num_frames), iend_pos)
        return still_result(width, height, default_image, truncated, anim_err, with_sha256)

    # ---- decode and composite the frames ----
    canvas = bytearray(width * height * 4)
    out = []
    for i, fr in enumerate(frames):
        if fr.is_default:
            pix = default_image
        else:
            try:
                pix = decode_image(fr.parts, fr.w, fr.h, fmt, interlace)
            except DataError as e:
                if truncated and i == len(frames) - 1:
                    break  # the frame cut by the end of the file is dropped
                fail("frame %d: %s" % (i, e), fr.pos)
                return still_result(width, height, default_image, truncated, anim_err, with_sha256)
        saved = None
        if fr.dispose == 2 and i > 0:
            saved = save_rect(canvas, width, fr.x, fr.y, fr.w, fr.h)
        draw_frame(canvas, width, pix, fr.x, fr.y, fr.w, fr.h, fr.blend)
        ms, ns = delays(fr.num, fr.den)
        out.append({"delay_ms": ms, "delay_ns_raw": ns, "x": fr.x, "y": fr.y,
                    "width": fr.w, "height": fr.h, "dispose": fr.dispose,
                    "blend": fr.blend, "crc32": crc_hex(canvas)})
        if with_sha256:
            out[-1]["sha256"] = hashlib.sha256(canvas).hexdigest()
        if fr.dispose == 1 or (fr.dispose == 2 and i == 0):
            clear_rect(canvas, width, fr.x, fr.y, fr.w, fr.h)
        elif fr.dispose == 2:
            restore_rect(canvas, width, fr.x, fr.y, fr.w, saved)
    if not out:
        return still_result(width, height, default_image, truncated, None, with_sha256)
    return {
        "width": width, "height": height,
        "loops": "inf" if num_plays == 0 else num_plays,
        "loop_raw": num_plays, "truncated": truncated, "animation_error": None,
        "frames": out,
    }


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: apng_oracle.py FILE\n")
        return 2
    with open(argv[1], "rb") as fh:
        data = fh.read()
    print(json.dumps(decode(data), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
