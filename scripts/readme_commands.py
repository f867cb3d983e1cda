#!/usr/bin/env python3
"""Runs the commands of README.md and docs/*.md as a new user would, and checks the links
between those pages.

The commands run from a copy of the repository's files (`git ls-files`) in a folder with
nothing beside it (no `shared/`): target/readme-commands/gamecheck, brought back to the
repository's files at each run and left in place after it (at a fixed path, so that cargo
finds its builds fresh the next time), with `gamecheck` installed by `cargo install --locked --path .` into
target/readme-commands/root, page by page (README.md first, then docs/*.md by name; two
pages at a time), each page's commands in the order they appear, so a command may use a
file an earlier command of its page wrote.

What counts as a command:
- in a code block (fenced, or indented by four spaces), every line that starts with `$ `:
  it is run with bash; its exit status must be the one the page shows (`$ echo $?` and
  the status on the next line, right after its output; else 0), and every line the
  page shows for it that does not depend on time or on the machine (timings, memory,
  paths: VOLATILE below) must appear in what it prints;
- in a ```sh or ```bash block, every line that is not blank or a `#` comment: it must
  exit 0 (redirections go to /dev/null).

Markers (HTML comments, invisible on the rendered page), on a line of their own before a
code block (blank lines between are allowed):
- `<!-- not run: REASON -->`: the block's commands are not run here, for REASON (said
  on the page's source, and printed in the summary). A marker without a reason fails.
- `<!-- file: NAME -->`: the block is written to NAME in the copy before the page's
  later commands run (a program the page shows and then stresses).

Links: every `[text](target)` outside code, to a file of the repository (relative to the
page) must name a file or folder that exists, and its `#anchor`, if any, must be a heading
of the Markdown file it names (GitHub's anchors: lower case, punctuation dropped, spaces
as hyphens, `-1`, `-2`… for repeats). Every page of docs/ must be linked from README.md.

Usage: python3 scripts/readme_commands.py [--links] [PAGE…]
  --links   check the links only (no build, no commands; a second)
  PAGE…     run the commands of these pages only (paths from the repository root)
  DOC_JOBS=N (environment) pages run side by side, 2 by default; each page's commands run
            in order, in the one copy (no page may read a file another page writes)
Exit 0 when every check passes, 1 otherwise.
"""
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# lines whose text depends on the run, not on the program's behaviour
VOLATILE = re.compile(
    r"\d+(\.\d+)? s\b|\bs wall|MiB|CPU|runs? of the program|/work/|/tmp/|File \"|\^|python3\.\d|bin/python"
)
MARKER = re.compile(r"^<!--\s*(not run|file)\s*:?\s*(.*?)\s*-->$")


def pages():
    return ["README.md"] + sorted(os.path.relpath(p, REPO) for p in glob.glob(os.path.join(REPO, "docs", "*.md")))


def blocks(text):
    """The code blocks of a page: dicts with `lang` ('' for an indented block), `lines`,
    `start` (the 1-based line of its first line) and the marker before it, if any
    (`not_run`: the reason; `file`: the name)."""
    lines = text.splitlines()
    out, marker, i = [], None, 0
    while i < len(lines):
        line = lines[i]
        m = MARKER.match(line.strip())
        if m:
            marker = (m.group(1), m.group(2))
            i += 1
            continue
        if line.lstrip().startswith("```"):
            indent = len(line) - len(line.lstrip())
            lang = line.strip()[3:].strip()
            body, j = [], i + 1
            while j < len(lines) and not lines[j].strip().startswith("```"):
                body.append(lines[j][indent:] if lines[j].startswith(" " * indent) else lines[j].lstrip())
                j += 1
            out.append(dict(lang=lang or "text", lines=body, start=i + 2, marker=marker))
            marker, i = None, j + 1
            continue
        if line.startswith("    ") and (i == 0 or lines[i - 1].strip() == "" or MARKER.match(lines[i - 1].strip())):
            body, j = [], i
            while j < len(lines) and (lines[j].startswith("    ") or lines[j].strip() == ""):
                body.append(lines[j][4:])
                j += 1
            while body and body[-1].strip() == "":
                body.pop()
            out.append(dict(lang="", lines=body, start=i + 1, marker=marker))
            marker, i = None, j
            continue
        if line.strip():
            marker = None
        i += 1
    return out


