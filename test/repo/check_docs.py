#!/usr/bin/env python3
"""Checks that the repository's documentation stands on its own.

(a) Every relative Markdown link in README.md and docs/*.md resolves to a file or directory of the
    repository, and its #anchor, if any, to a heading (GitHub-style slug) of the target file.
(b) Every decision id (L-7, K-4, ...) cited by a tracked file is defined in docs/decisions.md.
(c) Every id defined in docs/decisions.md is cited by at least one file under test/.

Usage: check_docs.py [REPOSITORY_ROOT]   (default: two levels above this script)
Prints one line per problem, `file:line: what`, and exits 1 when there is any.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

DECISIONS = "docs/decisions.md"

# A decision id is a group letter, a hyphen and a number, standing alone: not the end of a longer
# word or number ("UTF-8", "SHA-256", "1E-3"), not after a hyphen ("x-C-1"), not followed by more
# word characters ("K-4a"). The FAQ's user pains "P1".."P12" and flags like "-O3" have no such shape.
ID_GROUPS = "ALFKECBP"
ID_PATTERN = re.compile(r"(?<![\w-])([" + ID_GROUPS + r"]-[0-9]{1,3})(?![\w])")

# A definition is a heading that starts with the id: "### L-7" or "### L-7 Callbacks".
DEFINITION_PATTERN = re.compile(r"^#{1,6}\s+([" + ID_GROUPS + r"]-[0-9]{1,3})(?:\s|$)")

# Data, not prose: fuzzing inputs may contain anything.
NOT_CITATIONS = ("test/fuzz/corpus/",)

LINK_PATTERN = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK_PATTERN = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
HEADING_PATTERN = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR_PATTERN = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"", re.IGNORECASE)
SCHEME_PATTERN = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
FENCE_PATTERN = re.compile(r"^\s{0,3}(```|~~~)")
CODE_SPAN_PATTERN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def tracked_files(root):
    """The files of the repository: git's tracked and not-ignored new files, or a walk of the tree
    without a git checkout."""
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others",
                              "--exclude-standard"], check=True,
                             capture_output=True).stdout
        return sorted(set(p for p in out.decode("utf-8").split("\0") if p and (root / p).is_file()))
    except (OSError, subprocess.CalledProcessError):
        files = []
        for directory, subdirs, names in os.walk(root):
            rel = Path(directory).relative_to(root)
            # What .gitignore leaves out: build trees and downloaded subprojects.
            subdirs[:] = [d for d in subdirs if d != ".git" and not (rel == Path(".") and d.startswith("build"))
                          and not (rel == Path("subprojects") and d != "packagefiles")]
            files += [(rel / n).as_posix() for n in names]
        return sorted(files)


def read_text(path):
    """The file's text, or None for a binary file (a NUL byte or not UTF-8)."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def prose_lines(text):
    """(line number, line) of Markdown text outside fenced code blocks, code spans blanked."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        match = FENCE_PATTERN.match(line)
        if match:
            marker = match.group(1)
            if fence is None:
                fence = marker
            elif marker == fence:
                fence = None
            continue
        if fence is None:
            yield number, CODE_SPAN_PATTERN.sub(lambda m: " " * len(m.group(0)), line)


def github_slug(heading):
    """The anchor GitHub gives a heading: the rendered text, lower case, punctuation dropped,
    spaces turned into hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors_of(text):
    """Every anchor a Markdown file offers: its headings' slugs (numbered when repeated, as GitHub
    does) and explicit <a name/id> anchors."""
    anchors = set()
    seen = {}
    fence = None
    for line in text.splitlines():
        match = FENCE_PATTERN.match(line)
        if match:
            fence = None if fence == match.group(1) else (fence or match.group(1))
            continue
        if fence is not None:
            continue
        anchors.update(HTML_ANCHOR_PATTERN.findall(line))
        heading = HEADING_PATTERN.match(line)
        if heading:
            slug = github_slug(heading.group(2))
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def check_links(root, files, problems):
    tracked = set(files)
    directories = {str(Path(f).parent.as_posix()) for f in files}
    for name in files:
        if name != "README.md" and not (name.startswith("docs/") and name.endswith(".md")):
            continue
        text = read_text(root / name)
        own_dir = Path(name).parent
        for number, line in prose_lines(text):
            targets = [m.group(1) for m in LINK_PATTERN.finditer(line)]
            reference = REFERENCE_LINK_PATTERN.match(line)
            if reference:
                targets.append(reference.group(1))
            for target in targets:
                if not target or SCHEME_PATTERN.match(target):
                    continue  # http(s), mailto: outside the repository
                path_part, _, anchor = target.partition("#")
                if path_part:
                    resolved = os.path.normpath((own_dir / path_part).as_posix())
                    if resolved.startswith(".."):
                        problems.append(f"{name}:{number}: link to {target} leaves the repository")
                        continue
                    if resolved not in tracked and resolved not in directories:
                        problems.append(f"{name}:{number}: link to {target}: no such file in the repository")
                        continue
                else:
                    resolved = name
                if anchor and resolved.endswith(".md") and resolved in tracked:
                    if anchor.lower() not in anchors_of(read_text(root / resolved)):
                        problems.append(f"{name}:{number}: link to {target}: {resolved} has no heading "
                                        f"with the anchor #{anchor}")


def defined_ids(root, problems):
    defined = {}
    text = read_text(root / DECISIONS)
    if text is None:
        problems.append(f"{DECISIONS}: missing or not text")
        return defined
    for number, line in prose_lines(text):
        match = DEFINITION_PATTERN.match(line)
        if not match:
            continue
        decision = match.group(1)
        if decision in defined:
            problems.append(f"{DECISIONS}:{number}: {decision} is defined twice (first at line {defined[decision]})")
        defined.setdefault(decision, number)
    return defined


def check_ids(root, files, problems):
    if not (root / DECISIONS).is_file():
        problems.append(f"{DECISIONS}: missing")
        return
    defined = defined_ids(root, problems)
    cited_by_tests = set()
    for name in files:
        if name == DECISIONS or name.startswith(NOT_CITATIONS):
            continue
        text = read_text(root / name)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for decision in ID_PATTERN.findall(line):
                if decision not in defined:
                    problems.append(f"{name}:{number}: cites {decision}, which {DECISIONS} does not define")
                if name.startswith("test/"):
                    cited_by_tests.add(decision)
    for decision, number in sorted(defined.items(), key=lambda item: item[1]):
        if decision not in cited_by_tests:
            problems.append(f"{DECISIONS}:{number}: {decision} is cited by no file under test/ "
                            "(every decision needs a test named after it)")


def main(argv):
    root = Path(argv[1]).resolve() if len(argv) > 1 else Path(__file__).resolve().parents[2]
    files = tracked_files(root)
    problems = []
    check_links(root, files, problems)
    check_ids(root, files, problems)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in the links and decision ids of {root}", file=sys.stderr)
        return 1
    print(f"links of README.md and docs/*.md resolve; every decision id cited is defined in {DECISIONS} "
          "and cited by a test")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
