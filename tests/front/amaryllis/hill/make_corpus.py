#!/usr/bin/env python3
"""make_corpus.py - write the mail hill's test corpus (issue 10).

    python3 tests/front/amaryllis/hill/make_corpus.py            # rewrite tests/front/amaryllis/hill/corpus/
    python3 tests/front/amaryllis/hill/make_corpus.py --hostile DIR
                                                 # write the two big hostile
                                                 # messages (20 MB body, 1000
                                                 # nested multiparts) into DIR

Every message is built here from plain text with Python's codecs and the
transfer encodings written out by hand (base64, quoted-printable), so each
charset (ISO-2022-JP, Shift_JIS, EUC-JP, UTF-8) and each transfer encoding
(7bit, 8bit, quoted-printable, base64) appears exactly as a mail client
would send it.  The output (corpus/*.eml and the *.facts sidecars) is
committed, so a reviewer reads both the recipe and the bytes; the big
hostile messages are only generated at test time (corpus.py calls
--hostile), their .facts are committed.

A .facts file lists what the reply must contain; corpus.py explains the
fact kinds.  Every expectation is derived by hand in the comment above it,
from the rule text (the seed text 000_…txt of docs/RULINGS.md, the worked example
グリスク vs ヌト → ヌトの勝利, final ＨＰ ヌト 1, グリスク −1), docs/AMARYLLIS.md
and the hill contract (docs/HILL.md).
"""
import base64
import binascii
import os
import sys
from email.header import Header

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")

HILL = "hill@hill.example"
ALICE = "alice@example.org"   # owner of グリスク, password hanamizukimizuki
BOB = "bob@example.net"       # owner of ヌト, password kurogane-9gane-9
CAROL = "carol@example.com"
DATE = "Mon, 30 Nov 2026 12:00:00 +0000"

# The two units of the worked example of the rules (examples/grisk.txt,
# examples/nut.txt), in full width as the rules write them.
GRISK = ("グリスク：１０／１／１／２／シールド、スピア、スピア、ブースト\n"
         "・シールド（１）：防御力＋２＜リミテッド＞\n"
         "・スピア（１）：直接攻撃＜遅延起動４＞＜効果２倍＞\n"
         "・ブースト（１）：攻撃力＋１\n")
NUT = ("ヌト：１０／３／１／１／命の剣、魔法剣、絶対剣\n"
       "・命の剣（１）：ライフ与え＜リミテッド＞\n"
       "・魔法剣（１）：ＨＰ減殺＜リミテッド＞＜遅延起動２＞\n"
       "・絶対剣（１）：防御無視攻撃＜遅延起動３＞\n")
# グリスク弐: グリスク under another name; identical units draw (AM-SYM-1:
# the sides are treated alike, so both end with the same ＨＰ).
GRISK2 = GRISK.replace("グリスク", "グリスク弐")
# A legal new version of グリスク (AM-UNIT-1: 10/5 + 2 + 1 + 1 = 6 bonus
# points, 技術 4; costs 1 + 1 + 1 + 1 = 4 ≤ 4).
GRISK_V2 = ("グリスク：１０／２／１／１／シールド、スピア、スピア、ブースト\n"
            "・シールド（１）：防御力＋２＜リミテッド＞\n"
            "・スピア（１）：直接攻撃＜遅延起動４＞＜効果２倍＞\n"
            "・ブースト（１）：攻撃力＋１\n")
# tests/amaryllis/golden/sheets/cost_mismatch.txt: スピア declares cost 2; AM-COST-1:
# ⌈1 × 2² ÷ 4⌉ = 1.  Line 3; column 6 is the "２" inside （）:
# ・1 ス2 ピ3 ア4 （5 ２6.
COST_MISMATCH = GRISK.replace("・スピア（１）", "・スピア（２）")
# tests/amaryllis/golden/sheets/undefined_action.txt: 蹴り is set but never defined
# (AM-UNIT-3).  Line 1; column 16: ミ1 ス2 ：3 １4 ０5 ／6 １7 ／8 １9
# ／10 ２11 ／12 突13 き14 、15 蹴16.
UNDEFINED = "ミス：１０／１／１／２／突き、蹴り\n・突き：直接攻撃\n"
# tests/amaryllis/golden/sheets/stats_over.txt: 20/5 + 5 + 1 + 2 = 12 bonus points
# (AM-UNIT-1).  Line 1, column 4 (the ＨＰ field ２０ starts after ミ ス ：).
STATS_OVER = "ミス：２０／５／１／２\n"

# What the reply of an entry of ヌト against a hill holding グリスク must
# show (the worked example: ヌトの勝利, final ＨＰ ヌト 1 and グリスク −1):
# a line naming グリスク with the result 勝 (W in English) and both final
# ＨＰ, 1 and -1 (written -1, −1 or －1).
NUT_VS_GRISK_JA = [
    "body-line: グリスク && 勝 && (?<![-−－0-9])1(?![0-9]) && [-−－]1(?![0-9])",
]
# The standings table after ヌト beat グリスク (LG-POINTS-1, points 3,1,0;
# margin = own final ＨＰ − the opponent's, summed: 1 − (−1) = +2 for ヌト,
# −2 for グリスク): rank, name, W-D-L, points, margin.
STANDINGS_NUT_GRISK = [
    "body-line: ^\\s*1\\s.*ヌト && 1-0-0 && (?<![0-9])3(?![0-9]) && \\+2(?![0-9])",
    "body-line: ^\\s*2\\s.*グリスク && 0-0-1 && (?<![0-9])0(?![0-9]) && [-−－]2(?![0-9])",
]
NUT_VS_GRISK_EN = [
    "body-line: グリスク && \\bW\\b && (?<![-−－0-9])1(?![0-9]) && [-−－]1(?![0-9])",
]


def qp(data):
    """Quoted-printable (RFC 2045) of bytes, CRLF-free lines of ≤ 76."""
    return binascii.b2a_qp(data, quotetabs=False, istext=True, header=False)


def b64(data):
    return base64.encodebytes(data)


def encode_body(text, charset, cte):
    raw = text.encode(charset)
    if cte == "7bit":
        assert all(b < 0x80 for b in raw), "7bit body with 8-bit bytes"
        return raw
    if cte == "8bit":
        return raw
    if cte == "quoted-printable":
        return qp(raw)
    if cte == "base64":
        return b64(raw)
    raise ValueError(cte)


def subject_header(subject, charset):
    if all(ord(c) < 0x80 for c in subject):
        return subject
    return Header(subject, charset).encode()


def headers(frm, subject, msgid, charset="utf-8", extra=(), to=HILL,
            date=DATE):
    lines = []
    if frm is not None:
        lines.append("From: " + frm)
    lines.append("To: " + to)
    lines.append("Subject: " + subject_header(subject, charset))
    lines.append("Date: " + date)
    if msgid is not None:
        lines.append("Message-ID: <%s@corpus.example>" % msgid)
    lines.extend(extra)
    lines.append("MIME-Version: 1.0")
    return "\n".join(lines) + "\n"


def simple(frm, subject, msgid, body, charset="utf-8", cte="8bit",
           extra=(), ctype="text/plain"):
    """A single-part message: headers, then the body in charset and cte."""
    head = headers(frm, subject, msgid, charset, extra)
    head += 'Content-Type: %s; charset="%s"\n' % (ctype, charset)
    head += "Content-Transfer-Encoding: %s\n\n" % cte
    return head.encode("ascii") + encode_body(body, charset, cte)


