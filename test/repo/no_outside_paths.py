#!/usr/bin/env python3
"""Fails when a file of the project names a path outside the repository.

    no_outside_paths.py SOURCE_DIR

A user's clone holds nothing beside the repository, so no file may read, include or even
mention the developers' spec directory next to it: tests read test/fixtures, comments cite
docs/decisions.md. The files are the tracked ones when SOURCE_DIR is the top of a git checkout,
else every file under it except the build directories and the downloaded subprojects (what
.gitignore leaves out). Prints file:line: text for every hit.
"""
import os
import subprocess
import sys

# Built from pieces so that this file does not match itself.
NEEDLES = [".." + "/" + "shared", "/work" + "/" + "shared"]


def git_files(root):
    """The tracked files, or None when root is not the top of a git checkout."""
    try:
        top = subprocess.run(["git", "-C", root, "rev-parse", "--show-toplevel"], capture_output=True,
                             text=True, check=True).stdout.strip()
        if os.path.realpath(top) != os.path.realpath(root):
            return None
        listing = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [name for name in listing.decode("utf-8", "surrogateescape").split("\0") if name]


def walked_files(root):
    files = []
    for directory, subdirs, names in os.walk(root):
        relative = os.path.relpath(directory, root)
        if relative == ".":
            subdirs[:] = [d for d in subdirs if d != ".git" and not d.startswith("build")]
        elif relative == "subprojects":
            subdirs[:] = [d for d in subdirs if d == "packagefiles"]
        files.extend(os.path.normpath(os.path.join(relative, name)) for name in names)
    return files


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    root = sys.argv[1]
    files = git_files(root)
    if files is None:
        files = walked_files(root)
    needles = [needle.encode() for needle in NEEDLES]
    hits = []
    for name in sorted(files):
        path = os.path.join(root, name)
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        with open(path, "rb") as handle:
            lines = handle.read().splitlines()
        for number, line in enumerate(lines, start=1):
            if any(needle in line for needle in needles):
                hits.append(f"{name}:{number}: {line.decode('utf-8', 'replace').strip()}")
    if hits:
        print(f"{len(hits)} line(s) name a path outside the repository "
              f"({' or '.join(NEEDLES)}); cite docs/decisions.md or use test/fixtures instead:")
        print("\n".join(hits))
        return 1
    print(f"ok: none of {len(files)} files names a path outside the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main())
