"""The QR encoder of the Live dialog (lotus/page/qr.py): known vectors and a read-back of its data.

The vectors were made by a reference encoder (Project Nayuki's QR Code generator, byte mode, the
same level and no error-correction boost); the read-back below walks the matrix as a reader does
(format information, unmasking, codeword order, blocks) and checks every block's Reed-Solomon
syndromes and the bytes it holds.
"""

import hashlib

import pytest

from lotus.page import qr

HELLO_M = [  # b"hello", level M: version 1, mask 0
    "111111100110001111111",
    "100000101100001000001",
    "101110100101101011101",
    "101110100011001011101",
    "101110101100101011101",
    "100000100000101000001",
    "111111101010101111111",
    "000000000011100000000",
    "101010100101000010010",
    "001011000010001000011",
    "010100101110100011111",
    "110010000000001000010",
    "011010110010101010000",
    "000000001111010100111",
    "111111100011011100111",
    "100000100011110110000",
    "101110101011011100011",
    "101110100100001100110",
    "101110101110100010101",
    "100000100100001010010",
    "111111101110101100011",
]
LINK = ("https://lotus.example/index.html#live=1~" + "abcdefghij0123456789~" * 15).encode()
LINK_VECTORS = {  # level: (version, sha-256 of the rows as lines of 0 and 1)
    "M": (14, "29b2d1b0a0dcda761c61084f3aee5e70f04ca055ac16276889a29cc02fac66df"),
    "L": (12, "02c8d47187b561414968341d621f0ca5839ee05911189c4d031af293b5749267"),
}


def rows(matrix) -> list:
    return ["".join(str(c) for c in row) for row in matrix]


def test_a_short_text_matches_the_reference_module_for_module():
    assert rows(qr.encode(b"hello", "M")) == HELLO_M


@pytest.mark.parametrize("level", ["M", "L"])
def test_an_invitation_sized_link_matches_the_reference(level):
    version, digest = LINK_VECTORS[level]
    matrix = qr.encode(LINK, level)
    assert len(matrix) == 4 * version + 17  # the smallest version that holds it (7+: version bits)
    assert hashlib.sha256("\n".join(rows(matrix)).encode()).hexdigest() == digest


def test_capacities_of_the_standard():
    # ISO/IEC 18004 table 7, byte mode.
    assert qr.capacity(1, "L") == 17 and qr.capacity(1, "M") == 14
    assert qr.capacity(10, "M") == 213 and qr.capacity(40, "L") == 2953
    assert qr.choose_version(14, "M") == 1 and qr.choose_version(15, "M") == 2
    with pytest.raises(ValueError):
        qr.choose_version(2954, "L")


# -- a reader: the matrix back to its bytes ----------------------------------------------------


def read_format(m) -> tuple:
    """(level, mask) from the first copy of the format information."""
    bits = 0
    coords = [(8, i) for i in range(6)] + [(8, 7), (8, 8), (7, 8)]
    coords += [(14 - i, 8) for i in range(9, 15)]
    for i, (x, y) in enumerate(coords):
        bits |= m[y][x] << i
    data = ((bits ^ 0x5412) >> 10) & 31
    return ({1: "L", 0: "M"}[data >> 3], data & 7)


def read_back(m) -> bytes:
    size = len(m)
    version = (size - 17) // 4
    level, mask = read_format(m)
    grid = qr._Grid(version)
    grid.functions()  # which modules hold data: everything but the function patterns
    bits = []
    right = size - 1
    while right >= 1:
        if right == 6:
            right = 5
        for vert in range(size):
            for j in range(2):
                x = right - j
                y = size - 1 - vert if ((right + 1) & 2) == 0 else vert
                if not grid.fixed[y][x]:
                    bits.append(m[y][x] ^ (1 if qr._masked(mask, x, y) else 0))
        right -= 2
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits) - 7, 8)]
    words = words[: qr.raw_modules(version) // 8]
    count = qr.BLOCKS[level][version]
    ecc = qr.ECC_PER_BLOCK[level][version]
    short_len = len(words) // count
    short_count = count - len(words) % count
    sizes = [short_len - ecc + (0 if i < short_count else 1) for i in range(count)]
    blocks = [[] for _ in range(count)]
    at = 0
    for i in range(max(sizes)):
        for b in range(count):
            if i < sizes[b]:
                blocks[b].append(words[at])
                at += 1
    for _ in range(ecc):
        for b in range(count):
            blocks[b].append(words[at])
            at += 1
    data = []
    for block in blocks:  # every syndrome of a valid Reed-Solomon block is zero
        for k in range(ecc):
            s = 0
            for byte in block:
                s = qr._mul(s, qr.EXP[k]) ^ byte
            assert s == 0, "a block's error correction does not match its data"
        data += block[: len(block) - ecc]
    stream = "".join(format(w, "08b") for w in data)
    assert stream[:4] == "0100"  # byte mode
    width = 8 if version < 10 else 16
    length = int(stream[4 : 4 + width], 2)
    body = stream[4 + width : 4 + width + 8 * length]
    return bytes(int(body[i : i + 8], 2) for i in range(0, len(body), 8))


@pytest.mark.parametrize("size", [1, 14, 100, 300, 700, 1500])
@pytest.mark.parametrize("level", ["L", "M"])
def test_the_code_reads_back_as_its_bytes(size, level):
    data = bytes((i * 37 + size) % 256 for i in range(size))
    assert read_back(qr.encode(data, level)) == data


def test_every_mask_reads_back():
    for mask in range(8):
        assert read_back(qr.encode(LINK, "M", mask=mask)) == LINK


def test_the_svg_is_our_own_markup_of_the_matrix():
    markup = qr.svg("https://lotus.example/#live=x")
    assert markup.startswith("<svg") and markup.count("<path") == 1
    # 29 bytes: version 3 at level M (version 2 holds 26), 29 modules and 4 of margin each side
    assert 'viewBox="0 0 37 37"' in markup
