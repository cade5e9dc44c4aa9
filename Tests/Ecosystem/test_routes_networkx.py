"""Walking routes against networkx (issue 33): a generated street grid as an OpenStreetMap extract, imported with
`grubmap import basemap`, routed with `grubmap route` between random junctions, and the same graph's shortest
paths by networkx's Dijkstra, each street's length the WGS-84 geodesic in whole centimetres (GeographicLib, as
Grubmap measures it). An island of streets not joined to the rest has no route in either."""

import random
import re
import subprocess

import networkx
from geographiclib.geodesic import Geodesic

from conftest import BINARY

AREA = "pnu-busan"
SIDE = 12


def street_grid(seed):
    """Junctions (id → (lat, lon)) and the streets between them (pairs of ids), and an island of two."""
    rng = random.Random(seed)
    nodes = {}
    for row in range(SIDE):
        for column in range(SIDE):
            nodes[row * SIDE + column + 1] = (
                round(35.2305 + row * 0.0005 + rng.uniform(0, 0.0001), 7),
                round(129.0785 + column * 0.0006 + rng.uniform(0, 0.0001), 7),
            )
    streets = []
    for row in range(SIDE):
        for column in range(SIDE):
            here = row * SIDE + column + 1
            if column + 1 < SIDE and rng.random() < 0.85:
                streets.append((here, here + 1))
            if row + 1 < SIDE and rng.random() < 0.85:
                streets.append((here, here + SIDE))
    island = (10_001, 10_002)
    nodes[island[0]] = (35.2395, 129.0870)
    nodes[island[1]] = (35.2399, 129.0870)
    streets.append(island)
    return nodes, streets


def extract(nodes, streets):
    lines = ["<?xml version='1.0' encoding='UTF-8'?>", "<osm version='0.6' generator='grubmap tests'>"]
    for node_id in sorted(nodes):
        latitude, longitude = nodes[node_id]
        lines.append(f"<node id='{node_id}' version='1' lat='{latitude}' lon='{longitude}'/>")
    for way_id, (a, b) in enumerate(streets, start=1):
        lines.append(f"<way id='{way_id}' version='1'><nd ref='{a}'/><nd ref='{b}'/>"
                     "<tag k='highway' v='footway'/></way>")
    lines.append("</osm>")
    return "\n".join(lines) + "\n"


def centimetres(nodes, a, b):
    (lat1, lon1), (lat2, lon2) = nodes[a], nodes[b]
    return round(Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2)["s12"] * 100)


def route(database, a, b):
    """`grubmap route` between two points: (metres, None) or (None, its message)."""
    result = subprocess.run(
        [str(BINARY), "route", f"{a[0]},{a[1]}", f"{b[0]},{b[1]}", "--area", AREA, "--database", database],
        capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        return None, result.stderr.strip()
    return float(re.match(r"([0-9.]+) m,", result.stdout).group(1)), None


def test_routes_equal_networkx_dijkstra(serve, tmp_path):
    server = serve()  # makes the database with the demo areas
    database = server.database
    server.stop()
    nodes, streets = street_grid(33)
    path = tmp_path / "grid.osm"
    path.write_text(extract(nodes, streets))
    subprocess.run([str(BINARY), "import", "basemap", str(path), "--area", AREA, "--database", database],
                   check=True, capture_output=True, timeout=120)

    graph = networkx.Graph()
    for a, b in streets:
        graph.add_edge(a, b, weight=centimetres(nodes, a, b))
    rng = random.Random(7)
    grid = [node_id for node_id in nodes if node_id < 10_000]
    compared = 0
    for _ in range(30):
        a, b = rng.choice(grid), rng.choice(grid)
        metres, problem = route(database, nodes[a], nodes[b])
        if not networkx.has_path(graph, a, b):
            assert metres is None and "no route" in problem, (a, b, metres, problem)
            continue
        expected = networkx.dijkstra_path_length(graph, a, b) / 100
        assert metres is not None, (a, b, problem)
        # Both sum the same whole centimetres; one centimetre of rounding per street at most.
        steps = len(networkx.dijkstra_path(graph, a, b))
        assert abs(metres - expected) <= 0.01 * steps, (a, b, metres, expected)
        compared += 1
    assert compared >= 20

    metres, problem = route(database, nodes[grid[0]], nodes[10_001])
    assert metres is None and "no route" in problem
