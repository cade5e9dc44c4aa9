"""Fixtures for the ecosystem tests: `grubmap serve` processes on 127.0.0.1 (plain or HTTPS, SQLite or PostgreSQL)
with JSON logs, as an operator would run them."""

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests"))
import grubmap_ready  # noqa: E402  (Tests/grubmap_ready.py, shared with the browser tests)

BINARY = Path(os.environ.get("GRUBMAP_BINARY", ROOT / ".build" / "debug" / "grubmap"))
VENV_BIN = Path(os.environ.get("GRUBMAP_VENV_BIN", ROOT / ".venv" / "bin"))


class Served:
    """One `grubmap serve --log-format json` and the lines it logged."""

    def __init__(self, folder, database, extra_args):
        self.folder = Path(folder)
        self.database = database
        self.log_path = self.folder / f"server-{uuid.uuid4().hex[:8]}.log"
        command = [str(BINARY), "serve", "--demo", "--port", "0", "--database", database, "--log-format", "json",
                   "--writes-per-minute", "1000000", "--new-sessions-burst", "1000000",
                   "--new-sessions-per-minute", "1000000", *extra_args]
        with open(self.log_path, "w") as log:
            try:
                self.process, self.base = grubmap_ready.start(command, stdout=log, stderr=subprocess.STDOUT)
            except RuntimeError as error:
                raise RuntimeError(f"{error}: {self.log_path.read_text()}") from None

    def lines(self):
        """Every log line so far, parsed; a line that is not JSON fails the test."""
        parsed = []
        for text in self.log_path.read_text().splitlines():
            parsed.append(json.loads(text))
        return parsed

    def url(self, path):
        return self.base + path

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)


def postgres_database(name):
    """A fresh database in the test cluster, or a skip when there is none."""
    cluster = os.environ.get("GRUBMAP_TEST_POSTGRES_URL")
    if not cluster:
        pytest.skip("GRUBMAP_TEST_POSTGRES_URL is not set (run under scripts/postgres-test-cluster)")
    database = f"{name}_{uuid.uuid4().hex[:8]}"
    subprocess.run(["psql", "-X", "-q", "-d", cluster, "-c", f"CREATE DATABASE {database}"], check=True)
    return cluster.rsplit("/", 1)[0] + "/" + database


@pytest.fixture
def serve(tmp_path):
    """`serve(store="sqlite"|"postgres", args=[...])` starts a server; all are stopped afterwards."""
    started = []

    def start(store="sqlite", args=()):
        database = str(tmp_path / "grubmap.sqlite") if store == "sqlite" else postgres_database("grubmap_eco")
        served = Served(tmp_path, database, list(args))
        started.append(served)
        return served

    yield start
    for served in started:
        served.stop()
