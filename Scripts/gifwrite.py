"""The GIF-writing pieces the project's generator scripts share: an LZW
encoder (clear code whenever the table fills) and sub-block framing.
Standard library only."""


def lzw(indices, min_code_size):
    clear = 1 << min_code_size
    end = clear + 1
    out = bytearray()
    acc = 0
    nbits = 0
    since_clear = 0

    def width():
        nxt = end + since_clear
        return min(12, max(min_code_size + 1, nxt.bit_length()))

    def put(code, size):
        nonlocal acc, nbits
        acc |= code << nbits
        nbits += size
        while nbits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            nbits -= 8

    def emit(code):
        nonlocal since_clear
        put(code, width())
        since_clear += 1

    put(clear, min_code_size + 1)
    table = {}
    cur = None
    for v in indices:
        if cur is None:
            cur = v
            continue
        key = (cur, v)
        if key in table:
            cur = table[key]
            continue
        emit(cur)
        if end + since_clear < 4096:
            table[key] = end + since_clear
        else:
            put(clear, 12)
            table = {}
            since_clear = 0
        cur = v
    if cur is not None:
        emit(cur)
    emit(end)
    if nbits:
        out.append(acc & 0xFF)
    return bytes(out)


def sub_blocks(data):
    out = bytearray()
    for i in range(0, len(data), 255):
        chunk = data[i:i + 255]
        out.append(len(chunk))
        out += chunk
    out.append(0)
    return bytes(out)
