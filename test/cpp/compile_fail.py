#!/usr/bin/env python3
"""Must-not-compile check: runs the compiler command after '--' and passes when it fails and its
output contains the --expect text. A snippet that prints ACLPP_SKIP_TEST (with #error) is
skipped (exit 77), e.g. when the compiler lacks a feature the snippet needs."""
import argparse
import subprocess
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument('--expect', required=True, help='text the diagnostics must contain')
    parser.add_argument('command', nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command and args.command[0] == '--' else args.command
    result = subprocess.run(command, capture_output=True, text=True)
    output = result.stdout + result.stderr
    if 'ACLPP_SKIP_TEST' in output:
        # The snippet's #error line says why (e.g. no constexpr std::string in this library).
        reason = next(line for line in output.splitlines() if 'ACLPP_SKIP_TEST' in line)
        print('skipped:', reason.split('ACLPP_SKIP_TEST', 1)[1].lstrip(': '))
        return 77
    if result.returncode == 0:
        print('FAIL: the snippet compiled, but it must not:', ' '.join(command))
        return 1
    if args.expect not in output:
        print('FAIL: the compiler rejected the snippet without the expected text:', repr(args.expect))
        print(output[-4000:])
        return 1
    print('ok: rejected with', repr(args.expect))
    return 0


if __name__ == '__main__':
    sys.exit(main())