def part(body, charset="utf-8", cte="base64", ctype="text/plain",
         filename=None):
    head = 'Content-Type: %s; charset="%s"' % (ctype, charset)
    if filename:
        head += '; name="%s"' % filename
    head += "\nContent-Transfer-Encoding: %s\n" % cte
    if filename:
        head += 'Content-Disposition: attachment; filename="%s"\n' % filename
    return head.encode("ascii") + b"\n" + encode_body(body, charset, cte)


def multipart(frm, subject, msgid, parts, subtype="mixed", extra=()):
    boundary = "=_corpus_" + msgid
    out = headers(frm, subject, msgid, "utf-8", extra).encode("ascii")
    out += ('Content-Type: multipart/%s; boundary="%s"\n\n'
            % (subtype, boundary)).encode("ascii")
    out += b"This is a multi-part message in MIME format.\n"
    for p in parts:
        out += b"\n--" + boundary.encode() + b"\n" + p
    out += b"\n--" + boundary.encode() + b"--\n"
    return out


def sjis_to_jis(c1, c2):
    """The JIS X 0208 row/cell bytes of a Shift_JIS double byte (the
    inverse of the arithmetic in mailin.c iso2022jp_cp932): 0x8740 (①)
    is 0x2D21, row 13 cell 1; 0xEEE0 (髙, an NEC-selected IBM extension)
    is 0x7C62, row 92."""
    if c1 >= 0xE0:
        c1 -= 0x40
    c1 -= 0x81
    if c2 >= 0x9F:
        return bytes((c1 * 2 + 0x22, c2 - 0x7E))
    return bytes((c1 * 2 + 0x21, c2 - (0x20 if c2 >= 0x80 else 0x1F)))


def cp50221(text):
    """text as Windows mailers send it labelled iso-2022-jp (Microsoft's
    CP50221): CP932's double bytes, NEC row 13 and IBM extensions
    included, written in JIS X 0208 mode (ESC $ B), half-width katakana in
    ESC ( I, ASCII in ESC ( B.  Python has no such codec."""
    out, mode = b"", "ascii"
    for ch in text:
        b = ch.encode("cp932")
        if len(b) == 1 and b[0] < 0x80:
            want, data = "ascii", b
        elif len(b) == 1:
            want, data = "kana", bytes((b[0] - 0x80,))
        else:
            want, data = "jis", sjis_to_jis(b[0], b[1])
        if want != mode:
            out += {"ascii": b"\x1b(B", "kana": b"\x1b(I", "jis": b"\x1b$B"}[want]
            mode = want
        out += data
    if mode != "ascii":
        out += b"\x1b(B"
    return out


def cp50221_word(text):
    """An RFC 2047 encoded word of text in CP50221 (B encoding)."""
    return "=?ISO-2022-JP?B?%s?=" % base64.b64encode(cp50221(text)).decode()


assert sjis_to_jis(0x87, 0x40) == b"\x2d\x21"      # ①, row 13 cell 1
assert sjis_to_jis(0xEE, 0xE0) == b"\x7c\x62"      # 髙, row 92

CASES = []   # (name, bytes or None, facts list)


def case(name, data, facts):
    CASES.append((name, data, facts))


def setup_messages():
    """corpus/setup/: the entries other cases start from (checked by the
    runner only for exit 0 and an `entered` reply)."""
    return {
        "alice_grisk": simple(ALICE, "登録", "setup-alice-grisk",
                              "#登録\n#パスワード hanamizuki\n" + GRISK),
        "bob_nut": simple(BOB, "登録", "setup-bob-nut",
                          "#登録\n#パスワード kurogane-9\n" + NUT),
    }


