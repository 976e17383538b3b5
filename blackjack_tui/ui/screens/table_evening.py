"""The table screen's lines about where the player sits: the last round at a start, another
table, and the home evening's players and ledger (``a``, ``l``). Mixed into the table screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from blackjack_tui.engine.money import money_str, signed
from blackjack_tui.engine.seats import MAX_SEATS

if TYPE_CHECKING:
    from blackjack_tui.controller.betting import Betting
    from blackjack_tui.controller.game import Game
    from blackjack_tui.controller.view import TableView


class TableEvening(Screen[None]):
    """Keys ``a`` computer players (a home evening in play is closed after a question) and
    ``l`` the home game's ledger."""

    game: Game
    betting: Betting
    last_view: TableView | None
    last_table: tuple[object, ...]
    _seen_table: tuple[object, ...]
    playing: bool

    if TYPE_CHECKING:
        def say(self, text: str, style: str = "") -> None: ...

        def table_now(self) -> tuple[object, ...]: ...

        def draw_betting(self) -> None: ...

        def show_notices(self) -> None: ...

    def _last_round_at_start(self) -> None:
        """The last round booked, on the felt where it was played, and its result in one line:
        a round the dealer finished while the player was away (a quit, a crash) is never
        settled in silence."""
        game = self.game
        row = game.last_round()
        if row is None:
            return
        session = game.session
        rules = game.rule_sets.get(row.ruleset)
        title = (rules.title or rules.name) if rules is not None else row.ruleset
        here = row.ruleset == session.rules.name and row.home == (session.home is not None)
        if here:
            from blackjack_tui.controller.recall import Recall
            from blackjack_tui.engine.history import HandRecord

            try:
                recall = Recall(HandRecord.model_validate(row.record))
            except ValueError:  # a record the felt cannot replay: the line says it all
                recall = None
            if recall is not None:
                self.last_view = recall.view_at(recall.steps)
                self.last_table = self.table_now()
        result = "even" if row.net == 0 else signed(row.net)
        chips = "stack" if session.home is not None else "bankroll"
        where = "" if here else f" at {title}"
        more = " · space: same bets again" if session.last_bets else ""
        self.say(f"Last round {result}{where} · {chips} {money_str(session.bankroll)}{more}",
                 "-result")

    def _new_table_line(self) -> None:
        """At another table (or the home evening back): the line says where the player sits
        and what comes next, never the last table's players or result."""
        session = self.game.session
        self._seen_table = self.table_now()
        said = self.game.take_notices()
        if not said:
            title = session.rules.title or session.rules.name
            said = [f"{title}: " + ("space places the same bets again" if session.last_bets
                                    else "place your bets")]
        self.say(" · ".join(said), "-info")

    def action_players(self) -> None:
        """``a``: 0 to 4 computer players, round and round; a home evening in play is closed,
        after a question, and its final standings shown."""
        if self.playing:
            return
        home = self.game.session.home
        if home is None or not home.standings.hands or home.over:
            self._change_players()
            return
        from blackjack_tui.ui.screens.confirm import Confirm

        s = home.standings
        stacks = " · ".join(f"{p} {money_str(s.stacks[p])}" for p in s.players)

        def answer(yes: bool | None) -> None:
            if yes:
                self._change_players()
            else:
                self.say("The evening goes on", "-info")

        self.app.push_screen(Confirm(f"Close this evening after hand {s.hands} and start a "
                                     f"new one? Stacks: {stacks}"), answer)

    def _change_players(self) -> None:
        game = self.game
        closed = game.set_players((len(game.session.others) + 1) % (MAX_SEATS + 1))
        self.betting.select(min(self.betting.selected, 3))
        who = ", ".join(o.name for o in game.session.others) or "nobody"
        self.say(f"Computer players: {who} (a changes)", "-info")
        self.betting.renew(keep=True)
        self.draw_betting()
        self.show_notices()
        if closed is not None and closed.standings.hands:
            from blackjack_tui.ui.screens.home_ledger import HomeLedger

            self.app.push_screen(HomeLedger(closed, note=(
                f"Closed after hand {closed.standings.hands}: {closed.outcome()}. "
                "These are the final stacks; l shows them again.")))

    def action_ledger(self) -> None:
        from blackjack_tui.ui.screens.home_ledger import HomeLedger

        game = self.game
        home = game.session.home
        homes = [r for r in game.rule_sets.values() if r.ledger is not None]
        where = (homes[0].title or homes[0].name) if homes else "the home table"
        if home is not None and home.standings.hands:
            self.app.push_screen(HomeLedger(home))
            return
        # No evening at this table (or a new one not dealt yet): the paused one, else the last
        # closed one, is still there to read.
        self.app.push_screen(HomeLedger(None, game.evening_away(), where))
