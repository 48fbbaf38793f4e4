#!/usr/bin/env python3
"""Golden tests of acl-config.

Every case runs the tool from test/tools/configs with relative file names, in a scrubbed
environment (C locale, no aclpp/CANN variables, no NO_COLOR), and compares what it printed and
its exit status with test/tools/golden/<case>.txt. A golden file reads like a terminal session:

    $ acl-config check dump.json
    dump.json:4:18: error: ...
    [exit 1]

Parts (--only):
  golden  the cases below against their golden files
  json    `check --json` parsed with the json module and compared with the text output
  color   colours under a pseudo-terminal: on by default, off with NO_COLOR or --color never

After a change to the core's messages, regenerate with --update and read every diff before
committing it: a golden file is only as good as the review it got.
"""

import argparse
import difflib
import json
import os
import pty
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIGS = HERE / "configs"
GOLDEN = HERE / "golden"

# Variables the core or the tool reads: the tests decide them, never the caller's shell.
SCRUBBED = [
    "ACLPP_SOC", "ACLPP_DEVICE_COUNT", "ACLPP_CANN_VERSION", "ASCEND_WORK_PATH", "ASCEND_DUMP_PATH", "NPU_COLLECT_PATH",
    "ASCEND_DUMP_SCENE", "PROFILER_SAMPLECONFIG", "ASCEND_LOG_DEVICE_FLUSH_TIMEOUT",
    "AUTO_USE_UC_MEMORY", "NO_COLOR", "LANG", "LANGUAGE",
]


@dataclass
class Case:
    name: str
    args: list
    env: dict = field(default_factory=dict)
    # Files copied into a scratch directory first (for commands that write), then shown
    # after the run.
    scratch_files: list = field(default_factory=list)
    # The device count is not given: over the vendor runtime acl-config takes the count the
    # runtime reports instead (issue 27), so the case holds on the emulated runtime only.
    emulated_only: bool = False


