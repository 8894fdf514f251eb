from gaslight.cli import run

run()
