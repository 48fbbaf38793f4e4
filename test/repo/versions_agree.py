#!/usr/bin/env python3
"""Checks that every place naming aclpp's version names the same one (issue 27).

The version is meson.build's project version, X.Y.Z. Then:
(a) CHANGELOG.md's first entry is "## X.Y.Z (unreleased), tag vX.Y.Z" or, once released,
    "## X.Y.Z (YYYY-MM-DD), tag vX.Y.Z" (docs/releasing.md);
(b) the wrap file of docs/getting-started.md names `revision = vX.Y.Z`, and the pre-commit
    snippets (README.md, .pre-commit-hooks.yaml) `rev: vX.Y.Z`: each at least once, no other;
(c) every CMake request `find_package(aclpp A.B ...)` in the docs asks for X.Y (the package's
    version file accepts the same major.minor while the major is 0);
(d) no other 0.x version (0.4.0, v0.5.0, libaclpp.so.0.4.0) is left in README.md, docs/,
    cmake/, include/, examples/ or .pre-commit-hooks.yaml; IP addresses do not count.

Usage: versions_agree.py [REPOSITORY_ROOT]   (default: two levels above this script)
Prints one line per problem, `file:line: what`, and exits 1 when there is any.
"""

import re
import sys
from pathlib import Path

PROJECT_VERSION = re.compile(r"^project\(.*?^\s*version\s*:\s*'([0-9]+\.[0-9]+\.[0-9]+)'", re.MULTILINE | re.DOTALL)
CHANGELOG_ENTRY = re.compile(r"^## ([0-9]+\.[0-9]+\.[0-9]+) \((unreleased|[0-9]{4}-[0-9]{2}-[0-9]{2})\), tag (v\S+)$")
WRAP_REVISION = re.compile(r"^revision\s*=\s*(\S+)")
PRE_COMMIT_REV = re.compile(r"^[#\s]*rev:\s*(\S+)")
FIND_PACKAGE = re.compile(r"find_package\(\s*aclpp\s+([0-9]+\.[0-9]+)(\.[0-9]+)?\b")
# A 0.x version standing alone: not part of a longer dotted number (an IP address, 1.0.0.1).
ZERO_VERSION = re.compile(r"(?<![\w.])v?(0\.[0-9]+\.[0-9]+)(?![\w.]*[0-9])")

# Where a snippet must name the tag, at least once each.
TAG_PLACES = {
    "docs/getting-started.md": WRAP_REVISION,
    "README.md": PRE_COMMIT_REV,
    ".pre-commit-hooks.yaml": PRE_COMMIT_REV,
}
SCANNED = ["README.md", ".pre-commit-hooks.yaml", "docs", "cmake", "include", "examples"]


def scanned_files(root):
    for name in SCANNED:
        path = root / name
        if path.is_file():
            yield path
        elif path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file())


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]).resolve()
    problems = []
    match = PROJECT_VERSION.search((root / "meson.build").read_text(encoding="utf-8"))
    if not match:
        print("meson.build: no project version")
        return 1
    version = match.group(1)
    tag = "v" + version
    major_minor = version.rsplit(".", 1)[0]

    entry = next((line for line in (root / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
                  if line.startswith("## ")), "")
    match = CHANGELOG_ENTRY.match(entry)
    if not match or match.group(1) != version or match.group(3) != tag:
        problems.append(f"CHANGELOG.md: the first entry is '{entry}', expected '## {version} (unreleased), tag {tag}' "
                        f"or '## {version} (YYYY-MM-DD), tag {tag}'")

    for name, pattern in TAG_PLACES.items():
        found = 0
        for number, line in enumerate((root / name).read_text(encoding="utf-8").splitlines(), 1):
            match = pattern.match(line)
            if match:
                found += 1
                if match.group(1) != tag:
                    problems.append(f"{name}:{number}: names {match.group(1)}, expected the tag {tag}")
        if found == 0:
            problems.append(f"{name}: names no tag (expected {tag})")

    for path in scanned_files(root):
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except UnicodeDecodeError:
            continue
        name = path.relative_to(root).as_posix()
        for number, line in enumerate(lines, 1):
            for match in FIND_PACKAGE.finditer(line):
                if match.group(1) != major_minor:
                    problems.append(f"{name}:{number}: find_package(aclpp {match.group(1)}) does not accept {version}; "
                                    f"ask for {major_minor}")
            for match in ZERO_VERSION.finditer(line):
                if match.group(1) != version:
                    problems.append(f"{name}:{number}: names version {match.group(0)}, the project is {version}")

    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s); version {version}, tag {tag}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