CASES = [
    # check: one case per kind of finding
    Case("check-clean", ["check", "clean.json"]),
    Case("check-empty-file", ["check", "empty.json", "bom.json"]),
    Case("check-warnings-only", ["check", "warnings.json"]),
    Case("check-unknown-keys", ["check", "unknown_keys.json"]),
    Case("check-missing-file", ["check", "does_not_exist.json"]),
    Case("check-syntax-error", ["check", "syntax_error.json"]),
    Case("check-too-deep", ["check", "too_deep.json"]),
    Case("check-err-msg-mode", ["check", "err_msg_mode.json"]),
    Case("check-dump", ["check", "dump.json"]),
    Case("check-dump-path", ["check", "dump_path.json"]),
    Case("check-profiler", ["check", "profiler.json"]),
    Case("check-stack-size", ["check", "stack.json"]),
    Case("check-default-device", ["check", "--devices", "2", "default_device.json"]),
    Case("check-default-device-8-devices", ["check", "default_device.json"], env={"ACLPP_DEVICE_COUNT": "8"}),
    # Not told the device count: any id below 64 (a config is checked away from its server).
    Case("check-default-device-not-told", ["check", "default_device_3.json"], emulated_only=True),
    Case("check-default-device-3-of-2", ["check", "--devices", "2", "default_device_3.json"]),
    # Seen in configs from public repositories (issue 27).
    Case("check-comment", ["check", "comment.json"]),
    Case("check-profiler-cann5-keys", ["check", "profiler_cann5.json"]),
    Case("check-dump-path-absolute", ["check", "dump_path_absolute.json"]),
    Case("check-event-mode-ascend910a", ["check", "--soc", "Ascend910A", "event_mode.json"]),
    Case("check-event-mode-default-soc", ["check", "event_mode.json"]),
    Case("check-soc-from-environment", ["check", "event_mode.json"], env={"ACLPP_SOC": "Ascend910A"}),
    Case("check-ipv350", ["check", "--soc", "IPV350", "ipv350.json"]),
    Case("check-several-files", ["check", "clean.json", "warnings.json", "dump.json"]),
    Case("check-unreadable-beats-errors", ["check", "dump.json", "does_not_exist.json"]),
    Case("check-colour-always", ["--color", "always", "check", "warnings.json", "dump.json"]),
    # CANN versions (B-9): the rules of a release where releases differ, one report per version
    Case("check-cann-default-empty-dump", ["check", "cann_empty_dump.json"]),
    Case("check-cann-9.0.0-empty-dump", ["check", "--cann", "9.0.0", "cann_empty_dump.json"]),
    Case("check-cann-several-versions",
         ["check", "--cann", "9.0.0,9.1.0,9.2.0", "cann_empty_dump.json", "cann_profiler.json"]),
    Case("check-cann-9.1.0-simt-fifo", ["check", "--soc", "Ascend910B1", "--cann", "9.1.0", "cann_simt_fifo.json"]),
    Case("check-cann-mapped-versions", ["check", "--cann", "9.0.5,master", "cann_empty_dump.json"]),
    Case("check-cann-from-environment", ["check", "cann_empty_dump.json"], env={"ACLPP_CANN_VERSION": "9.0.1"}),
    Case("check-cann-unknown-version", ["check", "--cann", "9.1.RC1", "clean.json"]),
    # The CI formats name the release whose rules found each finding.
    Case("check-cann-github", ["check", "--format=github", "--cann", "9.0.0,9.0.5", "cann_empty_dump.json"]),
    Case("check-cann-sarif", ["check", "--format=sarif", "--cann", "9.0.5", "cann_empty_dump.json"]),
    Case("check-cann-json", ["check", "--json", "--devices", "1", "--cann", "9.0.0", "cann_empty_dump.json"]),
    # usage errors
    Case("check-unknown-soc", ["check", "--soc", "Ascend910Z", "clean.json"]),
    Case("check-without-file", ["check"]),
    Case("no-subcommand", []),
    # explain
    Case("explain-clean", ["explain", "clean.json"], emulated_only=True),
    # doctor (issue 26): the library path is the build's, so these hold on the emulated runtime;
    # test/tools/doctor_test.py covers the vendor runtime over the stand-ins.
    Case("doctor-healthy", ["doctor"], emulated_only=True),
    Case("doctor-environment", ["doctor"], env={"ACLPP_SOC": "Ascend310P3", "ACLPP_DEVICE_COUNT": "2",
                                                "ASCEND_RT_VISIBLE_DEVICES": "0,1"}, emulated_only=True),
    Case("doctor-bad-soc-variable", ["doctor"], env={"ACLPP_SOC": "Ascend999"}, emulated_only=True),
    Case("doctor-missing-dump-path", ["doctor", "dump_path_absolute.json"], emulated_only=True),
    Case("doctor-cann-9.0.0-empty-dump", ["doctor", "--cann", "9.0.0", "cann_empty_dump.json"], emulated_only=True),
    Case("doctor-json", ["doctor", "--format=json", "--soc", "Ascend910B1", "profiler.json"], emulated_only=True),
    # The others give the device count, so that they read the same over every runtime.
    Case("explain-ascend950", ["explain", "--soc", "Ascend950PR_9599", "--devices", "8", "clean.json"]),
    Case("explain-rounding-and-warnings", ["explain", "--devices", "1", "warnings.json"]),
    Case("explain-environment", ["explain", "--devices", "1", "clean.json"],
         env={"ASCEND_LOG_DEVICE_FLUSH_TIMEOUT": "0", "PROFILER_SAMPLECONFIG": '{"switch":"on"}'}),
    Case("explain-rejected", ["explain", "dump.json"]),
    Case("explain-event-mode-ascend910a", ["explain", "--soc", "Ascend910A", "event_mode.json"]),
    Case("explain-ipv350", ["explain", "--soc", "IPV350", "--devices", "1", "ipv350_model_dump.json"]),
    # explain with a CANN release's rules (B-9), where releases differ: rejected on one, applied on another.
    Case("explain-cann-9.0.0-empty-dump", ["explain", "--devices", "1", "--cann", "9.0.0", "cann_empty_dump.json"]),
    Case("explain-cann-9.1.0-empty-dump", ["explain", "--devices", "1", "--cann", "9.1.0", "cann_empty_dump.json"]),
    Case("explain-cann-9.1.0-simt-fifo",
         ["explain", "--soc", "Ascend910B1", "--devices", "1", "--cann", "9.1.0", "cann_simt_fifo.json"]),
    Case("explain-cann-master-simt-fifo",
         ["explain", "--soc", "Ascend910B1", "--devices", "1", "--cann", "master", "cann_simt_fifo.json"]),
    Case("explain-cann-from-environment", ["explain", "--devices", "1", "cann_empty_dump.json"],
         env={"ACLPP_CANN_VERSION": "9.0.1"}),
    Case("explain-cann-unknown-version", ["explain", "--cann", "9.1.RC1", "clean.json"]),
    # fmt
    Case("fmt-messy", ["fmt", "messy.json"]),
    Case("fmt-check-messy", ["fmt", "--check", "messy.json"]),
    Case("fmt-check-canonical", ["fmt", "--check", "clean.json"]),
    Case("fmt-syntax-error", ["fmt", "syntax_error.json"]),
    Case("fmt-drops-the-bom", ["fmt", "bom.json"]),
    Case("fmt-empty-file-is-an-empty-object", ["fmt", "empty.json"]),
    Case("fmt-missing-file", ["fmt", "does_not_exist.json"]),
    Case("fmt-in-place", ["fmt", "--in-place", "messy.json"], scratch_files=["messy.json"]),
    Case("fmt-in-place-canonical", ["fmt", "--in-place", "clean.json"], scratch_files=["clean.json"]),
    Case("fmt-check-excludes-in-place", ["fmt", "--check", "--in-place", "clean.json"]),
    # socs
    Case("socs", ["socs"]),
    # schema: the JSON Schema's texts come from the key tables; a change to one shows here.
    Case("schema", ["schema"]),
    Case("schema-ascend310b1", ["schema", "--soc", "Ascend310B1"]),
]


