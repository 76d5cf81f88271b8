"""A small QR code encoder (ISO/IEC 18004): byte mode, error correction L or M, versions 1-40.

For the Live dialog's invitation: the page draws the code itself, no outside service.
Pure Python for CPython and the page's MicroPython (no typing, dataclasses, enum; lists only).

    matrix = qr.encode(b"https://...", "M")   # rows of 0/1, the quiet zone not included
    markup = qr.svg("https://...", label="…")  # an <svg> of it, with a 4-module quiet zone
"""

# Per version 1-40 (index 0 unused): error correction codewords per block, and number of blocks.
ECC_PER_BLOCK = {
    "L": (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
}  # fmt: skip
BLOCKS = {
    "L": (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
}  # fmt: skip
FORMAT_BITS = {"L": 1, "M": 0}  # the two bits of the level in the format information

# GF(256) with the polynomial 0x11D: exponent and logarithm tables.
EXP = [0] * 512
LOG = [0] * 256
_x = 1
for _i in range(255):
    EXP[_i] = _x
    LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    EXP[_i] = EXP[_i - 255]


def _mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else EXP[LOG[a] + LOG[b]]


def raw_modules(version: int) -> int:
    """The data modules (bits) of a version: all modules but the function patterns."""
    result = (16 * version + 128) * version + 64
    if version >= 2:
        count = version // 7 + 2
        result -= (25 * count - 10) * count - 55
        if version >= 7:
            result -= 36
    return result


def data_codewords(version: int, level: str) -> int:
    """The data codewords a version holds at a level."""
    return raw_modules(version) // 8 - ECC_PER_BLOCK[level][version] * BLOCKS[level][version]


def capacity(version: int, level: str) -> int:
    """The most bytes a version holds in byte mode at a level."""
    bits = data_codewords(version, level) * 8 - 4 - (8 if version < 10 else 16)
    return bits // 8


def choose_version(length: int, level: str) -> int:
    """The smallest version that holds `length` bytes (ValueError: none does)."""
    for version in range(1, 41):
        if capacity(version, level) >= length:
            return version
    raise ValueError(f"{length} bytes do not fit in a QR code")


def _generator(degree: int) -> list:
    poly = [1]
    for i in range(degree):
        nxt = [0] * (len(poly) + 1)
        for j, coef in enumerate(poly):
            nxt[j] ^= coef
            nxt[j + 1] ^= _mul(coef, EXP[i])
        poly = nxt
    return poly


def _remainder(data: list, generator: list) -> list:
    degree = len(generator) - 1
    rem = [0] * degree
    for byte in data:
        factor = byte ^ rem[0]
        rem = rem[1:] + [0]
        for i in range(degree):
            rem[i] ^= _mul(generator[i + 1], factor)
    return rem


def codewords(data: bytes, version: int, level: str) -> list:
    """The final codeword sequence: the byte-mode bit stream, padded, in blocks with their error
    correction, interleaved."""
    bits = []

    def put(value: int, count: int) -> None:
        for i in range(count - 1, -1, -1):
            bits.append((value >> i) & 1)

    put(4, 4)  # byte mode
    put(len(data), 8 if version < 10 else 16)
    for byte in data:
        put(byte, 8)
    capacity_bits = data_codewords(version, level) * 8
    put(0, min(4, capacity_bits - len(bits)))
    put(0, (8 - len(bits) % 8) % 8)
    words = []
    for i in range(0, len(bits), 8):
        value = 0
        for bit in bits[i : i + 8]:
            value = (value << 1) | bit
        words.append(value)
    pad = 0xEC
    while len(words) < capacity_bits // 8:
        words.append(pad)
        pad ^= 0xEC ^ 0x11
    return _interleave(words, version, level)


def _interleave(words: list, version: int, level: str) -> list:
    count = BLOCKS[level][version]
    ecc = ECC_PER_BLOCK[level][version]
    total = raw_modules(version) // 8
    short_count = count - total % count
    short_len = total // count  # a short block's length, error correction included
    generator = _generator(ecc)
    blocks = []
    at = 0
    for i in range(count):
        size = short_len - ecc + (0 if i < short_count else 1)
        data = words[at : at + size]
        at += size
        blocks.append((data, _remainder(data, generator)))
    out = []
    for i in range(short_len - ecc + 1):
        for data, _ in blocks:
            if i < len(data):
                out.append(data[i])
    for i in range(ecc):
        for _, rem in blocks:
            out.append(rem[i])
    return out


def _alignment(version: int) -> list:
    if version == 1:
        return []
    count = version // 7 + 2
    step = 26 if version == 32 else (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    size = version * 4 + 17
    out = [6]
    for i in range(count - 1):
        out.insert(1, size - 7 - i * step)
    return out


class _Grid:
    """The matrix being built: modules, and which are function patterns."""

    def __init__(self, version: int) -> None:
        self.size = version * 4 + 17
        self.version = version
        self.m = [[0] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def set(self, x: int, y: int, dark) -> None:
        self.m[y][x] = 1 if dark else 0
        self.fixed[y][x] = True

    def functions(self) -> None:
        size = self.size
        for i in range(size):
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < size and 0 <= y < size:
                        d = max(abs(dx), abs(dy))
                        self.set(x, y, d not in (2, 4))
        positions = _alignment(self.version)
        last = len(positions) - 1
        for i, ax in enumerate(positions):
            for j, ay in enumerate(positions):
                if (i == 0 and j == 0) or (i == 0 and j == last) or (i == last and j == 0):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1)
        self.format_bits("M", 0)  # reserved now, written for real once the mask is chosen
        self.version_bits()

    def format_bits(self, level: str, mask: int) -> None:
        data = FORMAT_BITS[level] << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        bits = (data << 10 | rem) ^ 0x5412
        size = self.size
        for i in range(6):
            self.set(8, i, (bits >> i) & 1)
        self.set(8, 7, (bits >> 6) & 1)
        self.set(8, 8, (bits >> 7) & 1)
        self.set(7, 8, (bits >> 8) & 1)
        for i in range(9, 15):
            self.set(14 - i, 8, (bits >> i) & 1)
        for i in range(8):
            self.set(size - 1 - i, 8, (bits >> i) & 1)
        for i in range(8, 15):
            self.set(8, size - 15 + i, (bits >> i) & 1)
        self.set(8, size - 8, 1)  # the dark module

    def version_bits(self) -> None:
        if self.version < 7:
            return
        rem = self.version
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        bits = self.version << 12 | rem
        for i in range(18):
            bit = (bits >> i) & 1
            a, b = self.size - 11 + i % 3, i // 3
            self.set(a, b, bit)
            self.set(b, a, bit)

    def place(self, words: list) -> None:
        size = self.size
        i = 0
        total = len(words) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(size):
                for j in range(2):
                    x = right - j
                    upward = ((right + 1) & 2) == 0
                    y = size - 1 - vert if upward else vert
                    if not self.fixed[y][x] and i < total:
                        self.m[y][x] = (words[i >> 3] >> (7 - (i & 7))) & 1
                        i += 1
            right -= 2

    def apply_mask(self, mask: int) -> None:
        for y in range(self.size):
            row = self.m[y]
            fixed = self.fixed[y]
            for x in range(self.size):
                if not fixed[x] and _masked(mask, x, y):
                    row[x] ^= 1


def _masked(mask: int, x: int, y: int) -> bool:
    if mask == 0:
        return (x + y) % 2 == 0
    if mask == 1:
        return y % 2 == 0
    if mask == 2:
        return x % 3 == 0
    if mask == 3:
        return (x + y) % 3 == 0
    if mask == 4:
        return (x // 3 + y // 2) % 2 == 0
    if mask == 5:
        return x * y % 2 + x * y % 3 == 0
    if mask == 6:
        return (x * y % 2 + x * y % 3) % 2 == 0
    return ((x + y) % 2 + x * y % 3) % 2 == 0


def penalty(m: list) -> int:
    """The mask penalty of a matrix (rules N1-N4 of the standard)."""
    size = len(m)
    score = 0
    lines = [row for row in m] + [[m[y][x] for y in range(size)] for x in range(size)]
    finder = ([1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1])
    for line in lines:
        run = 1
        for i in range(1, size + 1):
            if i < size and line[i] == line[i - 1]:
                run += 1
                continue
            if run >= 5:
                score += run - 2
            run = 1
        for i in range(size - 10):
            window = line[i : i + 11]
            if window == finder[0] or window == finder[1]:
                score += 40
    for y in range(size - 1):
        for x in range(size - 1):
            c = m[y][x]
            if c == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                score += 3
    dark = sum(sum(row) for row in m)
    total = size * size
    k = (abs(dark * 20 - total * 10) + total - 1) // total - 1
    return score + max(k, 0) * 10


def encode(data, level: str = "M", mask=None, version=None) -> list:
    """The QR code of `data` (bytes, or text as UTF-8): rows of 0/1 (1: dark), no quiet zone.

    The smallest version that holds it unless `version` is given; the mask with the lowest
    penalty unless `mask` (0-7) is given.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    if level not in BLOCKS:
        raise ValueError("the error correction level is L or M")
    if version is None:
        version = choose_version(len(data), level)
    elif capacity(version, level) < len(data):
        raise ValueError(f"{len(data)} bytes do not fit in version {version}")
    words = codewords(data, version, level)
    best = None
    for candidate in range(8) if mask is None else (mask,):
        grid = _Grid(version)
        grid.functions()
        grid.place(words)
        grid.apply_mask(candidate)
        grid.format_bits(level, candidate)
        score = penalty(grid.m) if mask is None else 0
        if best is None or score < best[0]:
            best = (score, grid.m)
    return best[1]


def svg(data, level: str = "M", quiet: int = 4, label: str = "") -> str:
    """The QR code as an SVG, one path of unit squares, `quiet` modules of margin; `label` says
    what it holds to a screen reader (the caller words it)."""
    m = encode(data, level)
    label = label.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
    named = f'role="img" aria-label="{label}" ' if label else 'aria-hidden="true" '
    size = len(m) + 2 * quiet
    parts = []
    for y, row in enumerate(m):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                parts.append(f"M{start + quiet} {y + quiet}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'class="qr" {named}'
        f'shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(parts)}"/></svg>'
    )
