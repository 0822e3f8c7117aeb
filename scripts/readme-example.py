#!/usr/bin/env python3
"""The README's example: what `bgaudit check fixtures/examples` shows on a
terminal of 100 columns (without its colours).

    scripts/readme-example.py          rewrites the example from the binary
    scripts/readme-example.py --check  exits 1 when the README differs

The binary is ./target/release/bgaudit, or the one BGAUDIT names. The
integration test `director::the_readme_example_is_what_a_100_column_terminal_shows`
makes the same comparison.
"""
import os
import subprocess
import sys

README = 'README.md'
HEAD = "$ bgaudit check fixtures/examples\n"


def main():
    binary = os.environ.get('BGAUDIT', './target/release/bgaudit')
    env = dict(os.environ, COLUMNS='100')
    env.pop('NO_COLOR', None)
    out = subprocess.run([binary, 'check', '--format', 'table', '--color', 'never',
                          'fixtures/examples'],
                         capture_output=True, text=True, env=env).stdout
    text = open(README).read()
    start = text.index(HEAD) + len(HEAD)
    end = text.index("$ echo $?", start)
    if '--check' in sys.argv[1:]:
        if text[start:end] != out:
            sys.stderr.write("README.md: the example is not what bgaudit shows now; "
                             "run scripts/readme-example.py\n")
            return 1
        return 0
    with open(README, 'w') as f:
        f.write(text[:start] + out + text[end:])
    return 0


if __name__ == '__main__':
    sys.exit(main())
