"""The Web Push benchmark (scripts/bench-push): BINARY SUBSCRIPTIONS."""

import hashlib
import json
import os
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
import urllib.request
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from zoneinfo import ZoneInfo

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests"))
import grubmap_ready  # noqa: E402


class Sink:
    """Answers every POST with 201 and counts them, noting when the last one came."""

    def __init__(self, expected):
        self.count = 0
        self.done = threading.Event()
        sink = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers["Content-Length"]))
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()
                with lock:
                    sink.count += 1
                    if sink.count == expected:
                        sink.finished = time.monotonic()
                        sink.done.set()

            def log_message(self, *args):
                pass

        lock = threading.Lock()
        ThreadingHTTPServer.request_queue_size = 1024
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def get(base, path):
    with urllib.request.urlopen(base + path, timeout=30) as response:
        return json.loads(response.read())


def main(binary, count):
    seoul = ZoneInfo("Asia/Seoul")
    day = datetime.now(seoul).date() + timedelta(days=1)
    while day.weekday() >= 5:
        day += timedelta(days=1)
    folder = Path(tempfile.mkdtemp(prefix="grubmap-bench-push-"))
    database, clock = folder / "grubmap.sqlite", folder / "clock"

    def set_clock(hour):
        instant = datetime(day.year, day.month, day.day, hour, tzinfo=seoul)
        clock.write_text(str(instant.timestamp() - time.time()))

    sink = Sink(count)

    def serve():
        command = [binary, "serve", "--demo", "--port", "0", "--database", str(database), "--test-clock-file",
                   str(clock), "--allow-outbound", sink.origin + "/push/"]
        log = open(folder / "server.log", "a")
        return grubmap_ready.start(command, stdout=log, stderr=log)

    # Before the area's hour: the demo data and a dish on the day's menu.
    set_clock(8)
    process, base = serve()
    area = next(a["id"] for a in get(base, "/api/v1/areas")["areas"] if a["timeZone"] == "Asia/Seoul")
    dish = next(meal["dishId"] for place in get(base, f"/api/v1/areas/{area}/places")["places"]
                for category in get(base, f"/api/v1/places/{place['id']}/menu?date={day}").get("categories", [])
                for meal in category["meals"] if meal.get("dishId"))
    process.terminate()
    process.wait()

    # The browsers: one key is enough, as the server encrypts each message for its subscription anyway.
    key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    now = int(time.time())
    with sqlite3.connect(database) as db:
        digests = [hashlib.sha256(f"bench-{index}".encode()).hexdigest() for index in range(count)]
        db.executemany("INSERT INTO sessions (token, csrf_token, created_at, expires_at) VALUES (?, 'c', ?, ?)",
                       [(digest, now, now + 86400 * 30) for digest in digests])
        db.executemany("INSERT INTO preferences (session_token, name, value) VALUES (?, 'followedDishes', ?)",
                       [(digest, json.dumps([dish])) for digest in digests])
        db.executemany("INSERT INTO push_subscriptions (session_token, endpoint, p256dh, auth, created_at) "
                       "VALUES (?, ?, ?, ?, ?)",
                       [(digest, f"{sink.origin}/push/{index}", key, bytes(16), now)
                        for index, digest in enumerate(digests)])

    set_clock(12)
    started = time.monotonic()
    process, base = serve()
    finished = sink.done.wait(timeout=600)
    elapsed = (sink.finished if finished else time.monotonic()) - started
    process.terminate()
    process.wait()
    shutil.rmtree(folder)
    cores = os.cpu_count()
    if not finished:
        sys.exit(f"bench-push: only {sink.count} of {count} messages arrived in {elapsed:.1f} s")
    print(f"push: {count} subscriptions, every message at the sink {elapsed:.1f} s after the server started "
          f"({count / elapsed:.0f} messages/s; {cores} cores, the sink on the same machine)")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
