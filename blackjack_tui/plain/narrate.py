"""``blackjack-tui --narrate``: the same game, told as plain lines of text.

The same :class:`~blackjack_tui.controller.game.Game` as the Textual app (the same tables, money,
saves and lock), driven by the same :class:`~blackjack_tui.controller.controller.RoundController`:
this module is its listener. Every event of a round is one sentence; every decision is one prompt
that lists its legal answers in words (and keys); the answer is a line typed back. Nothing is
coloured or redrawn and the cursor never moves, so a screen reader, a braille display, a log or a
pipe reads it as it comes. End of input quits, as ``quit`` does: a round in play stays saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Awaitable, Callable
from decimal import Decimal
from typing import TextIO

from blackjack_tui.controller.betting import BANKING, Betting
from blackjack_tui.controller.coach import Coach, Verdict
from blackjack_tui.controller.controller import RoundController
from blackjack_tui.controller.game import Game
from blackjack_tui.controller.view import TableView
from blackjack_tui.engine.actions import Action, Decision
from blackjack_tui.engine.errors import BetError, InvalidActionError
from blackjack_tui.engine.events import Event
from blackjack_tui.engine.money import money_str
from blackjack_tui.plain import info
from blackjack_tui.plain.lines import write_line
from blackjack_tui.plain.words import event_sentence, question, table_sentences

ReadLine = Callable[[], Awaitable[str | None]]

PLAY_WORDS = {"h": "hit", "hit": "hit", "s": "stand", "stand": "stand", "d": "double",
              "double": "double", "p": "split", "split": "split", "r": "surrender",
              "surrender": "surrender", "j": "join", "join": "join", "e": "even-money",
              "even money": "even-money", "even-money": "even-money", "stay out": "no-join",
              "stay": "no-join", "i": "insurance", "insurance": "insurance", "insure": "insurance"}
YES, NO = {"y", "yes", "take"}, {"n", "no", "no thanks", "decline"}
QUIT = {"q", "quit", "exit", "ctrl+q"}
TAKE = {"insurance": "insurance", "even-money": "even-money", "join-split": "join",
        "join-double": "join"}
DECLINE = {"insurance": "no-insurance", "even-money": "no-even-money",
           "join-split": "no-join", "join-double": "no-join"}


def action_for(text: str, decision: Decision) -> str | None:
    """The action an answer names (``None``: not an answer to a decision)."""
    words = text.lower().split()
    if not words:
        return None
    joined = " ".join(words)
    kind = str(decision.kind)
    if joined in YES and kind in TAKE:
        return TAKE[kind]
    if joined in NO and kind in DECLINE:
        return DECLINE[kind]
    if len(words) == 2 and PLAY_WORDS.get(words[0]) == "insurance":
        return f"insurance:{words[1]}"  # the home game's amount (the round checks it)
    return PLAY_WORDS.get(joined)


async def stdin_line() -> str | None:
    line = await asyncio.to_thread(sys.stdin.readline)
    return line if line else None  # "" is the end of input; an empty line is "\n"


class Narrator:
    """The controller's listener in words, and the loop that reads the player's lines."""

    def __init__(self, game: Game, *, pace: str = "instant", out: TextIO | None = None,
                 read_line: ReadLine = stdin_line) -> None:
        self.game = game
        self.out = out or sys.stdout
        self.read_line = read_line
        self.controller = RoundController(game.session, self, pace=pace, keeper=game)
        if game.settings.coach:
            self.controller.coach = Coach()
        self.controller.on_verdict = self._verdict
        self.betting = Betting(game.session)
        self.decision: Decision | None = None
        self.asked = asyncio.Event()
        self.view: TableView | None = None
        game.on_fault = lambda text: self.say(text or "Saved: the table goes on.")
        game.on_notice = self.say

    def say(self, text: str) -> None:
        write_line(self.out, text)

    async def prompt(self, text: str) -> str | None:
        self.say(text)
        line = await self.read_line()
        return None if line is None else line.strip()

    # The controller's listener

    def show(self, view: TableView, event: Event | None) -> None:
        self.view = view
        if event is not None:
            sentence = event_sentence(event, view)
            if sentence:
                self.say(sentence)

    def ask(self, decision: Decision | None) -> None:
        self.decision = decision
        if decision is not None:
            self.asked.set()

    def _verdict(self, verdict: Verdict) -> None:
        if verdict.mistake:
            self.say(f"Coach: the best play was {verdict.best}; {verdict.action} cost "
                     f"{money_str(verdict.money)}.")
        else:
            self.say("Coach: the best play.")

    # The session

    async def run(self) -> int:
        game = self.game
        rules = game.session.rules
        self.say(f"blackjack-tui, plain text. {rules.title or rules.name}, "
                 f"{game.session.describe_limits()}. Bankroll {money_str(game.bankroll)}. "
                 "Type help for the words you can use.")
        self.notices()
        if game.resume_round is not None:
            rnd, game.resume_round = game.resume_round, None
            self.say("Back at the round in play, where it was:")
            for sentence in table_sentences(TableView.for_round(rnd), rnd.log):
                self.say(sentence)
            if not await self.play(None, rnd):
                return 0
        while True:
            line = await self.prompt(self.betting_prompt())
            if line is None or line.lower() in QUIT:
                self.say("Goodbye. Everything is saved.")
                return 0
            await self.between(line)

    def notices(self) -> None:
        for notice in self.game.take_notices():
            self.say(notice if notice.endswith(".") else notice + ".")

    def betting_prompt(self) -> str:
        session, slip = self.game.session, self.betting.slip
        chips = "stack" if session.home is not None else "bankroll"
        if self.betting.banking:
            bets: str = BANKING.split(" · ")[0]
        elif slip.bets:
            bets = "Bets: " + ", ".join(f"box {b} {money_str(v)}" for b, v in
                                         sorted(slip.bets.items()))
        elif session.last_bets:
            bets = "No bets yet (again repeats " + ", ".join(
                f"box {b} {money_str(v)}" for b, v in enumerate(session.last_bets, 1) if v) + ")"
        else:
            bets = "No bets"
        behind = "".join(f", {money_str(v)} behind box {b}" for b, v in
                         sorted(session.behind.items()))
        return (f"{bets}{behind}; {chips} {money_str(session.bankroll)}. Deal (enter), bet "
                "AMOUNT [BOX], clear, again, table, players, help or quit?")

    async def between(self, line: str) -> None:
        """One line typed between rounds."""
        words = line.lower().split()
        word = words[0] if words else "deal"
        if word in ("deal", "enter"):
            await self.deal()
        elif word in ("again", "space"):
            if self.betting.banking or self._changed(self.betting.rebet()):
                await self.deal()
        else:
            said = await info.between_rounds(self, word, words[1:])
            if not said:
                self.say(f"{line!r} is not a word the table knows here: type help.")
        self.notices()

    def _changed(self, error: str | None) -> bool:
        if error:
            self.say(error.rstrip(".") + ".")
        return error is None

    async def deal(self) -> None:
        game = self.game
        if game.broke and not await self.fresh_bankroll():
            return
        problem = game.before_deal()
        if self.betting.stale:
            self.betting.renew(keep=True)
        if not self.betting.slip.bets and game.session.last_bets and not self.betting.banking:
            self.betting.rebet()  # enter with nothing placed: the last bets, as "again" does
        bets, not_now = self.betting.to_deal()
        problem = problem or not_now
        if problem is not None:
            self.say(problem.replace(" · ", "; ") + ".")
            return
        await self.play(bets, None)

    async def fresh_bankroll(self) -> bool:
        fresh = money_str(Decimal(1000))
        while True:
            answer = await self.prompt(f"You are out of chips. Start again with a fresh bankroll "
                                       f"of {fresh}? Yes or no? (y n)")
            if answer is None or answer.lower() in NO:
                return False
            if answer.lower() in YES:
                self.game.fresh_bankroll()
                self.betting.renew(first=True)
                self.say(f"A fresh bankroll of {money_str(self.game.bankroll)}: good luck.")
                return True

    # A round

    async def play(self, bets: list[Decimal | None] | None, resumed: object) -> bool:
        """Play a round to its end, answering its questions; False when the player quits."""
        from blackjack_tui.engine.round import Round

        controller = self.controller
        if isinstance(resumed, Round):
            task = asyncio.ensure_future(controller.resume(resumed))
        else:
            assert bets is not None
            task = asyncio.ensure_future(controller.play(bets))
        while not task.done():
            asked = asyncio.ensure_future(self.asked.wait())
            await asyncio.wait({task, asked}, return_when=asyncio.FIRST_COMPLETED)
            asked.cancel()
            if task.done():
                break
            self.asked.clear()
            if self.decision is not None and not await self.answer(self.decision):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                self.say("Goodbye. The round in play is saved: the next start resumes it.")
                return False
        try:
            played = task.result()
        except BetError as err:
            self.say(f"{err}.")
            return True
        self.betting.renew()
        self.say(info.result_line(self, played.rules.name))
        if self.game.settings.count:
            self.say(info.count_words(self.controller))
        return True

    async def answer(self, decision: Decision) -> bool:
        """Ask until the controller takes an answer; False when the player quits."""
        while True:
            line = await self.prompt(question(decision, self.view))
            if line is None or line.lower() in QUIT:
                return False
            text = action_for(line, decision)
            if text is None:
                if not await info.during_round(self, line.lower().split()):
                    self.say(f"{line!r} is not an answer here: type help.")
                continue
            try:
                action = Action.parse(text)  # the edge where an answer is text: read once, here
            except InvalidActionError as err:
                self.say(f"{str(err).rstrip('.')}.")
                continue
            refusal = self.controller.decide(action)
            if refusal is None:
                return True
            self.say(refusal.rstrip(".") + ".")


def run(game: Game, pace: str | None = None) -> int:
    """Play in plain text on standard input and output until quit or the end of input."""
    narrator = Narrator(game, pace=pace or "instant")
    try:
        return asyncio.run(narrator.run())
    except BrokenPipeError:
        return 0  # the reader left (| head): a round in play was saved before it was told
    finally:
        game.close()
