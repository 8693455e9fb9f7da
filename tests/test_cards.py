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


@pytest.mark.parametrize("text, hint", [("1H", "did you mean 10H or AH?"), ("1♠", "did you mean 10S or AS?"),
                                        ("1d", "did you mean 10D or AD?")])
def test_a_one_is_refused_with_a_hint_not_read_as_an_ace(text, hint):
    """The README lists no ``1`` spelling of the Ace: ``1H`` was a ten missing its nought, read as an Ace."""
    with pytest.raises(CardError) as info:
        Card.from_str(text)
    assert hint in str(info.value) and repr(text) in str(info.value)


def test_a_one_is_refused_by_the_command_and_in_a_batch(cli):
    code, _, err = cli("score", "5H", "5D", "1H", "--deck", "KH")
    assert code == 1
    assert "did you mean 10H or AH?" in err and len(err.strip().splitlines()) == 1
    from costly_variants.count import batch_text

    assert batch_text.plain(b"5H 4H 8H 1H\n") is None  # not plain: read line by line, and refused


def test_a_card_repeated_as_written_is_named_once():
    with pytest.raises(CardError) as info:
        parse_cards(["5H", "5C", "5H"])
    assert str(info.value) == "card 5H appears twice in one deal"  # once "card '5H' (5H) appears twice"
