"""Every case of tests/data/fide-cases.tsv through arbiter.Game, under the 2023
Laws and the other editions its 'ed' column gives a verdict for: the same
table as tests/rules/fide_cases.h, so Python and C++ check the same verdicts."""

from __future__ import annotations

from pathlib import Path
from typing import List, NamedTuple

import pytest

import arbiter

CASES_FILE = Path(__file__).resolve().parents[1] / "data" / "fide-cases.tsv"
NUM_CASES = 80
COLUMNS = ("id", "group", "fen", "moves", "event", "expected", "expected_claim", "art", "why", "ed")


class Case(NamedTuple):
    id: str
    group: str
    fen: str
    moves: str
    event: str
    expected: str
    expected_claim: str
    art: str
    why: str
    ed: str


def read_cases() -> List[Case]:
    cases = []
    header_seen = False
    for line in CASES_FILE.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        if not header_seen:  # the column names
            header_seen = True
            continue
        fields = (line.split("\t") + [""] * len(COLUMNS))[: len(COLUMNS)]
        cases.append(Case(*fields))
    return cases


CASES = read_cases()
BY_ID = {c.id: c for c in CASES}

# (id, rules, expected result, expected claim, ambiguous): what the 'ed' column
# says for editions other than 2023, as kEditionVariants in tests/rules/fide_cases.h.
EDITION_VARIANTS = [
    ("A07", "fide-2009", "1-0", "", False),
    ("A07", "fide-2014", "1-0", "", False),
    ("F19", "fide-2014", "1/2-1/2", "", False),
    ("F19", "fide-2009", "1-0", "", False),
    ("F19", "fide-2001", "1-0", "", False),
    ("G08", "fide-2014", "1/2-1/2", "", False),
    ("G08", "fide-2009", "*", "W now", False),
    ("G08", "fide-2001", "*", "W now", False),
    ("G09", "fide-2018", "1/2-1/2", "", False),
    ("G09", "fide-2014", "1/2-1/2", "", True),
    ("G09", "fide-2009", "*", "W now", False),
    ("H03", "fide-2014", "1/2-1/2", "", False),
    ("H03", "fide-2009", "*", "B now", False),
    ("H03", "fide-2001", "*", "B now", False),
    ("H05", "fide-2018", "1/2-1/2", "", False),
    ("H05", "fide-2009", "*", "B now", False),
    ("H07", "fide-2014", "1/2-1/2", "", False),
    ("H07", "fide-2009", "*", "W now", False),
    ("H07", "fide-2001", "*", "W now", False),
    ("I01", "fide-2018", "0-1", "", False),
    ("I01", "fide-2014", "0-1", "", False),
    ("I01", "fide-2009", "0-1", "", False),
    ("I01", "fide-2001", "0-1", "", False),
    ("I03", "fide-2018", "1/2-1/2", "", False),
    ("I03", "fide-2014", "1/2-1/2", "", False),
    ("I03", "fide-2009", "*", "", False),
    ("I03", "fide-2001", "*", "", False),
    ("I04", "fide-2014", "1-0", "", False),
    ("I04", "fide-2009", "*", "", False),
]

RUNS = [pytest.param(c, "fide-2023", c.expected, c.expected_claim, False, id=f"{c.id}-2023") for c in CASES] + [
    pytest.param(BY_ID[i], rules, result, claim, ambiguous, id=f"{i}-{rules[5:]}")
    for i, rules, result, claim, ambiguous in EDITION_VARIANTS
]


def play_case(case: Case, rules: str) -> arbiter.Game:
    game = arbiter.Game(case.fen, rules=rules)
    for uci in case.moves.split():
        game.push_uci(uci)
    if case.event:
        kind, side = case.event.split(":")[0], case.event[-1]
        if kind == "flag":
            game.flag(side)
        elif kind == "resign":
            game.resign(side)
        elif kind == "illegal2":
            game.illegal_move(side)
            game.illegal_move(side)
        elif kind == "claim":
            game.claim_draw(color=side)
        else:
            pytest.fail(f"{case.id}: unknown event {case.event}")
    return game


def describe_claims(game: arbiter.Game) -> str:
    """ "W now", "B with move" or "", as describe_claims() of the C++ tests."""
    claims = game.open_claims()
    if not claims:
        return ""
    side = "W" if claims[0].side == "white" else "B"
    return side + (" now" if any(c.move is None for c in claims) else " with move")


def test_the_file_has_all_eighty_cases() -> None:
    assert len(CASES) == NUM_CASES


@pytest.mark.parametrize("case, rules, expected, expected_claim, ambiguous", RUNS)
def test_verdict_matches_the_laws(case: Case, rules: str, expected: str, expected_claim: str, ambiguous: bool) -> None:
    game = play_case(case, rules)
    verdict = game.outcome()
    assert verdict.result == expected, f"{case.id} ({case.why}): {verdict}"
    assert verdict.rules == rules
    if expected_claim or not verdict.finished:
        assert describe_claims(game) == expected_claim, case.id
    assert verdict.ambiguous == ambiguous
    if verdict.finished:  # a finished game always names its article
        assert verdict.article


@pytest.mark.parametrize("case, rules, expected, expected_claim, ambiguous", RUNS)
def test_replay_under_other_rules_gives_that_editions_verdict(
    case: Case, rules: str, expected: str, expected_claim: str, ambiguous: bool
) -> None:
    """outcome(rules=X) on a 2023 game equals the game played under X."""
    replayed = play_case(case, "fide-2023").outcome(rules=rules)
    assert replayed.result == expected
    assert replayed == play_case(case, rules).outcome()


# The reason and article the 'art' column names, where it is one article of 2023.
REASONS = [
    ("A01", "checkmate", "5.1.1"),
    ("A03", "checkmate", "5.1.1"),
    ("A05", "dead-position", "5.2.2"),
    ("A07", "checkmate", "5.1.1"),
    ("B03", "stalemate", "5.2.1"),
    ("B05", "stalemate", "5.2.1"),
    ("C06", "dead-position", "5.2.2"),
    ("F01", "time-forfeit", "6.9"),
    ("F18", "checkmate", "5.1.1"),
    ("F19", "seventyfive-moves", "9.6.2"),
    ("G08", "fivefold-repetition", "9.6.1"),
    ("G12", "threefold-claim", "9.2.2"),
    ("H03", "seventyfive-moves", "9.6.2"),
    ("H05", "seventyfive-moves", "9.6.2"),
    ("H07", "seventyfive-moves", "9.6.2"),
    ("H08", "fifty-moves-claim", "9.3.2"),
    ("I01", "resignation", "5.1.2"),
    ("I03", "illegal-move", "7.5.5"),
]


@pytest.mark.parametrize("case_id, reason, article", REASONS)
def test_reason_and_article_match_the_article_column(case_id: str, reason: str, article: str) -> None:
    verdict = play_case(BY_ID[case_id], "fide-2023").outcome()
    assert (verdict.reason, verdict.article) == (reason, article)
