"""Generators: a fresh puzzle of any kind from a seed, with options from misconceptions.

``generate(kind, seed, difficulty)`` draws a setup with ``random.Random`` seeded by the kind,
difficulty and seed (so the same seed always gives the same puzzle), lets the engine solve it,
and offers as wrong options the answers that misconceptions give (each tagged with its id),
topped up with plain distractors.

Difficulty 1 keeps to sets and plain cases; 2 adds sequences, bombs and the match; 3 adds wild
hearts, jokers, level A and the rarer tribute cases.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..cards import FACES, LEVELS, Card, Rank, Suit, wild_card
from ..combo import Kind
from ..deal import Deal
from ..errors import ExerciseError, GuandanError
from ..level import partner_of
from ..messages import say
from .kinds import LABELS, DealSetup, spec
from .misconceptions import candidates, wrong_answers
from .model import Choice, Puzzle, PuzzleError, PuzzleKind, Solution

Setup = dict[str, Any]
SUITS = tuple(Suit)
_BJ, _RJ = FACES[52], FACES[53]


def _face(value: int, suit: Suit) -> Card:
    return FACES[((14 if value == 1 else value) - 2) * 4 + suit.index]


def _text(cards: list[Card]) -> str:
    return " ".join(c.code for c in sorted(cards, key=lambda c: c.index))


class Pool:
    """The cards still available in two decks, drawn at random (§02.2)."""

    def __init__(self, rng: random.Random, level: Rank) -> None:
        self.rng = rng
        self.level = level
        self.wild = wild_card(level)
        self.left = [2] * 54

    def take(self, card: Card) -> bool:
        """Takes one copy of a card if any is left."""
        if self.left[card.index]:
            self.left[card.index] -= 1
            return True
        return False

    def rank(self, value: int, n: int) -> list[Card] | None:
        """Draws ``n`` natural cards of a rank (never the wild heart), or ``None``."""
        if value >= 15:
            joker = _BJ if value == 15 else _RJ
            return [joker] * n if n <= self.left[joker.index] and self.take_n(joker, n) else None
        options = [c for s in SUITS for c in [_face(value, s)] if c is not self.wild
                   for _ in range(self.left[c.index])]
        if len(options) < n:
            return None
        chosen = self.rng.sample(options, n)
        for c in chosen:
            self.take(c)
        return chosen

    def take_n(self, card: Card, n: int) -> bool:
        """Takes ``n`` copies of a card if that many are left."""
        if self.left[card.index] < n:
            return False
        self.left[card.index] -= n
        return True

    def wilds(self, n: int) -> list[Card] | None:
        """Draws ``n`` wild hearts."""
        return [self.wild] * n if n == 0 or self.take_n(self.wild, n) else None

    def run(self, top: int, length: int, width: int, suit: Suit | None = None,
            mixed: bool = True) -> list[Card] | None:
        """Draws a sequence: ``length`` ranks up to ``top`` (1 is the ace low), ``width`` each."""
        cards: list[Card] = []
        for v in range(top - length + 1, top + 1):
            if suit is not None:
                card = _face(v, suit)
                if card is self.wild or not self.take(card):
                    return None
                cards.append(card)
                continue
            got = self.rank(14 if v == 1 else v, width)
            if got is None:
                return None
            cards += got
        if mixed and suit is None and width == 1 and len({c.suit for c in cards}) == 1:
            swap = next((c for s in SUITS if s is not cards[0].suit
                         for c in [_face(cards[0].rank.natural, s)]
                         if c is not self.wild and self.left[c.index]), None)
            if swap is None:
                return None
            self.left[cards[0].index] += 1
            self.take(swap)
            cards[0] = swap
        return cards

    def junk(self, n: int, jokers: bool = False) -> list[Card]:
        """Draws ``n`` random cards (no wild hearts; jokers only if asked)."""
        top = 54 if jokers else 52
        chosen: list[Card] = []
        for _ in range(40 * n):
            if len(chosen) == n:
                break
            card = FACES[self.rng.randrange(top)]
            if card is not self.wild and self.take(card):
                chosen.append(card)
        return chosen

    def with_wilds(self, cards: list[Card], n: int) -> list[Card] | None:
        """Replaces ``n`` random natural cards (not jokers) by wild hearts."""
        spots = [i for i, c in enumerate(cards) if not c.is_joker and c is not self.wild]
        if len(spots) <= n or self.wilds(n) is None:
            return None if len(spots) <= n else cards
        out = list(cards)
        for i in self.rng.sample(spots, n):
            self.left[out[i].index] += 1
            out[i] = self.wild
        return out


# -- Building plays ----------------------------------------------------------------------------

_SETS = {Kind.SINGLE: 1, Kind.PAIR: 2, Kind.TRIPLE: 3}
_SEQ = {Kind.STRAIGHT: (5, 1), Kind.TUBE: (3, 2), Kind.PLATE: (2, 3)}


def build(pool: Pool, kind: Kind, key: int, size: int = 4, wilds: int = 0) -> list[Card] | None:
    """Draws the cards of a play of ``kind`` keyed by ``key`` (a natural value; 1–5 low runs)."""
    if kind in _SETS or kind is Kind.BOMB:
        n = _SETS.get(kind, size)
        cards = pool.rank(key, n)
    elif kind is Kind.FULL_HOUSE:
        pair = pool.rng.choice([v for v in range(2, 15) if v != key])
        triple = pool.rank(key, 3)
        two = pool.rank(pair, 2) if triple else None
        cards = None if triple is None or two is None else triple + two
    elif kind in _SEQ:
        length, width = _SEQ[kind]
        cards = pool.run(key, length, width)
    elif kind is Kind.STRAIGHT_FLUSH:
        cards = pool.run(key, 5, 1, pool.rng.choice(SUITS))
    else:
        cards = pool.rank(15, 2) and pool.rank(16, 2)
        cards = [_BJ, _BJ, _RJ, _RJ] if cards else None
    if cards is None or not wilds or key >= 15:
        return cards
    return pool.with_wilds(cards, wilds)


def _key(rng: random.Random, kind: Kind, level: Rank) -> int:
    """Draws a keying value for a kind, favouring the level rank, the ace and low runs."""
    if kind in _SEQ or kind is Kind.STRAIGHT_FLUSH:
        length = 5 if kind in (Kind.STRAIGHT, Kind.STRAIGHT_FLUSH) else _SEQ[kind][0]
        return rng.choice([length, length, 14, *range(length, 15)])
    return rng.choice([level.natural, 14, *range(2, 15)])


# -- One builder per kind ----------------------------------------------------------------------

Built = tuple[Setup, str] | tuple[Setup, str, Any]
Builder = Callable[[random.Random, int], Built | None]


def _level(rng: random.Random) -> Rank:
    return rng.choice(LEVELS)


def _legal_play(rng: random.Random, d: int) -> Built | None:
    lv = _level(rng)
    pool = Pool(rng, lv)
    lvv = lv.natural
    scenario = rng.choice({
        1: ["set", "set", "pair_single", "level_ace", "equal", "lead"],
        2: ["sequence", "full_house", "bomb_normal", "bombs", "flush", "not_combo", "forms"],
        3: ["jokers", "wild_fill", "wild_fill", "level_seq", "bombs", "equal", "not_combo"],
    }[d])
    play = table = None
    if scenario in ("set", "level_ace", "equal", "pair_single", "lead"):
        kind = rng.choice([Kind.SINGLE, Kind.PAIR, Kind.TRIPLE])
        a = _key(rng, kind, lv)
        b = {"level_ace": 14 if a == lvv else lvv, "equal": a}.get(scenario, _key(rng, kind, lv))
        if scenario == "level_ace":
            a = 14 if b == lvv else lvv
        if scenario == "pair_single":
            table, play = build(pool, Kind.SINGLE, a), build(pool, Kind.PAIR, b)
        elif scenario == "lead":
            play = build(pool, rng.choice(list(Kind)[:8]), _key(rng, kind, lv))
        else:
            table, play = build(pool, kind, a), build(pool, kind, b)
    elif scenario in ("sequence", "level_seq"):
        kind = rng.choice([Kind.STRAIGHT, Kind.TUBE, Kind.PLATE])
        if scenario == "level_seq":
            kind = Kind.STRAIGHT
            top = rng.randint(max(5, lvv), min(14, lvv + 4))
            table, play = build(pool, kind, _key(rng, kind, lv)), pool.run(top, 5, 1)
        else:
            table, play = build(pool, kind, _key(rng, kind, lv)), build(pool, kind,
                                                                       _key(rng, kind, lv))
    elif scenario == "full_house":
        a, b = rng.sample(range(2, 15), 2)
        table, play = build(pool, Kind.FULL_HOUSE, a), build(pool, Kind.FULL_HOUSE, b)
    elif scenario == "forms":
        k1, k2 = rng.sample([Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE,
                             Kind.STRAIGHT, Kind.TUBE], 2)
        table, play = build(pool, k1, _key(rng, k1, lv)), build(pool, k2, _key(rng, k2, lv))
    elif scenario == "bomb_normal":
        k = rng.choice([Kind.PAIR, Kind.STRAIGHT, Kind.FULL_HOUSE, Kind.TRIPLE])
        normal, bomb = build(pool, k, _key(rng, k, lv)), build(pool, Kind.BOMB,
                                                                _key(rng, Kind.BOMB, lv), 4)
        table, play = (normal, bomb) if rng.random() < 0.7 else (bomb, normal)
    elif scenario in ("bombs", "flush"):
        def bomb() -> list[Card] | None:
            if scenario == "flush" or rng.random() < 0.25:
                return build(pool, Kind.STRAIGHT_FLUSH, _key(rng, Kind.STRAIGHT_FLUSH, lv))
            return build(pool, Kind.BOMB, _key(rng, Kind.BOMB, lv), rng.choice([4, 4, 5, 5, 6]),
                         wilds=rng.choice([0, 0, 1]) if d == 3 else 0)

        table, play = bomb(), (bomb() if scenario == "bombs" else
                               build(pool, Kind.BOMB, _key(rng, Kind.BOMB, lv), 5))
        if scenario == "flush" and rng.random() < 0.5:
            table = build(pool, Kind.STRAIGHT, _key(rng, Kind.STRAIGHT, lv))
            play = pool.run(rng.randint(5, 14), 5, 1, rng.choice(SUITS))
    elif scenario == "not_combo":
        table = build(pool, Kind.STRAIGHT, _key(rng, Kind.STRAIGHT, lv))
        shape = rng.choice(["wrap", "long", "junk"])
        if shape == "wrap":
            start = rng.randint(10, 13)
            play = [c for v in range(start, start + 5)
                    for c in pool.rank((v - 2) % 13 + 2, 1) or []]
        elif shape == "long":
            play = pool.run(rng.randint(6, 14), 6, 1)
        else:
            play = pool.junk(rng.randint(2, 6))
    elif scenario == "jokers":
        shape = rng.choice(["mixed", "wild_joker", "wild_alone", "joker_pair"])
        if shape == "mixed":
            table, play = build(pool, Kind.PAIR, _key(rng, Kind.PAIR, lv)), [_BJ, _RJ]
        elif shape == "wild_joker":
            table = build(pool, Kind.PAIR, _key(rng, Kind.PAIR, lv))
            play = [rng.choice([_BJ, _RJ]), pool.wild]
        elif shape == "wild_alone":
            table, play = [rng.choice([_BJ, _RJ, _face(14, rng.choice(SUITS))])], [pool.wild]
        else:
            table = build(pool, Kind.PAIR, _key(rng, Kind.PAIR, lv))
            play = [rng.choice([_BJ, _RJ])] * 2
    else:  # wild_fill
        kind = rng.choice([Kind.BOMB, Kind.STRAIGHT, Kind.STRAIGHT_FLUSH, Kind.FULL_HOUSE,
                           Kind.PAIR, Kind.TUBE])
        table = build(pool, kind, _key(rng, kind, lv), 4)
        play = build(pool, kind, _key(rng, kind, lv), rng.choice([4, 5]),
                     wilds=rng.choice([1, 1, 2]))
    if not play or (table is None and scenario != "lead"):
        return None
    setup: Setup = {"level": lv.value, "play": _text(play)}
    if table:
        setup["table"] = _text(table)
    return setup, "legal"


def _classify(rng: random.Random, d: int) -> Built | None:
    lv = _level(rng)
    pool = Pool(rng, lv)
    kinds = {1: [Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE, Kind.BOMB],
             2: [Kind.STRAIGHT, Kind.TUBE, Kind.PLATE, Kind.STRAIGHT_FLUSH, Kind.BOMB,
                 Kind.FULL_HOUSE, Kind.JOKER_BOMB],
             3: [Kind.STRAIGHT, Kind.TUBE, Kind.PLATE, Kind.STRAIGHT_FLUSH, Kind.BOMB,
                 Kind.FULL_HOUSE, Kind.PAIR]}[d]
    odd = rng.random() < 0.2
    if odd:
        shape = rng.choice({1: ["mixed", "joker_pair", "junk"], 2: ["wrap", "long", "junk"],
                            3: ["wild_joker", "level_seq", "wrap", "mixed"]}[d])
        if shape == "mixed":
            cards = [_BJ, _RJ]
        elif shape == "joker_pair":
            cards = [rng.choice([_BJ, _RJ])] * 2
        elif shape == "wild_joker":
            cards = [rng.choice([_BJ, _RJ]), pool.wild]
        elif shape == "wrap":
            start = rng.randint(10, 13)
            cards = [c for v in range(start, start + 5) for c in pool.rank((v - 2) % 13 + 2, 1)
                     or []]
        elif shape == "long":
            cards = pool.run(rng.randint(6, 14), rng.choice([6, 7]), 1) or []
        elif shape == "level_seq":
            top = rng.randint(max(5, lv.natural), min(14, lv.natural + 4))
            cards = pool.run(top, 5, 1) or []
        else:
            cards = pool.junk(rng.randint(3, 7), jokers=True)
    else:
        kind = rng.choice(kinds)
        wilds = 0 if d < 3 else rng.choice([1, 1, 2])
        built = build(pool, kind, _key(rng, kind, lv), rng.choice([4, 5, 6, 7, 8]), wilds)
        if built is None:
            return None
        cards = built
    if not cards:
        return None
    text = _text(cards)
    if d == 3:
        shuffled = list(cards)
        rng.shuffle(shuffled)
        text = " ".join(c.code for c in shuffled)
    return {"level": lv.value, "cards": text}, "strongest"


def _strongest(rng: random.Random, d: int) -> Built | None:
    lv = _level(rng)
    pool = Pool(rng, lv)
    n = rng.choice([3, 3, 4])
    plays: list[list[Card] | None] = []
    if d == 1:
        kind = rng.choice([Kind.SINGLE, Kind.PAIR, Kind.TRIPLE])
        values = [lv.natural, 14, *range(2, 15)] + ([15, 16] if kind is not Kind.TRIPLE else [])
        keys = rng.sample(sorted(set(values)), n)
        if rng.random() < 0.6 and lv.natural not in keys:
            keys[0] = lv.natural
        if 14 not in keys and rng.random() < 0.6:
            keys[-1] = 14
        plays = [build(pool, kind, k) for k in keys]
    elif d == 2:
        for _ in range(n):
            if rng.random() < 0.3:
                plays.append(build(pool, Kind.STRAIGHT_FLUSH, _key(rng, Kind.STRAIGHT_FLUSH, lv)))
            else:
                plays.append(build(pool, Kind.BOMB, _key(rng, Kind.BOMB, lv),
                                   rng.choice([4, 4, 5, 5, 6])))
    else:
        shape = rng.choice(["mixed", "full_house", "sequence"])
        if shape == "mixed":
            k = rng.choice([Kind.PAIR, Kind.STRAIGHT, Kind.TRIPLE])
            plays.append(build(pool, k, _key(rng, k, lv)))
            for _ in range(n - 1):
                r = rng.random()
                if r < 0.1:
                    plays.append(build(pool, Kind.JOKER_BOMB, 0))
                elif r < 0.4:
                    plays.append(build(pool, Kind.STRAIGHT_FLUSH,
                                       _key(rng, Kind.STRAIGHT_FLUSH, lv)))
                else:
                    plays.append(build(pool, Kind.BOMB, _key(rng, Kind.BOMB, lv),
                                       rng.choice([4, 5, 6, 7]), wilds=rng.choice([0, 1])))
        else:
            kind = Kind.FULL_HOUSE if shape == "full_house" else rng.choice(list(_SEQ))
            keys = rng.sample(range(2 if kind is Kind.FULL_HOUSE else 5, 15), n)
            plays = [build(pool, kind, k) for k in keys]
    if any(p is None for p in plays):
        return None
    question = "winner" if d == 1 or rng.random() < 0.5 else "order"
    return {"level": lv.value, "plays": [_text(p) for p in plays if p]}, question


def _declare_wild(rng: random.Random, d: int) -> Built | None:
    lv = _level(rng)
    pool = Pool(rng, lv)
    kind = rng.choice({1: [Kind.PAIR, Kind.TRIPLE, Kind.BOMB],
                       2: [Kind.STRAIGHT, Kind.TUBE, Kind.PLATE, Kind.FULL_HOUSE, Kind.BOMB],
                       3: [Kind.STRAIGHT_FLUSH, Kind.STRAIGHT, Kind.FULL_HOUSE, Kind.TUBE,
                           Kind.BOMB]}[d])
    wilds = 1 if d == 1 else rng.choice([1, 1, 2])
    cards = build(pool, kind, _key(rng, kind, lv), rng.choice([4, 5, 6]), wilds)
    if cards is None or pool.wild not in cards:
        return None
    setup: Setup = {"level": lv.value, "cards": _text(cards)}
    if d == 3:
        r = rng.random()
        if r < 0.35:
            setup["make"] = rng.choice([Kind.STRAIGHT, Kind.FULL_HOUSE, Kind.STRAIGHT_FLUSH,
                                        kind]).value
        elif r < 0.7:
            table_kind = Kind.BOMB if kind.is_bomb else kind
            table = build(pool, table_kind, _key(rng, table_kind, lv), 4)
            if table:
                setup["table"] = _text(table)
    return setup, "declare"


def _find_play(rng: random.Random, d: int) -> Built | None:
    lv = _level(rng)
    pool = Pool(rng, lv)
    tkind = rng.choice({1: [Kind.SINGLE, Kind.PAIR, Kind.PAIR, Kind.TRIPLE],
                        2: [Kind.STRAIGHT, Kind.FULL_HOUSE, Kind.TUBE, Kind.PAIR],
                        3: [Kind.BOMB, Kind.STRAIGHT, Kind.PAIR, Kind.FULL_HOUSE,
                            Kind.STRAIGHT_FLUSH]}[d])
    table = build(pool, tkind, _key(rng, tkind, lv), 4)
    if table is None:
        return None
    hand: list[Card] = []
    for _ in range(rng.choice([1, 2])):
        k = tkind if rng.random() < 0.7 else rng.choice([Kind.PAIR, Kind.SINGLE, Kind.TRIPLE])
        part = build(pool, k, _key(rng, k, lv), rng.choice([4, 5]))
        hand += part or []
    if d >= 2 and rng.random() < 0.35:
        hand += build(pool, Kind.BOMB, _key(rng, Kind.BOMB, lv), 4) or []
    if d == 3:
        hand += pool.wilds(rng.choice([1, 1, 2])) or []
    hand += pool.junk(rng.randint({1: 2, 2: 2, 3: 1}[d], {1: 4, 2: 4, 3: 3}[d]),
                      jokers=rng.random() < 0.2)
    if not hand or len(hand) > 16:
        return None
    return {"level": lv.value, "table": _text(table), "hand": _text(hand)}, "beat"


def _finish_order(rng: random.Random, place: int) -> list[int]:
    first = rng.randrange(4)
    partner = partner_of(first)
    opponents = [(first + 1) % 4, (first + 3) % 4]
    rng.shuffle(opponents)
    if place == 2:
        return [first, partner]
    if place == 3:
        return [first, opponents[0], partner]
    return [first, *opponents]


def _next_level(rng: random.Random, d: int) -> Built | None:
    place = rng.choice([2, 3, 4])
    finish = _finish_order(rng, place)
    winner = finish[0] % 2
    top = {1: 10, 2: 12, 3: 12}[d]
    levels = [rng.choice(LEVELS[:top]), rng.choice(LEVELS[:top])]
    if d == 1:
        declarers = rng.choice([None, winner])
        question = rng.choice(["levels", "active_level"])
    elif d == 2:
        declarers = 1 - winner
        if levels[0] is levels[1]:
            levels[declarers] = LEVELS[(LEVELS.index(levels[declarers]) + 3) % top]
        question = rng.choice(["levels", "active_level", "levels"])
    else:
        shape = rng.choice(["declaring_a", "other_a", "reach_a", "both_a"])
        if shape in ("declaring_a", "both_a"):
            levels[winner] = Rank.ACE
            declarers = winner
            if shape == "both_a":
                levels[1 - winner] = Rank.ACE
                declarers = rng.choice([0, 1])
        elif shape == "other_a":
            levels[winner] = Rank.ACE
            declarers = rng.choice([None, 1 - winner])
        else:
            levels[winner] = rng.choice(LEVELS[9:12])
            declarers = rng.choice([winner, 1 - winner])
        question = rng.choice(["match_winner", "match_winner", "levels"])
    setup: Setup = {"levels": [lv.value for lv in levels], "declarers": declarers,
                    "finish": finish}
    return setup, question


def _tribute(rng: random.Random, d: int) -> Built | None:
    lv = _level(rng)
    pool = Pool(rng, lv)
    question = rng.choice({1: ["payments", "payments", "leader"],
                           2: ["payments", "leader", "return", "return"],
                           3: ["payments", "payments", "leader", "return"]}[d])
    if question == "return":
        tribute = rng.choice([_BJ, _RJ, *pool.junk(1)])
        card = rng.choice([_face(14, rng.choice(SUITS)),
                           _face(lv.natural, rng.choice([Suit.CLUBS, Suit.SPADES])),
                           *pool.junk(3)])
        setup: Setup = {"level": lv.value, "tribute_card": tribute.code, "card": card.code}
        if d == 3 and rng.random() < 0.5:
            hand = [c for c in pool.junk(5) if c.rank.natural > 10 or c.rank is lv]
            hand += [card] if card not in hand else []
            setup["hand"] = _text(hand)
        return setup, question
    place = {1: rng.choice([3, 4]), 2: rng.choice([2, 3]), 3: rng.choice([2, 2, 4, 3])}[d]
    finish = _finish_order(rng, place)
    if place == 2 or place == 3:
        payers = [s for s in range(4) if s not in finish]
    else:
        payers = [partner_of(finish[0])]
    hands: dict[int, str] = {}
    shape = rng.choice(["plain", "wild", "equal", "red_jokers"]) if d == 3 else (
        "wild" if d == 2 and rng.random() < 0.4 else "plain")
    top_value = rng.choice([lv.natural, 14, 13, 16])
    for i, seat in enumerate(payers):
        cards = pool.junk(rng.randint(6, 9), jokers=rng.random() < 0.3)
        if shape == "wild" and i == 0:
            cards += pool.wilds(1) or []
        if shape == "equal" and len(payers) == 2:
            cards = [c for c in cards if c.rank.natural < 14 and c.rank is not lv and
                     not c.is_joker]
            cards += pool.rank(top_value, 1) or []
        if shape == "red_jokers" and (i == 0 or rng.random() < 0.5):
            cards += pool.rank(16, 1) or []
        if not cards:
            return None
        hands[seat] = _text(cards)
    setup = {"level": lv.value, "finish": finish, "hands": hands}
    return setup, question


def _who_leads(rng: random.Random, d: int) -> Built | None:
    lv = _level(rng)
    pool = Pool(rng, lv)
    sizes = {1: (3, 5), 2: (3, 6), 3: (1, 4)}[d]
    hands = [pool.junk(rng.randint(*sizes)) for _ in range(4)]
    question = "card_count" if rng.random() < (0.1 if d > 1 else 0.05) else "to_move"
    if question == "card_count" and rng.random() < 0.5:
        hands[rng.randrange(4)] += pool.junk(rng.randint(6, 10))
    leader = rng.randrange(4)
    deal = Deal([list(h) for h in hands], lv, leader)
    steps = rng.randint({1: 2, 2: 5, 3: 4}[d], {1: 5, 2: 10, 3: 14}[d])
    for _ in range(steps):
        if deal.is_over:
            break
        if deal.can_pass and rng.random() < 0.45:
            deal.pass_turn()
            continue
        options = deal.hints()
        if not options:
            deal.pass_turn()
        else:
            deal.play(options[0] if rng.random() < 0.5 else rng.choice(options))
    if d == 3 and not deal.finish_order:
        return None
    if d == 2 and deal.trick == deal.history:
        return None
    setup: Setup = {"level": lv.value, "hands": [_text(h) for h in hands], "leader": leader,
                    "actions": [str(a) for a in deal.history]}
    seat = None
    if question == "card_count":
        seats = [s for s in range(4) if deal.cards_left(s)]
        seat = setup["seat"] = max(seats, key=lambda s: (deal.cards_left(s), rng.random()))
    return setup, question, DealSetup(deal, tuple(setup["actions"]), seat)


_BUILDERS: dict[PuzzleKind, Builder] = {
    PuzzleKind.LEGAL_PLAY: _legal_play, PuzzleKind.CLASSIFY: _classify,
    PuzzleKind.STRONGEST: _strongest, PuzzleKind.DECLARE_WILD: _declare_wild,
    PuzzleKind.FIND_PLAY: _find_play, PuzzleKind.NEXT_LEVEL: _next_level,
    PuzzleKind.TRIBUTE: _tribute, PuzzleKind.WHO_LEADS: _who_leads,
}


# -- Options ----------------------------------------------------------------------------------


def _distractors(kind: PuzzleKind, setup: Any, question: str, solution: Solution,
                 rng: random.Random) -> list[Any]:
    """Plain wrong answers (no misconception) to top up the options."""
    answer = solution.answer
    if kind is PuzzleKind.LEGAL_PLAY or (kind is PuzzleKind.TRIBUTE and question == "return"):
        return [not answer]
    if kind is PuzzleKind.STRONGEST:
        labels = setup.labels
        if question == "winner":
            return [x for x in labels if x != answer]
        other = list(answer)
        rng.shuffle(other)
        return [tuple(other), tuple(reversed(answer))]
    if kind is PuzzleKind.NEXT_LEVEL:
        s = solution.detail
        if question == "match_winner":
            return [t for t in (None, 0, 1) if t != answer]
        i = LEVELS.index(s.levels[s.winner])
        near = [LEVELS[j] for j in (i - 1, i + 1, i - 2) if 0 <= j < len(LEVELS)]
        if question == "active_level":
            return [*near, s.levels[1 - s.winner]]
        out = []
        for lv in near:
            levels = [s.levels[0], s.levels[1]]
            levels[s.winner] = lv
            out.append(tuple(levels))
        return out
    if kind is PuzzleKind.WHO_LEADS:
        if question == "card_count":
            return [x for x in (None, (answer or 11) - 1, (answer or 9) + 1) if x != answer]
        return [x for x in (0, 1, 2, 3, None) if x != answer]
    if kind is PuzzleKind.TRIBUTE and question == "leader":
        return [x for x in range(4) if x != answer]
    if kind is PuzzleKind.TRIBUTE:
        if not answer:
            plan = solution.detail
            payer = next(iter(setup.hands), None)
            if payer is None:
                return []
            hand = sorted(setup.hands[payer], key=lambda c: -c.rank.natural)
            return [((payer, plan.finish_order[0], hand[0]),),
                    ((payer, partner_of(plan.finish_order[0]), hand[-1]),)]
        out = [()]
        payer, receiver, card = answer[0]
        lower = sorted((c for c in setup.hands.get(payer, ()) if c.rank is not card.rank),
                       key=lambda c: -c.rank.natural)
        if lower:
            out.append(((payer, receiver, lower[0]), *answer[1:]))
        out.append(tuple(sorted(((r, p, c) for p, r, c in answer), key=lambda x: x[1])))
        return out
    if kind is PuzzleKind.FIND_PLAY:
        out: list[Any] = [None] if answer is not None else []
        if setup.table is not None:
            wrong = [cards for cards, _, legal in candidates(setup.hand, setup.table,
                                                              setup.level) if not legal]
            out += rng.sample(wrong, min(3, len(wrong)))
        return out
    if kind is PuzzleKind.CLASSIFY:
        from .answers import Reading

        readings = solution.detail
        out = [Reading(r.kind, r.rank) for r in readings[1:]]
        if answer.kind is not None and answer.rank is not None:
            v = answer.rank.natural
            out.append(Reading(answer.kind, Rank.from_natural(v + 1 if v < 14 else v - 1)))
            out.append(Reading(None))
        elif answer.kind is Kind.JOKER_BOMB:
            out += [Reading(Kind.PAIR, Rank.RED_JOKER), Reading(None)]
        else:
            naturals = [c for c in setup.cards if not c.is_joker]
            counts = Counter(c.rank for c in naturals)
            for rank, n in counts.most_common(2):
                out.append(Reading((Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)[min(n, 3) - 1], rank))
            if naturals:
                top = max(naturals, key=lambda c: c.rank.natural).rank
                out.append(Reading(Kind.STRAIGHT if len(setup.cards) >= 5 else Kind.SINGLE,
                                   top))
        return out
    if kind is PuzzleKind.DECLARE_WILD:
        out = []
        for step in (1, -1, 2, -2):
            said = tuple((Rank.from_natural(min(14, max(2, r.natural + step))), None)
                         for r, _ in answer)
            out.append(said)
        return out
    return []


def _options(kind: PuzzleKind, setup: Any, question: str, solution: Solution,
             rng: random.Random, size: int = 4) -> tuple[Choice, ...]:
    s = spec(kind)
    chosen: list[tuple[Any, str | None]] = [(solution.answer, None)]

    def fresh(value: Any) -> bool:
        if s.is_correct(value, solution, setup, question):
            return False
        return all(value != v for v, _ in chosen)

    for mid, said in wrong_answers(kind, setup, question, solution):
        if len(chosen) < size and fresh(said.answer):
            chosen.append((said.answer, mid))
    for value in _distractors(kind, setup, question, solution, rng):
        if len(chosen) < size and fresh(value):
            chosen.append((value, None))
    if len(chosen) < 2:
        return ()
    if kind is not PuzzleKind.LEGAL_PLAY and not (kind is PuzzleKind.TRIBUTE
                                                  and question == "return"):
        rng.shuffle(chosen)
    else:
        chosen.sort(key=lambda c: not c[0])
    return tuple(Choice(s.write_answer(v, setup, question), m) for v, m in chosen)


# -- The generator ----------------------------------------------------------------------------


def generate(kind: PuzzleKind | str, seed: int = 0, difficulty: int = 1) -> Puzzle:
    """Returns a fresh puzzle of ``kind``; the same seed and difficulty give the same puzzle.

    >>> p = generate("legal_play", seed=7)
    >>> p == generate("legal_play", seed=7), p.kind.value, p.id
    (True, 'legal_play', 'legal_play-d1-s7')
    """
    try:
        k = PuzzleKind(kind)
    except ValueError:
        raise ExerciseError(say("exercise.generate.kind", kind=repr(kind),
                                kinds=", ".join(x.value for x in PuzzleKind))) from None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ExerciseError(say("deal.bad_seed", value=seed))
    if isinstance(difficulty, bool) or difficulty not in (1, 2, 3):
        raise ExerciseError(say("exercise.generate.difficulty", value=repr(difficulty)))
    rng = random.Random(f"{k.value}/{difficulty}/{seed}")
    s = spec(k)
    builder = _BUILDERS[k]
    for _ in range(500):
        built = builder(rng, difficulty)
        if built is None:
            continue
        raw, question = built[0], built[1]
        try:
            setup = built[2] if len(built) > 2 else s.read_setup(raw, question)
        except (PuzzleError, GuandanError):
            continue
        solution = s.solve(setup, question)
        choices = _options(k, setup, question, solution, rng)
        clauses = solution.clauses or (s.questions[0],)
        return Puzzle(
            id=f"{k.value}-d{difficulty}-s{seed}", kind=k, setup=raw,
            answer=s.write_answer(solution.answer, setup, question), question=question,
            clauses=clauses, difficulty=difficulty, choices=choices, seed=seed,
            parsed=setup, expected=solution.answer)
    # Every builder succeeds within a few tries; this only guards against an endless loop.
    raise ExerciseError(say("exercise.generate.failed", kind=k.value, seed=seed))


__all__ = ["LABELS", "Pool", "build", "generate"]
