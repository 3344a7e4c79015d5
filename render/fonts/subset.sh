#!/bin/sh
# Makes NotoSansCJKtc-subset.otf, the fallback font the pictures use for Chinese, Japanese kana and
# Korean: Noto Sans CJK TC Regular (SIL Open Font License 1.1, OFL.txt) from Debian's
# fonts-noto-cjk, cut to the characters of Big5 (the 13,061 Traditional Chinese ideographs of
# everyday use), kana, bopomofo, CJK punctuation, full-width forms and the 2,350 Hangul syllables
# of KS X 1001, and every character of the message catalogues (commands/lang/catalog, so that a
# message cannot ask for a glyph the subset lacks: TestEveryCharacterOfTheCataloguesIsDrawn checks
# it). The whole font is 19 MB; the subset is 3.5 MB.
#
#   apt-get install fonts-noto-cjk fonttools && sh render/fonts/subset.sh
set -eu
cd "$(dirname "$0")"
src=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
list=$(mktemp)
python3 - "$list" ../../commands/lang/catalog <<'PY'
import pathlib, sys
cps = set()
for f in pathlib.Path(sys.argv[2]).rglob("*.toml"):
    cps.update(ord(c) for c in f.read_text(encoding="utf-8") if ord(c) >= 0x2E80)
for lo, hi in [(0x3000, 0x3040), (0x3040, 0x3100), (0x3100, 0x3130), (0xFF00, 0xFFF0)]:
    cps.update(range(lo, hi))
for cp in range(0x4E00, 0xA000):
    try:
        chr(cp).encode("big5")
        cps.add(cp)
    except UnicodeEncodeError:
        pass
for cp in range(0xAC00, 0xD7A4):
    if len(chr(cp).encode("euc_kr")) == 2:
        cps.add(cp)
open(sys.argv[1], "w").write(",".join("U+%04X" % c for c in sorted(cps)))
PY
# Font number 3 of the collection is the Traditional Chinese (TC) one.
pyftsubset "$src" --font-number=3 --unicodes-file="$list" --output-file=NotoSansCJKtc-subset.otf \
	--no-hinting --layout-features='' --name-IDs='*'
rm -f "$list"
