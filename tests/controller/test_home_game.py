"""The simulated home game feeds the ledger (README §3): one entry per player per round, the
bank's entry to whoever holds it, bust-out, one rebuy, a tournament's end, the rotating bank.

Stacked shoes; the player (box 1) sits left of Astrid (box 4); the one-deck home table peeks, so
the deal is box 1, box 4, up card, box 1, box 4, hole card.
"""

from __future__ import annotations

import tempfile
from decimal import Decimal
from pathlib import Path

from blackjack_tui.controller.controller import RoundController
from blackjack_tui.controller.game import Game, GameOptions
from blackjack_tui.controller.home import HOUSE, HomeGame
from blackjack_tui.engine.actions import Action, Decision
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.rulesets import load_all
from blackjack_tui.store import Store
from blackjack_tui.store.journal import home_account

RULES, _ = load_all()
HOME = RULES["home"]
FIVE = [Decimal(5)]


def home_rules(**ledger: object) -> Rules:
    data = HOME.model_dump()
    data["ledger"] = {**data["ledger"], **ledger}
    return Rules.model_validate(data)


class Player:
    def __init__(self) -> None:
        self.answers: list[str] = []
        self.controller: RoundController | None = None

    def show(self, view, event) -> None:  # type: ignore[no-untyped-def]
        pass

    def ask(self, decision: Decision | None) -> None:
        if decision is not None:
            assert self.controller is not None
            assert self.controller.decide(Action.parse(self.answers.pop(0))) is None


class Table:
    """The home table as the game plays it: the evening on its own accounts in a database."""

    def __init__(self, rules: Rules = HOME, others: int = 1, hands: int | None = None) -> None:
        self.folder = tempfile.mkdtemp()
        rule_sets = {**RULES, rules.name: rules}
        store = Store(Path(self.folder))
        self.engine = Game(store, rule_sets, GameOptions(rules=rules.name, seed=1))
        self.session = self.engine.session
        self.session.home_hands = hands
        self.engine.set_players(others)
        self.engine.before_deal()
        assert self.session.home is not None
        self.game: HomeGame = self.session.home
        self.player = Player()
        self.controller = RoundController(self.session, self.player, "instant",
                                          keeper=self.engine)
        self.player.controller = self.controller

    async def round(self, cards: list[str], answers: list[str],
                    bets: list[Decimal | None] = FIVE) -> None:
        self.session.shoe = Shoe.stacked(cards)
        self.player.answers = list(answers)
        await self.controller.play(bets)
        assert self.session.shoe.remaining == 0 and not self.player.answers
        check_book(self)

    def last(self) -> dict[str, Decimal]:
        return self.game.standings.rows[-1].entries


def check_book(table: Table) -> None:
    """The evening's stacks are its accounts, to the cent; the bankroll is untouched."""
    store = table.engine.store
    assert not store.problems()
    evening = table.game.id
    stacks = table.game.standings.stacks
    for player, stack in stacks.items():
        assert store.balance(home_account(evening, player)) == stack, player
    assert store.balance(home_account(evening, HOUSE)) == table.game.standings.house
    assert store.balance() == 1000


def check_sums(game: HomeGame) -> None:
    """Every stack is the starting stack plus its entries and rebuys; the house holds the rest."""
    s = game.standings
    for player in s.players:
        total = sum((row.entries.get(player, Decimal(0)) for row in s.rows), Decimal(0))
        assert s.stacks[player] == s.settings.starting_stack + total, player
    hands = [row for row in s.rows if row.kind == "hand"]
    assert all(sum(r.entries.values(), Decimal(0)) + (r.bank if r.banker is None else 0) == 0
               for r in hands if r.bank is not None)


async def test_a_doubled_win_is_plus_twice_the_bet_and_the_stacks_follow() -> None:
    table = Table()
    # You 5+6 double, 9: 20. Astrid T+7 stands. Dealer 6+T draws 2: 18.
    await table.round(["5H", "TS", "6C", "6D", "7S", "TD", "9C", "2H"], ["double"])
    assert table.last() == {"You": 10, "Astrid": -5}
    assert table.game.standings.rows[-1].bank == -5 and table.game.banker is None
    assert table.session.bankroll == 110 and table.session.others[0].stack == 95
    check_sums(table.game)


async def test_a_doubled_loss_is_minus_twice_the_bet() -> None:
    table = Table()
    await table.round(["5H", "TS", "6C", "6D", "7S", "TD", "2C", "4H"], ["double"])
    assert table.last() == {"You": -10, "Astrid": -5}
    check_sums(table.game)


async def test_an_insured_hand_against_a_dealer_blackjack_is_zero_net() -> None:
    table = Table()
    # You T+9 insure 2.50 (any amount up to half); Astrid declines; the hole K makes blackjack.
    await table.round(["TH", "9S", "AC", "9D", "8S", "KD"], ["insurance:2.50"])
    assert table.last() == {"You": 0, "Astrid": -5}
    check_sums(table.game)


