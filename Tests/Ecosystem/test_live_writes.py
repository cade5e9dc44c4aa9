"""Writes by another process reach a running server's event streams (`GET /areas/{id}/events`): on PostgreSQL a
menu imported on the command line (`grubmap import menu`) through the import's own NOTIFY; on SQLite a check-in
answered by a second server on the same file through the first one's look at the file every second (PRAGMA
data_version), long before its 30-s resync."""

import datetime
import json
import subprocess
import time
import urllib.request

from conftest import BINARY

AREA = "pnu-busan"
PLACE = "pnu-busan-geumjeong-hall"


class Stream:
    """An open event stream, read event by event."""

    def __init__(self, server):
        self.response = urllib.request.urlopen(server.url(f"/areas/{AREA}/events"), timeout=20)

    def next_event(self):
        """The next event that is not a comment: its fields (`event`, `data`, …) as a dict."""
        while True:
            fields = {}
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if not line:
                    break
                name, _, value = line.partition(":")
                fields.setdefault(name, value.removeprefix(" "))
            if "event" in fields:
                return fields

    def close(self):
        self.response.close()


def api(server, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(server.url(path), data=data, method=method,
                                                       headers=headers), timeout=20) as response:
        return response.status, json.loads(response.read() or b"null")


def test_a_menu_imported_on_the_command_line_reaches_a_postgresql_servers_streams(serve, tmp_path):
    server = serve(store="postgres")
    stream = Stream(server)
    assert stream.next_event()["event"] == "reload"
    seoul = datetime.timezone(datetime.timedelta(hours=9))
    day = (datetime.datetime.now(seoul).date() + datetime.timedelta(days=2)).isoformat()
    (tmp_path / "feed.xml").write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<openmensa version="2.1" xmlns="http://openmensa.org/open-mensa-v2">
  <canteen>
    <day date="{day}">
      <category name="중식"><meal><name>김치볶음밥</name><price role="student">4500</price></meal></category>
    </day>
  </canteen>
</openmensa>
""")
    started = time.monotonic()
    imported = subprocess.run([str(BINARY), "import", "menu", str(tmp_path / "feed.xml"), "--place", PLACE,
                               "--database", server.database], capture_output=True, text=True, timeout=60)
    assert imported.returncode == 0, imported.stderr
    event = stream.next_event()
    assert event["event"] == "menu" and json.loads(event["data"]) == {"placeId": PLACE, "date": day}
    assert time.monotonic() - started < 10
    stream.close()


def test_a_check_in_through_a_second_server_on_the_same_sqlite_file_reaches_the_firsts_streams(serve):
    first = serve()
    second = serve()
    assert second.database == first.database
    stream = Stream(first)
    assert stream.next_event()["event"] == "reload"
    _, session = api(second, "POST", "/api/v1/sessions")
    token = session["token"]
    api(second, "PUT", "/api/v1/me/profile", {"firstName": "Ada", "lastName": "B", "company": "", "bio": ""}, token)
    status, _ = api(second, "POST", "/api/v1/me/checkin", {"placeId": PLACE}, token)
    assert status == 201
    event = stream.next_event()
    assert event["event"] == "state"
    assert json.loads(event["data"])["checkedIn"] == 1
    # That event came at a tick of the first server's hub (the first one resyncs); the next resync is 30 s later,
    # so a second write showing within a few seconds was found by the look at the file.
    started = time.monotonic()
    status, _ = api(second, "POST", f"/api/v1/places/{PLACE}/line-reports", {"level": "long"}, token)
    assert status == 201
    event = stream.next_event()
    assert time.monotonic() - started < 10, "at the next tick, not the 30-s resync"
    state = json.loads(event["data"])
    assert event["event"] == "state" and state["placeId"] == PLACE
    assert state["busyness"]["level"] == "long" and state["busyness"]["reports"] == 1
    stream.close()
