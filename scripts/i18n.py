"""Keeps the translation catalogues in step with ``guandan_learn.messages.MESSAGES``.

    python scripts/i18n.py update   # writes locale/guandan_learn.pot and updates pt/es .po files
    python scripts/i18n.py check    # lists messages missing a translation; exit 1 if any

Each entry's context (``msgctxt``) is the message key and its ``msgid`` the English template;
a plural message (``messages.PLURALS``) also has a ``msgid_plural`` and one ``msgstr[i]`` per
form of its language (``Plural-Forms`` in the header, from ``i18n.PLURAL_FORMS``).
An entry whose English changed keeps its old translation marked ``fuzzy`` (shown in English
until a translator confirms it); entries for removed keys are dropped.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NamedTuple

from guandan_learn.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, PLURAL_FORMS, po_path, po_records
from guandan_learn.messages import MESSAGES, PLURALS

HEADER = '''msgid ""
msgstr ""
"Project-Id-Version: guandan-learn\\n"
"Language: {lang}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: {plural_forms}\\n"
'''


class Old(NamedTuple):
    """What a catalogue holds for one key: its English, translation forms and fuzziness."""

    english: str
    english_plural: str
    forms: tuple[str, ...]
    fuzzy: bool


def quote(text: str) -> str:
    """Writes a string as a PO literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def nplurals(lang: str) -> int:
    """Returns how many plural forms a language has (``nplurals`` of its header)."""
    forms = PLURAL_FORMS.get(lang, "nplurals=2;")
    return int(forms.split("nplurals=", 1)[1].split(";", 1)[0])


def read_entries(path: Path) -> dict[str, Old]:
    """Reads key → what the catalogue holds for it, fuzzy entries included."""
    if not path.is_file():
        return {}
    return {e.context: Old(e.msgid, e.msgid_plural, e.forms if e.msgid_plural else (e.msgstr,),
                           e.fuzzy)
            for e in po_records(path.read_text(encoding="utf-8")) if e.context}


def write_catalog(path: Path, lang: str, old: dict[str, Old]) -> tuple[int, int]:
    """Writes one catalogue for every message; returns (translated, missing)."""
    count = nplurals(lang) if lang else 2
    lines = [HEADER.format(lang=lang, plural_forms=PLURAL_FORMS.get(
        lang, "nplurals=INTEGER; plural=EXPRESSION;"))]
    done = missing = 0
    for key, english in MESSAGES.items():
        plural = PLURALS[key].plural if key in PLURALS else ""
        prev = old.get(key, Old("", "", (), False))
        forms = prev.forms if plural else prev.forms[:1]
        forms = (tuple(forms) + ("",) * count)[:count] if plural else (forms or ("",))
        translated = any(forms)
        fuzzy = prev.fuzzy or (translated and (prev.english != english
                                               or prev.english_plural != plural))
        if translated and all(forms) and not fuzzy:
            done += 1
        else:
            missing += 1
        entry = []
        if fuzzy and translated:
            entry.append("#, fuzzy")
        entry += [f"msgctxt {quote(key)}", f"msgid {quote(english)}"]
        if plural:
            entry.append(f"msgid_plural {quote(plural)}")
            entry += [f"msgstr[{i}] {quote(form)}" for i, form in enumerate(forms)]
        else:
            entry.append(f"msgstr {quote(forms[0])}")
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
            plural = PLURALS[key].plural if key in PLURALS else ""
            old = entries.get(key, Old("", "", (), False))
            complete = (len(old.forms) == (nplurals(lang) if plural else 1)
                        and all(old.forms))
            if not complete or old.fuzzy or old.english != english \
                    or old.english_plural != plural:
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
