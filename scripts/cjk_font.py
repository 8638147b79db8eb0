"""Writes guandan_learn/data/fonts/gdl-cjk.woff: WenQuanYi Zen Hei cut to the Chinese
characters the project shows (the glossary, the notebooks, the messages) and a few spare.

The glossary embeds it (base64, ``@font-face``) so its Chinese column reads on computers
without a CJK font. Run it again after adding Chinese words:

    .venv/bin/python scripts/cjk_font.py [path/to/wqy-zenhei.ttc]

Needs fontTools (``pip install fonttools``) and the font (Debian: fonts-wqy-zenhei). The font
is GPL-2 with a font embedding exception; see guandan_learn/data/fonts/LICENSE-wqy-zenhei.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc")
TARGET = ROOT / "guandan_learn" / "data" / "fonts" / "gdl-cjk.woff"
#: Characters kept beyond those in use, for small edits of the glossary without a new subset.
SPARE = "一方的打几是你我他们中文拼音局面张"
CJK = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]")


def used_characters() -> str:
    """Returns every CJK character in the glossary, notebooks, rulebook and messages, sorted."""
    files = [ROOT / "guandan_learn" / "data" / "glossary.yaml",
             *sorted((ROOT / "notebooks" / "src").glob("*.yaml")),
             *sorted((ROOT / "guandan_learn" / "data" / "rulebook").glob("*.md")),
             *sorted((ROOT / "guandan_learn" / "messages").glob("*.py"))]
    found: set[str] = set(SPARE)
    for path in files:
        found.update(CJK.findall(path.read_text(encoding="utf-8")))
    return "".join(sorted(found))


def main(argv: list[str]) -> int:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    source = Path(argv[0]) if argv else SOURCE
    font = TTCollection(str(source)).fonts[0]  # WenQuanYi Zen Hei (not Sharp, not Mono)
    options = subset.Options()
    options.flavor = "woff"  # zlib: no brotli needed
    options.name_IDs = ["*"]  # keep the copyright and licence names
    options.notdef_outline = True
    options.layout_features = []
    options.hinting = False
    subsetter = subset.Subsetter(options)
    chars = used_characters()
    subsetter.populate(text=chars)
    subsetter.subset(font)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(TARGET), options)
    print(f"{TARGET.relative_to(ROOT)}: {len(chars)} characters, {TARGET.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
