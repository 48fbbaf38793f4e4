#!/usr/bin/env python3
"""acl-config where configs are reviewed: the CI formats of `check`, the pre-commit hook, and
the command-line habits every subcommand keeps.

Parts (--only):
  sarif      check --format=sarif parses as SARIF 2.1.0: version, one rule per rule id,
             results with ruleId, level, message and a region for every positioned finding
  github     check --format=github: one workflow command per finding, with file, line and col,
             and GitHub's escapes (%, CR, LF; also : and , in properties)
  precommit  the entry of .pre-commit-hooks.yaml (read from the file) on a good and a bad
             acl.json, and its files pattern
  cli        --help of every subcommand, --version, - for standard input (check, explain, fmt),
             the exit statuses 0, 1 and 2
  escapes    F13: keys holding terminal escapes, NUL or a right-to-left override are shown
             escaped in the pointers of the text, github and sarif outputs (K-8)
  limits     standard input is bounded as a file is (F-2, finding F15 of issue 24): 10 MiB is
             read, one byte more gives 100003 with the file's words, /dev/zero ends at once
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIGS = HERE / "configs"
ROOT = HERE.parent.parent

FAILURES = []


def expect(condition, what):
    if not condition:
        FAILURES.append(what)


def env():
    e = {k: v for k, v in os.environ.items()
         if not k.startswith(("ACLPP_", "ASCEND_", "NPU_")) and k not in ("PROFILER_SAMPLECONFIG", "NO_COLOR")}
    e["LC_ALL"] = "C"
    return e


def run(tool, args, stdin=b"", cwd=CONFIGS, extra_env=None):
    e = env()
    e.update(extra_env or {})
    proc = subprocess.run([tool] + args, cwd=cwd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=e, timeout=60)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


def findings(tool, files):
    """The findings of `files` from the json format: what the CI formats must carry."""
    _, out, _ = run(tool, ["check", "--format=json"] + files)
    return [(report["file"], f) for report in json.loads(out) for f in report["findings"]]


# ---- sarif -----------------------------------------------------------------------------------

def test_sarif(tool):
    files = ["dump.json", "stack.json", "unknown_keys.json", "does_not_exist.json"]
    status, out, _ = run(tool, ["check", "--format=sarif"] + files)
    expect(status == 2, f"sarif: exit status {status}, expected 2 (an unreadable file)")
    log = json.loads(out)
    expect(log.get("version") == "2.1.0", "sarif: version is not 2.1.0")
    expect("sarif-2.1.0" in log.get("$schema", ""), "sarif: no SARIF 2.1.0 $schema")
    expect(len(log["runs"]) == 1, "sarif: not one run")
    run_ = log["runs"][0]
    driver = run_["tool"]["driver"]
    _, version, _ = run(tool, ["--version"])
    expect(driver["name"] == "acl-config", "sarif: driver name")
    expect(driver["version"] in version, f"sarif: driver version {driver['version']} is not the tool's ({version})")
    rule_ids = [r["id"] for r in driver["rules"]]
    expect(len(rule_ids) == len(set(rule_ids)), f"sarif: duplicate rules {rule_ids}")
    expect(all(r["shortDescription"]["text"] for r in driver["rules"]), "sarif: a rule without a description")

    expected = findings(tool, files)
    results = run_["results"]
    expect(len(results) == len(expected), f"sarif: {len(results)} results for {len(expected)} findings")
    expect(set(rule_ids) == {r["ruleId"] for r in results}, "sarif: rules and the results' rule ids differ")
    for result, (file, finding) in zip(results, expected):
        expect(rule_ids[result["ruleIndex"]] == result["ruleId"], f"sarif: ruleIndex of {result['ruleId']}")
        expect(result["level"] == finding["severity"], f"sarif: level {result['level']} for {finding['severity']}")
        expect(result["message"]["text"].startswith(finding["message"]), f"sarif: message of {finding['message']}")
        location = result["locations"][0]["physicalLocation"]
        expect(location["artifactLocation"]["uri"] == file, f"sarif: uri {location['artifactLocation']['uri']}")
        if finding.get("line", 0):
            region = location.get("region", {})
            expect(region.get("startLine") == finding["line"] and region.get("startColumn") == finding["column"],
                   f"sarif: region {region} for {file}:{finding['line']}:{finding['column']}")
        else:
            expect("region" not in location, f"sarif: a region for the unpositioned finding of {file}")

    # A file name that is not a plain URI path is percent-encoded.
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "my acl#1.json").write_text('{"err_msg_mode": 2}')
        _, out, _ = run(tool, ["check", "--format=sarif", "my acl#1.json"], cwd=tmp)
        uri = json.loads(out)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        expect(uri == "my%20acl%231.json", f"sarif: uri {uri} for 'my acl#1.json'")


# ---- github ----------------------------------------------------------------------------------

COMMAND = re.compile(r"^::(error|warning|notice) file=([^,:]*)(?:,line=(\d+),col=(\d+))?,title=[^:]*::(.*)$")


def test_github(tool):
    files = ["dump.json", "unknown_keys.json", "warnings.json", "does_not_exist.json"]
    status, out, _ = run(tool, ["check", "--format=github"] + files)
    expect(status == 2, f"github: exit status {status}, expected 2")
    lines = out.splitlines()
    expected = findings(tool, files)
    expect(len(lines) == len(expected), f"github: {len(lines)} lines for {len(expected)} findings")
    levels = {"error": "error", "warning": "warning", "note": "notice"}
    for line, (file, finding) in zip(lines, expected):
        m = COMMAND.match(line)
        expect(m is not None, f"github: not a workflow command: {line}")
        if m is None:
            continue
        expect(m.group(1) == levels[finding["severity"]], f"github: {m.group(1)} for {finding['severity']}")
        expect(m.group(2) == file, f"github: file={m.group(2)} for {file}")
        if finding.get("line", 0):
            expect((m.group(3), m.group(4)) == (str(finding["line"]), str(finding["column"])),
                   f"github: line/col {m.group(3)}/{m.group(4)} for {finding['line']}:{finding['column']}")
        expect(m.group(5).startswith(finding["message"].replace("%", "%25")), f"github: message of {line}")

    # GitHub's escapes: % : , CR and LF in a file name (a property), and % in a message (the
    # core's message about a missing file quotes its name with CR and LF already escaped, K-8).
    with tempfile.TemporaryDirectory() as tmp:
        name = "a,b:c%.json"
        (Path(tmp) / name).write_text('{"err_msg_mode": "2"}')
        _, out, _ = run(tool, ["check", "--format=github", name], cwd=tmp)
        lines = out.splitlines()
        expect(len(lines) == 1 and lines[0].startswith("::error file=a%2Cb%3Ac%25.json,line=1,col=18,"),
               f"github: property escapes: {out}")
        _, out, _ = run(tool, ["check", "--format=github", "no\r\nfile%.json"], cwd=tmp)
        lines = out.split("\n")
        expect(len(lines) == 2 and lines[1] == "", f"github: a name with a line break printed {len(lines) - 1} lines")
        expect(lines[0].startswith("::error file=no%0D%0Afile%25.json,title=") and
               '"no\\u000d\\u000afile%25.json"' in lines[0].split("::")[2], f"github: data escapes: {lines[0]!r}")


# ---- escapes (F13) ----------------------------------------------------------------------------

# Keys as JSON escapes, so the file itself is plain ASCII: ESC sequences that clear a terminal and
# colour it, a NUL that made /err_msg_mode out of another key, a right-to-left override.
HOSTILE_KEYS = {
    "esc.json": ('{"profiler":{"\\u001b[2J\\u001b[31mX":1}}', "/profiler/\\u001b[2J\\u001b[31mX"),
    "nul.json": ('{"err_msg_mode\\u0000":"2"}', "/err_msg_mode\\u0000"),
    "bidi.json": ('{"profiler":{"\\u202eabc":1}}', "/profiler/\\u202eabc"),
}


def test_escapes(tool):
    with tempfile.TemporaryDirectory() as tmp:
        for name, (text, shown) in HOSTILE_KEYS.items():
            (Path(tmp) / name).write_text(text)
            for form in ("text", "github", "sarif"):
                args = ["--color", "never", "check", name] if form == "text" else ["check", "--format=" + form, name]
                _, out, _ = run(tool, args, cwd=tmp)
                shown_out = json.dumps(json.loads(out)) if form == "sarif" else out
                expect("\x1b" not in out and "\u202e" not in out and "\x00" not in out,
                       f"escapes: {form} output of {name} holds a raw control character: {out!r}")
                expect(shown in (out if form != "sarif" else json.loads(out)["runs"][0]["results"][0]["message"]["text"]),
                       f"escapes: {form} output of {name} does not show the key as {shown}: {shown_out!r}")
                expect("[/err_msg_mode]" not in out, f"escapes: {form} output of {name} names another key: {out!r}")


# ---- pre-commit ------------------------------------------------------------------------------

def hook(hook_id):
    """The `key: value` lines of one hook in .pre-commit-hooks.yaml (a list of flat mappings)."""
    hooks, current = [], None
    for line in (ROOT / ".pre-commit-hooks.yaml").read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = re.match(r"^(- )?\s*([A-Za-z_]+):\s*(.*)$", line)
        if m is None:
            continue
        if m.group(1):
            current = {}
            hooks.append(current)
        current[m.group(2)] = m.group(3)
    return next(h for h in hooks if h.get("id") == hook_id)


def test_precommit(tool):
    h = hook("acl-config-check")
    expect(h.get("language") in ("system", "script"), f"precommit: language {h.get('language')}")
    files = re.compile(h["files"])
    for path, matches in [("acl.json", True), ("conf/acl.json", True), ("xacl.json", False),
                          ("acl.json.bak", False), ("acl_json", False)]:
        expect(bool(files.search(path)) == matches, f"precommit: files pattern on {path}")

    # pre-commit runs `entry` with the staged file names appended, with acl-config on PATH.
    entry = shlex.split(h["entry"])
    path_env = {"PATH": str(Path(tool).resolve().parent) + os.pathsep + os.environ.get("PATH", "")}
    with tempfile.TemporaryDirectory() as tmp:
        good, bad = Path(tmp) / "good", Path(tmp) / "bad"
        good.mkdir()
        bad.mkdir()
        (good / "acl.json").write_text('{"err_msg_mode": "1", "err_msg_mod": "typo, only a warning"}')
        (bad / "acl.json").write_text('{"err_msg_mode": 1}')
        for directory, status_wanted in [(good, 0), (bad, 1)]:
            e = env()
            e.update(path_env)
            proc = subprocess.run(entry + [str(directory / "acl.json")], env=e, stdout=subprocess.PIPE, timeout=60)
            expect(proc.returncode == status_wanted,
                   f"precommit: `{h['entry']}` on the {directory.name} file exits {proc.returncode}, "
                   f"expected {status_wanted}")


# ---- cli -------------------------------------------------------------------------------------

SUBCOMMANDS = ["check", "explain", "fmt", "socs", "schema", "runtime"]


def test_cli(tool):
    status, out, _ = run(tool, ["--help"])
    expect(status == 0 and all(s in out for s in SUBCOMMANDS), "cli: --help does not list every subcommand")
    for sub in SUBCOMMANDS:
        status, out, _ = run(tool, [sub, "--help"])
        expect(status == 0 and f"acl-config {sub}" in out, f"cli: {sub} --help (status {status})")
        expect("Exit status: 0" in out and "1 findings" in out and "2 usage" in out,
               f"cli: {sub} --help documents no exit statuses")
    status, out, _ = run(tool, ["--version"])
    expect(status == 0 and re.match(r"^acl-config \(aclpp \d+\.\d+\.\d+\)$", out.strip()), f"cli: --version: {out}")

    # - reads standard input, with the same verdict as the file.
    for name, status_wanted in [("clean.json", 0), ("dump.json", 1), ("syntax_error.json", 1)]:
        text = (CONFIGS / name).read_bytes()
        from_file = run(tool, ["check", name])
        from_stdin = run(tool, ["check", "-"], stdin=text)
        expect(from_stdin[0] == from_file[0] == status_wanted,
               f"cli: check - on {name}: {from_stdin[0]}, from the file {from_file[0]}")
        expect(from_stdin[1] == from_file[1].replace(name, "<stdin>"), f"cli: check - on {name} prints other findings")
    status, out, _ = run(tool, ["explain", "-"], stdin=(CONFIGS / "warnings.json").read_bytes())
    file_status, file_out, _ = run(tool, ["explain", "warnings.json"])
    expect(status == file_status == 0 and out == file_out.replace("warnings.json", "<stdin>"), "cli: explain -")
    status, out, _ = run(tool, ["fmt", "-"], stdin=(CONFIGS / "messy.json").read_bytes())
    expect(status == 0 and out == run(tool, ["fmt", "messy.json"])[1], "cli: fmt - prints the canonical layout")
    status, out, _ = run(tool, ["fmt", "--check", "-"], stdin=(CONFIGS / "messy.json").read_bytes())
    expect(status == 1, f"cli: fmt --check - on a messy file exits {status}")
    status, _, err = run(tool, ["fmt", "--in-place", "-"], stdin=b"{}")
    expect(status == 2 and "standard input" in err, f"cli: fmt --in-place - exits {status}: {err}")
    status, _, err = run(tool, ["check", "-", "-"], stdin=b"{}")
    expect(status == 2, f"cli: check - - exits {status}")

    # The exit statuses: 0 ok (warnings allowed), 1 findings, 2 usage or I/O.
    for args, status_wanted in [(["check", "clean.json"], 0), (["check", "warnings.json"], 0),
                                (["check", "dump.json"], 1), (["check", "does_not_exist.json"], 2),
                                (["check", "--format=yaml", "clean.json"], 2), (["check", "--bogus"], 2),
                                (["check", "--json", "--format=json", "clean.json"], 2),
                                (["schema", "--soc", "Ascend910Z"], 2), (["schema"], 0),
                                (["fmt", "--check", "messy.json"], 1), (["frobnicate"], 2)]:
        status, _, _ = run(tool, args)
        expect(status == status_wanted, f"cli: acl-config {' '.join(args)} exits {status}, expected {status_wanted}")
    # --json stays an alias of --format=json.
    expect(run(tool, ["check", "--json", "dump.json"])[1] == run(tool, ["check", "--format=json", "dump.json"])[1],
           "cli: --json differs from --format=json")


# ---- limits ----------------------------------------------------------------------------------
LIMIT = 10 * 1024 * 1024


def larger_than_limit(out):
    """The words after the name of the source: what a file and standard input share."""
    at = out.find(" is larger than 10 MiB")
    return out[at:].split("\n", 1)[0] if at >= 0 else None


def test_limits(tool):
    # F15: exactly 10 MiB on standard input is read; one byte more is refused as a file is.
    exact = b"{}" + b" " * (LIMIT - 2)
    status, _, _ = run(tool, ["check", "-"], stdin=exact)
    expect(status == 0, f"limits: F15 check - on exactly 10 MiB exits {status}")
    with tempfile.TemporaryDirectory() as tmp:
        over = Path(tmp) / "over.json"
        over.write_bytes(exact + b" ")
        file_status, file_out, _ = run(tool, ["check", str(over)])
        status, out, _ = run(tool, ["check", "-"], stdin=exact + b" ")
    expect(status == file_status == 2 and "100003" in out,
           f"limits: F15 check - on 10 MiB + 1 exits {status} (the file: {file_status}): {out[:300]}")
    expect(larger_than_limit(out) is not None and larger_than_limit(out) == larger_than_limit(file_out),
           f"limits: F15 standard input and a file over 10 MiB get other messages: {out[:300]} / {file_out[:300]}")

    # F15: an endless standard input ends with the limit's error, not with the memory of the machine.
    with open("/dev/zero", "rb") as zero:
        try:
            proc = subprocess.run([tool, "check", "-"], stdin=zero, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  env=env(), timeout=20)
            status, out = proc.returncode, proc.stdout.decode("utf-8")
        except subprocess.TimeoutExpired:
            status, out = None, "still reading after 20 s"
    expect(status == 2 and larger_than_limit(out) is not None, f"limits: F15 check - < /dev/zero: {status} {out[:300]}")


PARTS = {"sarif": test_sarif, "github": test_github, "precommit": test_precommit, "cli": test_cli,
         "escapes": test_escapes, "limits": test_limits}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--only", choices=sorted(PARTS), action="append")
    args = parser.parse_args()
    tool = str(Path(args.tool).resolve())
    for part in args.only or sorted(PARTS):
        PARTS[part](tool)
    for failure in FAILURES:
        print("FAIL:", failure)
    print("ok" if not FAILURES else f"{len(FAILURES)} failures")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
