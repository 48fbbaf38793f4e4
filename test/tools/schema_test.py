#!/usr/bin/env python3
"""The JSON Schema of acl.json (`acl-config schema`, share/aclpp/acl.schema.json) against the
validator it is generated from, with python3-jsonschema.

  * the schema is a valid draft 2020-12 schema, and the installed file is what the tool prints;
  * K-7: no config the validator accepts is rejected by the schema. This is checked against the
    validator itself (`acl-config check`), not against a verdict written here: every case below,
    every config of test/tools/configs and every JSON file of --fixtures;
  * every case below that is a type, enum or range error of one key is rejected, by the schema
    for every product and by the one for the SoC it names;
  * with --fixtures DIR --table expected.tsv (columns file, code, pointer, why, needs, kind): every
    file the table expects to load (code 0) validates, and every row that is a type, enum or
    range error of one key (kind `key`) is rejected.

  schema_test.py --tool build/tools/acl-config --installed build/tools/acl.schema.json
                 [--fixtures DIR --table TSV]
"""

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    from jsonschema import Draft202012Validator
except ImportError:  # Debian: python3-jsonschema (scripts/setup-deps.sh installs it)
    print("FAIL: python3-jsonschema is not installed (scripts/setup-deps.sh installs it)")
    sys.exit(1)

HERE = Path(__file__).resolve().parent

