"""A bulk import killed at any point leaves the area as it was: `grubmap import places` of a file into a new area (the
fast path: one transaction) is killed with SIGKILL at several points of its run (fractions of the time a whole
import of the same file takes), on a real SQLite file and, when the test cluster is there, on PostgreSQL; each time the area has no
places after, the schema keeps its indexes and triggers, and a last import that runs to its end writes every place."""

import json
import os
import signal
import sqlite3
import subprocess
import time

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


def import_seconds(database, path):
    """How long a whole import of the file takes into a new area of `database` (another database than the test's)."""
    started = time.monotonic()
    subprocess.run([str(BINARY), "import", "places", str(path), "--area", AREA, "--database", database], check=True,
                   capture_output=True, timeout=300)
    return time.monotonic() - started


def import_killed(database, path, seconds, env=None):
    """Runs the import and kills it with SIGKILL after `seconds`; returns True when it was still running then."""
    process = subprocess.Popen([str(BINARY), "import", "places", str(path), "--area", AREA, "--database", database],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        process.wait(timeout=seconds)
        return False
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        process.wait()
        return True


# When to kill, as fractions of a whole import's time: while it reads, and on through its last statements (on
# SQLite the R*Tree filled and the indexes built; on PostgreSQL the one INSERT … SELECT).
KILL_POINTS = [0.1, 0.3, 0.5, 0.7, 0.85, 0.95]


def new_sqlite(path):
    """A migrated SQLite file with the empty area; returns its path."""
    database = str(path)
    subprocess.run([str(BINARY), "migrate", "--database", database], check=True, capture_output=True)
    with sqlite3.connect(database) as connection:
        connection.execute(f"INSERT INTO areas ({AREA_COLUMNS}) VALUES ({', '.join('?' * len(AREA_VALUES))})",
                           AREA_VALUES)
    return database


def test_a_killed_import_into_a_new_sqlite_area_leaves_it_as_it_was(tmp_path):
    database = new_sqlite(tmp_path / "grubmap.sqlite")
    schema_before = sorted(sqlite3.connect(database).execute(
        "SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN ('places', 'places_rtree')").fetchall())
    path = tmp_path / "places.geojson"
    write_places(path, COUNT)
    whole = import_seconds(new_sqlite(tmp_path / "scratch.sqlite"), path)
    killed = 0
    for point in KILL_POINTS:
        if import_killed(database, path, whole * point):
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
    # More places than on SQLite: the import is quicker there, and the bar must be drawn a few times.
    count = 4 * COUNT
    write_places(path, count)
    scratch = postgres_database("import_kill_scratch")
    subprocess.run([str(BINARY), "migrate", "--database", scratch], check=True, capture_output=True)
    psql(scratch, f"INSERT INTO areas ({AREA_COLUMNS}) VALUES ({values})")
    whole = import_seconds(scratch, path)
    # The import keeps the places it read in a temporary file, unlinked as soon as it is made: a kill leaves none.
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    env = {**os.environ, "TMPDIR": str(temporary)}
    killed = 0
    for point in KILL_POINTS:
        if import_killed(database, path, whole * point, env):
            killed += 1
        assert list(temporary.iterdir()) == []
        places = int(psql(database, f"SELECT count(*) FROM places WHERE area_id = '{AREA}'"))
        if places:
            assert places == count
            break
        # The server ends the killed client's transaction; nothing of it is left.
        assert psql(database, "SELECT count(*) FROM place_stats WHERE area_id = 'kill-test-city' AND place_count > 0") \
            == "0"
    assert killed >= 3
    finished = subprocess.run([str(BINARY), "import", "places", str(path), "--area", AREA, "--database", database],
                              capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    assert int(psql(database, f"SELECT count(*) FROM places WHERE area_id = '{AREA}'")) == count
