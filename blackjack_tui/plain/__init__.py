"""The plain text mode (``--narrate``): the game told as lines of text, beside the Textual UI."""
