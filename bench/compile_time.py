#!/usr/bin/env python3
"""Target 5: the compile-time cost of the C++ layer.

Compiles, against one translation unit that includes only <string>, <vector> and <system_error>,
three that construct an acl::Session, with the flags the project compiles its own C++ with (taken
from the build directory's compile_commands.json), best of N interleaved rounds:

  session           <acl/acl.hpp> and a Session (the TU target 5 names: its ratio is the target)
  session_text      <acl/acl.hpp> and a Session from acl.json text (the join comparison compiles)
  session_typed     <acl/acl.hpp>, <acl/config.hpp> and a Session from a typed acl::Config
  session_static    the same with a constant config (acl::static_config): the rule table's checks
                    and to_json run in the compiler

Writes one JSON object; bench/report.py turns it into table rows.
"""

import argparse
import json
import os
import resource
import shlex
import subprocess
import sys
import tempfile
import time

BASELINE_TU = """#include <string>
#include <system_error>
#include <vector>

int main() {
    std::vector<std::string> names{"acl"};
    std::error_code ec;
    return static_cast<int>(names.size()) + ec.value();
}
"""

# (key, what it constructs, source); the first is the target's TU.
LIBRARY_TUS = [
    ("session", "<acl/acl.hpp> + acl::Session", """#include <acl/acl.hpp>

int main() {
    acl::Session session;
    return session ? 0 : 1;
}
"""),
    ("session_text", "<acl/acl.hpp> + acl::Session{acl::ConfigText}", """#include <acl/acl.hpp>

int main() {
    acl::Session session{acl::ConfigText{R"({"err_msg_mode": "1"})"}};
    return session ? 0 : 1;
}
"""),
    ("session_typed", "<acl/acl.hpp> + <acl/config.hpp> + acl::Session{acl::Config}", """#include <acl/acl.hpp>
#include <acl/config.hpp>

int main() {
    acl::Session session{acl::Config{.err_msg_mode = acl::ErrMsgMode::process}};
    return session ? 0 : 1;
}
"""),
    ("session_static", "the same with a constant config its rules check while compiling (acl::static_config)",
     """#include <acl/acl.hpp>
#include <acl/config.hpp>

constexpr auto kConfig = acl::static_config<[] {
    return acl::Config{
        .err_msg_mode = acl::ErrMsgMode::process,
        .dump = acl::Dump{.path = "./", .level = acl::DumpLevel::op, .step = "1|3-5",
                          .list = std::vector<acl::DumpModel>{{.model_name = "m",
                                                               .layer = std::vector<std::string>{"a", "b"}}}},
        .profiler = acl::Profiler{.enabled = true, .output = "./prof", .sys_io_sampling_freq = 100u},
    };
}>;

int main() {
    acl::Session session{kConfig};
    return session ? 0 : 1;
}
"""),
]

# Arguments of a compile command that name one file's inputs and outputs, not how to compile.
_WITH_VALUE = {"-o", "-MQ", "-MF", "-MT", "-c"}
_ALONE = {"-MD", "-MMD", "-fdiagnostics-color=always"}


def project_flags(build_dir, source_suffix):
    """The compiler and flags the build uses for the C++ file ending in `source_suffix`."""
    with open(os.path.join(build_dir, "compile_commands.json"), encoding="utf-8") as f:
        commands = json.load(f)
    for entry in commands:
        if entry["file"].endswith(source_suffix):
            args = entry.get("arguments") or shlex.split(entry["command"])
            # A compiler cache in front (meson puts ccache there when it finds it) would time
            # cache hits: the compiler behind it is what is measured.
            if os.path.basename(args[0]) in ("ccache", "sccache"):
                args = args[1:]
            flags, skip = [], False
            for arg in args[1:]:
                if skip:
                    skip = False
                    continue
                if arg in _WITH_VALUE:
                    skip = True
                    continue
                if arg in _ALONE or arg.endswith(source_suffix):
                    continue
                flags.append(arg)
            return args[0], entry["directory"], flags
    sys.exit(f"compile_time.py: no compile command for *{source_suffix} in {build_dir}")


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def compile_seconds(compiler, directory, flags, source, mode):
    """One compilation of `source` (-c or -fsyntax-only): ((cpu, wall) seconds, "") or (None, stderr).

    CPU time (user + system of the compiler) is the figure: on a shared machine the wall time
    mostly measures how long the compiler waited for a core."""
    command = [compiler, *flags, mode, source]
    if mode == "-c":
        command += ["-o", os.devnull]
    cpu_before = children_cpu_seconds()
    start = time.perf_counter()
    result = subprocess.run(command, cwd=directory, capture_output=True, text=True)
    wall = time.perf_counter() - start
    cpu = children_cpu_seconds() - cpu_before
    if result.returncode != 0:
        return None, result.stderr
    return (cpu, wall), ""


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--flags-from", default="bench/join_leave.cpp",
                        help="the project C++ file whose compile flags are reused")
    args = parser.parse_args()

    compiler, directory, flags = project_flags(args.build_dir, args.flags_from)
    result = {"compiler": compiler, "flags": flags, "runs": args.runs, "baseline": {}, "tus": {}}
    status = 0
    with tempfile.TemporaryDirectory(prefix="aclpp-compile-time-") as tmp:
        sources = {}
        for key, text in [("baseline", BASELINE_TU)] + [(key, text) for key, _, text in LIBRARY_TUS]:
            sources[key] = os.path.join(tmp, key + ".cpp")
            with open(sources[key], "w", encoding="utf-8") as f:
                f.write(text)
        # One run of every TU and mode per round, rounds repeated: the machine's load drifts,
        # and a ratio of two minima taken minutes apart would measure the drift.
        best = {}
        for _ in range(args.runs):
            for key, source in sources.items():
                for mode in ("-c", "-fsyntax-only"):
                    if key in best and best[key] is None:
                        continue  # it did not compile: reported below
                    seconds, error = compile_seconds(compiler, directory, flags, source, mode)
                    if seconds is None:
                        if key == "baseline":
                            sys.exit(f"compile_time.py: the baseline TU does not compile:\n{error}")
                        best[key] = None
                        result["tus"][key] = {"error": f"{key} does not compile with {mode}: {error.strip()[:2000]}"}
                        print(result["tus"][key]["error"], file=sys.stderr)
                        status = 1
                        continue
                    entry = best.setdefault(key, {}).setdefault(mode, [seconds[0], seconds[1]])
                    entry[0] = min(entry[0], seconds[0])
                    entry[1] = min(entry[1], seconds[1])
        for mode, (cpu, wall) in best["baseline"].items():
            result["baseline"][mode] = {"cpu_seconds": cpu, "wall_seconds": wall}
        for key, what, _ in LIBRARY_TUS:
            if best.get(key) is None:
                continue
            entry = {"what": what, "modes": {}}
            for mode, (cpu, wall) in best[key].items():
                base = result["baseline"][mode]
                entry["modes"][mode] = {
                    "cpu_seconds": cpu, "wall_seconds": wall,
                    "ratio": cpu / base["cpu_seconds"], "wall_ratio": wall / base["wall_seconds"],
                }
            result["tus"][key] = entry
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=2)
    return status


if __name__ == "__main__":
    sys.exit(main())
