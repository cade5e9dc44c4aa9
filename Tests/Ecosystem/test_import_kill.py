"""A bulk import killed at any point leaves the area as it was: `grubmap import places` of a file into a new area (the
fast path: one transaction) is killed with SIGKILL at several points of its progress bar (run on a terminal, so the
bar is drawn), on a real SQLite file and, when the test cluster is there, on PostgreSQL; each time the area has no
places after, the schema keeps its indexes and triggers, and a last import that runs to its end writes every place."""

import json
import os
import pty
import select
import signal
import sqlite3
import subprocess
import time

import pytest

from conftest import BINARY, postgres_database

AREA = "kill-test-city"
COUNT = 30_000


def write_places(path, count):
    """A FeatureCollection of `count` made-up places on a grid around Seoul."""
    with open(path, "w") as out:
        out.write('{"type":"FeatureCollection","features":[')
        for index in range(count):
            if index:
                out.write(",\n")
            feature = {"type": "Feature", "id": f"kill-{index}",
                       "geometry": {"type": "Point",
                                    "coordinates": [126.8 + (index % 300) * 0.001, 37.45 + (index // 300) * 0.001]},
                       "properties": {"name:en": f"Made-up place {index}", "kind": "restaurant"}}
            out.write(json.dumps(feature))
        out.write("]}\n")


AREA_COLUMNS = ("id, name, short_name, center_latitude, center_longitude, south, west, north, east, time_zone, "
                "currency, locale")
AREA_VALUES = (AREA, '{"en":"Kill test city"}', None, 37.56, 126.98, 37.4, 126.7, 37.7, 127.2, "Asia/Seoul", "KRW",
               "ko-KR")


def import_killed(database, path, frames):
    """Runs the import on a terminal and kills it with SIGKILL once its progress bar has been drawn `frames` times
    (or once it says `frames`, a phase's name); returns True when it was killed before it ended."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([str(BINARY), "import", "places", str(path), "--area", AREA, "--database", database],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=follower)
    os.close(follower)
    seen = b""
    drawn = 0
    deadline = time.monotonic() + 300
    try:
        while process.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            seen += chunk
            drawn += chunk.count(b"\r")
            if (isinstance(frames, int) and drawn >= frames) or (isinstance(frames, str) and frames.encode() in seen):
                process.send_signal(signal.SIGKILL)
                process.wait()
                return True
        process.wait(timeout=60)
        return False
    finally:
        os.close(leader)


KILL_POINTS = [1, 4, 12, "checking", "writing"]


def test_a_killed_import_into_a_new_sqlite_area_leaves_it_as_it_was(tmp_path):
    database = str(tmp_path / "grubmap.sqlite")
    subprocess.run([str(BINARY), "migrate", "--database", database], check=True, capture_output=True)
    with sqlite3.connect(database) as connection:
        connection.execute(f"INSERT INTO areas ({AREA_COLUMNS}) VALUES ({', '.join('?' * len(AREA_VALUES))})",
                           AREA_VALUES)
    schema_before = sorted(sqlite3.connect(database).execute(
        "SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN ('places', 'places_rtree')").fetchall())
    path = tmp_path / "places.geojson"
    write_places(path, COUNT)
    killed = 0
    for point in KILL_POINTS:
        if import_killed(database, path, point):
            killed += 1
        connection = sqlite3.connect(database)
        try:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            places = connection.execute("SELECT count(*) FROM places WHERE area_id = ?", (AREA,)).fetchone()[0]
            if places:
                # Killed too late: the import had ended; only then may the area have places, all of them.
                assert places == COUNT
                break
            assert connection.execute("SELECT count(*) FROM places_rtree").fetchone() == \
                connection.execute("SELECT count(*) FROM places").fetchone()
            schema = sorted(connection.execute(
                "SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN ('places', 'places_rtree')").fetchall())
            assert schema == schema_before
        finally:
            connection.close()
    assert killed >= 3
    finished = subprocess.run([str(BINARY), "import", "places", str(path), "--area", AREA, "--database", database],
                              capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM places WHERE area_id = ?", (AREA,)).fetchone()[0] == COUNT
        assert connection.execute("SELECT place_count FROM place_stats WHERE area_id = ?", (AREA,)).fetchone() == \
            (COUNT,)
        assert connection.execute("SELECT count(*) FROM places_rtree").fetchone() == \
            connection.execute("SELECT count(*) FROM places").fetchone()


def psql(database, sql):
    return subprocess.run(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", database, "-c", sql],
                          check=True, capture_output=True, text=True).stdout.strip()


def test_a_killed_import_into_a_new_postgresql_area_leaves_it_as_it_was(tmp_path):
    database = postgres_database("import_kill")
    subprocess.run([str(BINARY), "migrate", "--database", database], check=True, capture_output=True)
    values = ", ".join("NULL" if value is None else f"'{value}'" if isinstance(value, str) else str(value)
                       for value in AREA_VALUES)
    psql(database, f"INSERT INTO areas ({AREA_COLUMNS}) VALUES ({values})")
    path = tmp_path / "places.geojson"
    write_places(path, COUNT)
    killed = 0
    for point in KILL_POINTS:
        if import_killed(database, path, point):
            killed += 1
        places = int(psql(database, f"SELECT count(*) FROM places WHERE area_id = '{AREA}'"))
        if places:
            assert places == COUNT
            break
        # The server ends the killed client's transaction; nothing of it is left.
        assert psql(database, "SELECT count(*) FROM place_stats WHERE area_id = 'kill-test-city' AND place_count > 0") \
            == "0"
    assert killed >= 3
    finished = subprocess.run([str(BINARY), "import", "places", str(path), "--area", AREA, "--database", database],
                              capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    assert int(psql(database, f"SELECT count(*) FROM places WHERE area_id = '{AREA}'")) == COUNT
