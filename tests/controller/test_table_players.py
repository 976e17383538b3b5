"""Computer players and the bet behind, through the controller (no UI): the computer seats'
decisions are answered by the controller with basic strategy; only the player's reach the UI."""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.controller.controller import RoundController
from blackjack_tui.controller.players import Opponent, computer_action, opponent_bet, table_of
from blackjack_tui.controller.session import Session
from blackjack_tui.controller.strategy import chart_of
from blackjack_tui.engine.actions import Action, Decision
from blackjack_tui.engine.shoe import Shoe
from blackjack_tui.engine.vocabulary import ActionName
from blackjack_tui.rulesets import load_all

RULES, _ = load_all()


class Player:
    """Answers the player's decisions from a script and keeps every one it was asked."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.asked: list[Decision] = []
        self.controller: RoundController | None = None

    def show(self, view, event) -> None:  # type: ignore[no-untyped-def]
        pass

    def ask(self, decision: Decision | None) -> None:
        if decision is not None:
            self.asked.append(decision)
            assert self.controller is not None
            assert self.controller.decide(Action.parse(self.answers.pop(0))) is None


def seated(rules: str, cards: list[str], answers: list[str],
           others: list[Opponent]) -> tuple[RoundController, Player]:
    session = Session(RULES[rules], Decimal(1000), seed=1)
    session.shoe = Shoe.stacked(cards)
    session.set_others(others)
    player = Player(answers)
    controller = RoundController(session, player, "instant")
    player.controller = controller
    return controller, player


async def test_computer_players_play_basic_strategy_and_only_the_player_is_asked() -> None:
    # Astrid (box 4) sits left of the player (box 1), Bo (box 5) right. Up card 6, hole 9.
    # Astrid 11 doubles (gets a 2: 13), the player stands on 20, Bo stands on 12 against a 6.
    cards = ["6H", "TS", "TC", "6D", "5C", "TD", "2S", "9C", "2H", "2C"]
    controller, player = seated("nordic", cards, ["stand"], table_of(2, Decimal(100)))
    rnd = await controller.play([Decimal(10)])
    assert rnd.over and rnd.shoe.remaining == 0
    assert [(d.box, d.seat) for d in player.asked] == [(1, 0)]
    assert rnd.actions == ["double", "stand", "stand"]
    # The dealer's 6 + 9 = 15 draws the 2C: 17. Astrid's doubled 13 loses 2 × 1, the player's
    # 20 wins 10, Bo's 12 loses 1.
    astrid, bo = controller.session.others
    assert (astrid.stack, bo.stack) == (Decimal(98), Decimal(99))
    assert controller.session.bankroll == 1010


async def test_the_chart_decides_for_computer_seats() -> None:
    rules = RULES["nordic"]
    chart = chart_of(rules)
    cards = ["8H", "6C", "8D", "9S"]  # a pair of eights against a 6: split
    from blackjack_tui.engine import Round, SeatBet

    rnd = Round(rules, Shoe.stacked(cards), [], 100, seats=[SeatBet("Astrid", 100, 5)])
    rnd.deal()
    decision = rnd.legal_actions()
    assert decision is not None and decision.seat == 1
    assert computer_action(rnd, decision, chart) == Action(ActionName.SPLIT)
    # The fallback: hit below 17.
    assert computer_action(rnd, decision, None) == Action(ActionName.HIT)


async def test_the_join_question_and_insurance_behind_go_to_the_player() -> None:
    # Swedish: Astrid (box 4, bet 20) splits 8s against a 6; the player behind (30) joins.
    cards = ["8H", "6C", "8D", "TC", "9S", "TD", "9C"]
    controller, player = seated("swedish", cards, ["join"], table_of(1, Decimal(200)))
    controller.session.behind = {4: Decimal(30)}
    rnd = await controller.play([])
    assert [(d.kind, d.seat, d.behind) for d in player.asked] == [("join-split", 0, True)]
    assert rnd.net == 60 and controller.session.bankroll == 1060
    view = controller.view
    assert view is not None and [h.behind for h in view.box(4).hands] == [30, 30]
    assert view.box(4).behind_result == 60 and view.staked == 60


def test_opponents_bet_the_home_game_s_normal_bet_or_the_minimum() -> None:
    assert opponent_bet(RULES["home"], Decimal(100)) == 5
    assert opponent_bet(RULES["swedish"], Decimal(100)) == 20
    assert opponent_bet(RULES["swedish"], Decimal(19)) is None
