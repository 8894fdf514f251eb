"""Play without a browser: the card games' engines run under Node.js, their self-play and playtest reports."""
