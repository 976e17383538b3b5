"""The money invariant, checked the same way by every test that plays: every chip adds up.

On disk, every account's balance is the sum of its journal (from its opening line), and every
booked round has its journal line. At the table: a round in play was dealt from exactly what its
account holds and replays from its own cards and decisions to exactly its state (so its chips on
the table and its results so far are what the rules make them); between rounds, the chips in front
of the player and of every computer seat are their accounts' balances.
"""

from __future__ import annotations

from blackjack_tui.controller.game import Game
from blackjack_tui.store.check import round_problem
from blackjack_tui.store.journal import home_account, seat_account


def check_money(game: Game) -> None:
    store = game.store
    problems = store.problems()
    assert not problems, problems
    session = game.session
    rnd = session.round
    if rnd is not None and game.round_id is not None:  # a round in play
        if store.is_booked(game.round_id):  # booked a moment ago; its last step is being shown
            [row], _ = store.recent(1)
            assert row.round_id == game.round_id and row.before == rnd.bankroll_start
            if game.session.home is None:
                assert store.balance(game.account) == row.after == rnd.bankroll
            return
        problem = round_problem(rnd, store.balance(game.account))
        assert problem is None, problem
        return
    home = session.home
    if home is not None and not store.has_account(game.account):
        # An evening not started yet (its first deal writes its stacks): nothing moved.
        assert home.standings.hands == 0
        assert session.bankroll == home.evening.settings.starting_stack
        return
    assert session.bankroll == store.balance(game.account), (session.bankroll, game.account)
    for other in session.others:
        if home is not None:
            name = home_account(home.id, other.name)
            if store.has_account(name):
                assert other.stack == store.balance(name), other.name
        elif store.has_account(seat_account(other.name)):
            assert other.stack == store.balance(seat_account(other.name)), other.name
