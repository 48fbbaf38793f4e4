#!/usr/bin/env python3
"""acl-config doctor (issue 26): its JSON report, its exit statuses and what it must never do.

On the emulated runtime: the platform the environment chooses, a bad variable as a finding, the
output paths of a config (writable, missing, a file, read-only, a dangling symbolic link: never
created), the config's check for a CANN version, and a config that cannot be read (exit 2).
Over the vendor runtime (--standin DIR, the stand-in toolkits of test/standin): which
libascendcl.so the loader took, the stub (100039), the vendor features of CANN 9 and 8.x.
Every finding has a fix, in JSON and in text.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

failures = 0


def expect(condition, message):
    global failures
    if not condition:
        failures += 1
        print(f"FAIL {message}")
    return condition


def clean_env(extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ACLPP_", "ASCEND_", "NPU_", "PROFILER_"))}
    env.pop("AUTO_USE_UC_MEMORY", None)
    env["LC_ALL"] = "C"
    env.update(extra or {})
    return env


def doctor(tool, args, env=None, cwd=None, stdin=None):
    """Runs doctor --format=json and doctor in text; returns (status, report, text)."""
    proc = subprocess.run([tool, "doctor", "--format=json"] + args, env=clean_env(env), cwd=cwd, input=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    text = subprocess.run([tool, "doctor"] + args, env=clean_env(env), cwd=cwd, input=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    expect(text.returncode == proc.returncode, f"doctor {args}: text exits {text.returncode}, json {proc.returncode}")
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        report = None
    if report is not None:
        # The project's one JSON writer lays it out as acl-config fmt does.
        fmt = subprocess.run([tool, "fmt", "--check", "-"], env=clean_env(env), input=proc.stdout,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        expect(fmt.returncode == 0, f"doctor {args}: the JSON is not in fmt's canonical layout ({fmt.returncode})")
        for key in ("runtime", "soc", "device_count", "cann_version", "toolkit", "library", "findings"):
            expect(key in report, f"doctor {args}: no {key!r} in the JSON report")
        findings = report.get("findings", [])
        expect(all(f.get("what") and f.get("fix") for f in findings), f"doctor {args}: a finding without a fix")
        expect(text.stdout.decode().count("    fix: ") == len(findings),
               f"doctor {args}: the text shows another number of fixes than the {len(findings)} JSON findings")
        expect((proc.returncode == 0) == (not findings and (report.get("config") or {}).get("check", {}).get(
            "result", 0) == 0), f"doctor {args}: exit {proc.returncode} with findings {findings}")
    return proc.returncode, report, text.stdout.decode()


def check_emulated(tool):
    status, report, _ = doctor(tool, [])
    if expect(report is not None, "doctor --format=json printed no JSON"):
        expect(status == 0 and report["findings"] == [], f"doctor on a clean environment: exit {status}, {report}")
        expect(report["runtime"] == "emulated", f"runtime {report['runtime']!r}")
        expect(report["soc"] == "Ascend910B1" and report["device_count"] is None
               and "ACLPP_DEVICE_COUNT" in report["device_count_source"],
               f"soc {report['soc']!r}, device_count {report['device_count']!r} ({report['device_count_source']})")
        expect(report["cann_version"] is None, f"cann_version {report['cann_version']!r} with none chosen")
        expect(Path(report["library"]["path"]).name.startswith("libaclpp"), f"library {report['library']}")
        expect(all(report["library"]["features"].values()) and not report["library"]["stub"], "emulated features")
        expect(report["environment"].get("ASCEND_RT_VISIBLE_DEVICES", "x") is None, "an unset variable is not null")

    env = {"ACLPP_SOC": "Ascend310P3", "ACLPP_DEVICE_COUNT": "2", "ACLPP_CANN_VERSION": "9.1.0",
           "ASCEND_RT_VISIBLE_DEVICES": "0,1"}
    status, report, _ = doctor(tool, [], env)
    expect(status == 0, f"doctor with a valid environment exits {status}")
    expect((report["soc"], report["device_count"], report["cann_version"]) == ("Ascend310P3", 2, "9.1.0"),
           f"the environment's platform: {report['soc']}, {report['device_count']}, {report['cann_version']}")
    expect(report["environment"]["ASCEND_RT_VISIBLE_DEVICES"] == "0,1", "ASCEND_RT_VISIBLE_DEVICES value")

    for variable, value in (("ACLPP_SOC", "Ascend999"), ("ACLPP_DEVICE_COUNT", "0x"), ("ACLPP_CANN_VERSION", "nine")):
        status, report, _ = doctor(tool, [], {variable: value})
        expect(status == 1 and any(f["what"].startswith(variable) for f in report["findings"]),
               f"{variable}={value}: exit {status}, findings {report['findings']}")

    with tempfile.TemporaryDirectory(prefix="acl-doctor-") as scratch:
        root = Path(scratch)
        (root / "out").mkdir()
        (root / "file").write_text("")
        (root / "locked").mkdir(mode=0o555)
        (root / "link").symlink_to(root / "target")
        config = root / "acl.json"
        # The profiler's output: the core does not look at it, doctor does.
        cases = {"out": "writable", "missing": "does not exist", "file": "not a directory",
                 "link": "does not exist", "link/sub": "does not exist"}
        if os.geteuid() != 0:  # root writes anywhere
            cases["locked"] = "not writable"
        for name, state in cases.items():
            config.write_text(json.dumps({"profiler": {"switch": "on", "output": str(root / name)}}))
            status, report, _ = doctor(tool, [str(config)])
            paths = report["config"]["paths"] if report and report.get("config") else []
            expect([(p["key"], p["state"]) for p in paths] == [("/profiler/output", state)],
                   f"profiler output {name}: {paths}, expected {state}")
            expect(status == (0 if state == "writable" else 1), f"profiler output {name}: exit {status}")
        # Derived from ASCEND_WORK_PATH, the folders are the runtime's to create.
        config.write_text('{"profiler": {"switch": "on"}}')
        status, report, _ = doctor(tool, [str(config)], {"ASCEND_WORK_PATH": str(root / "work")})
        expect(status == 0 and ("/profiler/output", "created by the runtime") in
               [(p["key"], p["state"]) for p in report["config"]["paths"]], f"ASCEND_WORK_PATH: {report['config']}")
        status, report, _ = doctor(tool, [str(config)], {"ASCEND_WORK_PATH": str(root / "file" / "work")})
        expect(status == 1 and ("/profiler/output", "cannot be created") in
               [(p["key"], p["state"]) for p in report["config"]["paths"]], f"ASCEND_WORK_PATH under a file: {report}")
        # dump_path is the core's rule (EP0003): a missing one fails the config's check.
        config.write_text(json.dumps({"dump": {"dump_path": str(root / "missing"), "dump_list": [{"model_name": "m"}]}}))
        status, report, _ = doctor(tool, [str(config)])
        expect(status == 1 and report["config"]["check"]["result"] == 100009, f"missing dump_path: {report['config']}")
        # ASCEND_DUMP_PATH moves the kernel data (printf) folder: doctor looks at the effective one.
        config.write_text(json.dumps({"dump": {"dump_path": str(root / "out"), "dump_list": [{"model_name": "m"}]}}))
        status, report, _ = doctor(tool, [str(config)], {"ASCEND_DUMP_PATH": str(root / "out2")})
        states = [(p["key"], p["path"], p["state"]) for p in report["config"]["paths"]]
        expect(status == 0 and ("/dump/dump_path", str(root / "out"), "writable") in states and
               ("/dump/kernel_data_path", str(root / "out2" / "printf"), "created by the runtime") in states,
               f"ASCEND_DUMP_PATH: {states}")
        expect(not any((root / n).exists() for n in ("missing", "target", "work", "out2")),
               "doctor created an output folder (or one through a symbolic link)")

    # B-9: the config's check with the chosen release's rules.
    status, report, _ = doctor(tool, ["--cann", "9.0.0", "-"], stdin=b'{"dump":{}}')
    expect(status == 1 and report["config"]["check"]["result"] == 100009 and report["cann_version"] == "9.0.0",
           f"--cann 9.0.0 on {{\"dump\":{{}}}}: exit {status}, {report.get('config')}")
    status, report, _ = doctor(tool, ["-"], stdin=b'{"dump":{}}')
    expect(status == 0, f"{{\"dump\":{{}}}} with master's rules: exit {status}")
    status, report, _ = doctor(tool, ["/nonexistent/acl.json"])
    expect(status == 2, f"a config that cannot be read: exit {status}, expected 2")
    status, _, _ = doctor(tool, ["--cann", "nine"])
    expect(status == 2, f"--cann nine: exit {status}, expected 2")


def check_vendor(tool, standin, built_against):
    standin = Path(standin).resolve()
    built_against = Path(built_against).resolve()  # the stand-in of -Dcann_home: cann or cann8
    expected = {  # stand-in: (stub, every CANN 9 feature)
        "cann": (False, True),
        "cann8": (False, False),
        "stub": (True, False),
    }
    for name, (stub, features) in expected.items():
        lib64 = standin / name / "lib64"
        if not expect((lib64 / "libascendcl.so").exists(), f"no stand-in {lib64} (ninja standin-cann standin-cann8)"):
            continue
        env = {"LD_LIBRARY_PATH": str(lib64)}
        status, report, text = doctor(tool, ["--cann", "9.1.0"], env)
        if not expect(report is not None, f"{name}: no JSON report"):
            continue
        print(f"--- doctor over the {name} stand-in (exit {status})\n{text}")
        library = report["library"]
        expect(report["runtime"] == "cann", f"{name}: runtime {report['runtime']}")
        expect(Path(library["path"] or "").resolve().parent == lib64, f"{name}: library {library['path']}")
        expect(library["stub"] == stub, f"{name}: stub {library['stub']}")
        if not stub:
            expect(all(library["features"].values()) == features and any(library["features"].values()) == features,
                   f"{name}: features {library['features']}")
        expect(report["toolkit"]["built_against"] == str(built_against), f"{name}: toolkit {report['toolkit']}")
        whats = " ".join(f["what"] for f in report["findings"])
        if lib64.parent == built_against:
            expect(status == 0 and report["findings"] == [], f"{name}: exit {status}, {report['findings']}")
        elif name != "stub":
            expect(status == 1 and "not the library of the toolkit" in whats, f"{name}: exit {status}, {whats}")
        else:
            expect(status == 1 and "100039" in whats and report["device_count"] is None, f"stub: exit {status}, {whats}")
    # Without --cann and without version.info: the version is unknown, a finding.
    status, report, _ = doctor(tool, [], {"LD_LIBRARY_PATH": str(standin / "cann" / "lib64")})
    expect(status == 1 and report["cann_version"] is None and any("CANN version" in f["what"] for f in report["findings"]),
           f"cann without a version: exit {status}, {report['findings']}")
    # The version file of the loaded library's toolkit (the stand-in has no aclsysGetVersionStr):
    # a copy of the stand-in with a share/info/runtime/version.info.
    with tempfile.TemporaryDirectory(prefix="acl-doctor-toolkit-") as scratch:
        toolkit = Path(scratch)
        (toolkit / "lib64").mkdir()
        version_file = toolkit / "share" / "info" / "runtime" / "version.info"  # where the vendor's runtime reads it
        version_file.parent.mkdir(parents=True)
        shutil.copyfile(standin / "cann" / "lib64" / "libascendcl.so", toolkit / "lib64" / "libascendcl.so")
        for written, rules in (("9.0.0", 100009), ("8.0.RC2", 100009), ("9.1.0.alpha001", 0)):
            version_file.write_text(f"Package=runtime\nVersion={written}\n")
            status, report, _ = doctor(tool, ["-"], {"LD_LIBRARY_PATH": str(toolkit / "lib64")},
                                       stdin=b'{"dump":{}}')
            expect(report["cann_version"] == written and "version.info" in report["cann_version_source"] and
                   report["config"]["check"]["result"] == rules,
                   f"version.info {written}: {report['cann_version']}, check {report['config']['check']['result']}")
        # The core applies the detected release to every validation without a version: check too.
        version_file.write_text("Version=9.0.0\n")
        proc = subprocess.run([tool, "check", "-"], env=clean_env({"LD_LIBRARY_PATH": str(toolkit / "lib64")}),
                              input=b'{"dump":{}}', stdout=subprocess.PIPE, timeout=60)
        expect(proc.returncode == 1 and b"with CANN 9.0.0" in proc.stdout,
               f"check over version.info 9.0.0: exit {proc.returncode}, {proc.stdout!r}")
        # The library's own answer (aclsysGetVersionStr) comes before the file.
        versioned = standin / "versioned" / "lib64" / "libascendcl.so"
        if expect(versioned.exists(), f"no {versioned}"):
            shutil.copyfile(versioned, toolkit / "lib64" / "libascendcl.so")
            status, report, text = doctor(tool, ["-"], {"LD_LIBRARY_PATH": str(toolkit / "lib64")}, stdin=b'{"dump":{}}')
            expect(report["cann_version"] == "9.0.0.beta1" and report["cann_version_source"].startswith(
                "aclsysGetVersionStr") and report["config"]["check"]["result"] == 100009,
                   f"aclsysGetVersionStr: {report['cann_version']} ({report['cann_version_source']})")
            print(f"--- doctor over a toolkit whose library has aclsysGetVersionStr (exit {status})\n{text}")
            shutil.copyfile(standin / "cann" / "lib64" / "libascendcl.so", toolkit / "lib64" / "libascendcl.so")
        version_file.write_text("Version=unknown\n")
        status, report, _ = doctor(tool, [], {"LD_LIBRARY_PATH": str(toolkit / "lib64")})
        expect(report["cann_version"] is None and any("version.info" in f["what"] for f in report["findings"]),
               f"version.info without a version: {report['cann_version']}, {report['findings']}")
    # A toolkit variable naming a folder without the runtime library.
    status, report, _ = doctor(tool, ["--cann", "9.1.0"],
                               {"LD_LIBRARY_PATH": str(standin / "cann" / "lib64"), "ASCEND_HOME_PATH": "/nonexistent"})
    expect(status == 1 and any("ASCEND_HOME_PATH" in f["what"] for f in report["findings"]),
           f"ASCEND_HOME_PATH=/nonexistent: exit {status}, {report['findings']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--runtime", choices=["emulated", "cann"], required=True)
    parser.add_argument("--standin", help="the folder of the stand-in toolkits (cann, cann8, stub)")
    parser.add_argument("--built-against", help="the toolkit of -Dcann_home (one of the stand-ins)")
    options = parser.parse_args()
    if options.runtime == "emulated":
        check_emulated(options.tool)
    else:
        if not options.standin:
            print("SKIP: not built over the stand-in toolkits")
            return 77
        check_vendor(options.tool, options.standin, options.built_against)
    print("ok   doctor" if failures == 0 else f"{failures} doctor failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
