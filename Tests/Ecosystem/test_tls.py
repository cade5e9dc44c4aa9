"""`grubmap serve --tls-cert --tls-key` on a real TLS connection (Python's ssl) with a throwaway certificate, its
plain-HTTP redirect, and certificate mistakes refused before anything starts. (Expiry is checked with an injected
clock in TLSCredentialCheckTests: Debian's openssl 3.0 cannot backdate a certificate.)"""

import json
import os
import socket
import ssl
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import grubmap_ready
from conftest import BINARY, ROOT


def make_certificate(folder, name="localhost", days=2):
    folder = Path(folder)
    key, certificate = folder / f"{name}-key.pem", folder / f"{name}-cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-days", str(days), "-subj", f"/CN={name}", "-addext",
                    f"subjectAltName=DNS:{name},IP:127.0.0.1", "-keyout", str(key), "-out", str(certificate)],
                   check=True, capture_output=True)
    return certificate, key


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_https_with_hsts_secure_cookies_and_a_redirect(serve, tmp_path):
    certificate, key = make_certificate(tmp_path)
    redirect_port = free_port()
    server = serve("sqlite", ["--tls-cert", str(certificate), "--tls-key", str(key),
                              "--http-redirect-port", str(redirect_port)])
    assert server.base.startswith("https://127.0.0.1:")
    context = ssl.create_default_context(cafile=str(certificate))
    with urllib.request.urlopen(server.url("/areas/pnu-busan"), context=context, timeout=10) as response:
        assert response.status == 200
        assert response.headers["Strict-Transport-Security"] == "max-age=15552000"
        cookies = response.headers.get_all("Set-Cookie")
        assert cookies and all("; Secure" in cookie for cookie in cookies)
    with urllib.request.urlopen(server.url("/api/v1/areas"), context=context, timeout=10) as response:
        assert json.load(response)["areas"]
    # Keep-alive over TLS: several requests on one connection, and one through a worker with a body.
    port = int(server.base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as raw, context.wrap_socket(raw, server_hostname="localhost") as tls:
        for _ in range(3):
            tls.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            head = b""
            while b"\r\n\r\n" not in head:
                head += tls.recv(4096)
            assert head.startswith(b"HTTP/1.1 200")
            length = int(head.split(b"Content-Length: ")[1].split(b"\r\n")[0])
            body = head.split(b"\r\n\r\n", 1)[1]
            while len(body) < length:
                body += tls.recv(4096)
        assert tls.version() in ("TLSv1.2", "TLSv1.3")
    # A client that does not trust the certificate is refused by its own TLS, not answered in plain text.
    with pytest.raises(urllib.error.URLError) as refused:
        urllib.request.urlopen(server.url("/healthz"), context=ssl.create_default_context(), timeout=10)
    assert isinstance(refused.value.reason, ssl.SSLCertVerificationError)
    # Plain HTTP to the TLS port gets no page.
    with socket.create_connection(("127.0.0.1", port)) as raw:
        raw.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        raw.settimeout(5)
        try:
            reply = raw.recv(4096)
        except (ConnectionResetError, TimeoutError):
            reply = b""
        assert b"<html" not in reply
    # The redirect listener sends plain HTTP to the same path over HTTPS, method kept.
    connection = socket.create_connection(("127.0.0.1", redirect_port))
    connection.sendall(b"POST /places/pnu-busan-geumjeong-hall?date=2026-12-01 HTTP/1.1\r\nHost: grubmap.local:80\r\n"
                       b"Content-Length: 0\r\n\r\n")
    reply = connection.recv(4096).decode()
    connection.close()
    assert reply.startswith("HTTP/1.1 308")
    assert f"Location: https://grubmap.local:{port}/places/pnu-busan-geumjeong-hall?date=2026-12-01" in reply
    # A hostile Host cannot bend the Location.
    connection = socket.create_connection(("127.0.0.1", redirect_port))
    connection.sendall(b"GET /x HTTP/1.1\r\nHost: evil.example/@x\r\n\r\n")
    reply = connection.recv(4096).decode()
    connection.close()
    assert f"Location: https://127.0.0.1:{port}/x" in reply


@pytest.mark.parametrize("mistake,message", [
    ("missing", "cannot read"),
    ("swapped", "holds a certificate, not a private key"),
    ("mismatch", "does not belong to the certificate"),
    ("garbage", "holds no PEM certificate"),
    ("key only", "go together"),
    ("redirect alone", "needs --tls-cert"),
])
def test_certificate_mistakes_are_named_and_nothing_starts(tmp_path, mistake, message):
    certificate, key = make_certificate(tmp_path)
    other_certificate, other_key = make_certificate(tmp_path, name="other")
    garbage = tmp_path / "garbage.pem"
    garbage.write_text("not a certificate\n")
    arguments = {
        "missing": ["--tls-cert", str(tmp_path / "nope.pem"), "--tls-key", str(key)],
        "swapped": ["--tls-cert", str(certificate), "--tls-key", str(certificate)],
        "mismatch": ["--tls-cert", str(certificate), "--tls-key", str(other_key)],
        "garbage": ["--tls-cert", str(garbage), "--tls-key", str(key)],
        "key only": ["--tls-key", str(key)],
        "redirect alone": ["--http-redirect-port", "8443"],
    }[mistake]
    database = tmp_path / "untouched.sqlite"
    result = subprocess.run([str(BINARY), "serve", "--port", "0", "--database", str(database), *arguments],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert not database.exists()  # refused before the database was opened


def test_make_run_tls_serves_with_a_certificate_a_phone_can_trust(tmp_path):
    """`make run-tls` (scripts/run-tls): the certificate it makes verifies against the CA file it tells people to
    put on their phone, for the addresses it prints, and plain HTTP is redirected."""
    redirect_port = free_port()
    environment = {**os.environ, "HOST": "127.0.0.1", "PORT": "0", "REDIRECT_PORT": str(redirect_port),
                   "DATABASE": str(tmp_path / "grubmap.sqlite"), "TLS_FOLDER": str(tmp_path / "tls")}
    log = tmp_path / "run-tls.log"
    with open(log, "w") as output:
        process, address = grubmap_ready.start([str(ROOT / "scripts" / "run-tls"), str(BINARY)], env=environment,
                                               stdout=output, stderr=subprocess.STDOUT)
    try:
        assert address.startswith("https://127.0.0.1:"), address
        text = log.read_text()
        assert "grubmap-demo-ca.crt" in text and "Certificate Trust Settings" in text and "CA certificate" in text
        authority = tmp_path / "tls" / "grubmap-demo-ca.crt"
        context = ssl.create_default_context(cafile=str(authority))
        with urllib.request.urlopen(address + "/healthz", context=context, timeout=10) as response:
            assert json.load(response)["status"] == "ok"
        host = socket.gethostname()
        with socket.create_connection(("127.0.0.1", int(address.rsplit(":", 1)[1]))) as raw:
            with context.wrap_socket(raw, server_hostname=host) as tls:  # the machine's name verifies too
                assert tls.version() in ("TLSv1.2", "TLSv1.3")
        with socket.create_connection(("127.0.0.1", redirect_port)) as raw:
            raw.sendall(b"GET /areas HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert raw.recv(4096).startswith(b"HTTP/1.1 308")
    finally:
        process.terminate()
        process.wait(timeout=20)
