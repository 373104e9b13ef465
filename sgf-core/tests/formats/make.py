#!/usr/bin/env python3
"""Writes the fixtures of the readers of other formats (GIB, NGF, UGF, UGI) and, beside each,
`<name>.expect`: what the file holds, which `tests/formats.rs` checks the reader against.

The layouts are those the readers' module docs describe (sgf-core/src/formats). Every game is
made up: players, events and moves. Moves stand on points two lines apart, so that no stone is
ever captured and every move is legal.

    python3 sgf-core/tests/formats/make.py    # rewrites the fixtures in place
"""

import os

HERE = os.path.dirname(os.path.abspath(__file__))
LETTERS = "abcdefghijklmnopqrs"


def moves(count, first="B", avoid=()):
    """`count` moves alternating from `first`, on points two lines apart, off `avoid`."""
    points = [(c, r) for r in range(1, 19, 2) for c in range(1, 19, 2)]
    order = sorted(points, key=lambda p: ((p[0] * 7 + p[1] * 13) % 23, p))
    order = [p for p in order if LETTERS[p[0]] + LETTERS[p[1]] not in avoid]
    colour = first
    out = []
    for col, row in order[:count]:
        out.append((colour, col, row))
        colour = "W" if colour == "B" else "B"
    return out


def sgf_moves(ms):
    return " ".join(f"{c}[{LETTERS[x]}{LETTERS[y]}]" if x is not None else f"{c}[]" for c, x, y in ms)


def write(name, data, expect):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
    with open(os.path.join(HERE, name + ".expect"), "w", encoding="utf-8") as f:
        for key, value in expect:
            f.write(f"{key}={value}\n")


# GIB --------------------------------------------------------------------------------------

def gib(black, white, event, encoding, result, komi_tenths, handicap=0, stones="", ms=None,
        cut=False, bad_line=None, dum=0, words=""):
    grlt, zipsu = result
    header = [
        "\\HS",
        "\\[GIBOKIND=Global\\]",
        "\\[TYPE=0\\]",
        f"\\[GAMECONDITION={'%d Handicap : White Dum(%d)' % (handicap, dum) if handicap else 'Even'}\\]",
        "\\[GAMETIME=Time limit 20minute : 30 second countdown 3 time\\]",
        f"\\[GAMERESULT={words}\\]",
        f"\\[GAMEDUM={dum}\\]",
        f"\\[GAMENAME={event}\\]",
        "\\[GAMEDATE=2024- 5- 1-13-20-00\\]",
        "\\[GAMEPLACE=Tygem Baduk\\]",
        "\\[GAMELECNAME=\\]",
        f"\\[GAMEWHITENAME={white[0]} ({white[1]})\\]",
        "\\[GAMEWHITELEVEL=18\\]",
        f"\\[GAMEBLACKNAME={black[0]} ({black[1]})\\]",
        "\\[GAMEBLACKLEVEL=16\\]",
        "\\[GAMECOMMENT=\\]",
        f"\\[GAMEINFOMAIN=GBKIND:3,GTYPE:0,GCDT:0,GTIME:1200-30-3,GRLT:{grlt},ZIPSU:{zipsu},"
        f"DUM:{dum},GONGJE:{komi_tenths},TCNT:{len(ms)},AUSZ:0\\]",
        f"\\[GAMETAG=S1,R1,D{dum},G{komi_tenths},W{grlt},Z{zipsu},T30-3-1200,C2024:05:01:13:20,"
        "I:white,L:18,M:black,N:16,A:white,B:black,J:0,K:0\\]",
        "\\HE",
        "\\GS",
        "2 1 0",
        f"{len(ms) + 1} 0 &4",
        f"INI 0 1 {handicap} &4",
    ]
    lines = header[:]
    for i, (c, x, y) in enumerate(ms):
        lines.append(f"STO 0 {i + 2} {1 if c == 'B' else 2} {x} {y} ")
    if bad_line is not None:
        lines.insert(len(header) + bad_line, "STO 0 99 1 twenty 3 ")
    if not cut:
        lines.append("\\GE")
    text = "\r\n".join(lines) + ("" if cut else "\r\n")
    if cut:
        text = text.rstrip()
        text = text[: text.rfind(" ")]  # the last line cut in its middle
    return text.encode(encoding)


