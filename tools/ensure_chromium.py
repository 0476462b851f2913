"""Make sure the browser for the JupyterLab end-to-end test is installed; never fail the build over it.

Run by ``make test`` before pytest. As root it installs Debian's ``chromium`` with apt-get; otherwise it
says how to enable the test, which skips itself while ``/usr/bin/chromium`` is missing.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

CHROMIUM = "/usr/bin/chromium"


def _run(cmd: list[str]) -> bool:
    print(f"ensure_chromium: $ {' '.join(cmd)}", flush=True)
    try:
        done = subprocess.run(cmd, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"}, check=False)
    except OSError as e:
        print(f"ensure_chromium: could not run {cmd[0]}: {e}", flush=True)
        return False
    return done.returncode == 0


def main() -> int:
    if os.path.exists(CHROMIUM):
        print(f"ensure_chromium: {CHROMIUM} is installed; the browser test will run", flush=True)
        return 0
    if os.geteuid() != 0:
        print("ensure_chromium: /usr/bin/chromium is missing, so the JupyterLab browser test (tests/test_e2e_lab.py)"
              " will be skipped. To enable it: sudo apt-get install chromium, or run `make test` as root.",
              flush=True)
        return 0
    if shutil.which("apt-get") is None:
        print("ensure_chromium: no apt-get on this system; install Chromium at /usr/bin/chromium to enable the "
              "browser test", flush=True)
        return 0
    print("ensure_chromium: installing Chromium for the browser test (about a minute)", flush=True)
    if _run(["apt-get", "update", "-qq"]) and _run(["apt-get", "install", "-y", "-q", "chromium"]):
        print(f"ensure_chromium: installed {CHROMIUM}", flush=True)
    else:
        print("ensure_chromium: the install failed; the browser test will be skipped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
