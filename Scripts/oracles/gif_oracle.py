#!/usr/bin/env python3
"""Independent reference decoder ("oracle") for GIF, written from shared/spec/gif.md.

Usage: python3 gif_oracle.py FILE   -> prints one JSON object (see decode()).
Standard library only.

Readings where the spec is silent (no corpus file pins them):
- An empty frame (width or height 0) is complete and draws nothing; its data
  is skipped, but a first frame's LZW minimum code size outside 1...8 is still
  an error (the spec lists it among the errors).
- A loop extension whose count sub-block is whole counts even when the file
  ends before the extension's terminator (Wuffs and Chromium read it sub-block
  by sub-block); any other block cut by the end of the file counts for nothing.
- LZW code size 1: the width grows to 3 bits after the first code following a
  clear or the start; a full table is kept (deferred clear) until a clear.
"""
import hashlib
import json
import sys
import zlib

PIXEL_LIMIT = 16_777_216  # canvas pixels after growing (spec default)


class GifError(Exception):
    """A file that must be rejected (typed error with a byte offset)."""


class _Cut(Exception):
    """The file ended at byte offset `pos` while reading something."""

    def __init__(self, pos, what):
        super().__init__(f"{what} cut at byte {pos}")
        self.pos = pos
        self.what = what


class _Reader:
    def __init__(self, data):
        self.d = data
        self.p = 0
        self.n = len(data)

    def byte(self, what):
        if self.p >= self.n:
            raise _Cut(self.p, what)
        b = self.d[self.p]
        self.p += 1
        return b

    def take(self, k, what):
        if self.p + k > self.n:
            raise _Cut(self.n, what)
        s = self.d[self.p:self.p + k]
        self.p += k
        return s

    def u16(self, what):
        s = self.take(2, what)
        return s[0] | (s[1] << 8)

    def sub_blocks(self, what):
        """Read a chain of sub-blocks up to and including its 0 terminator.

        Returns (list_of_blocks, cut) where cut is None, or the _Cut raised when
        the file ended; in that case the list holds everything read (a partly
        present last sub-block is included with the bytes that are there)."""
        blocks = []
        self.last_block_cut = False
        while True:
            if self.p >= self.n:
                return blocks, _Cut(self.p, what)
            k = self.d[self.p]
            self.p += 1
            if k == 0:
                return blocks, None
            end = self.p + k
            if end > self.n:
                self.last_block_cut = True
                blocks.append(self.d[self.p:self.n])
                self.p = self.n
                return blocks, _Cut(self.n, what)
            blocks.append(self.d[self.p:end])
            self.p = end


def lzw_decode(data, mcs, npix):
    """Decode GIF LZW `data` (sub-blocks already joined) with minimum code size
    `mcs` (1..8), producing at most `npix` indices.

    Returns (indices: bytearray, complete: bool). Decoding stops at the end
    code, at an invalid code, when the data runs out (a partial final code is
    not used), or once npix indices are out (surplus data ignored)."""
    out = bytearray()
    if npix <= 0:
        return out, True
    clear = 1 << mcs
    end = clear + 1
    # table: code -> bytes; literals fixed, clear/end placeholders
    base = [bytes((i,)) for i in range(clear)] + [b"", b""]
    table = list(base)
    nxt = end + 1
    width = mcs + 1
    mask = (1 << width) - 1
    prev = None  # previous code's string (None right after clear / start)
    bitbuf = 0
    nbits = 0
    pos = 0
    n = len(data)
    produced = 0
    while produced < npix:
        while nbits < width:
            if pos >= n:
                return out, False  # data ran out
            bitbuf |= data[pos] << nbits
            pos += 1
            nbits += 8
        code = bitbuf & mask
        bitbuf >>= width
        nbits -= width
        if code == clear:
            del table[end + 1:]
            nxt = end + 1
            width = mcs + 1
            mask = (1 << width) - 1
            prev = None
            continue
        if code == end:
            return out, False  # end code before the last pixel
        if prev is None:
            if code >= clear:
                return out, False  # not a literal: invalid first code
            s = table[code]
        elif code < nxt:
            s = table[code]
            if nxt < 4096:
                table.append(prev + s[:1])
                nxt += 1
        elif code == nxt and nxt < 4096:
            s = prev + prev[:1]
            table.append(s)
            nxt += 1
        else:
            return out, False  # invalid code (beyond the table)
        prev = s
        # code width grows once the next free code needs one more bit; this
        # check also runs after the first code following a clear, which is
        # what makes minimum code size 1 go to 3 bits at that point.
        if nxt == (1 << width) and width < 12:
            width += 1
            mask = (1 << width) - 1
        room = npix - produced
        if len(s) > room:
            out += s[:room]
            produced = npix
        else:
            out += s
            produced += len(s)
    return out, True


def _interlace_rows(h):
    rows = []
    for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)):
        rows.extend(range(start, h, step))
    return rows