def build_cases():
    nut_entry = "#登録\n#パスワード kurogane-9\n" + NUT
    after_nut = ["header X-Amaryllis-Result: entered"] + NUT_VS_GRISK_JA + \
        STANDINGS_NUT_GRISK + [
        # ヌト beats グリスク (3 points to 0): ヌト first.
        "standings: ヌト,グリスク",
    ]

    # --- each charset, each transfer encoding ---------------------------
    for cs, label, ctes in (("iso-2022-jp", "iso2022jp", ("7bit", "base64")),
                            ("shift_jis", "sjis", ("base64", "quoted-printable", "8bit")),
                            ("euc-jp", "eucjp", ("quoted-printable", "base64", "8bit")),
                            ("utf-8", "utf8", ("8bit", "quoted-printable", "base64"))):
        for cte in ctes:
            name = "charset_%s_%s" % (label, cte.replace("quoted-printable", "qp"))
            case(name, simple(BOB, "ヌトの登録", name, nut_entry, cs, cte),
                 ["# ヌト entered by bob in %s, %s, against a hill holding" % (cs, cte),
                  "# グリスク (setup): the worked example of the rules.",
                  "setup: alice_grisk",
                  "to: " + BOB,
                  "subject: Re: ヌトの登録"] + after_nut)

    # --- structure ----------------------------------------------------------
    # A mail program's format=flowed (RFC 3676) wraps a long line with a
    # trailing space; DelSp=yes (what CJK mailers send) deletes that space
    # when the lines are joined, so the unit line reads whole again.
    flowed = nut_entry.replace("命の剣、魔法剣、絶対剣\n", "命の剣、 \n魔法剣、 \n絶対剣\n")
    case("flowed_delsp",
         simple(BOB, "entry", "flowed", flowed, "utf-8", "8bit")
         .replace(b'charset="utf-8"', b'charset="utf-8"; format=flowed; delsp=yes'),
         ["# format=flowed; delsp=yes: the wrapped unit line is joined again.",
          "setup: alice_grisk"] + after_nut)
    case("no_charset_label",
         simple(BOB, "entry", "no-charset", nut_entry, "iso-2022-jp", "7bit")
         .replace(b'Content-Type: text/plain; charset="iso-2022-jp"\n', b"Content-Type: text/plain\n"),
         ["# ISO-2022-JP with no charset label (older Japanese mail programs):",
          "# RFC 2045 says US-ASCII, but the escapes say ISO-2022-JP.",
          "setup: alice_grisk"] + after_nut)
    case("charset_sjis_cp932",
         simple(BOB, "entry", "sjis-cp932", "#登録\n#パスワード kurogane-9\n# ①番目のユニット（機種依存文字）\n" + NUT,
                "cp932", "base64").replace(b'charset="cp932"', b'charset="Shift_JIS"'),
         ["# Labelled Shift_JIS, but with a Windows-31J character (①) in a",
          "# sheet comment line, as Windows mail programs send.",
          "setup: alice_grisk"] + after_nut)
    # The labels Java, Microsoft and old mailers write for Windows-31J.
    # GMime rewrote "windows-31j" to "CP31J", which iconv lacks, and
    # "MS_Kanji" is plain Shift_JIS to iconv (no ①): each was refused as
    # unreadable.  The same Windows-31J bytes as charset_sjis_cp932 (① in
    # a comment line) must read as CP932 and enter ヌト.
    for label in ("Windows-31J", "windows-31j", "x-ms-cp932", "MS_Kanji"):
        name = "charset_label_" + label.replace("-", "_")
        case(name,
             simple(BOB, "entry", name, "#登録\n#パスワード kurogane-9\n# ①番目のユニット（機種依存文字）\n" + NUT,
                    "cp932", "base64").replace(b'charset="cp932"', b'charset="%s"' % label.encode()),
             ["# Labelled %s: Windows-31J, read as CP932." % label,
              "setup: alice_grisk"] + after_nut)
    # ISO-2022-JP as Outlook and other Windows mailers send it (CP50221):
    # ヌト's name in half-width katakana (ﾇﾄ, ESC ( I), a comment line
    # with ① (NEC row 13, 0x2D21) and 髙 (IBM extension, row 92, 0x7C62).
    # glibc's strict ISO-2022-JP refuses row 13 (the mail was refused as
    # undecodable) and passes ESC ( I through as text (the sheet then
    # named the control character U+001B).  Read as CP50221: ﾇﾄ is ヌト
    # after the sheet's NFKC (AM-UNIT-5), so this is ヌト's entry, the
    # worked example again.  The Subject, in the same encoding, reads
    # "ヌト①の登録" (GMime put '?' for ①).
    cp_nut = nut_entry.replace("ヌト：", "ﾇﾄ：")
    cp_nut = cp_nut.replace("#パスワード kurogane-9\n",
                            "#パスワード kurogane-9\n# ①髙橋さんのユニット\n")
    case("charset_iso2022jp_windows",
         headers(BOB, "x", "iso2022jp-windows").replace(
             "Subject: x", "Subject: " + cp50221_word("ヌト①の登録")).encode()
         + b'Content-Type: text/plain; charset="iso-2022-jp"\n'
           b"Content-Transfer-Encoding: 7bit\n\n" + cp50221(cp_nut),
         ["# CP50221 labelled iso-2022-jp: ﾇﾄ in ESC ( I, ① and 髙 in ESC $ B.",
          "setup: alice_grisk",
          "subject: Re: ヌト①の登録"] + after_nut)
    # The other way round: standard ISO-2022-JP still reads as glibc's
    # ISO-2022-JP reads it, not as CP932.  JIS 0x2141 is WAVE DASH U+301C
    # there (CP932 reads the same code as U+FF5E FULLWIDTH TILDE, which the
    # sheet's NFKC would make '~'): the name ヌト〜 must come back with
    # U+301C, as before the CP50221 reading existed.
    wave = nut_entry.replace("ヌト：", "ヌト〜：")
    case("charset_iso2022jp_wave_dash",
         simple(BOB, "entry", "iso2022jp-wave", wave, "iso-2022-jp", "7bit"),
         ["# Standard ISO-2022-JP: 〜 stays U+301C (the strict reading first).",
          "header X-Amaryllis-Result: entered",
          "body-contains: 「ヌト〜」",
          "standings: ヌト〜"])
    case("multipart_sheet_in_body",
         multipart(BOB, "entry", "multipart-body", [
             part(nut_entry, "utf-8", "quoted-printable"),
             (b'Content-Type: image/png; name="face.png"\n'
              b"Content-Transfer-Encoding: base64\n"
              b'Content-Disposition: attachment; filename="face.png"\n\n'
              + b64(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))),
         ]),
         ["# multipart/mixed: the sheet is in the text/plain body, the png is",
          "# not a .txt attachment and is ignored.",
          "setup: alice_grisk"] + after_nut)
    case("multipart_alternative",
         multipart(BOB, "entry", "multipart-alt", [
             part(nut_entry, "iso-2022-jp", "7bit"),
             part("<html><body><pre>" + nut_entry.replace("\n", "<br>")
                  + "</pre></body></html>", "utf-8", "base64", "text/html"),
         ], subtype="alternative"),
         ["# multipart/alternative: the text/plain alternative carries the sheet.",
          "setup: alice_grisk"] + after_nut)
    # multipart/alternative whose text/plain part is empty (some web
    # mailers send one when the message was written as HTML): the HTML
    # part holds the entry and is read, as for HTML-only mail; before, the
    # reply said there was no sheet.
    case("multipart_alternative_empty_plain",
         multipart(BOB, "entry", "multipart-alt-empty", [
             part("\n", "utf-8", "7bit"),
             part("<html><body><div>#パスワード kurogane-9</div><pre>" + NUT
                  + "</pre></body></html>", "utf-8", "base64", "text/html"),
         ], subtype="alternative"),
         ["# An empty text/plain alternative: the HTML alternative is read.",
          "setup: alice_grisk"] + after_nut)
    case("attachment_txt",
         multipart(BOB, "ヌトを添付します", "attach-txt", [
             part("#登録\n#パスワード kurogane-9\n", "iso-2022-jp", "7bit"),
             part(NUT, "shift_jis", "base64", filename="nut.txt"),
         ]),
         ["# The body holds only directives; the sheet is nut.txt (Shift_JIS,",
          "# base64).",
          "setup: alice_grisk",
          "subject: Re: ヌトを添付します"] + after_nut)
    case("attachment_illegal",
         multipart(BOB, "sheet", "attach-illegal", [
             part("#password kurogane-9\n", "utf-8", "7bit"),
             part(COST_MISMATCH, "utf-8", "base64", filename="cost.txt"),
         ]),
         ["# An illegal sheet in an attachment: the error names the attachment",
          "# (cost mismatch: line 3, column 6, declared 2, computed 1).",
          "header X-Amaryllis-Result: rejected",
          "body-contains: cost.txt:3:6: error: コストが2と書かれていますが、計算では1です",
          "standings:"])
    # The same with a file name of 204 characters: each error line names
    # it as the note on the attachment does, cut to 60 characters and
    # "…" (it was repeated whole on every line: mail review, 2026-12-03,
    # 2,940 bytes of mail for a 251 KB reply).
    case("attachment_illegal_long_name",
         multipart(BOB, "sheet", "attach-illegal-long", [
             part("#password kurogane-9\n", "utf-8", "7bit"),
             part(COST_MISMATCH, "utf-8", "base64", filename="A" * 200 + ".txt"),
         ]),
         ["# An illegal sheet in an attachment named by 200 A's and .txt: the",
          "# error line names 60 of them, then …",
          "header X-Amaryllis-Result: rejected",
          "body-contains: " + "A" * 60 + "…:3:6: error: コストが2と書かれていますが、計算では1です",
          "body-not-contains: " + "A" * 61,
          "standings:"])
    # Review W11: the sheet in three places (the body, a.txt, b.txt).  The
    # first .txt attachment is the sheet (docs/HILL.md "Mail"): a.txt's
    # ヌト enters and beats グリスク; the body's and b.txt's グリスク弐 do
    # not (standings ヌト, グリスク: no グリスク弐).  The reply says which
    # was read and names the two that were not, in the reply's language.
    for lang, note in (
            ("ja", "シートは添付ファイル「a.txt」から読みました。次は読んでいません: "
                   "本文の指示（#…）以外の行、添付ファイル「b.txt」。"),
            ("en", "The sheet was read from the attachment 'a.txt'. Not read: "
                   "the body's lines other than directives (#...), the "
                   "attachment 'b.txt'.")):
        case("attachment_two_and_body" + ("_en" if lang == "en" else ""),
             multipart(BOB, "three sheets", "attach-three-" + lang, [
                 part(("#lang en\n" if lang == "en" else "")
                      + "#password kurogane-9\n" + GRISK2, "utf-8", "base64"),
                 part(NUT, "utf-8", "base64", filename="a.txt"),
                 part(GRISK2, "utf-8", "base64", filename="b.txt"),
             ]),
             ["# The sheet in the body, a.txt and b.txt: a.txt is read, and the",
              "# reply names the body and b.txt as not read (review W11).",
              "setup: alice_grisk",
              "header X-Amaryllis-Result: entered",
              "body-contains: " + note,
              "standings: ヌト,グリスク"])
    # One attachment and a body of directives only: nothing to say.
    case("attachment_one_no_note",
         multipart(BOB, "one sheet", "attach-one", [
             part("#password kurogane-9\n", "utf-8", "7bit"),
             part(NUT, "utf-8", "base64", filename="a.txt"),
         ]),
         ["# A .txt attachment and a body of directives: no note on what was",
          "# not read (there was nothing else).",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: entered",
          "body-not-contains: シートは添付ファイル",
          "standings: ヌト,グリスク"])
    case("html_only",
         simple(BOB, "entry", "html-only",
                "<html><body><p>#登録<br>#パスワード kurogane-9</p><pre>"
                + NUT + "</pre></body></html>\n", "utf-8", "base64",
                ctype="text/html"),
         ["# HTML only (no text/plain part): issue 10 says the text is extracted,",
          "# so the <br> ends the directive lines and the <pre> holds the sheet:",
          "# ヌト enters as from a plain-text mail.",
          "setup: alice_grisk",
          "to: " + BOB] + after_nut)
    case("quoted_lines",
         simple(BOB, "Re: ヌトの登録", "quoted",
                "> 前回の返信:\n> #撤退 グリスク\n> #lang en\n"
                "#パスワード kurogane-9\n"
                "ヌト：１０／３／１／１／命の剣、魔法剣、絶対剣\n"
                "> ヌト：９９／９／９／９／命の剣\n"
                "・命の剣（１）：ライフ与え＜リミテッド＞\n"
                "> ・命の剣（５）：ライフ与え\n"
                "・魔法剣（１）：ＨＰ減殺＜リミテッド＞＜遅延起動２＞\n"
                "・絶対剣（１）：防御無視攻撃＜遅延起動３＞\n",
                "iso-2022-jp", "7bit"),
         ["# Quoted lines (>) are ignored: the quoted #撤退 and #lang en do",
          "# nothing (the reply stays Japanese: 勝), and the quoted illegal lines",
          "# inside the sheet are skipped, so ヌト enters.",
          "# The subject already starts with Re: and gets no second one.",
          "setup: alice_grisk",
          "subject: Re: ヌトの登録"] + after_nut)
    # Replying to the hill's own reply: the mail program puts an
    # attribution line above the quote.  Each attribution ends in ':' and
    # is followed (a blank line between) by '>' lines, so it is dropped
    # with them; before, it was read as the sheet's line: "2026年12月2日
    # (水) 12:00 …:" as a unit line (整数が必要…「水」, the ＨＰ field) and
    # "On Mon, … wrote:" likewise.  What is left is ヌト's entry.
    hill_reply = ("> 「グリスク」を登録しました。\n>\n> 順位表:\n"
                  ">    1  グリスク  0-0-0   0   +0\n")
    case("reply_attribution_top",
         simple(BOB, "Re: 登録", "reply-top",
                nut_entry + "\n2026年11月30日(月) 12:00 アマリリスの丘 <hill@hill.example>:\n\n"
                + hill_reply, "iso-2022-jp", "7bit"),
         ["# Top-posted (Gmail ja): the sheet, then the attribution and quote.",
          "setup: alice_grisk",
          "subject: Re: 登録"] + after_nut)
    case("reply_attribution_bottom",
         simple(BOB, "Re: entry", "reply-bottom",
                "On Mon, 30 Nov 2026 at 12:00, Amaryllis hill <hill@hill.example> wrote:\n"
                + hill_reply + "\n" + nut_entry),
         ["# Bottom-posted (en): the attribution and quote, then the entry.",
          "setup: alice_grisk"] + after_nut)
    # Gmail's HTML-only reply: the attribution in <div class="gmail_attr">,
    # the quote in <blockquote class="gmail_quote">.  The blockquote's
    # lines come out of the HTML as "> " lines, so the quote and its
    # attribution are dropped as in plain text; before, the quoted 順位表
    # lines were read as sheet.
    gmail = ("<div dir=\"ltr\"><div>#パスワード kurogane-9</div>"
             + "".join("<div>%s</div>" % l for l in NUT.splitlines())
             + "</div><br><div class=\"gmail_quote\"><div dir=\"ltr\" "
             "class=\"gmail_attr\">2026年11月30日(月) 12:00 アマリリスの丘 &lt;<a "
             "href=\"mailto:hill@hill.example\">hill@hill.example</a>&gt;:<br></div>"
             "<blockquote class=\"gmail_quote\" style=\"margin:0px 0px 0px 0.8ex\">"
             "「グリスク」を登録しました。<br><br>順位表:<br>"
             "   1  グリスク  0-0-0   0   +0<br></blockquote></div>\n")
    case("html_gmail_quote",
         simple(BOB, "Re: 登録", "html-gmail-quote", gmail, "utf-8", "base64",
                ctype="text/html"),
         ["# Gmail HTML-only reply quoting the hill: the blockquote is quoted.",
          "setup: alice_grisk"] + after_nut)
    # A signature under "--" without its trailing space (editors and web
    # mailers strip it): after the sheet has begun, "--" ends it as "-- "
    # does, so the name and address below are not read as sheet; before,
    # they were ("「:」が必要です…").
    case("signature_no_space",
         simple(BOB, "entry", "sig-nospace",
                nut_entry + "\n--\n山田 太郎\nbob@example.net\n"),
         ["# '--' then a signature: ignored, ヌト enters.",
          "setup: alice_grisk"] + after_nut)
    # Non-sheet lines read as sheet: the error gets a hint (a line with no
    # colon: every unit and action line has one).  A name signature with
    # no separator, below the sheet (ja; a phone's own "iPhoneから送信"
    # needs none since 2026-12-07: phone_signature); a greeting above
    # the directives (ja, and en when #lang en comes first).  All are still
    # refused: only the hint is new.
    case("signature_hint_ja",
         simple(BOB, "登録", "sig-hint-ja", nut_entry + "\n山田太郎\n"),
         ["# The error is on '山田太郎' (no colon): the ja hint.",
          "header X-Amaryllis-Result: rejected",
          "body-contains: 山田太郎",
          "body-contains: （「：」のない行をシートとして読みました。あいさつや署名など、",
          "standings:"])
    case("greeting_hint_before_directives",
         simple(BOB, "entry", "greeting-hint-before",
                "Hello,\n#lang en\n#password kurogane-9\n" + NUT),
         ["# 'Hello,' starts the sheet (then #lang is a sheet comment, so the",
          "# reply is Japanese): the hint is there in ja.  The same mail",
          "# with #lang en first replies in English with the en hint: the",
          "# directive is read before the greeting starts the sheet.",
          "header X-Amaryllis-Result: rejected",
          "body-contains: （「：」のない行をシートとして読みました。",
          "standings:"])
    case("greeting_hint_en",
         simple(BOB, "entry", "greeting-hint-en",
                "#lang en\nHello,\n#password kurogane-9\n" + NUT),
         ["# #lang en, then the greeting: the en hint.",
          "header X-Amaryllis-Result: rejected",
          "body-contains: (A line without '：' was read as part of the sheet: it may be a greeting or a signature",
          "standings:"])
    case("reply_to",
         simple(BOB, "entry", "reply-to", nut_entry,
                extra=["Reply-To: Bob Hill Desk <bob-hill@example.net>"]),
         ["# The reply goes to From, not Reply-To (docs/HILL.md, Security:",
          "# the reply of a forged mail goes to the address it claims).",
          "setup: alice_grisk",
          "to: bob@example.net"] + after_nut)
    case("no_message_id",
         simple(BOB, "entry", None, nut_entry),
         ["# No Message-ID: keyed by a hash of the raw message; still one reply.",
          "setup: alice_grisk",
          "deliver-twice"] + after_nut)
    case("duplicate_delivery",
         simple(BOB, "entry", "duplicate", nut_entry),
         ["# Delivered twice (an MTA retry): one reply, one entry.",
          "setup: alice_grisk",
          "deliver-twice"] + after_nut)

    # --- directives, ja and en ------------------------------------------
    case("entry_en",
         simple(BOB, "entry", "entry-en",
                "#entry\n#password kurogane-9\n#lang en\n" + NUT),
         ["# English reply: the battle line says W, not 勝.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: entered",
          "body-not-contains: 勝",
          "standings: ヌト,グリスク"] + NUT_VS_GRISK_EN)
    case("entry_case_insensitive",
         simple(BOB, "entry", "entry-case",
                "#ENTRY\n#PassWord kurogane-9\n#LANG EN\n" + NUT),
         ["# Directives are case-insensitive.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: entered",
          "body-not-contains: 勝",
          "standings: ヌト,グリスク"] + NUT_VS_GRISK_EN)
    # The IME left on full width: ＃ｐａｓｓｗｏｒｄ and ＃ｌａｎｇ　ｅｎ.  The
    # directive word is compared after NFKC (as ＃ already was), so these
    # are #password and #lang en; before, the reply asked for a password.
    case("directive_fullwidth_ascii",
         simple(BOB, "entry", "directive-fullwidth",
                "＃ｐａｓｓｗｏｒｄ　kurogane-9\n＃ｌａｎｇ　ｅｎ\n" + NUT),
         ["# ＃ｐａｓｓｗｏｒｄ is #password, ＃ｌａｎｇ　ｅｎ is #lang en:",
          "# entered, and the reply in English (W, not 勝).",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: entered",
          "body-not-contains: 勝",
          "standings: ヌト,グリスク"] + NUT_VS_GRISK_EN)
    # A comment line above the directives: directives go on below a sheet
    # comment (docs/HILL.md "Directives"), so the #password counts;
    # before, the comment started the sheet and #password was a comment.
    case("comment_before_directives",
         simple(BOB, "entry", "comment-first",
                "# ヌトで丘に挑戦します\n#password kurogane-9\n" + NUT),
         ["# '# …' then #password: the password counts, ヌト enters.",
          "setup: alice_grisk"] + after_nut)
    case("entry_without_password",
         simple(BOB, "entry", "no-password", "#登録\n" + NUT),
         ["# A first entry without #password is rejected (every unit needs an",
          "# owner secret).",
          "header X-Amaryllis-Result: rejected",
          "standings:"])
    case("test_ja",
         simple(BOB, "テスト", "test-ja", "#テスト\n" + NUT),
         ["# #テスト: fights the hill, stores nothing.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: tested",
          "standings: グリスク"] + NUT_VS_GRISK_JA)
    case("test_en",
         simple(BOB, "test", "test-en", "#test\n#lang en\n" + NUT),
         ["setup: alice_grisk",
          "header X-Amaryllis-Result: tested",
          "standings: グリスク"] + NUT_VS_GRISK_EN)
    # Hill player review 2026-12-07: new Outlook quotes the mail it
    # answers without '>', below a line of 32 underscores and a header
    # block (差出人:, 送信日時:, 宛先:, 件名:).  The line ends the sheet as
    # "-----Original Message-----" does (AM-UNIT-10): the test is played.
    case("outlook365_reply",
         simple(BOB, "Re: テスト", "outlook365-reply",
                "#テスト\n" + NUT + "\n" + "_" * 32 + "\n"
                "差出人: 試しの丘 <" + HILL + ">\n"
                "送信日時: 2026年12月7日 21:43\n"
                "宛先: " + BOB + "\n"
                "件名: Re: テスト\n\n"
                "ヌトの対戦結果です。\n"),
         ["# new Outlook's quoted reply below the sheet: not read, the test",
          "# is played (before: errors on the underscores and 差出人:).",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: tested",
          "standings: グリスク"] + NUT_VS_GRISK_JA)
    # ... and Gmail's inline forward of an earlier mail: a line of dashes
    # above the sheet, then the forwarded mail's From:, Date:, Subject:,
    # To:; they are none of the sheet (before: errors on each).
    case("forward_inline",
         simple(BOB, "Fwd: テスト", "forward-inline",
                "#テスト\n\n---------- Forwarded message ---------\n"
                "From: Bob <" + BOB + ">\n"
                "Date: 2026年12月7日(月) 21:43\n"
                "Subject: テスト\n"
                "To: <hill@other.example>\n\n\n" + NUT),
         ["# an inline forward: its header block above the sheet is not read,",
          "# the test is played.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: tested",
          "standings: グリスク"] + NUT_VS_GRISK_JA)
    # ... and the forward of one's own entry mail: its directives are the
    # old mail's, blanked and not obeyed (code review 2026-12-07: the
    # forwarded #登録 made the #テスト on top a conflict, and a forwarded
    # #パスワード would have won over the one on top).
    case("forward_directives",
         simple(BOB, "Fwd: 登録", "forward-directives",
                "#テスト\n\n---------- Forwarded message ---------\n"
                "From: Bob <" + BOB + ">\n"
                "Date: 2026年12月7日(月) 21:43\n"
                "Subject: 登録\n"
                "To: <hill@other.example>\n\n\n"
                "#登録\n#パスワード old-secret-1\n" + NUT),
         ["# the forward's #登録 and #パスワード are not obeyed: the #テスト",
          "# on top is played, nothing is stored, the old password is not",
          "# echoed.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: tested",
          "body-not-contains: old-secret-1",
          "standings: グリスク"] + NUT_VS_GRISK_JA)
    # ... and the signature a phone adds by itself, with no "--" above
    # it: it ends the sheet (AM-UNIT-10; before: an error on it).
    case("phone_signature",
         simple(BOB, "テスト", "phone-signature",
                "#テスト\n" + NUT + "\niPhoneから送信\n"),
         ["# 'iPhoneから送信' below the sheet: not read, the test is played.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: tested",
          "standings: グリスク"] + NUT_VS_GRISK_JA)
    # ... and a mail that holds no sheet: "#help" alone (an unknown '#'
    # line is a comment), or a question in prose.  The first gets the
    # reply of an empty sheet; the second its sheet errors; both the
    # how-to (before: "no unit line" quoting #help, with the hint to
    # start the line with '#'; the question had no how-to).
    case("help_comment_only",
         simple(BOB, "help", "help-comment-only", "#help\n"),
         ["# '#help' alone: no sheet, the how-to.",
          "header X-Amaryllis-Result: rejected",
          "body-contains: ユニットシートがありません。",
          "body-contains: 使い方: 本文の先頭に指示を書き",
          "body-not-contains: 行頭に # を",
          "body-not-contains: 「：」のない行",
          "standings:"])
    case("question_prose",
         simple(BOB, "質問", "question-prose",
                "使い方を教えてください。\nよろしくお願いします。\n"),
         ["# a question in prose: its errors, the greeting hint and the",
          "# how-to (no line with a colon: no sheet line at all).",
          "header X-Amaryllis-Result: rejected",
          "body-contains: ユニットシートに誤りがあります",
          "body-contains: 「:」が必要ですが",
          "body-contains: 使い方: 本文の先頭に指示を書き",
          "standings:"])
    case("withdraw_ja",
         simple(ALICE, "撤退", "withdraw-ja", "#撤退 グリスク\n#パスワード hanamizuki\n"),
         ["# The owner with the right password withdraws her unit.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: withdrawn",
          "body-contains: グリスク",
          "standings:"])
    case("withdraw_en",
         simple(ALICE, "withdraw", "withdraw-en",
                "#withdraw グリスク\n#password hanamizuki\n#lang en\n"),
         ["setup: alice_grisk",
          "header X-Amaryllis-Result: withdrawn",
          "standings:"])
    # #withdraw without a name: the line was not a directive (it needs an
    # argument), so it started the sheet and the reply said the sheet had
    # no unit line, pointing at "#withdraw".  Now the reply says what is
    # missing, in ja and en; nothing is withdrawn.
    case("withdraw_no_name_ja",
         simple(ALICE, "撤退", "withdraw-noname-ja", "#撤退\n#パスワード hanamizuki\n"),
         ["setup: alice_grisk",
          "header X-Amaryllis-Result: rejected",
          "body-contains: #撤退（#withdraw）には撤退させるユニットの名前が必要です",
          "body-not-contains: ユニットの行",
          "standings: グリスク"])
    case("withdraw_no_name_en",
         simple(ALICE, "withdraw", "withdraw-noname-en",
                "#withdraw:\n#password hanamizuki\n#lang en\n"),
         ["setup: alice_grisk",
          "header X-Amaryllis-Result: rejected",
          "body-contains: #withdraw needs the name of the unit to withdraw",
          "standings: グリスク"])
    case("withdraw_forged_from",
         simple(BOB, "撤退", "forged-from", "#撤退 グリスク\n#パスワード hanamizuki\n"),
         ["# A forged withdraw: the right password from another address (a unit",
          "# belongs to the pair address + password).",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: rejected",
          "to: " + BOB,
          "standings: グリスク"])
    case("withdraw_forged_password",
         simple(ALICE, "撤退", "forged-password", "#撤退 グリスク\n#パスワード guess\n"),
         ["# A forged withdraw: alice's address, the wrong password.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: rejected",
          "standings: グリスク"])
    case("replace_ja",
         simple(ALICE, "再登録", "replace-ja", "#パスワード hanamizuki\n" + GRISK_V2),
         ["# Same name, same owner, right password: replaced and re-fought.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: replaced",
          "standings: グリスク"])
    case("replace_wrong_password",
         simple(ALICE, "再登録", "replace-badpw", "#パスワード nope\n" + GRISK_V2),
         ["setup: alice_grisk",
          "header X-Amaryllis-Result: rejected",
          "standings: グリスク"])
    case("other_owner_name",
         simple(BOB, "登録", "other-owner", "#パスワード kurogane-9\n" + GRISK_V2),
         ["# Another owner's name: rejected.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: rejected",
          "standings: グリスク"])
    case("status_ja",
         simple(CAROL, "順位", "status-ja", "#順位\n"),
         ["# ヌト beat グリスク: ヌト first with 3 points (3,1,0), グリスク 0.",
          "setup: alice_grisk",
          "setup: bob_nut",
          "header X-Amaryllis-Result: status",
          "body-line: ヌト && (?<![0-9])3(?![0-9])",
          "body-contains: グリスク",
          "standings: ヌト,グリスク"] + STANDINGS_NUT_GRISK)
    case("status_en",
         simple(CAROL, "status", "status-en", "#status\n#lang en\n"),
         ["setup: alice_grisk",
          "setup: bob_nut",
          "header X-Amaryllis-Result: status",
          "body-line: ヌト && (?<![0-9])3(?![0-9])",
          "standings: ヌト,グリスク"] + STANDINGS_NUT_GRISK)
    case("logs_ja",
         simple(BOB, "登録", "logs-ja", "#ログ\n#パスワード kurogane-9\n" + NUT),
         ["# #ログ: the battle log comes as a text/plain attachment; its last",
          "# line is the rules' own: ヌトの勝利.",
          "setup: alice_grisk",
          "header X-Amaryllis-Result: entered",
          "attachment-contains: ヌトの勝利",
          "standings: ヌト,グリスク"])
    case("logs_en",
         simple(BOB, "entry", "logs-en", "#logs\n#password kurogane-9\n#lang en\n" + NUT),
         ["setup: alice_grisk",
          "header X-Amaryllis-Result: entered",
          "attachment-contains: ヌト wins",
          "standings: ヌト,グリスク"])
    case("push_off",
         simple(CAROL, "登録", "push-off", "#パスワード aoi-sora-7\n" + GRISK2),
         ["# Hill of size 2 holding ヌト and グリスク; グリスク弐 (= グリスク) enters.",
          "# ヌト beats both: 6 points.  グリスク and グリスク弐 draw (AM-SYM-1)",
          "# and both lose to ヌト: 1 point each, the same margin; the older",
          "# entry, グリスク, ranks higher, so グリスク弐 is pushed off.",
          "hill-size: 2",
          "setup: alice_grisk",
          "setup: bob_nut",
          "# Its battles: against ヌト the worked example (グリスク弐 is グリスク):",
          "# 負, ＨＰ −1 against 1; against グリスク a draw (分).  The standings",
          "# then are the round robin of the two members left: as after ヌト's",
          "# entry.",
          "header X-Amaryllis-Result: entered",
          "body-line: ヌト && 負 && [-−－]1(?![0-9]) && (?<![-−－0-9])1(?![0-9])",
          "body-line: グリスク && 分",
          "standings: ヌト,グリスク"] + STANDINGS_NUT_GRISK)

    # --- illegal sheets ----------------------------------------------------
    case("illegal_cost_ja",
         simple(BOB, "登録", "illegal-cost-ja", "#パスワード kurogane-9\n" + COST_MISMATCH),
         ["# Lines are counted in the mail body: the directive lines are '#'",
          "# comments to the sheet parser (AM-UNIT-5), so `amaryllis check` of the",
          "# body saved as a file prints the same place.  Cost mismatch: line 1",
          "# #パスワード, then the sheet's line 3 = body line 4, column 6;",
          "# declared 2, computed ⌈1×4÷4⌉ = 1.",
          "header X-Amaryllis-Result: rejected",
          "body-contains: シート:4:6: error: コストが2と書かれていますが、計算では1です",
          "standings:"])
    case("illegal_cost_en",
         simple(BOB, "entry", "illegal-cost-en",
                "#password kurogane-9\n#lang en\n" + COST_MISMATCH, "shift_jis", "base64"),
         ["# Two directive lines, then the sheet: its line 3 is body line 5.",
          "header X-Amaryllis-Result: rejected",
          "body-contains: sheet:5:6: error: declared cost 2, computed 1",
          "standings:"])
    case("illegal_undefined_ja",
         simple(BOB, "登録", "illegal-undef", "#パスワード kurogane-9\n" + UNDEFINED,
                "euc-jp", "quoted-printable"),
         ["# 蹴り is set but not defined: the sheet's line 1 (body line 2, after",
          "# #パスワード), column 16.",
          "header X-Amaryllis-Result: rejected",
          "body-contains: シート:2:16: error: アクション「蹴り」が定義されていません",
          "standings:"])
    case("illegal_stats_en",
         simple(BOB, "entry", "illegal-stats", "#password kurogane-9\n#lang en\n" + STATS_OVER,
                "iso-2022-jp", "7bit"),
         ["# 20/5 + 5 + 1 + 2 = 12 bonus points: the sheet's line 1 (body line 3,",
          "# after two directives), column 4.",
          "header X-Amaryllis-Result: rejected",
          "body-contains: sheet:3:4: error: stats use 12 bonus points, more than 10",
          "standings:"])

    # --- hostile --------------------------------------------------------------
    case("huge_20mb", None,
         ["# Generated at test time (make_corpus.py --hostile): a 20 MB body,",
          "# over the default --max-bytes: rejected politely, nothing stored.",
          "generated",
          "header X-Amaryllis-Result: rejected",
          "body-contains: このメールは大きすぎるため読みませんでした（上限 1048576 バイト）",
          "to: " + BOB,
          "standings:"])
    case("huge_envelope", None,
         ["# Generated at test time (make_corpus.py --hostile): 1.2 MB, over the",
          "# default --max-bytes, after an mbox envelope line (\"From bob@... date\"),",
          "# as Postfix's and Exim's pipes put first.  The line is no part of the",
          "# message: the message is too large all the same.  (Until 2026-12-06",
          "# the line counted in the max + 1 bytes read, the hill dropped it and",
          "# read the cut message as whole: its sheet followed by lines of x,",
          "# rejected for those, not as too large.)",
          "generated",
          "header X-Amaryllis-Result: rejected",
          "body-contains: このメールは大きすぎるため読みませんでした（上限 1048576 バイト）",
          "body-not-contains: sheet:",
          "body-not-contains: シート:",
          "to: " + BOB,
          "standings:"])
    case("nested_1000", None,
         ["# Generated at test time: 1000 nested multiparts, past --max-depth.",
          "generated",
          "header X-Amaryllis-Result: rejected",
          "to: " + BOB,
          "standings:"])
    case("broken_headers",
         (b"From: Bob <" + BOB.encode() + b">\n"
          b"To: " + HILL.encode() + b"\n"
          b"This line is no header at all\n"
          b"Subject: =?UTF-8?B?###invalid###?= =?x-unknown?Q?abc?=\n"
          b"X-Long: " + b"a" * 5000 + b"\n"
          b"Date: yesterday-ish\n"
          b"Message-ID: <broken@corpus.example>\n"
          b"Content-Type: text/plain; charset=\"utf-8\n"
          b"MIME-Version: 1.0\n\n" + nut_entry.encode()),
         ["# Broken headers: a line with no colon, a bad encoded word, a 5000-byte",
          "# header, an unparseable Date, an unterminated quote.  The From is",
          "# fine, so one reply goes there.  The body is a legal entry and the",
          "# Content-Type's charset is read up to the line's end (utf-8), so",
          "# ヌト enters: broken headers are tolerated, not a reason to refuse.",
          "setup: alice_grisk",
          "to: " + BOB] + after_nut)
    case("unknown_charset",
         simple(BOB, "entry", "unknown-charset", nut_entry, "shift_jis", "base64")
         .replace(b'charset="shift_jis"', b'charset="x-klingon-42"'),
         ["# Shift_JIS bytes labelled with an unknown charset: undecodable.",
          "header X-Amaryllis-Result: rejected",
          "standings:"])
    # Hill player review 2026-12-07: a mail that cannot be read cannot
    # say its #lang either: the reply is in Japanese, then in English,
    # each with the how-to (before: Japanese alone, to a player who wrote
    # #lang en).
    case("unknown_charset_en",
         simple(BOB, "entry", "unknown-charset-en", "#lang en\n" + nut_entry,
                "shift_jis", "base64")
         .replace(b'charset="shift_jis"', b'charset="x-klingon-42"'),
         ["# #lang en above Shift_JIS bytes labelled with an unknown charset:",
          "# why, in both languages.",
          "header X-Amaryllis-Result: rejected",
          "body-contains: 文字コード「x-klingon-42」を読めませんでした。",
          "body-contains: 使い方: 本文の先頭に指示を書き",
          "body-contains: ---- English ----",
          "body-contains: The charset 'x-klingon-42' is unknown here.",
          "body-contains: How to: write directives at the top of the body",
          "standings:"])
    # Mail review 2026-12-06: the label of an unknown charset came back
    # in the reply as the sender wrote it (an ESC, a U+202E, 5,000
    # characters).  It is echoed as a name is (docs/HILL.md, "Hostile mail"):
    # at most 40 characters, then …; the ESC and U+202E each U+FFFD.
    # Label: "ab" ESC "]0;pwn" BEL U+202E "cd" and 100 x's: the excerpt
    # is a b U+FFFD ] 0 ; p w n U+FFFD U+FFFD c d and 27 x's (40), then ….
    case("unknown_charset_hostile_label",
         simple(BOB, "entry", "unknown-charset-hostile", nut_entry, "shift_jis",
                "base64")
         .replace(b'charset="shift_jis"',
                  b'charset="ab\x1b]0;pwn\x07\xe2\x80\xaecd' + b"x" * 100 + b'"'),
         ["# An unknown charset whose label holds an ESC, a BEL, a U+202E and",
          "# 100 x's: its excerpt in the reply, 40 characters and …, each",
          "# control and the U+202E made U+FFFD.",
          "header X-Amaryllis-Result: rejected",
          "body-contains: 文字コード「ab\ufffd]0;pwn\ufffd\ufffdcd" + "x" * 27 +
          "…」を読めませんでした。",
          "body-not-contains: \x1b",
          "body-not-contains: \u202e",
          "standings:"])
    case("invalid_base64",
         headers(BOB, "entry", "bad-base64").encode() +
         b'Content-Type: text/plain; charset="utf-8"\n'
         b"Content-Transfer-Encoding: base64\n\n"
         b"!!!! this is *not* base64 ~~~ \xff\xfe\n@@@@====####\n",
         ["# Invalid base64: rejected, nothing stored.",
          "header X-Amaryllis-Result: rejected",
          "standings:"])
    case("invalid_utf8",
         simple(BOB, "entry", "bad-utf8", "") +
         b"#password kurogane-9\n\xe3\x83\x8c\xff\xfe\xe3\x83\x88\xef\xbc\x9a10/3/1/1/x\n",
         ["# Bytes that are not UTF-8 in a UTF-8 part: rejected.",
          "header X-Amaryllis-Result: rejected",
          "standings:"])
    case("no_from",
         simple(None, "entry", "no-from", nut_entry),
         ["# No From (and no Reply-To): nobody to answer; nothing stored.",
          "no-reply",
          "standings:"])
    loops = [
        ("loop_own_address", HILL, [], "# From the hill's own address."),
        ("loop_auto_replied", BOB, ["Auto-Submitted: auto-replied"],
         "# Auto-Submitted: auto-replied (RFC 3834)."),
        ("loop_auto_generated", BOB, ["Auto-Submitted: auto-generated"],
         "# Auto-Submitted other than no."),
        ("loop_mailer_daemon", "Mail Delivery System <MAILER-DAEMON@example.net>",
         [], "# A bounce from MAILER-DAEMON."),
        ("loop_return_path_null", BOB, ["Return-Path: <>"],
         "# The null reverse path of a bounce."),
        ("loop_precedence_bulk", BOB, ["Precedence: bulk"], "# Precedence: bulk."),
        ("loop_precedence_junk", BOB, ["Precedence: junk"], "# Precedence: junk."),
        ("loop_precedence_list", BOB, ["Precedence: list"], "# Precedence: list."),
        ("loop_list_id", BOB, ["List-Id: Games <games.lists.example.net>"],
         "# A mailing list's List-Id (RFC 2919)."),
        ("loop_x_autoreply", BOB, ["X-Autoreply: yes"],
         "# X-Autoreply, any value: another responder's reply."),
        ("loop_x_auto_response_suppress", BOB, ["X-Auto-Response-Suppress: All"],
         "# X-Auto-Response-Suppress: All (Microsoft): no auto-reply wanted."),
        ("loop_x_loop_hill", BOB, ["X-Loop: " + HILL],
         "# X-Loop naming the hill's own address."),
        ("loop_noreply", "Games <noreply@example.net>", [],
         "# A robot's local part: noreply."),
        ("loop_list_owner", "owner-games@example.net", [],
         "# A mailing list's owner-* address."),
        ("loop_list_request", "games-request@example.net", [],
         "# A mailing list's *-request address."),
    ]
    for name, frm, extra, why in loops:
        case(name, simple(frm, "entry", name, nut_entry, extra=extra),
             [why, "# No reply (mail loops), and nothing done.",
              "setup: alice_grisk", "no-reply", "standings: グリスク"])
    report = (headers(BOB, "Delivery Status Notification", "loop-report") +
              'Content-Type: multipart/report; report-type=delivery-status;\n'
              ' boundary="dsn"\n\n'
              '--dsn\nContent-Type: text/plain; charset="utf-8"\n\n'
              'Your message could not be delivered.\n\n'
              '--dsn\nContent-Type: message/delivery-status\n\n'
              'Reporting-MTA: dns; mx.example.net\n\n'
              'Final-Recipient: rfc822; nobody@example.net\nAction: failed\n'
              'Status: 5.1.1\n\n'
              '--dsn\nContent-Type: text/rfc822-headers\n\n'
              'From: ' + HILL + '\nSubject: #entry\n\n'
              '--dsn--\n').encode("ascii")
    case("loop_multipart_report", report,
         ["# A delivery report (multipart/report, RFC 6522) from a sender",
          "# that looks like a person: still a bounce.",
          "# No reply (mail loops), and nothing done.",
          "setup: alice_grisk", "no-reply", "standings: グリスク"])
    case("auto_response_suppress_oof",
         simple(BOB, "entry", "ars-oof", nut_entry,
                extra=["X-Auto-Response-Suppress: OOF, DR"]),
         ["# X-Auto-Response-Suppress naming only out-of-office and receipts",
          "# (Outlook puts it on a person's mail): answered as usual.",
          "setup: alice_grisk"] + after_nut)
    case("mta_from_line",
         b"From bob@example.net  Mon Nov 30 12:00:01 2026\n"
         b"Return-Path: <bob@example.net>\n"
         b"X-Original-To: hill@hill.example\n"
         b"Delivered-To: hill@hill.example\n"
         b"Received: from example.net (localhost [127.0.0.1])\n"
         b"\tby mta.hill.example (Postfix) with ESMTP id 0A9B4A86591\n"
         b"\tfor <hill@hill.example>; Mon, 30 Nov 2026 12:00:01 +0000 (UTC)\n"
         + simple(BOB, "entry", "mta-from-line", nut_entry),
         ["# What an MTA hands a pipe: Postfix's local(8) always prepends the",
          "# mbox envelope line 'From SENDER DATE' (and Return-Path,",
          "# X-Original-To, Delivered-To) to a message it pipes to a command",
          "# (procmail and maildrop expect it).  Not a header: the message",
          "# must read as if it were not there.",
          "setup: alice_grisk",
          "to: " + BOB] + after_nut)
    case("auto_submitted_no_comment",
         simple(BOB, "entry", "auto-no-comment", nut_entry,
                extra=["Auto-Submitted: no (a person wrote this)"]),
         ["# Auto-Submitted: no with a comment (RFC 3834 section 5: the",
          "# keyword may be followed by a comment) is a person too; it was",
          "# taken for automatic mail and got no reply.",
          "setup: alice_grisk"] + after_nut)
    case("auto_submitted_no",
         simple(BOB, "entry", "auto-no", nut_entry, extra=["Auto-Submitted: no"]),
         ["# Auto-Submitted: no is a person: answered as usual.",
          "setup: alice_grisk"] + after_nut)