def base_env(extra=None):
    env = {k: v for k, v in os.environ.items() if k not in SCRUBBED and not k.startswith("ASCEND_")}
    env["LC_ALL"] = "C"
    env.update(extra or {})
    return env


def run_tool(tool, args, cwd, env):
    proc = subprocess.run([tool] + args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=60)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def normalise(text, replacements):
    for path, placeholder in replacements:
        text = text.replace(path, placeholder)
    return text


def render_case(tool, case):
    """Runs one case and returns its transcript (what the golden file holds)."""
    scratch = None
    cwd = CONFIGS
    try:
        if case.scratch_files:
            scratch = Path(tempfile.mkdtemp(prefix="acl-config-golden-"))
            for name in case.scratch_files:
                shutil.copyfile(CONFIGS / name, scratch / name)
            cwd = scratch
        status, out, err = run_tool(tool, case.args, cwd, base_env(case.env))
        # The build folder (doctor names the library it loaded): <build>/tools/acl-config.
        replacements = [(str(tool), "acl-config"), (str(CONFIGS), "<configs>"), (str(Path(tool).resolve().parents[1]), "<build>")]
        if scratch is not None:
            replacements.insert(0, (str(scratch), "<scratch>"))
        env_text = "".join(f"{k}={v!r} " if any(c in v for c in " {}\"'") else f"{k}={v} "
                           for k, v in case.env.items())
        lines = [f"$ {env_text}acl-config {' '.join(case.args)}".rstrip()]
        transcript = "\n".join(lines) + "\n" + out
        if out and not out.endswith("\n"):
            transcript += "\n[no newline at the end of stdout]\n"
        if err:
            transcript += "[stderr]\n" + err + ("" if err.endswith("\n") else "\n")
        for name in case.scratch_files:
            transcript += f"[{name} after the run]\n" + (scratch / name).read_text()
        transcript += f"[exit {status}]\n"
        return normalise(transcript, replacements)
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def check_golden(tool, update, selected, runtime):
    failures = 0
    cases = [c for c in CASES if not selected or c.name in selected]
    for case in cases:
        if case.emulated_only and runtime != "emulated":
            print(f"skip {case.name}: the device count is the vendor runtime's here")
            continue
        actual = render_case(tool, case)
        golden_path = GOLDEN / f"{case.name}.txt"
        # Golden files must read the same on every machine: no source tree or scratch paths.
        leaked = [p for p in (str(HERE.parents[1]), "acl-config-golden-") if p in actual]
        if leaked:
            print(f"FAIL {case.name}: the output contains a machine-specific path ({leaked[0]})")
            failures += 1
            continue
        if update:
            GOLDEN.mkdir(exist_ok=True)
            old = golden_path.read_text() if golden_path.exists() else None
            if old != actual:
                golden_path.write_text(actual)
                print(f"updated {golden_path.relative_to(HERE)}")
            continue
        if not golden_path.exists():
            print(f"FAIL {case.name}: no golden file {golden_path.relative_to(HERE)} (run with --update)")
            failures += 1
            continue
        expected = golden_path.read_text()
        if expected == actual:
            print(f"ok   {case.name}")
            continue
        failures += 1
        print(f"FAIL {case.name}: output differs from {golden_path.relative_to(HERE)}")
        sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                   "expected", "actual"))
    if not selected:
        known = {f"{c.name}.txt" for c in CASES}
        for stale in sorted(p.name for p in GOLDEN.glob("*.txt") if p.name not in known):
            print(f"FAIL golden/{stale} belongs to no case (delete it)")
            failures += 1
    return failures


