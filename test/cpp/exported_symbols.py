#!/usr/bin/env python3
"""The core's boundary (docs/architecture.md, B-1, B-5): libaclpp exports exactly the C functions
its headers declare, and one C++ symbol, acl::category(); no instantiation of a standard template,
no acl::Error, no std::string. The headers are <acl/acl.h>, <acl/aclpp_ext.h> and
<acl/aclpp_runtime.h> on the emulated runtime, aclpp's two alone over the vendor's (whose acl*
functions libaclpp must not define).
A declared function that is missing is one whose export depends on a macro that is empty here,
as the vendor's ACL_FUNC_VISIBILITY is without FUNC_VISIBILITY.
Usage: exported_symbols.py LIBRARY HEADER..."""
import re
import subprocess
import sys

CATEGORY = "_ZN3acl2v18categoryEv"


def declared_functions(path):
    """acl* names followed by "(" outside comments, preprocessor lines and typedefs: the functions
    the header declares."""
    with open(path, encoding="utf-8") as header:
        text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", header.read(), flags=re.S)
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    code = re.sub(r"\btypedef\b[^;]*;", " ", code)
    return set(re.findall(r"\b(acl[A-Za-z]\w*)\s*\(", code))


library, headers = sys.argv[1], sys.argv[2:]
symbols = subprocess.run(["nm", "-D", "--defined-only", library], capture_output=True, text=True, check=True)
exported = {line.split()[-1] for line in symbols.stdout.splitlines() if line.strip()}
declared = set().union(*(declared_functions(h) for h in headers))
problems = []
missing = sorted(declared - exported)
if missing:
    problems.append(f"does not export {len(missing)} declared functions: {', '.join(missing)}")
unexpected = sorted(exported - declared - {CATEGORY})
if unexpected:
    problems.append(f"exports {len(unexpected)} symbols its headers do not declare, e.g. {', '.join(unexpected[:5])}")
if CATEGORY not in exported:
    problems.append("does not export acl::category()")
if problems:
    sys.exit("\n".join(f"{library} {p}" for p in problems))
print(f"{len(declared)} C functions of {len(headers)} headers and acl::category(), nothing else")
