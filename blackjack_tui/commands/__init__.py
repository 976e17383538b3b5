"""Sub-commands of ``blackjack-tui``: each module has ``run(args) -> int``."""
