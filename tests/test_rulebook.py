"""The project's rulebook: every clause in every language, every citation known, links to clauses.

The rulebook is package data (``guandan_learn/data/rulebook/<lang>.md``), so these tests run in
any clone. Only the comparison with the specification it was written from (``RULES.md`` and
``VARIANTS.md`` in a ``shared`` folder beside the repository, where the project's authors keep
it, or in the folder ``GUANDAN_SPEC`` names) reads the copy in ``tests/spec/``, so it runs in
every clone too; where the specification's folder is present, the copy must match it.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest

from guandan_learn import GuandanError, RulebookError, get_language, set_language
from guandan_learn.i18n import LANGUAGES
from guandan_learn.rulebook import (
    PAGES,
    _plain,
    clause,
    clause_anchor,
    clause_link,
    clauses,
    link_clauses,
    linked,
    markdown,
    unlink,
    viewer,
)

ROOT = Path(__file__).resolve().parent.parent
#: The specification's folder: beside the repository, or where GUANDAN_SPEC says.
SPEC = Path(os.environ.get("GUANDAN_SPEC") or ROOT.parent / "shared")
#: The copy of the specification the tests compare with, kept in step with ``SPEC``.
SPEC_COPY = ROOT / "tests" / "spec"
IDS = clauses("en")
#: A citation as the messages, catalogues and bank write it: §04.3, §05, V4, V3a.
CITATION = re.compile(r"§\d\d(?:\.\d+)?|(?<![\w-])V\d+[a-z]?(?!\w)")
#: Where clauses are cited: the messages and catalogues, the code that builds reasons with
#: their clause (``Reason.of(key, "§04.3", …)``), and the puzzle bank.
CITING = [*sorted((ROOT / "guandan_learn" / "messages").glob("*.py")),
          *sorted((ROOT / "guandan_learn" / "locale").rglob("*.po")),
          *sorted((ROOT / "guandan_learn" / "locale").glob("*.pot")),
          *sorted(p for p in (ROOT / "guandan_learn").rglob("*.py")
                  if "messages" not in p.parts  # (below: docstrings with made-up ids)
                  and p.name not in ("rulebook.py", "scheduling.py")),
          *sorted((ROOT / "exercises").glob("*.yaml"))]


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    set_language("en")


def test_the_rulebook_has_every_section_and_house_rule() -> None:
    sections = {c[:3] for c in IDS if c.startswith("§")}
    assert sections == {f"§0{i}" for i in range(1, 10)}
    assert [c for c in IDS if c.startswith("V")] == [f"V{i}" for i in range(1, 15)]
    assert IDS[:2] == ["§01.1", "§01.2"] and "§06.10" in IDS and "§08.11" in IDS
    assert len(IDS) == len(set(IDS)) == 83


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_clause(lang: str) -> None:
    assert clauses(lang) == IDS
    for cid in IDS:
        text = clause(cid, lang)
        assert len(text) > 15, (lang, cid, text)
        assert "<a" not in text and "**" not in text and "`" not in text, (lang, cid, text)
        # Every clause it cites survives translation.
        assert set(CITATION.findall(text)) == set(CITATION.findall(clause(cid, "en"))), (
            lang, cid)


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_clause_is_translated(lang: str) -> None:
    for cid in IDS:
        assert clause(cid, lang) != clause(cid, "en"), (lang, cid)
    set_language(lang)
    assert clause("§04.3") == clause("§04.3", lang)
    assert clause("§04.3", "EN") == clause("§04.3", "en")
    assert clause("§04.3", f"{lang}_BR".replace("es_BR", "es_ES")) == clause("§04.3", lang)


def test_translations_use_the_glossary_words() -> None:
    """The wild hearts, tubes, plates, tribute and return are called what the course calls them."""
    words = {"pt": {"§03.3": "cartas de nível de copas", "§04.1": "tubo", "§05.5": "curingas",
                    "§04.5": "placas", "§08.3": "tributo", "§08.2": "devolve",
                    "§02.7": "nível ativo", "§07.9": "declarantes", "§06.2": "vaza"},
             "es": {"§03.3": "cartas de nivel de corazones", "§04.1": "tubo", "§05.5": "comodines",
                    "§04.5": "placas", "§08.3": "tributo", "§08.2": "devuelve",
                    "§02.7": "nivel activo", "§07.9": "equipo declarante", "§06.2": "sale"}}
    for lang, expected in words.items():
        for cid, word in expected.items():
            assert word in clause(cid, lang), (lang, cid, word)
        # The jokers' word is never the wild hearts' word.
        assert "coringa" not in markdown(lang)


def test_english_keeps_every_decision() -> None:
    decisions = [c for c in IDS if clause(c, "en").startswith("Decision:")
                 or " Decision: " in clause(c, "en")]
    assert decisions == ["§04.2", "§04.9", "§07.9", "§08.9", "§08.10", "§08.11"]
    for lang, word in (("pt", "Decisão:"), ("es", "Decisión:")):
        assert [c for c in IDS if word in clause(c, lang)] == decisions


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_clause_has_its_anchor(lang: str) -> None:
    """Anchors are written once per clause, the same in every language, and follow the ids."""
    text = markdown(lang)
    written = re.findall(r'<a id="([a-z0-9-]+)"></a>\*\*(§\d\d\.\d+|V\d+)\*\*', text)
    assert [cid for _, cid in written] == IDS
    for anchor, cid in written:
        assert anchor == clause_anchor(cid) == cid.lower().replace("§", "s").replace(".", "-")
    anchors = re.findall(r'<a id="([a-z0-9-]+)"></a>', text)
    assert len(anchors) == len(set(anchors))
    assert anchors == re.findall(r'<a id="([a-z0-9-]+)"></a>', markdown("en"))


@pytest.mark.parametrize("bad", ["§12.1", "§04.99", "V15", "v4", "V3c", "04.3", "", " ", None, 43])
def test_unknown_clause_is_a_rulebook_error(bad: object) -> None:
    with pytest.raises(RulebookError, match="is not in the rulebook") as err:
        clause(bad)  # type: ignore[arg-type]
    assert isinstance(err.value, GuandanError)
    with pytest.raises(RulebookError):
        clause_anchor(bad)  # type: ignore[arg-type]
    with pytest.raises(RulebookError):
        clause_link(bad)  # type: ignore[arg-type]


def test_sections_lettered_options_languages_and_views() -> None:
    with pytest.raises(RulebookError, match=r"§05\.1 to §05\.7"):
        clause("§05")
    assert clause_anchor("§05") == "s05" and clause_anchor(" §04.3 ") == "s04-3"
    assert clause_anchor("V3a") == clause_anchor("V3b") == "v3"
    assert clause("V3b", "es") == clause("V3", "es")
    with pytest.raises(RulebookError, match="en, pt, es, not in 'fr'"):
        clause("§04.3", "fr")
    with pytest.raises(RulebookError, match="not for 'web'"):
        clause_link("§04.3", view="web")
    with pytest.raises(RulebookError, match="not for 'web'"):
        link_clauses("no citation here", view="web")
    set_language("pt")
    with pytest.raises(RulebookError, match="não está no livro de regras"):
        clause("§12.1")


def test_clause_links() -> None:
    assert clause_link("§04.3", view="lab") == "rulebook.md#s04-3"
    assert clause_link("§04.3", view="voila") == "rulebook.ipynb#s04-3"
    assert clause_link("V14", "es", base="", view="lab") == "es/rulebook.md#v14"
    assert clause_link("§06.10", "pt", base="../", view="voila") == "../pt/rulebook.ipynb#s06-10"
    assert clause_link("§06.10", "en", base="../", view="lab") == "../rulebook.md#s06-10"


def test_viewer_follows_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    assert viewer() == "lab" and clause_link("§04.3") == "rulebook.md#s04-3"
    monkeypatch.setenv("VOILA_KERNEL_ID", "0d7f")
    assert viewer() == "voila" and clause_link("§04.3") == "rulebook.ipynb#s04-3"


def _links(text: str) -> list[tuple[str, str, str]]:
    """Lists each rulebook link of some HTML as (href, tooltip, text)."""
    return [(html.unescape(h), html.unescape(t), x) for h, t, x in re.findall(
        r'<a class="gdl-clause" href="([^"]*)" target="_blank" rel="noopener" title="([^"]*)" '
        r'style="[^"]*">([^<]*)</a>', text)]


def test_link_clauses_wraps_each_citation() -> None:
    text = "Same form only (§04.3); bombs: §05, §08.1–§08.2, V1–V7 and V3a."
    out = link_clauses(text, view="lab")
    assert [(h, x) for h, _, x in _links(out)] == [
        ("rulebook.md#s04-3", "§04.3"), ("rulebook.md#s05", "§05"),
        ("rulebook.md#s08-1", "§08.1"), ("rulebook.md#s08-2", "§08.2"),
        ("rulebook.md#v1", "V1"), ("rulebook.md#v7", "V7"), ("rulebook.md#v3", "V3a")]
    tooltips = [t for _, t, _ in _links(out)]
    assert tooltips[0] == "§04.3: " + clause("§04.3", "en")
    assert tooltips[1] == "§05: Bombs"
    # Taking the links away gives back the text.
    assert re.sub(r"<[^>]+>", "", out) == text
    assert link_clauses(out, view="lab") == out  # linking twice changes nothing


def test_link_clauses_leaves_markup_and_unknown_ids_alone() -> None:
    text = ('<span class="gdl-card" aria-label="7♥, a wild heart (§03.3)" title="§03.3">7♥</span>'
            '<a href="#x">§04.1</a><code>§04.2</code><script>let s = "§04.5";</script>'
            "<svg><title>§04.6</title></svg> §99.1, V99, AV4, V4x, &lt;§04.7&gt;")
    out = link_clauses(text, view="voila")
    assert [x for _, _, x in _links(out)] == ["§04.2", "§04.7"]
    assert re.sub(r'<a class="gdl-clause"[^>]*>([^<]*)</a>', r"\1", out) == text
    assert "&lt;<a class" in out  # an escaped bracket stays escaped, next to the link


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_link_clauses_in_portuguese_and_spanish(lang: str) -> None:
    set_language(lang)
    from guandan_learn import classify, judge

    verdict = judge("AC AD", classify("9S", "7")[0], "7")
    out = link_clauses(html.escape(verdict.reason), view="lab")
    ((href, tooltip, cited),) = _links(out)
    assert cited == "§04.3" and href == "rulebook.md#s04-3"
    assert tooltip == "§04.3: " + clause("§04.3", lang)
    assert link_clauses("x §04.3", lang="en", base="../", view="lab").count('href="../rulebook.md')
    assert "pt/rulebook.md#s04-3" in link_clauses("§04.3", base="", view="lab") or lang == "es"
    assert get_language() == lang


def test_every_cited_clause_is_in_the_rulebook() -> None:
    """Every id the messages, catalogues and puzzle bank cite is a clause or section here."""
    cited: dict[str, set[str]] = {}
    for path in CITING:
        for cid in CITATION.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(cid, set()).add(path.name)
    assert len(cited) > 60
    unknown = {}
    for cid, where in cited.items():
        try:
            clause_anchor(cid)
        except RulebookError:
            unknown[cid] = sorted(where)
    assert unknown == {}


def test_the_rulebook_ships_as_package_data() -> None:
    from importlib import resources

    folder = resources.files("guandan_learn") / "data" / "rulebook"
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".md")) == [
        f"{lang}.md" for lang in sorted(LANGUAGES)]
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"data/**/*"' in pyproject  # every data file ships, the rulebook with them
    assert set(PAGES) == {"lab", "voila"}


# -- Against the specification (its copy in tests/spec, checked against the original if present) --

def _spec(name: str) -> str:
    text = (SPEC_COPY / name).read_text(encoding="utf-8")
    original = SPEC / name
    if original.is_file():
        assert original.read_text(encoding="utf-8") == text, (
            f"{original} changed: copy it to tests/spec/ and update the rulebook")
    return text


def test_same_clauses_as_the_specification() -> None:
    rules = re.findall(r"^- (§\d\d\.\d+) ", _spec("RULES.md"), re.MULTILINE)
    variants = re.findall(r"^\| (V\d+) \|", _spec("VARIANTS.md"), re.MULTILINE)
    assert rules + variants == IDS


#: Clauses the rulebook words more plainly than the specification (issues 16 and 28: one word
#: per idea, readers' findings), each with the specification's words it replaces and the words
#: that say the same thing more exactly.
CLARIFIED = {
    "§01.1": ("It is a partnership climbing game:", "It is a climbing game for two teams:"),
    "§01.2": ("There are no card points. Only the finishing order, who holds the lead, and "
              "helping the partner decide a deal.",
              "There are no card points: the finishing order alone decides a deal. Holding the "
              "lead and helping the partner are how a team gets there."),
    "§02.1": ("two fixed partnerships", "two fixed teams"),
    "§02.2": ("Every card except the jokers exists", "Every card, jokers included, exists"),
    "§03.5": ("A wild played alone is just a level card (it is not a joker).",
              "A wild played alone is just a level card: it is not declared as another card, "
              "and it is not a joker."),
    "§06.2": ("The leader may play any legal combination.",
              "The leader must play (the leader may not pass) and may play any legal "
              "combination."),
    "§06.3": ("Passing is always allowed, even when the player could beat.",
              "A following player may always pass, even when they could beat."),
    "§06.6": ("has already emptied their hand,", "is already out,"),
    "§06.8": ("as soon as one partnership has both players finished, or only one player still "
              "holds cards (that player is 4th).",
              "as soon as both players of one team are out (this includes the case "
              "where only one player still holds cards: that player is 4th)."),
    "§06.10": ("Players never reveal their partner's hand or agree private signals.",
               "Players never show or describe their own hand to their partner, and partners "
               "never agree private signals."),
    "§07.5": ("when, as declarers (the active level is their level) in a deal actually played "
              "at their level A, they finish first with the partner 2nd or 3rd.",
              "when it is the declaring team (the declarers: the active level is their "
              "level) in a deal played at its level A, and one partner finishes 1st and the "
              "other 2nd or 3rd. Reaching A by a promotion does not win the match by itself."),
    "§08.1": ("deal's last player gives the previous first player their highest single card (by "
              "§03.1 at the new active level), never a wild heart.",
              "deal's last finisher gives their own highest single card (by §03.1 at the new "
              "active level), never a wild heart, to the previous first finisher."),
    "§08.3": ("goes to the first player, the other to the second.",
              "goes to the first finisher, the other to the second finisher."),
    "§08.4": ("the first player receives from the opponent on their right (the seat after "
              "them), and the second player from the other opponent.",
              "the first finisher receives from the opponent on their right, who plays right "
              "after them, and the second finisher from the other opponent."),
    "§08.6": ("the payer who paid the first player leads.",
              "the payer who paid the first finisher leads."),
    "§08.7": ("Tribute is cancelled entirely if the obliged player holds both red jokers, or, in "
              "a double tribute, if the two obliged opponents hold both red jokers between them. "
              "The previous first player then leads.",
              "Tribute is cancelled entirely if the payer holds both red jokers, or, in a double "
              "tribute, if the two payers hold both red jokers between them. The previous first "
              "finisher then leads. This is called resisting tribute (抗贡)."),
    "§08.11": ("(This cannot arise in practice; puzzles may build it.)",
               "(This is very rare in a real deal: the receiver would hold no card from 2 to 10 "
               "outside the level rank; puzzles may build it.)"),
    "§09.1": ("seats A, B, C, D in playing order (A and C partners). A leads Q♠ Q♦. B plays "
              "K♣ K♦, a higher pair. C plays",
              "seats South, East, North, West in playing order (South and North partners). "
              "South leads Q♠ Q♦. East plays K♣ K♦, a higher pair. North plays"),
    "§09.2": ("If D, A and B then pass, C's trick is over and C leads again.",
              "If West, South and East then pass, the trick is over, and North, whose bomb "
              "stood, leads the next trick."),
    "§09.3": ("Different suits are just physical cards:",
              "A suit only tells apart cards of one rank:"),
    "§09.4": ("helps the partnership.", "helps the team."),
}


def test_english_says_what_the_specification_says() -> None:
    """Word for word, except that §07.7 points at V1 instead of at another file, and the
    clarified clauses replace one sentence each."""
    text = _spec("RULES.md")
    for cid, body in re.findall(r"^- (§\d\d\.\d+) (.*?)(?=^- |^## |\Z)", text,
                                re.MULTILINE | re.DOTALL):
        expected = _plain(body).replace("see VARIANTS.md", "see V1")
        if cid in CLARIFIED:
            spec_words, ours = CLARIFIED[cid]
            assert spec_words in expected, cid  # the specification still says it that way
            expected = expected.replace(spec_words, ours)
        assert clause(cid, "en") == expected, cid
    for row in re.findall(r"^\| (V\d+ \|.*)$", _spec("VARIANTS.md"), re.MULTILINE):
        vid = row.split(" |")[0]
        assert set(re.findall(r"§\d\d(?:\.\d+)?", row)) <= set(
            re.findall(r"§\d\d(?:\.\d+)?", clause(vid, "en"))), vid


# -- Every surface a learner reads links its citations -----------------------------------------

#: A clause link as any surface writes it: to the rulebook page, or within the page itself.
SHOWN_LINK = re.compile(r'<a class="gdl-clause" href="([^"]*)"(?: target="_blank" '
                        r'rel="noopener")? title="([^"]*)" style="[^"]*">([^<]*)</a>')


def _linked_everywhere(page: str, lang: str) -> list[str]:
    """Checks that every citation a learner reads in some HTML is a link to its clause, with
    the clause's text in ``lang`` as its tooltip; returns the clauses linked, in order."""
    from guandan_learn.rulebook import cited, cited_text

    found = SHOWN_LINK.findall(page)
    assert found, page
    linked_ids = []
    for href, title, text in found:
        (cid,) = cited(text)
        linked_ids.append(cid)
        assert html.unescape(title) == f"{cid}: {cited_text(cid, lang)}"
        target = html.unescape(href)
        if target.startswith("#"):  # within the page: the element is there
            assert target.endswith(clause_anchor(cid)) and f'id="{target[1:]}"' in page
        else:
            assert target in {f"{name}#{clause_anchor(cid)}" for name in PAGES.values()}
    # What is left once the links are gone cites nothing: no citation was missed. (Pictures
    # say their clauses to screen readers; a block's summary and a list's term name them.)
    rest = SHOWN_LINK.sub("", page)
    for hidden in (r"<svg.*?</svg>", r"<summary.*?</summary>", r"<dt[^>]*>.*?</dt>"):
        rest = re.sub(hidden, "", rest, flags=re.DOTALL)
    assert cited(html.unescape(re.sub(r"<[^>]*>", " ", rest))) == []
    return linked_ids


