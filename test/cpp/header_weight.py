#!/usr/bin/env python3
"""What <acl/acl.hpp> may include (issue 7, target 5): compiles a file that includes only it
with -H and fails when a header it must not bring is in the include tree. The opt-in headers of
the layer (typed config, JSON, runtime queries) and the standard headers that cost more compile
time than the rest of the layer are listed; bench/compile_time.py measures the time itself.

    header_weight.py --header acl/acl.hpp -- c++ -std=c++20 -I... (the compiler command)
"""
import argparse
import os
import subprocess
import sys
import tempfile

# Path suffixes; a match anywhere in the include tree fails the test, with the chain that led there.
FORBIDDEN = {
    "acl/config.hpp": "the typed config builders are opt-in",
    "acl/json.hpp": "JsonValue is opt-in",
    "acl/runtime.hpp": "the runtime queries are opt-in",
    "/atomic": "<atomic> (C++20 brings atomic_wait): use acl/detail/atomic.hpp",
    "/mutex": "<mutex> (unique_lock, call_once, timed mutexes): callback.hpp's ErrorLock suffices",
    "/chrono": "<chrono> (with <sstream> and locales in libstdc++ 12)",
    "/bits/chrono.h": "the chrono durations are only for LifecycleState, in <acl/runtime.hpp>",
    "/thread": "<thread>",
    "/charconv": "<charconv>",
    "/optional": "<optional>",
    "/functional": "<functional>",
    "/algorithm": "<algorithm>",
    "/memory": "<memory>",
    "/sstream": "<sstream>",
}


def include_tree(command, header):
    with tempfile.TemporaryDirectory(prefix="aclpp-header-weight-") as tmp:
        source = os.path.join(tmp, "includes.cpp")
        with open(source, "w", encoding="utf-8") as f:
            f.write(f"#include <{header}>\n")
        result = subprocess.run([*command, "-H", "-fsyntax-only", source], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"FAIL: <{header}> does not compile on its own:\n{result.stderr[-4000:]}")
    tree = []  # (depth, path) in the order -H prints them
    for line in result.stderr.splitlines():
        dots, _, path = line.partition(" ")
        if dots and set(dots) == {"."}:
            tree.append((len(dots), path.strip()))
    return tree


def chain(tree, index):
    """The includes that led to tree[index], outermost first."""
    depth, path = tree[index]
    out = [path]
    for d, p in reversed(tree[:index]):
        if d < depth:
            out.append(p)
            depth = d
    return " <- ".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--header", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command and args.command[0] == "--" else args.command
    tree = include_tree(command, args.header)
    if not any(path.endswith("acl/session.hpp") for _, path in tree):
        print(f"FAIL: -H printed no include tree with acl/session.hpp for <{args.header}>")
        return 1
    failures = []
    for index, (_, path) in enumerate(tree):
        for suffix, why in FORBIDDEN.items():
            if path.endswith(suffix):
                failures.append(f"{suffix}: {why}\n    {chain(tree, index)}")
    if failures:
        print(f"FAIL: <{args.header}> brings headers it must not:\n  " + "\n  ".join(failures))
        return 1
    print(f"ok: <{args.header}> includes {len(tree)} headers, none of the {len(FORBIDDEN)} forbidden ones")
    return 0


if __name__ == "__main__":
    sys.exit(main())