# (name, acl.json text, SoC or None for the schema of every product, schema and validator accept it)
CASES = [
    ("empty object", "{}", None, True),
    ("not an object (F-5: read as empty)", "[1, 2]", None, True),
    ("$schema names the schema", '{"$schema": "./acl.schema.json", "err_msg_mode": "1"}', None, True),
    ("unknown keys (K-7)", '{"err_msg_mod": 1, "StackSize": {"x": []}, "dump": {"dump_mod": 2, "dump_scene": "lite_exception"}}', None, True),
    ("max_opqueue_num with leading zeros", '{"max_opqueue_num": "007"}', None, True),
    ("stack sizes written as whole floats (K-1)",
     '{"StackSize": {"aicore_stack_size": 65536.0, "simt_stack_size": 1e5}}', None, True),
    ("StackSize not an object (ignored with a warning)", '{"StackSize": 5}', None, True),
    ("default_device", '{"defaultDevice": {"default_device": "0"}}', None, True),
    ("printf FIFOs", '{"simd_printf_fifo_size_per_core": 1024, "simt_printf_fifo_size": 1048576}', None, True),
    ("SIMT FIFO out of range on a product without it (K-2: a warning)",
     '{"simt_printf_fifo_size": 8}', "Ascend910B1", True),
    ("event_mode", '{"acl_graph": {"event_mode": "1"}}', None, True),
    ("exception dump without dump_path", '{"dump": {"dump_scene": "aic_err_brief_dump"}}', None, True),
    ("dump with a list",
     '{"dump": {"dump_path": "output", "dump_mode": "all", "dump_level": "op", "dump_kernel_data": "all,printf",'
     ' "dump_list": [{"model_name": "m", "layer": ["a"], "opname_range": [{"begin": "a", "end": "b"}]}]}}',
     None, True),
    ("dump_step is checked only where it matters (exception scene)",
     '{"dump": {"dump_scene": "aic_err_norm_dump", "dump_step": "x"}}', None, True),
    ("profiler",
     '{"profiler": {"switch": "on", "aic_metrics": "PipeUtilization", "task_time": "l1",'
     ' "sys_hardware_mem_freq": 50, "host_sys": "cpu,mem", "aicpu": ""}}', None, True),
    ("profiler Custom: metrics", '{"profiler": {"aic_metrics": "Custom:0x1,2"}}', None, True),
    ("profiler output is checked only with switch on", '{"profiler": {"switch": "off", "output": 5}}', None, True),
    ("sys_hardware_mem_freq above 100 on a us-capable product",
     '{"profiler": {"sys_hardware_mem_freq": 10000}}', "Ascend950PR_9599", True),
    # one key, wrong type, value or range
    ("err_msg_mode a number", '{"err_msg_mode": 1}', None, False),
    ("err_msg_mode not 0 or 1", '{"err_msg_mode": "2"}', None, False),
    ("max_opqueue_num a number (K-3)", '{"max_opqueue_num": 20000}', None, False),
    ("max_opqueue_num 0 (K-3)", '{"max_opqueue_num": "0"}', None, False),
    ("max_opqueue_num not digits (K-3)", '{"max_opqueue_num": "12abc"}', None, False),
    ("aicore_stack_size negative (K-1)", '{"StackSize": {"aicore_stack_size": -1}}', None, False),
    ("aicore_stack_size above uint32 (K-1)", '{"StackSize": {"aicore_stack_size": 4294967296}}', None, False),
    ("aicore_stack_size fractional (K-1)", '{"StackSize": {"aicore_stack_size": 1.5}}', None, False),
    ("aicore_stack_size a string (K-1)", '{"StackSize": {"aicore_stack_size": "65536"}}', None, False),
    ("default_device with a leading zero (K-1)", '{"defaultDevice": {"default_device": "01"}}', None, False),
    ("default_device a number (K-1)", '{"defaultDevice": {"default_device": 0}}', None, False),
    ("SIMD FIFO 0 (K-1)", '{"simd_printf_fifo_size_per_core": 0}', None, False),
    ("SIMD FIFO below the device range where the product has it (E-3)",
     '{"simd_printf_fifo_size_per_core": 512}', "Ascend910B1", False),
    ("SIMD FIFO below the device range on IPV350, which lacks the key (K-2, P-4)",
     '{"simd_printf_fifo_size_per_core": 512}', "IPV350", True),
    ("SIMT FIFO a string (K-1)", '{"simt_printf_fifo_size": "8"}', None, False),
    ("SIMT FIFO out of range where the product has it (E-3)",
     '{"simt_printf_fifo_size": 8}', "Ascend950PR_9599", False),
    ("event_mode a number (K-1)", '{"acl_graph": {"event_mode": 1}}', None, False),
    ("event_mode not 0 or 1", '{"acl_graph": {"event_mode": "2"}}', None, False),
    ("event_mode on a product without it (K-2)", '{"acl_graph": {"event_mode": "1"}}', "Ascend910A", False),
    ("dump a string (K-4)", '{"dump": "on"}', None, False),
    ("dump_mode not an allowed value (K-4)", '{"dump": {"dump_mode": "everything"}}', None, False),
    ("dump_level a number (K-4)", '{"dump": {"dump_level": 1}}', None, False),
    ("dump_kernel_data with a space (K-4)", '{"dump": {"dump_kernel_data": "all, printf"}}', None, False),
    ("dump_stats an unknown statistic (K-4)", '{"dump": {"dump_stats": ["Max", "Median"]}}', None, False),
    ("dump_list an object (K-4)", '{"dump": {"dump_list": {}}}', None, False),
    ("dump_list layer a string (K-4)", '{"dump": {"dump_list": [{"layer": "conv1"}]}}', None, False),
    ("core-dump scene on a product without it",
     '{"dump": {"dump_scene": "aic_err_detail_dump"}}', "Ascend910A", False),
    ("profiler not an object (K-5)", '{"profiler": []}', None, False),
    ("profiler switch not an allowed value (K-5)", '{"profiler": {"switch": "maybe"}}', None, False),
    ("profiler unknown key: the allow-list (K-5, K-7)", '{"profiler": {"swich": "on"}}', None, False),
    ("profiler frequency a string (K-5)", '{"profiler": {"sys_cpu_freq": "10"}}', None, False),
    ("profiler frequency above its maximum (K-5)", '{"profiler": {"dvpp_freq": 101}}', None, False),
    ("profiler host_sys unknown item (K-5)", '{"profiler": {"host_sys": "cpu,gpu"}}', None, False),
    ("profiler llc_profiling not read or write (K-5)", '{"profiler": {"llc_profiling": "both"}}', None, False),
    ("profiler aic_metrics unknown (K-5)", '{"profiler": {"aic_metrics": "NoSuchMetric"}}', None, False),
    ("sys_hardware_mem_freq above the product maximum (K-5)",
     '{"profiler": {"sys_hardware_mem_freq": 10000}}', "Ascend910B1", False),
    ("instr_profiling on a product without it (K-5)", '{"profiler": {"instr_profiling": "off"}}', "Ascend910A", False),
]

def one_key_error(row):
    """Whether a row of expected.tsv is a type, enum or range error of one key (its `kind`
    column says `key`). Rules between keys, paths on disk and file-level rows are the
    validator's alone."""
    return row["kind"] == "key"


def schema_text(tool, soc=None):
    args = [tool, "schema"] + (["--soc", soc] if soc else [])
    proc = subprocess.run(args, stdout=subprocess.PIPE, check=True, timeout=60)
    return proc.stdout.decode("utf-8")


def validator_accepts(tool, paths, soc, cwd):
    """The validator's verdict per file: True when aclInit would succeed."""
    args = [tool, "check", "--format=json"] + (["--soc", soc] if soc else []) + [str(p) for p in paths]
    proc = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, timeout=120, env=scrubbed_env())
    reports = json.loads(proc.stdout.decode("utf-8"))
    return {report["file"]: report["result"] == 0 for report in reports}