def _make_tables(ctab, trans):
    """Per-channel translate tables (256 bytes) and the keep-mask table.

    ctab: bytes of RGB triplets or None; trans: transparent index or None.
    Index beyond the table (or no table) -> opaque black. The transparent
    index -> 0 in all channels, with keep mask 0xFF."""
    r = bytearray(256)
    g = bytearray(256)
    b = bytearray(256)
    a = bytearray(b"\xff" * 256)
    if ctab is not None:
        for i in range(len(ctab) // 3):
            r[i] = ctab[3 * i]
            g[i] = ctab[3 * i + 1]
            b[i] = ctab[3 * i + 2]
    keep = bytearray(256)
    if trans is not None:
        r[trans] = g[trans] = b[trans] = a[trans] = 0
        keep[trans] = 0xFF
    return bytes(r), bytes(g), bytes(b), bytes(a), bytes(keep)


def _draw(canvas, cw, ch, fx, fy, fw, fh, interlaced, idx, ctab, trans):
    """Composite decoded indices `idx` (len <= fw*fh, in stream order) onto
    the canvas (bytearray, RGBA). Undecoded pixels leave the canvas alone."""
    if not idx or fw <= 0 or fh <= 0:
        return
    x0 = max(fx, 0)
    x1 = min(fx + fw, cw)
    if x0 >= x1:
        return
    rt, gt, bt, at, kt = _make_tables(ctab, trans)
    tbyte = bytes((trans,)) if trans is not None else None
    rows = _interlace_rows(fh) if interlaced else range(fh)
    total = len(idx)
    for k, r in enumerate(rows):
        start = k * fw
        if start >= total:
            break
        y = fy + r
        if y < 0 or y >= ch:
            continue
        stop = min(start + fw, total)
        # clip horizontally within the decoded part of this row
        a0 = start + (x0 - fx)
        a1 = min(start + (x1 - fx), stop)
        if a0 >= a1:
            continue
        seg = idx[a0:a1]
        npx = a1 - a0
        src = bytearray(npx * 4)
        src[0::4] = seg.translate(rt)
        src[1::4] = seg.translate(gt)
        src[2::4] = seg.translate(bt)
        src[3::4] = seg.translate(at)
        c0 = (y * cw + x0) * 4
        c1 = c0 + npx * 4
        if tbyte is not None and tbyte in seg:
            km = bytearray(npx * 4)
            kb = seg.translate(kt)
            km[0::4] = kb
            km[1::4] = kb
            km[2::4] = kb
            km[3::4] = kb
            old = int.from_bytes(canvas[c0:c1], "little")
            new = (old & int.from_bytes(km, "little")) | int.from_bytes(src, "little")
            canvas[c0:c1] = new.to_bytes(npx * 4, "little")
        else:
            canvas[c0:c1] = src


def _clear_rect(canvas, cw, ch, fx, fy, fw, fh):
    x0 = max(fx, 0)
    x1 = min(fx + fw, cw)
    y0 = max(fy, 0)
    y1 = min(fy + fh, ch)
    if x0 >= x1 or y0 >= y1:
        return
    z = bytes((x1 - x0) * 4)
    for y in range(y0, y1):
        c0 = (y * cw + x0) * 4
        canvas[c0:c0 + len(z)] = z


def decode(data, pixel_limit=PIXEL_LIMIT, want_sha256=True):
    """Decode GIF bytes into the corpus JSON shape (a dict)."""
    try:
        return _decode(bytes(data), pixel_limit, want_sha256)
    except GifError as e:
        return {"error": str(e)}


def _decode(data, pixel_limit, want_sha256):
    if len(data) == 0:
        raise GifError("empty file")
    rd = _Reader(data)
    # --- header, logical screen descriptor, global colour table
    try:
        sig = rd.take(6, "header")
    except _Cut as c:
        if data[:min(len(data), 3)] != b"GIF"[:min(len(data), 3)]:
            raise GifError("not a GIF (bad signature) at byte 0")
        raise GifError(f"truncated header: {c}")
    if sig not in (b"GIF87a", b"GIF89a"):
        raise GifError("not a GIF (bad signature) at byte 0")
    try:
        sw = rd.u16("logical screen descriptor")
        sh = rd.u16("logical screen descriptor")
        packed = rd.byte("logical screen descriptor")
        rd.byte("logical screen descriptor")  # background index (ignored)
        rd.byte("logical screen descriptor")  # aspect ratio (ignored)
        gct = None
        if packed & 0x80:
            gct = rd.take(3 * (2 << (packed & 7)), "global colour table")
    except _Cut as c:
        raise GifError(f"truncated header: {c}")

    frames = []
    truncated = False
    loop_raw = None
    gce = None  # (disposal, delay_cs, transparent index or None)
    canvas = None
    cw = ch = 0
    saved = None  # canvas before the previous frame, for disposal 3/4
    prev_disp = None  # (disposal, rect) of the previous frame

    def stop_early(reason):
        # decoding stops: before a first frame this is an error
        if not frames:
            raise GifError(reason)

    while True:
        at = rd.p
        if rd.p >= rd.n:
            stop_early(f"file ends at byte {at} before any frame")
            truncated = True
            break
        intro = data[rd.p]
        rd.p += 1
        if intro == 0x3B:  # trailer
            break
        if intro == 0x21:  # extension
            try:
                label = rd.byte("extension label")
            except _Cut as c:
                stop_early(f"truncated extension: {c}")
                truncated = True
                break
            blocks, cut = rd.sub_blocks("extension")
            if cut is not None:
                # Reading (the corpus pins neither): a loop extension whose
                # count sub-block is whole counts even when the file ends
                # before its terminator, as Wuffs and Chromium read the
                # count sub-block by sub-block.
                whole = blocks[:-1] if rd.last_block_cut else blocks
                if (label == 0xFF and len(whole) >= 2 and len(whole[0]) == 11
                        and bytes(whole[0]) in (b"NETSCAPE2.0", b"ANIMEXTS1.0")
                        and len(whole[1]) == 3 and whole[1][0] == 1):
                    loop_raw = whole[1][1] | (whole[1][2] << 8)
                stop_early(f"truncated extension at byte {at}: {cut}")
                truncated = True
                break
            if label == 0xF9:
                if blocks and len(blocks[0]) >= 4:
                    b0 = blocks[0]
                    disp = (b0[0] >> 2) & 7
                    delay = b0[1] | (b0[2] << 8)
                    tr = b0[3] if (b0[0] & 1) else None
                    gce = (disp, delay, tr)
            elif label == 0xFF:
                if (len(blocks) >= 2 and len(blocks[0]) == 11
                        and bytes(blocks[0]) in (b"NETSCAPE2.0", b"ANIMEXTS1.0")
                        and len(blocks[1]) == 3 and blocks[1][0] == 1):
                    loop_raw = blocks[1][1] | (blocks[1][2] << 8)
            continue
        if intro != 0x2C:
            stop_early(f"unknown block introducer 0x{intro:02x} at byte {at}")
            truncated = True
            break
        # --- image
        try:
            fx = rd.u16("image descriptor")
            fy = rd.u16("image descriptor")
            fw = rd.u16("image descriptor")
            fh = rd.u16("image descriptor")
            ipk = rd.byte("image descriptor")
            lct = None
            if ipk & 0x80:
                lct = rd.take(3 * (2 << (ipk & 7)), "local colour table")
            mcs_at = rd.p
            mcs = rd.byte("LZW minimum code size")
        except _Cut as c:
            stop_early(f"truncated first frame at byte {at}: {c}")
            truncated = True
            break
        # the frame is now counted
        first = not frames
        if first:
            cw = max(sw, fx + fw)
            ch = max(sh, fy + fh)
            if cw == 0 or ch == 0:
                raise GifError(f"canvas of zero size ({cw}x{ch}) at byte {at}")
            if cw * ch > pixel_limit:
                raise GifError(f"canvas {cw}x{ch} over the pixel limit {pixel_limit} at byte {at}")
        zero = fw == 0 or fh == 0
        # Reading (the corpus pins neither): a first frame's code size is
        # checked even when the frame is empty. gif.md lists it among the
        # errors, and its rule for an empty frame is about its data.
        if first and not 1 <= mcs <= 8:
            raise GifError(f"bad LZW minimum code size {mcs} at byte {mcs_at}")
        blocks, cut = rd.sub_blocks("image data")
        if first:
            canvas = bytearray(cw * ch * 4)
        else:
            # apply the previous frame's disposal
            pd, (px, py, pw, ph) = prev_disp
            if pd == 2:
                _clear_rect(canvas, cw, ch, px, py, pw, ph)
            elif pd in (3, 4):
                canvas = saved
        disp, delay_cs, trans = gce if gce is not None else (0, 0, None)
        gce = None
        saved = bytearray(canvas) if disp in (3, 4) else None
        if zero:
            complete = True
        elif not 1 <= mcs <= 8:
            complete = False
        else:
            npix = fw * fh
            idx, complete = lzw_decode(b"".join(blocks), mcs, npix)
            ctab = lct if lct is not None else gct
            _draw(canvas, cw, ch, fx, fy, fw, fh, bool(ipk & 0x40), idx, ctab, trans)
        prev_disp = (disp, (fx, fy, fw, fh))
        rec = {
            "delay_cs": delay_cs,
            "delay_ms": 100 if delay_cs <= 1 else delay_cs * 10,
            "disposal": disp,
            "complete": complete,
            "crc32": f"{zlib.crc32(canvas) & 0xFFFFFFFF:08x}",
        }
        if want_sha256:
            rec["sha256"] = hashlib.sha256(canvas).hexdigest()
        frames.append(rec)
        if cut is not None:
            truncated = True
            break

    if not frames:
        raise GifError("no frames (no image in the file)")
    if loop_raw is None:
        loops = 1
    elif loop_raw == 0:
        loops = "inf"
    else:
        loops = loop_raw + 1
    return {
        "width": cw,
        "height": ch,
        "loop_raw": loop_raw,
        "loops": loops,
        "truncated": truncated,
        "frames": frames,
    }


def main(argv):
    if len(argv) != 2:
        print("usage: gif_oracle.py FILE", file=sys.stderr)
        return 2
    with open(argv[1], "rb") as f:
        data = f.read()
    print(json.dumps(decode(data), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