def commands(block):
    """(command, expected status, expected lines) for each command of a block."""
    body = block["lines"]
    found = []
    if block["lang"] in ("sh", "bash"):
        for line in body:
            s = line.strip()
            if s and not s.startswith("#"):
                cmd = re.sub(r"\s+#\s.*$", "", s)
                cmd = re.sub(r">\s*\S+", "> /dev/null", cmd)
                found.append((cmd, 0, []))
        return found
    for i, line in enumerate(body):
        s = line.strip()
        if not s.startswith("$ ") or s.startswith("$ echo $?"):
            continue
        expected, status = [], 0
        j = i + 1
        while j < len(body):
            t = body[j].strip()
            if t.startswith("$ echo $?"):
                status = int(body[j + 1].strip())
                break
            if t.startswith("$ "):
                break
            expected.append(t)
            j += 1
        found.append((s[2:], status, [e for e in expected if e and not VOLATILE.search(e)]))
    return found


# --- links -------------------------------------------------------------------------------


def slug(heading):
    h = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip().lower())
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def anchors(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    seen, out, in_code = {}, set(), False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if m and not in_code:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(page):
    """(line number, target) of every Markdown link of a page, outside code."""
    with open(os.path.join(REPO, page), encoding="utf-8") as f:
        lines = f.read().splitlines()
    out, in_code = [], False
    for n, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        if in_code or line.startswith("    "):
            continue
        line = re.sub(r"`[^`]*`", "", line)
        for m in re.finditer(r"\[[^\]]*\]\(([^)\s]+)\)", line):
            out.append((n, m.group(1)))
    return out


def check_links():
    failed = []
    linked_from_readme = set()
    for page in pages():
        for n, target in links(page):
            if re.match(r"^[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(REPO, os.path.dirname(page), path)) if path else os.path.join(REPO, page)
            if page == "README.md":
                linked_from_readme.add(os.path.relpath(full, REPO))
            if not os.path.exists(full):
                failed.append(f"{page}:{n}: {target}: no such file")
            elif anchor and full.endswith(".md") and anchor not in anchors(full):
                failed.append(f"{page}:{n}: {target}: no heading with the anchor #{anchor} in {os.path.relpath(full, REPO)}")
    for page in pages()[1:]:
        if page not in linked_from_readme:
            failed.append(f"README.md: no link to {page}")
    for f in failed:
        print(f"FAIL link {f}")
    print(f"links: {sum(len(links(p)) for p in pages())} checked, {len(failed)} failed")
    return len(failed)


# --- commands ----------------------------------------------------------------------------


def copy_repository(tmp):
    """The repository's files (`git ls-files`) copied to tmp/gamecheck, with their times.
    A copy left by the last run is brought up to date: every other file in it (what its
    commands wrote) is removed, so each run starts from the repository's files alone."""
    copy = os.path.join(tmp, "gamecheck")
    listed = subprocess.run(["git", "ls-files"], cwd=REPO, check=True, capture_output=True, text=True).stdout
    files = {name for name in listed.split("\n") if name and os.path.isfile(os.path.join(REPO, name))}
    for dirpath, dirnames, filenames in os.walk(copy, topdown=False):
        for name in filenames:
            path = os.path.join(dirpath, name)
            if os.path.relpath(path, copy) not in files:
                os.remove(path)
        if dirpath != copy and not os.listdir(dirpath):
            os.rmdir(dirpath)
    for name in sorted(files):
        src, dst = os.path.join(REPO, name), os.path.join(copy, name)
        if os.path.exists(dst):
            a, b = os.stat(src), os.stat(dst)
            if (a.st_size, a.st_mtime_ns) == (b.st_size, b.st_mtime_ns):
                continue  # left as the last run copied it (and no command changed it)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)
    assert not os.path.exists(os.path.join(tmp, "shared"))
    return copy


def run_page(page, copy, env):
    """Runs the commands of one page in order: (report lines, passed, failed, not run)."""
    with open(os.path.join(REPO, page), encoding="utf-8") as f:
        text = f.read()
    lines, passed, failed, not_run = [], 0, 0, []
    for block in blocks(text):
        kind, arg = block["marker"] or (None, None)
        where = f"{page}:{block['start']}"
        if kind == "file":
            with open(os.path.join(copy, arg), "w", encoding="utf-8") as f:
                f.write("\n".join(block["lines"]) + "\n")
            continue
        cmds = commands(block)
        if kind == "not run":
            if not arg:
                failed += 1
                lines.append(f"FAIL {where}: a `not run` marker without its reason")
            not_run += [(where, c[0], arg) for c in cmds]
            continue
        for cmd, status, expected in cmds:
            t = time.time()
            r = subprocess.run(["bash", "-c", cmd], cwd=copy, env=env, capture_output=True, text=True, timeout=600)
            out = r.stdout + r.stderr
            missing = [e for e in expected if e not in out]
            ok = r.returncode == status and not missing
            failed += not ok
            passed += ok
            lines.append(f"{'ok  ' if ok else 'FAIL'} {time.time() - t:5.1f} s (exit {r.returncode}, page {status}) {where} $ {cmd}")
            lines += [f"     missing: {e}" for e in missing]
            if not ok and not expected and status == 0:
                lines.append(out[-2000:])
    return lines, passed, failed, not_run


def run_commands(selected, jobs):
    t0 = time.time()
    tmp = os.path.join(REPO, "target", "readme-commands")
    copy = copy_repository(tmp)
    root = os.path.join(tmp, "root")
    # the repository's target, so the dependencies are not built again; but cargo's
    # fingerprints of the workspace's own packages do not depend on where the workspace
    # is, so after the copy's builds they point at the copy's sources, and an edit of the
    # repository would not rebuild them: forget_workspace_builds() drops them at the end
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(REPO, "target"))
    print(f"copied the repository's files in {time.time() - t0:.1f} s", flush=True)
    t0 = time.time()
    subprocess.run(["cargo", "install", "--quiet", "--path", ".", "--root", root, "--locked"], cwd=copy, env=env, check=True)
    print(f"installed gamecheck in {time.time() - t0:.1f} s", flush=True)
    env = dict(env, PATH=os.path.join(root, "bin") + os.pathsep + os.environ["PATH"])
    # pages run side by side (each page's commands in order, in the one copy: the pages
    # write no file another page reads), reported in page order
    t0 = time.time()
    # the longest pages first (a rough guess at the slowest), so the last ones are short
    order = sorted(selected, key=lambda page: -os.path.getsize(os.path.join(REPO, page)))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {page: pool.submit(run_page, page, copy, env) for page in order}
        results = [futures[page].result() for page in selected]
    passed = sum(r[1] for r in results)
    failed = sum(r[2] for r in results)
    not_run = [n for r in results for n in r[3]]
    for lines, *_ in results:
        for line in lines:
            print(line)
    print(f"not run ({len(not_run)}), each with the reason its page gives:")
    for where, cmd, reason in not_run:
        print(f"     {where} $ {cmd}   [{reason}]")
    print(f"commands: {passed} passed, {failed} failed, {len(not_run)} not run, in {time.time() - t0:.1f} s ({jobs} pages at a time)")
    return failed


def forget_workspace_builds():
    """Drops the fingerprints of the workspace's own packages in every profile of the
    repository's target (the copy's builds made them point at the copy's sources), so
    the next build in the repository compiles its own sources again."""
    names = json.loads(subprocess.run(["cargo", "metadata", "--no-deps", "--format-version", "1"], cwd=REPO, capture_output=True, check=True).stdout)
    packages = {p["name"] for p in names["packages"]}
    target = os.path.join(REPO, "target")
    for profile in os.listdir(target):
        fingerprints = os.path.join(target, profile, ".fingerprint")
        if not os.path.isdir(fingerprints):
            continue
        for d in os.listdir(fingerprints):
            if d.rpartition("-")[0] in packages:
                shutil.rmtree(os.path.join(fingerprints, d), ignore_errors=True)


def main():
    args = sys.argv[1:]
    failed = check_links()
    jobs = int(os.environ.get("DOC_JOBS", "2"))
    if "--links" not in args:
        selected = [a for a in args if not a.startswith("--")] or pages()
        try:
            failed += run_commands(selected, jobs)
        finally:
            forget_workspace_builds()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
