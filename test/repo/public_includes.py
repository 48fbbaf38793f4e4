#!/usr/bin/env python3
"""Public headers include only standard headers (style guide): every #include and __has_include
under include/ and base/include/ names a C++20 standard header, one of the few POSIX C headers
the layer uses, an <acl/...> or <aclpp/...> header, or the third-party header of an opt-in
integration in that integration's own file. A library internal such as <bits/std_mutex.h> fails: it exists in one standard
library only, and its contents change between releases.

    public_includes.py <source root>
"""
import pathlib
import re
import sys

# ISO C++20 [headers], tables 24 (C++ library headers) and 25 (C++ headers for C library
# facilities).
STANDARD_CXX20 = {
    "algorithm", "any", "array", "atomic", "barrier", "bit", "bitset", "charconv", "chrono",
    "codecvt", "compare", "complex", "concepts", "condition_variable", "coroutine", "deque",
    "exception", "execution", "filesystem", "format", "forward_list", "fstream", "functional",
    "future", "initializer_list", "iomanip", "ios", "iosfwd", "iostream", "istream", "iterator",
    "latch", "limits", "list", "locale", "map", "memory", "memory_resource", "mutex", "new",
    "numbers", "numeric", "optional", "ostream", "queue", "random", "ranges", "ratio", "regex",
    "scoped_allocator", "semaphore", "set", "shared_mutex", "source_location", "span",
    "sstream", "stack", "stdexcept", "stop_token", "streambuf", "string", "string_view",
    "strstream", "syncstream", "system_error", "thread", "tuple", "type_traits", "typeindex",
    "typeinfo", "unordered_map", "unordered_set", "utility", "valarray", "variant", "vector",
    "version",
    "cassert", "cctype", "cerrno", "cfenv", "cfloat", "cinttypes", "climits", "clocale", "cmath",
    "csetjmp", "csignal", "cstdarg", "cstddef", "cstdint", "cstdio", "cstdlib", "cstring",
    "ctime", "cuchar", "cwchar", "cwctype",
}

# POSIX C headers, for what the C++ standard has no word for (fork detection, sched_yield).
POSIX_C = {"pthread.h", "sched.h", "unistd.h"}

# The opt-in integrations include their library, and only their own file may.
INTEGRATIONS = {
    "fmt/": "acl/fmt.hpp",
    "catch2/": "acl/testing/catch2.hpp",
}

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]|__has_include\s*\(\s*[<"]([^>"]+)[>"]\s*\)')


def problem(header, relative):
    if header.startswith(("acl/", "aclpp/")) or header in STANDARD_CXX20 or header in POSIX_C:
        return None
    for prefix, owner in INTEGRATIONS.items():
        if header.startswith(prefix):
            return None if relative == owner else f"<{header}> belongs to {owner} alone"
    return f"<{header}> is neither a C++20 standard header nor an <acl/...> or <aclpp/...> header"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[1])
    failures = []
    checked = 0
    for include_dir in (root / "include", root / "base" / "include"):
        for path in sorted(include_dir.rglob("*")):
            if not path.is_file() or path.name == "meson.build":
                continue
            relative = path.relative_to(include_dir).as_posix()
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                for match in INCLUDE.finditer(line):
                    header = match.group(1) or match.group(2)
                    checked += 1
                    why = problem(header, relative)
                    if why:
                        failures.append(f"{path.relative_to(root).as_posix()}:{number}: {why}")
    if checked == 0:
        print(f"FAIL: no #include found under {root / 'include'}")
        return 1
    if failures:
        print("FAIL: public headers include headers that are not standard:\n  " + "\n  ".join(failures))
        return 1
    print(f"ok: {checked} includes under include/ and base/include/, all standard, POSIX C, <acl/...> or <aclpp/...>")
    return 0


if __name__ == "__main__":
    sys.exit(main())
