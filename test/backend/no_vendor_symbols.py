#!/usr/bin/env python3
"""B-1: over the vendor runtime libaclpp defines no acl* function but its own aclpp* extensions
(a second aclInit would clash with the vendor's). Usage: no_vendor_symbols.py LIBRARY"""
import re
import subprocess
import sys

symbols = subprocess.run(["nm", "-D", "--defined-only", sys.argv[1]], capture_output=True, text=True, check=True)
names = [line.split()[-1] for line in symbols.stdout.splitlines() if line.strip()]
clashing = [n for n in names if re.match(r"acl[A-Z]", n) and not n.startswith("aclpp")]
extensions = [n for n in names if n.startswith("aclpp")]
if clashing:
    sys.exit(f"{sys.argv[1]} defines vendor symbols: {', '.join(clashing)}")
if not extensions:
    sys.exit(f"{sys.argv[1]} defines no aclpp extension: is it the library?")
print(f"{len(extensions)} aclpp extensions, no acl[A-Z] symbol of the vendor's")