def hostile(outdir):
    """The two big hostile messages, written at test time."""
    os.makedirs(outdir, exist_ok=True)
    head = headers(BOB, "entry", "huge-20mb").encode()
    head += b'Content-Type: text/plain; charset="utf-8"\n'
    head += b"Content-Transfer-Encoding: 8bit\n\n"
    line = ("#password kurogane-9\n" + NUT).encode()
    filler = b"x" * 999 + b"\n"
    with open(os.path.join(outdir, "huge_20mb.eml"), "wb") as f:
        f.write(head + line)
        for _ in range(20 * 1024):
            f.write(filler)
    with open(os.path.join(outdir, "huge_envelope.eml"), "wb") as f:
        f.write(b"From bob@example.net Sun Dec  6 22:15:46 2026\n")
        f.write(headers(BOB, "entry", "huge-envelope").encode())
        f.write(b'Content-Type: text/plain; charset="utf-8"\n')
        f.write(b"Content-Transfer-Encoding: 8bit\n\n" + line)
        for _ in range(1200):
            f.write(filler)
    depth = 1000
    out = [headers(BOB, "entry", "nested-1000").encode()]
    for i in range(depth):
        out.append(('Content-Type: multipart/mixed; boundary="b%d"\n\n--b%d\n'
                    % (i, i)).encode())
    out.append(b'Content-Type: text/plain; charset="utf-8"\n\n')
    out.append(("#password kurogane-9\n" + NUT).encode())
    for i in reversed(range(depth)):
        out.append(("\n--b%d--\n" % i).encode())
    with open(os.path.join(outdir, "nested_1000.eml"), "wb") as f:
        f.write(b"".join(out))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--hostile":
        hostile(sys.argv[2])
        return
    if len(sys.argv) != 1:
        sys.exit("usage: make_corpus.py [--hostile DIR]")
    os.makedirs(os.path.join(CORPUS, "setup"), exist_ok=True)
    for name, data in setup_messages().items():
        with open(os.path.join(CORPUS, "setup", name + ".eml"), "wb") as f:
            f.write(data)
    build_cases()
    for name, data, facts in CASES:
        if data is not None:
            with open(os.path.join(CORPUS, name + ".eml"), "wb") as f:
                f.write(data)
        with open(os.path.join(CORPUS, name + ".facts"), "w",
                  encoding="utf-8") as f:
            f.write("\n".join(facts) + "\n")
    print("%d cases in %s" % (len(CASES), CORPUS))


if __name__ == "__main__":
    main()
