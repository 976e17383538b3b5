from blackjack_tui.cli import main

raise SystemExit(main())
