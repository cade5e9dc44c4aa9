"""/metrics read by a real Prometheus text parser (prometheus_client from PyPI), who may read it, and the JSON log."""

import http.client
import json
import urllib.error
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families


def fetch(url, method="GET", headers=None, body=None):
    request = urllib.request.Request(url, method=method, headers=headers or {}, data=body)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def families(server):
    status, headers, body = fetch(server.url("/metrics"))
    assert status == 200
    assert headers["Content-Type"].startswith("text/plain; version=0.0.4")
    return {family.name: family for family in text_string_to_metric_families(body.decode())}


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_metrics_count_routes_not_paths(serve, store):
    server = serve(store)
    for path in ["/api/v1/places/pnu-busan-geumjeong-hall", "/api/v1/places/pnu-busan-jayu-hall",
                 "/api/v1/places/no-such-place", "/areas/pnu-busan", "/nowhere/%0Aevil"]:
        fetch(server.url(path))
    fetch(server.url("/api/v1/areas"), method="BREW")
    status, _, body = fetch(server.url("/api/v1/sessions"), method="POST")
    token = json.loads(body)["token"]
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    fetch(server.url("/api/v1/me/profile"), method="PUT", headers=auth,
          body=json.dumps({"firstName": "Ada", "lastName": "Kim"}).encode())
    assert fetch(server.url("/api/v1/me/checkin"), method="POST", headers=auth,
                 body=json.dumps({"placeId": "pnu-busan-geumjeong-hall"}).encode())[0] == 201

    metrics = families(server)
    requests = {(s.labels["route"], s.labels["method"], s.labels["status"]): s.value
                for s in metrics["grubmap_http_requests"].samples if s.name == "grubmap_http_requests_total"}
    assert requests[("/api/v1/places/{id}", "GET", "200")] == 2
    assert requests[("/api/v1/places/{id}", "GET", "404")] == 1
    assert requests[("/areas/{id}", "GET", "200")] == 1
    assert requests[("unmatched", "GET", "404")] == 1
    assert requests[("unmatched", "OTHER", "405")] == 1
    assert not any("evil" in route or "no-such-place" in route for route, _, _ in requests)
    histogram = metrics["grubmap_http_request_duration_seconds"]
    buckets = [s for s in histogram.samples if s.name.endswith("_bucket")
               and s.labels["route"] == "/api/v1/places/{id}" and s.labels["method"] == "GET"]
    assert buckets[-1].labels["le"] == "+Inf" and buckets[-1].value == 3
    assert [b.value for b in buckets] == sorted(b.value for b in buckets)
    assert metrics["grubmap_sessions_created"].samples[0].value >= 1
    active = {s.labels["area"]: s.value for s in metrics["grubmap_check_ins_active"].samples}
    assert active["pnu-busan"] == 1 and active["san-jose-convention-center"] == 0
    pool = {s.labels["state"]: s.value for s in metrics["grubmap_database_connections"].samples}
    assert set(pool) == {"in_use", "idle"} and pool["idle"] >= 1 and pool["in_use"] >= 0
    assert metrics["grubmap_database_connections_max"].samples[0].value == 8
    assert metrics["grubmap_database_waiting"].samples[0].value == 0
    assert metrics["grubmap_database_query_errors"].samples[0].value == 0
    build = metrics["grubmap_build_info"].samples[0]
    assert build.value == 1 and build.labels["version"]


def test_metrics_refuse_what_they_should(serve):
    server = serve("sqlite")
    # Through a proxy on this machine, or from another address: not for the public by default.
    for header in ({"X-Forwarded-For": "203.0.113.9"}, {"Forwarded": "for=203.0.113.9"}, {"X-Real-IP": "203.0.113.9"}):
        status, headers, body = fetch(server.url("/metrics"), headers=header)
        assert status == 403 and json.loads(body)["error"]["code"] == "forbidden"
    assert fetch(server.url("/metrics"), method="POST", body=b"x")[0] == 405
    assert fetch(server.url("/metrics"), method="DELETE")[0] == 405
    status, _, body = fetch(server.url("/metrics?" + "&".join(f"a{n}=1" for n in range(300))))
    assert status == 400 and json.loads(body)["error"]["code"] == "bad_query"
    status, _, _ = fetch(server.url("/metrics?name[]=%00%0A&x=" + "y" * 4000))
    assert status == 200
    # Refusals changed nothing: the metrics still parse, and count the refusals by route.
    requests = {(s.labels["route"], s.labels["method"], s.labels["status"]): s.value
                for s in families(server)["grubmap_http_requests"].samples
                if s.name == "grubmap_http_requests_total"}
    assert requests[("/metrics", "GET", "403")] == 3


@pytest.mark.parametrize("access,expected", [("off", 404), ("public", 200)])
def test_metrics_access_flag(serve, access, expected):
    server = serve("sqlite", ["--metrics", access])
    assert fetch(server.url("/metrics"), headers={"X-Forwarded-For": "203.0.113.9"})[0] == expected


def test_json_log_lines_carry_request_ids(serve):
    server = serve("sqlite")
    status, headers, _ = fetch(server.url("/api/v1/areas"), headers={"X-Request-ID": "trace-42"})
    assert status == 200 and headers["X-Request-ID"] == "trace-42"
    status, headers, body = fetch(server.url("/api/v1/areas"), headers={"X-Request-ID": "no spaces please"})
    assert status == 400 and json.loads(body)["error"]["code"] == "bad_request_id"
    made = headers["X-Request-ID"]
    assert made and made != "no spaces please"
    # A raw request: a path with a line feed and a quote, as a hostile client sends it.
    connection = http.client.HTTPConnection(server.base.split("//")[1])
    connection.request("GET", '/places/x%0A%22%7D%7B%22level%22:%22error%22')
    connection.getresponse().read()
    status, _, _ = fetch(server.url("/places/nope"))
    lines = server.lines()  # each must parse as JSON
    access = [line for line in lines if "status" in line]
    first = next(line for line in access if line["requestId"] == "trace-42")
    assert first["route"] == "/api/v1/areas" and first["method"] == "GET" and first["status"] == 200
    assert isinstance(first["durationMs"], (int, float)) and first["level"] == "info"
    refused = next(line for line in access if line["requestId"] == made)
    assert refused["status"] == 400 and refused["error"].startswith("bad_request_id")
    hostile = next(line for line in access if line["path"].startswith("/places/x"))
    assert hostile["path"] == '/places/x\n"}{"level":"error"' and hostile["level"] == "info"
    missing = next(line for line in access if line["path"] == "/places/nope")
    assert missing["status"] == 404 and missing["route"] == "/places/{id}" and "not_found" in missing["error"]
    assert any(line.get("message", "").startswith("Grubmap is serving") for line in lines)
