from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from costly_variants.cards import FULL_DECK, Card, Rank, Suit, parse_cards
from costly_variants.errors import CardError


@pytest.mark.parametrize("text, canonical", [
    ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("10♥", "10H"), ("A♠", "AS"), ("qd", "QD"), ("2c", "2C"),
])
def test_spellings_parse_to_one_canonical_form(text, canonical):
    assert str(Card.from_str(text)) == canonical


@given(st.sampled_from(FULL_DECK))
def test_str_and_repr_round_trip(card):
    assert Card.from_str(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize("text, words", [
    ("ZH", "unknown rank 'Z'"), ("10X", "unknown suit 'X'"), ("H", "expected a rank and a suit"),
    ("11H", "unknown rank '11'"), ("", "expected a rank and a suit"),
])
def test_bad_cards_name_the_bad_card(text, words):
    with pytest.raises(CardError) as info:
        Card.from_str(text)
    assert words in str(info.value) and repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_card_repeated_in_one_deal_is_named():
    with pytest.raises(CardError, match=r"'th' \(10H\) appears twice"):
        parse_cards(["10H", "5C", "th"])


def test_deck_has_52_distinct_cards_with_colours():
    assert len(set(FULL_DECK)) == 52
    assert Card(Rank.ACE, Suit.HEARTS).colour is Card(Rank.TWO, Suit.DIAMONDS).colour
    assert Card(Rank.ACE, Suit.CLUBS).colour is not Card(Rank.ACE, Suit.HEARTS).colour


@given(st.text(max_size=8))
def test_any_text_is_a_card_or_a_card_error(text):
    try:
        card = Card.from_str(text)
    except CardError as exc:
        assert repr(text) in str(exc)
    else:
        assert Card.from_str(str(card)) == card
