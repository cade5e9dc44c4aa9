"""Starting a grubmap server in a test and waiting until it serves, on the event itself: grubmap tells a service
manager it is ready as systemd's `Type=notify` expects (a datagram to the Unix socket named by NOTIFY_SOCKET, with
`READY=1` and `STATUS=Grubmap is serving on ADDRESS`), and the test is that service manager. The wait ends when the
datagram arrives or the process exits, whichever is first; nothing polls."""

import os
import select
import socket
import subprocess
import tempfile
from pathlib import Path


def start(command, *, timeout=30, env=None, **popen):
    """Runs `command` (a grubmap serve, or a script that runs one) and returns (process, address) once it serves.
    Raises RuntimeError, with the process's status, when it exits first or says nothing in `timeout` seconds."""
    with tempfile.TemporaryDirectory(prefix="grubmap-ready-") as folder:
        path = str(Path(folder) / "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
            listener.bind(path)
            environment = {**(os.environ if env is None else env), "NOTIFY_SOCKET": path}
            process = subprocess.Popen(command, env=environment, **popen)
            exited = os.pidfd_open(process.pid)
            try:
                readable, _, _ = select.select([listener, exited], [], [], timeout)
                if listener in readable:
                    fields = dict(line.split("=", 1) for line in listener.recv(4096).decode().splitlines() if "=" in line)
                    if fields.get("READY") == "1" and " on " in fields.get("STATUS", ""):
                        return process, fields["STATUS"].split(" on ", 1)[1].split()[0]
                status = process.poll()
                process.kill()
                process.wait()
                raise RuntimeError(f"grubmap did not start (exit status {status})")
            finally:
                os.close(exited)