def expect(black, white, komi, result, ms, charset, handicap=0, stones="", findings=""):
    """What a GIB or NGF record holds, in the words of an `.expect` file."""
    return [
        ("charset", charset),
        ("PB", black[0]), ("BR", black[1]), ("PW", white[0]), ("WR", white[1]),
        ("KM", komi), ("HA", str(handicap) if handicap else ""), ("AB", stones),
        ("RE", result), ("DT", "2024-05-01"), ("moves", sgf_moves(ms)),
        ("findings", findings),
    ]


def gibs():
    ms = moves(21)
    args = dict(event="Ranked", result=(0, 65), komi_tenths=65, ms=ms)
    write("utf8.gib", gib(("Lee Sedol", "9D"), ("Ke Jie", "9D"), encoding="utf-8", **args),
          expect(("Lee Sedol", "9D"), ("Ke Jie", "9D"), "6.5", "B+6.5", ms, "UTF-8"))
    write("gb2312.gib", gib(("李世石", "9D"), ("柯洁", "9D"), encoding="gb2312", **args),
          expect(("李世石", "9D"), ("柯洁", "9D"), "6.5", "B+6.5", ms, "GBK"))
    stones = "dd,dp,pd"
    hms = moves(20, first="W", avoid=stones.split(","))
    # Three stones on Tygem's points, White given a dum of 5 (GONGJE 0), and the result only in
    # words (GRLT 255): White by resignation.
    write("euc-kr-handicap.gib",
          gib(("이세돌", "5K"), ("박정환", "2D"), "랭킹 대국", "euc-kr", (255, 0), 0, handicap=3,
              ms=hms, dum=5, words="백 불계승"),
          expect(("이세돌", "5K"), ("박정환", "2D"), "5", "W+R", hms, "EUC-KR", handicap=3,
                     stones=stones))
    # Damaged: cut in the middle of a move line, and a move line out of shape.
    cut = gib(("柯洁", "9D"), ("李世石", "9D"), "Ranked", "gb2312", (1, 25), 75, ms=ms, cut=True)
    write("cut-short.gib", cut,
          expect(("柯洁", "9D"), ("李世石", "9D"), "7.5", "W+2.5", ms[:-1], "GBK",
                     findings="bad-record-line:44 unexpected-end:44"))
    bad = gib(("Lee Sedol", "9D"), ("Ke Jie", "9D"), encoding="utf-8", bad_line=5, **args)
    write("bad-move.gib", bad,
          expect(("Lee Sedol", "9D"), ("Ke Jie", "9D"), "6.5", "B+6.5", ms, "UTF-8",
                     findings="bad-record-line:29"))


# NGF --------------------------------------------------------------------------------------

