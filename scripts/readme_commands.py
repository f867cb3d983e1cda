#!/usr/bin/env python3
"""Runs the README's commands as a new user would: from a copy of the repository in a
temporary folder with nothing beside it (no `shared/`), with `gamecheck` installed by
`cargo install --path .` into a temporary root.

- every `$ gamecheck …` line of the README is run; its exit status must be the one the
  README shows (`$ echo $?` right after its output, else 0), and every line the README
  shows for it that does not depend on time or on the machine (timings, memory, paths)
  must appear in what it prints;
- every `gamecheck …` line of a ```sh block is run and must exit 0 (redirections to
  files go to /dev/null).

Usage: python3 scripts/readme_commands.py   (from anywhere; exit 0 when all pass)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# lines whose text depends on the run, not on the program's behaviour
VOLATILE = re.compile(r"\d+(\.\d+)? s\b|\bs wall|MiB|CPU|runs? of the program|/work/|/tmp/|File \"|\^|python3\.\d|bin/python")


def readme_commands(text):
    """(command, expected exit status, expected lines) for each `$ gamecheck` line, and
    the plain `gamecheck` lines of sh blocks."""
    lines = text.splitlines()
    dollar, plain = [], []
    in_sh = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("```"):
            in_sh = stripped in ("```sh", "```bash")
            continue
        m = re.match(r"\$ (gamecheck .*|printf .*\| gamecheck .*)$", stripped)
        if m:
            expected, status = [], 0
            for nxt in lines[i + 1:]:
                s = nxt.strip()
                if s.startswith("$ echo $?"):
                    continue
                if s.startswith("$ ") or s.startswith("```") or not nxt.startswith((" ", "$", "e", "A", "B", "C", "D")) and s == "":
                    break
                expected.append(s)
            # the status shown by `$ echo $?` right after this command's output
            after = lines[i + 1:]
            for j, nxt in enumerate(after):
                s = nxt.strip()
                if s.startswith("$ echo $?"):
                    status = int(after[j + 1].strip())
                    expected = expected[: max(0, len(expected) - 1)] if expected and expected[-1] == str(status) else expected
                    break
                if s.startswith("$ ") and j > 0:
                    break
            dollar.append((m.group(1), status, [e for e in expected if e and not VOLATILE.search(e)]))
        elif in_sh and stripped.startswith("gamecheck "):
            cmd = stripped.split("#")[0].strip()
            cmd = re.sub(r">\s*\S+", "> /dev/null", cmd)
            plain.append(cmd)
    return dollar, plain


def main():
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
        dollar, plain = readme_commands(f.read())
    tmp = tempfile.mkdtemp(prefix="gamecheck-readme-")
    copy = os.path.join(tmp, "gamecheck")
    files = subprocess.run(["git", "ls-files"], cwd=REPO, check=True, capture_output=True, text=True).stdout.split("\n")
    for name in filter(None, files):
        src = os.path.join(REPO, name)
        if os.path.isfile(src):
            os.makedirs(os.path.dirname(os.path.join(copy, name)), exist_ok=True)
            shutil.copy2(src, os.path.join(copy, name))
    assert not os.path.exists(os.path.join(tmp, "shared"))
    root = os.path.join(tmp, "root")
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(REPO, "target"))
    subprocess.run(["cargo", "install", "--quiet", "--path", ".", "--root", root, "--locked"], cwd=copy, env=env, check=True)
    env = dict(os.environ, PATH=os.path.join(root, "bin") + os.pathsep + os.environ["PATH"])
    failed = 0
    for cmd, status, expected in dollar:
        r = subprocess.run(["bash", "-c", cmd], cwd=copy, env=env, capture_output=True, text=True, timeout=600)
        out = r.stdout + r.stderr
        missing = [e for e in expected if e not in out]
        ok = r.returncode == status and not missing
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} (exit {r.returncode}, README {status}) $ {cmd}")
        for e in missing:
            print(f"     missing: {e}")
    for cmd in plain:
        r = subprocess.run(["bash", "-c", cmd], cwd=copy, env=env, capture_output=True, text=True, timeout=600)
        ok = r.returncode == 0
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} (exit {r.returncode}) {cmd}")
        if not ok:
            print(r.stderr[-2000:])
    shutil.rmtree(tmp, ignore_errors=True)
    total = len(dollar) + len(plain)
    print(f"readme: {total - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