async def test_bust_out_one_rebuy_then_out_and_the_evening_ends() -> None:
    table = Table(home_rules(starting_stack=5))
    lose = ["TH", "TS", "9C", "6D", "7S", "TD"]  # You 16, Astrid 17 stand against 19
    await table.round(lose, ["stand"])
    s = table.game.standings
    assert [r.kind for r in s.rows] == ["hand", "rebuy", "rebuy"]
    assert s.rebuys_used == {"You": 1, "Astrid": 1} and table.session.bankroll == 5
    await table.round(lose, ["stand"])
    assert s.status == {"You": "out", "Astrid": "out"}
    assert table.game.over and s.ended_by == "last-stack"
    check_sums(table.game)


async def test_a_tournament_ends_after_the_agreed_hands_and_names_the_winner() -> None:
    table = Table(hands=2)
    await table.round(["5H", "TS", "6C", "6D", "7S", "TD", "9C", "2H"], ["double"])
    assert not table.game.over
    await table.round(["TH", "TS", "9C", "6D", "7S", "TD"], ["stand"])
    assert table.game.over and table.game.standings.winners == ("You",)
    assert table.game.outcome() == "You win after 2 hands"
    assert table.session.bankroll == 105


async def test_the_bank_rotates_to_a_natural_and_the_player_banks_for_the_others() -> None:
    table = Table()
    # Astrid A+K: a natural wins 7.50, the bank passes to her.
    await table.round(["TH", "AS", "9C", "8D", "KS", "TD"], ["stand"])
    assert table.last() == {"You": -5, "Astrid": Decimal("7.50")}
    assert table.game.banker == "Astrid" and table.session.sitting_out == {"Astrid"}
    # Astrid holds the bank: she bets nothing, the player's natural wins from her stack.
    await table.round(["AH", "9C", "KH", "7D"], [])
    row = table.game.standings.rows[-1]
    assert row.banker == "Astrid" and row.entries == {"You": Decimal("7.50"),
                                                      "Astrid": Decimal("-7.50")}
    assert table.game.banker == "You" and table.game.player_banks
    # The player holds the bank: no box of his own; Astrid's loss is his gain.
    await table.round(["TS", "9C", "7S", "TD"], [], bets=[])
    row = table.game.standings.rows[-1]
    assert row.banker == "You" and row.entries == {"Astrid": -5, "You": 5}
    assert table.session.bankroll == Decimal("97.50") + 10
    check_sums(table.game)
    # The banker's round is booked with its real result (not 0), apart from the bankroll.
    rows, _ = table.engine.store.recent(3)
    assert [r.net for r in rows] == [Decimal(5), Decimal("7.50"), Decimal(-5)]
    assert [r.home for r in rows] == [True, True, True]
    summary = table.engine.store.statistics()
    assert (summary.home_rounds, summary.home_net, summary.net) == (3, Decimal("7.50"), 0)
    assert summary.hands == 2  # the player's own hands: none in the round he banked


async def test_the_evening_never_touches_the_bankroll_and_leaving_the_table_pauses_it() -> None:
    table = Table()
    await table.round(["5H", "TS", "6C", "6D", "7S", "TD", "9C", "2H"], ["double"])
    assert table.session.bankroll == 110 and table.engine.bankroll == 1000
    table.engine.switch_rules(RULES["nordic"], None)
    assert table.session.home is None and table.session.bankroll == 1000
    assert table.engine.store.evening_rows("table", ("paused",))[0][0] == table.game.id
    table.engine.switch_rules(HOME, None)
    assert table.session.home is not None and table.session.home.id == table.game.id
    assert table.session.bankroll == 110 and table.session.home.standings.hands == 1


def test_a_booking_is_a_value_built_without_changing_the_evening(tmp_path) -> None:
    """Built twice, a home round's booking is the same (but for its time) and the evening moves
    only when the booking is applied (issue 23: no side effect to cache a booking against)."""
    import asyncio
    import json

    import msgspec.structs

    from blackjack_tui.controller.booking import applied, booking_of
    from tests.store.helpers import open_game

    game = open_game(tmp_path, rules="home")
    game.set_players(2)
    assert game.before_deal() is None
    rnd, _ = game.session.start_round([])
    rnd.deal()
    asyncio.run(game.persist(rnd))
    while (decision := rnd.legal_actions()) is not None:
        rnd.apply(Action.parse("stand" if "stand" in decision.actions else decision.actions[-1]))
    home = game.session.home
    assert home is not None
    hands = home.standings.hands
    first = booking_of(rnd, "r1", game.session)
    second = booking_of(rnd, "r1", game.session)

    def without_time(booking):  # type: ignore[no-untyped-def]
        record = json.loads(booking.record)
        record.pop("time", None)
        return msgspec.structs.replace(booking, record=json.dumps(record))

    assert without_time(first) == without_time(second)
    assert home.standings.hands == hands  # nothing moved yet
    game.store.book(first)
    applied(first, rnd, game.session)
    assert home.standings.hands == hands + 1
    game.close()