def ngf_moves(ms):
    """NGF's move lines: `PM`, the number in two letters, the colour, the point from `B`
    written both ways round (`AAAA` a pass)."""
    out = []
    for i, (c, x, y) in enumerate(ms):
        n = i + 1
        counter = chr(ord("A") + n // 26) + chr(ord("A") + n % 26)
        if x is None:
            coords = "AAAA"
        else:
            cx, cy = chr(ord("B") + x), chr(ord("B") + y)
            coords = cx + cy + cy + cx
        out.append(f"PM{counter}{c}{coords}")
    return out


def ngf(black, white, handicap, komi, result, ms, encoding, said=None, bad_line=None):
    lines = [
        "Rated game",
        "19",
        f"{white[0]:<12}{white[1]}",
        f"{black[0]:<12}{black[1]}",
        "www.cyberoro.com",
        str(handicap),
        "0",
        str(komi),
        "20240501 [13:20]",
        "5",
        result,
        str(len(ms) if said is None else said),
    ]
    lines.extend(ngf_moves(ms))
    if bad_line is not None:
        lines.insert(12 + bad_line, "PMZZXQQ")
    return ("\r\n".join(lines) + "\r\n").encode(encoding)


def ngf_marked(black, white, komi, result, ms, encoding):
    lines = [
        "GI第1届测试杯",
        f"GI{white[0]} {white[1]}",
        f"GI{black[0]} {black[1]}",
        "GI",
        "GI",
        "GI2024-5-1",
        "GI19",
        "GI0",
        "GI0",
        f"GI{komi}",
        f"GI{len(ms)}",
    ]
    lines.extend(ngf_moves(ms))
    lines.append("GI1")
    lines.append(f"IDB[{len(ms)}] {result}[EndTxt]")
    return ("\r\n".join(lines) + "\r\n").encode(encoding)


def ngfs():
    ms = moves(24) + [("B", None, None), ("W", None, None)]
    write("utf8.ngf", ngf(("Cho Hunhyun", "9DP"), ("Seo Bongsoo", "9DP"), 0, 6,
                          "Black wins by 3.5 points! >> White(66):Black(70)", ms, "utf-8"),
          expect(("Cho Hunhyun", "9p"), ("Seo Bongsoo", "9p"), "6.5", "B+3.5", ms, "UTF-8"))
    write("gb2312.ngf", ngf(("古力", "9DP"), ("常昊", "9DP"), 0, 6, "White wins by resign!", ms,
                            "gb2312"),
          expect(("古力", "9p"), ("常昊", "9p"), "6.5", "W+R", ms, "GBK"))
    stones = "dd,dp,pd,pp"
    hms = moves(30, first="W", avoid=stones.split(","))
    write("euc-kr-handicap.ngf", ngf(("조훈현", "7D*"), ("서봉수", "5D*"), 4, 0,
                                     "White loses on time", hms, "euc-kr"),
          expect(("조훈현", "7d*"), ("서봉수", "5d*"), "0", "B+T", hms, "EUC-KR", handicap=4,
                     stones=stones))
    # The layout marked GI, as a Chinese site writes it: the result in words after the moves.
    write("gb2312-marked.ngf", ngf_marked(("常昊", "九段"), ("古力", "九段"), 6, "白中盘胜", ms,
                                          "gb2312"),
          expect(("常昊", "九段"), ("古力", "九段"), "6.5", "W+R", ms, "GBK"))
    # Damaged: cut short (the header says 40 moves), and a move line out of shape.
    write("cut-short.ngf", ngf(("조훈현", "7D*"), ("서봉수", "5D*"), 0, 6, "Progressing!", ms[:10],
                               "euc-kr", said=40),
          expect(("조훈현", "7d*"), ("서봉수", "5d*"), "6.5", "", ms[:10], "EUC-KR",
                     findings="unexpected-end:23"))
    write("bad-move.ngf", ngf(("Cho Hunhyun", "9DP"), ("Seo Bongsoo", "9DP"), 0, 6,
                              "Black wins by 3.5 points!", ms, "utf-8", bad_line=3),
          expect(("Cho Hunhyun", "9p"), ("Seo Bongsoo", "9p"), "6.5", "B+3.5", ms, "UTF-8",
                     findings="bad-record-line:16"))


# UGF and UGI ------------------------------------------------------------------------------

def ugf_point(x, y):
    """UGF's letters with rows from the bottom (CoordinateType=IGS)."""
    if x is None:
        return "YA"
    return chr(ord("A") + x) + chr(ord("A") + 18 - y)


def ugf(black, white, lang, encoding, hdcp, winner, ms, stones=(), title="2024,Test Cup,",
        review=None, comments=None, cut=False):
    version = "REVIEW1,200" if review else "UGF3,200"
    lines = [
        "[Header]",
        f"Ver={version}",
        f"Lang={lang}",
        "Crypt=0,PLAIN_UGF_FILE,READ_WRITE",
        "Code=",
        f"Title={title}",
        "Place=PANDA-NET",
        "Date=2024/05/01,13:20:00,2024/05/01,15:02:11",
        "Rule=JPN",
        "Size=19",
        f"Hdcp={hdcp}",
        "Ptime=N;0;0;0,N;0;0;0,0,0",
        f"Winner={winner}",
        "Moves=0",
        "Writer=PANDA-EGG ver 9.40 beta",
        "Copyright=PANDANET INC.",
        "CoordinateType=IGS",
        "Comment=",
        f"PlayerB={black[0]},{black[1]},,",
        f"PlayerW={white[0]},{white[1]},,",
        "[Data]",
    ]
    for x, y in stones:
        lines.append(f"{ugf_point(x, y)},B1,0,0")
    for i, (c, x, y) in enumerate(ms):
        lines.append(f"{ugf_point(x, y)},{c}1,{i + 1},0")
    if review:
        lines.append("[ReviewNode]")
        lines.extend(review)
        lines.append("[ReviewComment]")
        lines.extend(comments)
    text = "\r\n".join(lines) + "\r\n"
    if cut:
        text = text[: len(text) - 9]
    return text.encode(encoding)


def ugf_expect(black, white, komi, result, ms, charset, handicap="", stones="", findings="",
               variations="", comments=""):
    return [
        ("charset", charset),
        ("PB", black[0]), ("BR", black[1]), ("PW", white[0]), ("WR", white[1]),
        ("KM", komi), ("HA", handicap), ("AB", stones), ("RE", result), ("DT", "2024-05-01"),
        ("moves", sgf_moves(ms)), ("variations", variations), ("comments", comments),
        ("findings", findings),
    ]


def review_of(ms, branch_after, variation):
    """A UGI review of `ms`, with `variation` (moves) branching after move `branch_after`."""
    lines = ["NODE,1,0,0,0"]
    for i, (c, x, y) in enumerate(ms):
        lines.append(f"NODE,{i + 2},{1 if c == 'B' else 2},{x + 1},{19 - y}")
        if i + 1 == branch_after:
            lines.append("  VARIATION,")
            for j, (vc, vx, vy) in enumerate(variation):
                lines.append(f"    NODE,{100 + j},{1 if vc == 'B' else 2},{vx + 1},{19 - vy}")
            lines.append("  VARIATIONEND,")
    return lines


def ugfs():
    ms = moves(25)
    cases = [
        ("utf8.ugf", "UTF-8", "utf-8", ("Iyama Yuta", "9p"), ("Ichiriki Ryo", "9p"), "UTF-8"),
        ("shift_jis.ugf", "SJIS", "shift_jis", ("井山裕太", "9p"), ("一力遼", "9p"), "Shift_JIS"),
        ("gb2312.ugf", "GB2312", "gb2312", ("柯洁", "9p"), ("芈昱廷", "9p"), "GBK"),
        ("euc-kr.ugf", "EUC-KR", "euc-kr", ("신진서", "9p"), ("박정환", "9p"), "EUC-KR"),
    ]
    for name, lang, encoding, black, white, charset in cases:
        write(name, ugf(black, white, lang, encoding, "0,6.50", "B,7.50", ms),
              ugf_expect(black, white, "6.5", "B+7.5", ms, charset))
    # A handicap game whose stones are listed as node 0, and no Lang: detected.
    stones = [(15, 3), (3, 15)]
    hms = moves(20, first="W", avoid=("pd", "dp"))
    write("handicap-detected.ugf",
          ugf(("井山裕太", "1k"), ("一力遼", "3d"), "", "shift_jis", "2,0.50", "W,Resign", hms,
              stones=stones),
          ugf_expect(("井山裕太", "1k"), ("一力遼", "3d"), "0.5", "W+R", hms, "Shift_JIS",
                     handicap="2", stones="dp,pd"))
    # A wrong charset: Lang says Shift_JIS, the names are EUC-KR.
    write("wrong-charset.ugf",
          ugf(("신진서", "9p"), ("박정환", "9p"), "SJIS", "euc-kr", "0,6.50", "W,Time", ms),
          ugf_expect(("신진서", "9p"), ("박정환", "9p"), "6.5", "W+T", ms, "EUC-KR",
                     findings="charset-mismatch:3"))
    # Cut short in its last move line.
    write("cut-short.ugf",
          ugf(("Iyama Yuta", "9p"), ("Ichiriki Ryo", "9p"), "UTF-8", "utf-8", "0,6.50",
              "B,7.50", ms, cut=True),
          ugf_expect(("Iyama Yuta", "9p"), ("Ichiriki Ryo", "9p"), "6.5", "B+7.5", ms[:-1],
                     "UTF-8", findings="bad-record-line:46"))
    # UGI reviews: a variation after move 10, and comments.
    variation = [("B", 0, 18), ("W", 18, 0), ("B", 18, 18)]
    review = review_of(ms, 10, variation)
    for name, lang, encoding, black, white, charset, words in [
        ("utf8.ugi", "UTF-8", "utf-8", ("Iyama Yuta", "9p"), ("Ichiriki Ryo", "9p"), "UTF-8",
         ("Let us begin.", "A fine move.")),
        ("gb2312.ugi", "GB2312", "gb2312", ("柯洁", "9p"), ("芈昱廷", "9p"), "GBK",
         ("开始吧。", "好棋。")),
        ("euc-kr.ugi", "EUC-KR", "euc-kr", ("신진서", "9p"), ("박정환", "9p"), "EUC-KR",
         ("시작합시다.", "좋은 수입니다.")),
    ]:
        comments = [".Comment,1", f" {white[0]}: {words[0]}", ".Comment,7", words[1]]
        write(name, ugf(black, white, lang, encoding, "0,6.50", "B,7.50", ms, review=review,
                        comments=comments),
              ugf_expect(black, white, "6.5", "B+7.5", ms, charset,
                         variations="10:" + sgf_moves(variation),
                         comments=f"0:{white[0]}: {words[0]}|6:{words[1]}"))


if __name__ == "__main__":
    gibs()
    ngfs()
    ugfs()
