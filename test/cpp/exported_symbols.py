#!/usr/bin/env python3
"""The core's boundary (docs/architecture.md): libaclpp exports C functions named acl* and one C++
symbol, acl::category(); no instantiation of a standard template, no acl::Error, no
std::string. Usage: exported_symbols.py LIBRARY"""
import subprocess
import sys

CATEGORY = "_ZN3acl2v18categoryEv"

symbols = subprocess.run(["nm", "-D", "--defined-only", sys.argv[1]], capture_output=True, text=True, check=True)
names = [line.split()[-1] for line in symbols.stdout.splitlines() if line.strip()]
unexpected = [n for n in names if not n.startswith("acl") and n != CATEGORY]
if unexpected:
    sys.exit(f"{sys.argv[1]} exports {len(unexpected)} symbols beyond the C ABI and acl::category(), "
             f"e.g. {', '.join(unexpected[:5])}")
if CATEGORY not in names:
    sys.exit(f"{sys.argv[1]} does not export acl::category()")
c_functions = [n for n in names if n != CATEGORY]
print(f"{len(c_functions)} C functions and acl::category(), nothing else")