def _puzzle():
    from guandan_learn.widgets import quiz_set

    return quiz_set(["legal-pair-on-single"]).puzzle


@pytest.mark.parametrize("lang", LANGUAGES)
def test_verdicts_reasons_settlements_tribute_glossary_and_questions_link(lang: str) -> None:
    from guandan_learn import classify, judge, plan_tribute, settle_deal
    from guandan_learn.display import html as shown
    from guandan_learn.exercises import Question, generate
    from guandan_learn.glossary import glossary_html, load_glossary
    from guandan_learn.reason import Reason
    from guandan_learn.text import reason_html

    set_language(lang)
    verdict = judge("AC AD", classify("9S", "7")[0], "7")
    assert _linked_everywhere(shown(verdict), lang) == ["§04.3"]
    assert _linked_everywhere(reason_html(Reason.of("judge.no_cards", "§04.1")), lang) == [
        "§04.1"]
    settlement = settle_deal(("2", "2"), None, [1, 0, 3])
    assert _linked_everywhere(shown(settlement), lang) == CITATION.findall(
        settlement.explanation)
    plan = plan_tribute([0, 1, 2], {3: "AS KD 5C 8H 8C"}, "8")
    assert _linked_everywhere(shown(plan), lang) == ["§08.1", "§08.9", "§08.5", "§08.6"]
    assert len(_linked_everywhere(glossary_html(lang), lang)) == len(load_glossary()) + 1  # V4
    question = Question(generate("next_level", 0))  # the setup says nobody declares (§07.9)
    assert "§07.9" in _linked_everywhere(question._repr_html_(), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_quiz_feedback_and_hints_link_their_clauses(lang: str) -> None:
    from guandan_learn.exercises import Question
    from guandan_learn.rulebook import cited_text
    from guandan_learn.widgets import quiz_set

    set_language(lang)
    feedback = Question(_puzzle()).check("yes")
    assert "§04.3" in _linked_everywhere(feedback._repr_html_(), lang)
    quiz = quiz_set(["legal-pair-on-single"])
    quiz.show_solution()
    page = quiz.feedback.value
    _linked_everywhere(page, lang)
    # The sentences link into the feedback's own block, which holds each clause's text and
    # links on to the rulebook.
    block = page[page.index('<details class="gdl-cited"'):]
    sentences = page[:page.index('<details class="gdl-cited"')]
    ids = _linked_everywhere(sentences + block, lang)[:len(SHOWN_LINK.findall(sentences))]
    assert "§04.3" in ids
    for cid in set(ids):
        assert cited_text(cid, lang) in html.unescape(re.sub(r"<[^>]*>", "", block))
        assert f'href="rulebook.md#{clause_anchor(cid)}"' in block
    assert all(h.startswith("#gdl-cited-") for h, _, _ in SHOWN_LINK.findall(sentences))
    while not quiz.hint_button.disabled:
        quiz.hint()
    assert _linked_everywhere(quiz.hint_view.value, lang)
    # The plain text stays plain, and in the language of the moment.
    assert "<" not in str(feedback) and "§04.3" in str(feedback)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_widgets_link_their_clauses(lang: str) -> None:
    from guandan_learn import Deal
    from guandan_learn.widgets import CardPicker, DealReplay, HintCycler, PlayDeal

    set_language(lang)
    picker = CardPicker("3C 5D 8C 8D QS", "7", table="6C 6D")
    picker.selected = "QS"
    assert "§04.3" in _linked_everywhere(picker.feedback.value, lang)
    assert '<details class="gdl-cited"' in picker.feedback.value  # the text, in place
    deal = Deal(["QS QD 3C", "KC KD 4C", "8C 8D 8S 7H 5C", "9C 9D 6C"], "7", leader=0)
    deal.play("QS QD")
    replay = DealReplay(deal)
    assert "§06.2" in _linked_everywhere(replay.caption.value, lang)
    assert "§06.3" in _linked_everywhere(HintCycler("3C 4D", "RJ", "7").view.value, lang)
    game = PlayDeal(seed=3)
    assert _linked_everywhere(game.feedback.value, lang)
    game.play()  # nothing picked: refused, with the engine's reason
    assert _linked_everywhere(game.feedback.value, lang)


def test_a_page_follows_the_language_of_the_moment() -> None:
    from guandan_learn import classify, judge
    from guandan_learn.display import html as shown

    verdict = judge("AC AD", classify("9S", "7")[0], "7")
    english = shown(verdict)
    set_language("es")
    spanish = shown(verdict)
    assert f'title="§04.3: {html.escape(clause("§04.3", "es"))}"' in spanish
    assert spanish != english and 'href="rulebook.md#s04-3"' in spanish


def test_plain_text_stays_plain() -> None:
    """IPython shows the sentences as text/plain, with no link in them."""
    from IPython.core.interactiveshell import InteractiveShell

    from guandan_learn import classify, judge, plan_tribute, settle_deal
    from guandan_learn.display import register

    shell = InteractiveShell.instance()
    assert register(shell)
    for value in (judge("AC AD", classify("9S", "7")[0], "7"),
                  settle_deal(("2", "2"), None, [1, 0, 3]),
                  plan_tribute([0, 1, 2], {3: "AS KD 5C 8H 8C"}, "8")):
        data, _ = shell.display_formatter.format(value)
        assert 'class="gdl-clause"' in data["text/html"]
        assert "<" not in data["text/plain"] and "§0" in data["text/plain"], data["text/plain"]


#: The heading of a worksheet's rules, in each language.
HEADINGS = {"en": "The rules cited on this page", "pt": "As regras citadas nesta página",
            "es": "Las reglas citadas en esta página"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_worksheets_carry_the_rules_they_cite(lang: str) -> None:
    """A worksheet is one file: its citations link to the rules' text at its own end."""
    from guandan_learn.rulebook import cited_text
    from guandan_learn.worksheet import key_html, make_sheet, sheet_html

    set_language(lang)
    sheet = make_sheet(["legal_play", "tribute"], 4, seed=3)
    key = key_html(sheet)
    ids = _linked_everywhere(key, lang)
    assert 'target="_blank"' not in key and "rulebook.md" not in key  # no page beside it
    rules = key[key.index('<section class="rules">'):]
    for cid in set(ids):
        assert f'<dt id="rule-{clause_anchor(cid)}">{cid}</dt>' in rules
        assert cited_text(cid, lang) in html.unescape(re.sub(r"<[^>]*>", "", rules))
    assert HEADINGS[lang] in rules
    student = sheet_html(sheet)
    assert ('<section class="rules">' in student) == bool(SHOWN_LINK.search(student))



def test_in_place_blocks_have_their_own_ids() -> None:
    from guandan_learn.rulebook import in_place

    page = linked("Same form only (§04.3), or a bomb (§05).", view="lab")
    first, second = in_place(page, view="lab"), in_place(page, view="lab")
    assert first != second and unlink(first) != unlink(page)  # two blocks, two sets of ids
    assert in_place(page, view="lab", stable=True) == in_place(page, view="lab", stable=True)
    entry = re.findall(r'<dt id="([^"]+)"', first)
    assert len(entry) == 2 and entry[0].endswith("-s04-3") and entry[1].endswith("-s05")
    assert all(f'href="#{e}"' in first for e in entry)
    assert in_place("no citation", view="lab") == "no citation"
