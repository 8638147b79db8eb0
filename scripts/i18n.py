"""Keeps the translation catalogues in step with ``guandan_learn.messages.MESSAGES``.

    python scripts/i18n.py update   # writes locale/guandan_learn.pot and updates pt/es .po files
    python scripts/i18n.py check    # lists messages missing a translation; exit 1 if any

Each entry's context (``msgctxt``) is the message key and its ``msgid`` the English template.
An entry whose English changed keeps its old translation marked ``fuzzy`` (shown in English
until a translator confirms it); entries for removed keys are dropped.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from guandan_learn.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, po_entries, po_path
from guandan_learn.messages import MESSAGES

HEADER = '''msgid ""
msgstr ""
"Project-Id-Version: guandan-learn\\n"
"Language: {lang}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
'''


def quote(text: str) -> str:
    """Writes a string as a PO literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def read_entries(path: Path) -> dict[str, tuple[str, str, bool]]:
    """Reads key → (English, translation, fuzzy) from a catalogue, fuzzy entries included."""
    if not path.is_file():
        return {}
    return {ctx: (en, tr, fuzzy)
            for ctx, en, tr, fuzzy in po_entries(path.read_text(encoding="utf-8")) if ctx}


def write_catalog(path: Path, lang: str, old: dict[str, tuple[str, str, bool]]) -> tuple[int, int]:
    """Writes one catalogue for every message; returns (translated, missing)."""
    lines = [HEADER.format(lang=lang)]
    done = missing = 0
    for key, english in MESSAGES.items():
        prev_en, prev_tr, prev_fuzzy = old.get(key, ("", "", False))
        translation = prev_tr
        fuzzy = prev_fuzzy or (bool(prev_tr) and prev_en != english)
        if translation and not fuzzy:
            done += 1
        else:
            missing += 1
        entry = []
        if fuzzy and translation:
            entry.append("#, fuzzy")
        entry += [f"msgctxt {quote(key)}", f"msgid {quote(english)}",
                  f"msgstr {quote(translation)}"]
        lines.append("\n".join(entry) + "\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines), encoding="utf-8")
    return done, missing


def update() -> int:
    write_catalog(LOCALE_DIR / f"{DOMAIN}.pot", "", {})
    for lang in LANGUAGES[1:]:
        path = po_path(lang)
        done, missing = write_catalog(path, lang, read_entries(path))
        print(f"{lang}: {done} translated, {missing} to do ({path})")
    return 0


def check() -> int:
    bad = 0
    for lang in LANGUAGES[1:]:
        entries = read_entries(po_path(lang))
        for key, english in MESSAGES.items():
            en, tr, fuzzy = entries.get(key, ("", "", False))
            if not tr or fuzzy or en != english:
                print(f"{lang}: {key} needs a translation")
                bad += 1
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["update", "check"])
    args = parser.parse_args(argv)
    return update() if args.command == "update" else check()


if __name__ == "__main__":
    sys.exit(main())