class Checker:
    def __init__(self):
        self.failures = 0

    def expect(self, condition, message):
        if not condition:
            self.failures += 1
            print(f"FAIL {message}")
        return condition


def check_json(tool):
    """`check --json` is parsed, not compared as text: its shape is the contract."""
    c = Checker()
    files = ["clean.json", "warnings.json", "dump.json", "does_not_exist.json"]
    status, out, err = run_tool(tool, ["check", "--json"] + files, CONFIGS, base_env())
    c.expect(status == 2, f"check --json exit status is {status}, expected 2 (one file is missing)")
    c.expect(err == "", f"check --json wrote to stderr: {err!r}")
    try:
        reports = json.loads(out)
    except json.JSONDecodeError as error:
        print(f"FAIL check --json printed invalid JSON: {error}\n{out}")
        return 1
    if not c.expect(isinstance(reports, list) and len(reports) == len(files),
                    f"check --json gave {type(reports).__name__} of {len(reports)}, expected a list of 4"):
        return c.failures
    expected_results = {"clean.json": 0, "warnings.json": 0, "dump.json": 100009, "does_not_exist.json": 100003}
    finding_keys = {"severity": str, "code": int, "code_name": str, "pointer": str, "line": int, "column": int,
                    "step": str, "message": str, "hint": str}
    _, text, _ = run_tool(tool, ["check"] + files, CONFIGS, base_env())
    for report, name in zip(reports, files):
        c.expect(report.get("file") == name, f"report file is {report.get('file')!r}, expected {name!r}")
        c.expect(report.get("result") == expected_results[name],
                 f"{name}: result {report.get('result')}, expected {expected_results[name]}")
        c.expect(report.get("soc") == "Ascend910B1", f"{name}: soc {report.get('soc')!r}")
        c.expect(isinstance(report.get("result_name"), str) and report["result_name"].startswith("ACL_"),
                 f"{name}: result_name {report.get('result_name')!r}")
        findings = report.get("findings")
        if not c.expect(isinstance(findings, list), f"{name}: findings is not a list"):
            continue
        for index, finding in enumerate(findings):
            for key, kind in finding_keys.items():
                c.expect(isinstance(finding.get(key), kind), f"{name}: findings[{index}].{key} is not {kind.__name__}")
            if finding.get("severity") == "error":
                c.expect(finding.get("code", 0) != 0 and finding.get("code_name", "").startswith("ACL_ERROR_"),
                         f"{name}: findings[{index}] is an error without a code")
            else:
                c.expect(finding.get("code") == 0, f"{name}: findings[{index}] is a {finding.get('severity')} "
                                                   f"with code {finding.get('code')}")
            c.expect(finding.get("pointer", "x") == "" or finding["pointer"].startswith("/"),
                     f"{name}: findings[{index}].pointer {finding.get('pointer')!r} is not a JSON pointer")
        accepted = expected_results[name] == 0
        c.expect(isinstance(report.get("effective"), dict) if accepted else report.get("effective") is None,
                 f"{name}: effective is {type(report.get('effective')).__name__}")
        # The text output prints exactly the same findings.
        text_lines = [line for line in text.splitlines()
                      if line.startswith(name + ":") and ": note: acl-config's JSON reader" not in line]
        c.expect(len(text_lines) == len(findings) + 1,
                 f"{name}: text output has {len(text_lines) - 1} finding lines, JSON has {len(findings)}")
        for finding in findings:
            c.expect(any(finding["message"] in line for line in text_lines),
                     f"{name}: the text output lacks {finding['message']!r}")
    # B-9: one report per version and file, version by version, each naming the rules it applied;
    # standard input is read once and checked for every version.
    proc = subprocess.run([tool, "check", "--json", "--cann", "9.0.0,9.0.5,master", "-", "clean.json"], cwd=CONFIGS,
                          env=base_env(), input=b'{"dump":{}}', stdout=subprocess.PIPE, timeout=60)
    c.expect(proc.returncode == 1, f"check --json --cann exit status {proc.returncode}, expected 1")
    reports = json.loads(proc.stdout)
    got = [(r.get("file"), r.get("cann_requested"), r.get("cann_version"), r.get("result")) for r in reports]
    want = [("<stdin>", "9.0.0", "9.0.0", 100009), ("clean.json", "9.0.0", "9.0.0", 0),
            ("<stdin>", "9.0.5", "9.0.1", 100009), ("clean.json", "9.0.5", "9.0.1", 0),
            ("<stdin>", "master", "9.2.0", 0), ("clean.json", "master", "9.2.0", 0)]
    c.expect(got == want, f"check --json --cann gave {got}, expected {want}")
    status, out, _ = run_tool(tool, ["check", "--json", "clean.json"], CONFIGS, base_env())
    c.expect("cann_requested" not in json.loads(out)[0] and json.loads(out)[0].get("cann_version") == "9.2.0",
             "check --json without --cann: no cann_requested, cann_version 9.2.0 (master's rules)")
    c.expect(status == 0, f"check --json clean.json exit status {status}")
    c.expect(json.loads(out)[0]["findings"] == [], "check --json clean.json has findings")
    # The layout is acl-config fmt's (the one JSON writer): the output is canonical as it is.
    for args in (["check", "--json", "clean.json", "dump.json"], ["check", "--json", "--cann", "9.0.0,master",
                                                                   "cann_empty_dump.json"]):
        _, out, _ = run_tool(tool, args, CONFIGS, base_env())
        fmt = subprocess.run([tool, "fmt", "--check", "-"], cwd=CONFIGS, env=base_env(), input=out.encode(),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        c.expect(fmt.returncode == 0, f"{' '.join(args)} is not in fmt's canonical layout: {fmt.stdout!r}")
    print("ok   check --json" if c.failures == 0 else f"{c.failures} check --json failures")
    return c.failures


def run_in_terminal(tool, args, env):
    """Runs the tool with its stdout on a pseudo-terminal; returns (status, output)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(CONFIGS)
        os.execve(tool, [tool] + args, env)
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    _, wait_status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(wait_status), b"".join(chunks).decode("utf-8", "replace")


def check_color(tool):
    c = Checker()
    args = ["check", "warnings.json", "dump.json"]
    status, out = run_in_terminal(tool, args, base_env())
    c.expect(status == 1, f"exit status {status} on a terminal, expected 1")
    c.expect("\x1b[" in out, "no colours on a terminal without NO_COLOR")
    for value in ["1", ""]:
        _, out = run_in_terminal(tool, args, base_env({"NO_COLOR": value}))
        c.expect("\x1b[" not in out, f"colours on a terminal with NO_COLOR={value!r}")
        c.expect("dump.json: aclInit would fail" in out, f"the summary is missing with NO_COLOR={value!r}")
    _, out = run_in_terminal(tool, ["--color", "never"] + args, base_env())
    c.expect("\x1b[" not in out, "colours on a terminal with --color never")
    _, out, _ = run_tool(tool, args, CONFIGS, base_env())
    c.expect("\x1b[" not in out, "colours when stdout is a pipe")
    print("ok   colours" if c.failures == 0 else f"{c.failures} colour failures")
    return c.failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", required=True, help="the acl-config executable")
    parser.add_argument("--update", action="store_true", help="rewrite the golden files from the current output")
    parser.add_argument("--only", choices=["golden", "json", "color"], help="run one part only")
    parser.add_argument("--runtime", choices=["emulated", "cann"], default="emulated",
                        help="the runtime the tool was built for (meson's -Druntime)")
    parser.add_argument("cases", nargs="*", help="golden cases to run (default: all)")
    options = parser.parse_args()
    tool = str(Path(options.tool).resolve())

    failures = 0
    if options.only in (None, "golden"):
        failures += check_golden(tool, options.update, set(options.cases), options.runtime)
    if options.only in (None, "json") and not options.update:
        failures += check_json(tool)
    if options.only in (None, "color") and not options.update:
        failures += check_color(tool)
    if failures:
        print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