def scrubbed_env():
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ACLPP_", "ASCEND_", "NPU_")) and k != "PROFILER_SAMPLECONFIG"}
    env["LC_ALL"] = "C"
    return env


def load(path):
    text = Path(path).read_bytes().decode("utf-8-sig")
    return json.loads(text) if text.strip() else {}  # a 0-byte file is {} (F-3)


class Checker:
    def __init__(self, tool):
        self.tool = tool
        self.failures = []
        self.checks = 0
        self.validators = {}

    def validator(self, soc):
        if soc not in self.validators:
            schema = json.loads(schema_text(self.tool, soc))
            Draft202012Validator.check_schema(schema)
            self.validators[soc] = Draft202012Validator(schema)
        return self.validators[soc]

    def expect(self, condition, what):
        self.checks += 1
        if not condition:
            self.failures.append(what)

    def schema_accepts(self, instance, soc=None):
        return self.validator(soc).is_valid(instance)


def check_cases(checker, scratch):
    """Each case against the validator (so the table is right) and against both schemas."""
    (scratch / "output").mkdir()
    by_soc = {}
    for index, case in enumerate(CASES):
        path = scratch / f"case{index}.json"
        path.write_text(case[1])
        by_soc.setdefault(case[2], []).append((path, case))
    for soc, entries in by_soc.items():
        verdicts = validator_accepts(checker.tool, [p.name for p, _ in entries], soc, scratch)
        for path, (name, text, _, accepted) in entries:
            instance = json.loads(text)
            checker.expect(verdicts[path.name] == accepted,
                           f"{name}: the validator {'rejects' if accepted else 'accepts'} {text} (soc {soc})")
            checker.expect(checker.schema_accepts(instance, soc) == accepted,
                           f"{name}: the schema for {soc or 'every product'} "
                           f"{'rejects' if accepted else 'accepts'} {text}")
            if accepted:
                checker.expect(checker.schema_accepts(instance), f"{name}: the schema of every product rejects {text}")


def check_files_validator_accepts(checker, files, cwd, label):
    """K-7: whatever the validator accepts, the schema accepts."""
    files = [f for f in files if f.suffix == ".json"]
    verdicts = validator_accepts(checker.tool, files, None, cwd)
    for f in files:
        if not verdicts[str(f)]:
            continue
        try:
            instance = load(f)
        except ValueError:
            continue  # not JSON to Python (invalid UTF-8 the core reads as text): nothing to validate
        checker.expect(checker.schema_accepts(instance), f"{label} {f}: the validator accepts it, the schema rejects it")


def check_table(checker, fixtures, table, scratch):
    with open(table, newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    selected = 0
    for row in rows:
        path = Path(fixtures) / row["file"]
        code = int(row["code"])
        if code == 0:
            checker.expect(checker.schema_accepts(load(path)), f"table row {row['file']}: code 0, the schema rejects it")
        elif one_key_error(row):
            selected += 1
            checker.expect(not checker.schema_accepts(load(path)),
                           f"table row {row['file']}: a one-key error ({code} at {row['pointer']}), the schema accepts it")
    checker.expect(selected > 0, f"{table}: no row is a one-key error, so the table proves nothing")
    # The conformance run conditions: output and dump exist in the working directory.
    for name in ("output", "dump"):
        (scratch / name).mkdir(exist_ok=True)
    files = sorted(Path(fixtures).rglob("*.json"))
    check_files_validator_accepts(checker, [f.resolve() for f in files], scratch, "fixture")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--installed", help="the schema file the build installs")
    parser.add_argument("--fixtures")
    parser.add_argument("--table")
    args = parser.parse_args()
    if bool(args.fixtures) != bool(args.table):
        parser.error("--fixtures and --table go together")

    checker = Checker(str(Path(args.tool).resolve()))
    checker.validator(None)  # check_schema on the schema of every product
    for soc in ("Ascend910B1", "Ascend910A", "Ascend950PR_9599", "Ascend310P1", "Ascend310B1", "Ascend910_9391"):
        checker.validator(soc)
    if args.installed:
        checker.expect(Path(args.installed).read_text() == schema_text(args.tool),
                       f"{args.installed} differs from `acl-config schema`")
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        (scratch / "cases").mkdir()
        check_cases(checker, scratch / "cases")
        configs = sorted((HERE / "configs").glob("*.json"))
        check_files_validator_accepts(checker, configs, HERE / "configs", "config")
        if args.fixtures:
            (scratch / "fixtures").mkdir()
            check_table(checker, args.fixtures, args.table, scratch / "fixtures")

    for failure in checker.failures:
        print("FAIL:", failure)
    print(f"{checker.checks - len(checker.failures)}/{checker.checks} checks passed")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
