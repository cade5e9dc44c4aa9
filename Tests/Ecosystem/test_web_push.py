"""Web Push end to end: a real `grubmap serve` sends a followed dish's message to a push service of the test's own on
127.0.0.1 (allowed with --allow-outbound), which checks the VAPID JWT with `cryptography`, decrypts the body with
`http_ece` using the subscription's private key, answers 201 for one endpoint and 410 for another, which must then
be gone. Bad subscriptions are refused with 400 naming the field, and nothing is stored."""

import base64
import json
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from zoneinfo import ZoneInfo

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """Answers POST /push/NAME with 410 for names starting "gone", else 201, and keeps what each request carried."""

    def __init__(self):
        self.received = []
        self.arrived = threading.Condition()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                with service.arrived:
                    service.received.append((self.path, dict(self.headers), body))
                    service.arrived.notify_all()
                self.send_response(410 if self.path.startswith("/push/gone") else 201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, count, seconds=30):
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.received) >= count, timeout=seconds)
        return list(self.received)


class Browser:
    """What a browser's PushManager makes: a P-256 key pair and an auth secret."""

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.auth = bytes(range(16))

    def subscription(self):
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64(self.public), "auth": b64(self.auth)}}


def call(server, method, path, token=None, body=None):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(server.url(path), data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def set_clock(path, instant):
    path.write_text(str(instant.timestamp() - time.time()))


def followed_meal(server, area, day):
    """A place of the area and a meal with a dish on its menu of `day`."""
    _, places = call(server, "GET", f"/api/v1/areas/{area}/places")
    for place in places["places"]:
        _, menu = call(server, "GET", f"/api/v1/places/{place['id']}/menu?date={day}")
        for category in menu.get("categories", []):
            for meal in category["meals"]:
                if meal.get("dishId"):
                    return place, meal
    raise AssertionError(f"no meal with a dish in {area} on {day}")


def push_counts(server):
    with urllib.request.urlopen(server.url("/metrics"), timeout=20) as response:
        lines = response.read().decode().splitlines()
    counts = {}
    for line in lines:
        if line.startswith("grubmap_push_messages_total{"):
            name, value = line.split(" ")
            counts[name.split('"')[1]] = int(float(value))
    return counts


def wait_for_counts(server, **expected):
    """/metrics' push counts once they reach `expected`, read again as the sender's threads finish."""
    deadline = time.monotonic() + 30
    while True:
        counts = push_counts(server)
        if all(counts.get(name, 0) >= value for name, value in expected.items()) or time.monotonic() > deadline:
            return counts


def check_vapid(headers, public_key, audience, now):
    scheme, _, rest = headers["Authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert fields["k"] == public_key
    header, claims, signature = fields["t"].split(".")
    assert json.loads(unb64(header)) == {"typ": "JWT", "alg": "ES256"}
    claims = json.loads(unb64(claims))
    assert claims["aud"] == audience
    assert claims["sub"].startswith("mailto:") or claims["sub"].startswith("https:")
    assert now < claims["exp"] <= now + 24 * 3600
    raw = unb64(signature)
    assert len(raw) == 64
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
               f"{header}.{fields['t'].split('.')[1]}".encode(), ec.ECDSA(hashes.SHA256()))


def test_a_followed_dish_is_pushed_encrypted_and_a_gone_subscription_is_deleted(serve, tmp_path):
    push = PushService()
    seoul = ZoneInfo("Asia/Seoul")
    day = datetime.now(seoul).date() + timedelta(days=1)
    while day.weekday() >= 5:
        day += timedelta(days=1)
    clock = tmp_path / "clock"
    set_clock(clock, datetime(day.year, day.month, day.day, 8, 0, tzinfo=seoul))
    server = serve(args=["--allow-outbound", push.origin + "/push/", "--test-clock-file", str(clock),
                         "--push-contact", "mailto:food@example.edu"])

    _, areas = call(server, "GET", "/api/v1/areas")
    area = next(a["id"] for a in areas["areas"] if a["timeZone"] == "Asia/Seoul")
    place, meal = followed_meal(server, area, day.isoformat())
    status, key = call(server, "GET", "/api/v1/push/key")
    assert status == 200 and len(unb64(key["publicKey"])) == 65

    _, session = call(server, "POST", "/api/v1/sessions")
    token = session["token"]
    assert call(server, "PUT", f"/api/v1/me/followed-dishes/{meal['dishId']}", token)[0] == 204
    assert call(server, "PATCH", "/api/v1/me/preferences", token, {"language": "en"})[0] == 200

    # Bad subscriptions: 400 naming the field, nothing stored.
    good = Browser(push.origin + "/push/kept")
    for body, field in [
        (b"{not json", None),
        ({"endpoint": good.endpoint}, "keys"),
        ({**good.subscription(), "endpoint": "http://push.example.net/x"}, "endpoint"),
        ({**good.subscription(), "endpoint": "https://10.1.2.3/x"}, "endpoint"),
        ({**good.subscription(), "endpoint": "https://[::1]/x"}, "endpoint"),
        ({**good.subscription(), "keys": {"p256dh": b64(good.public[:64]), "auth": b64(good.auth)}}, "keys.p256dh"),
        ({**good.subscription(), "keys": {"p256dh": b64(b"\x04" + bytes(64)), "auth": b64(good.auth)}},
         "keys.p256dh"),
        ({**good.subscription(), "keys": {"p256dh": b64(good.public), "auth": b64(good.auth[:8])}}, "keys.auth"),
    ]:
        status, answer = call(server, "POST", "/api/v1/me/push-subscriptions", token, body)
        assert status == 400, (body, answer)
        if field:
            assert answer["error"]["code"] == "invalid_subscription"
            assert answer["error"]["message"].startswith(field), answer
    assert call(server, "GET", "/api/v1/me/push-subscriptions", token) == (200, {"endpoints": []})

    # Before the area's hour (10:00 by default) nothing is sent; at noon the next run sends.
    gone = Browser(push.origin + "/push/gone")
    for browser in (good, gone):
        status, answer = call(server, "POST", "/api/v1/me/push-subscriptions", token, browser.subscription())
        assert (status, answer) == (201, {"endpoint": browser.endpoint, "subscribed": True})
    noon = datetime(day.year, day.month, day.day, 12, 0, tzinfo=seoul)
    set_clock(clock, noon)
    # Subscribing again (the same endpoint, replaced) wakes the sender.
    assert call(server, "POST", "/api/v1/me/push-subscriptions", token, good.subscription())[0] == 201

    received = push.wait_for(2)
    assert sorted(path for path, _, _ in received) == ["/push/gone", "/push/kept"], received
    for path, headers, body in received:
        check_vapid(headers, key["publicKey"], push.origin, noon.timestamp())
        assert headers["Content-Encoding"] == "aes128gcm"
        assert int(headers["TTL"]) > 0 and headers["Urgency"] == "normal"
        browser = good if path == "/push/kept" else gone
        message = json.loads(http_ece.decrypt(body, private_key=browser.key, auth_secret=browser.auth,
                                              version="aes128gcm"))
        # The dish by its English name at the place, as the board's strip says it.
        assert f" at {place['name']}" in message["body"], message
        assert message["title"] == "A dish you follow is on today's menu"
        assert message["url"].startswith(f"/areas/{area}/menus")

    # 410: the subscription is gone (deleted once the answer is in, which /metrics counts); the other stays.
    assert wait_for_counts(server, sent=1, gone=1) == {"sent": 1, "gone": 1, "failed": 0}
    assert call(server, "GET", "/api/v1/me/push-subscriptions", token) == (200, {"endpoints": [good.endpoint]})

    status, answer = call(server, "DELETE", f"/api/v1/me/push-subscriptions?endpoint={good.endpoint}", token)
    assert (status, answer) == (200, {"endpoint": good.endpoint, "subscribed": False})
    assert call(server, "GET", "/api/v1/me/push-subscriptions", token) == (200, {"endpoints": []})
