#!/usr/bin/env python3
"""Generate reference cases for Grubmap's geodesic inverse solver.

Usage: geodesic-cases.py COUNT SEED > cases.tsv

Each output line is "lat1 lon1 lat2 lon2 s12 azi1 azi2" (space separated, degrees and metres,
printed with repr so every value round-trips exactly), solved on WGS-84 by the PyPI package
geographiclib (Geodesic.WGS84.Inverse), which is the reference implementation of Karney's method.
Latitudes are in [-90, 90] and longitudes in [-180, 180]. The output depends only on COUNT and
SEED. The mix covers global pairs, short lines, nearly and exactly antipodal points, the poles,
the date line, the equator, meridians and identical points.
"""

import math
import random
import sys

try:
    from geographiclib.geodesic import Geodesic
except ImportError:
    sys.exit("geodesic-cases.py needs geographiclib: pip install geographiclib")

WGS84 = Geodesic.WGS84


def norm_lon(lon):
    """Reduce a longitude to [-180, 180]."""
    return math.remainder(lon, 360.0)


def clamp_lat(lat):
    return max(-90.0, min(90.0, lat))


def random_lat(rng):
    """A latitude uniformly distributed over the sphere's area."""
    return math.degrees(math.asin(rng.uniform(-1.0, 1.0)))


def random_lon(rng):
    return rng.uniform(-180.0, 180.0)


def log_uniform(rng, low_exp, high_exp):
    """10**u with u uniform in [low_exp, high_exp]."""
    return 10.0 ** rng.uniform(low_exp, high_exp)


def small_offset(rng, low_exp, high_exp):
    """A signed offset spanning many orders of magnitude, sometimes exactly zero."""
    if rng.random() < 0.15:
        return 0.0
    return rng.choice((-1.0, 1.0)) * log_uniform(rng, low_exp, high_exp)


def global_pair(rng):
    return random_lat(rng), random_lon(rng), random_lat(rng), random_lon(rng)


def offset_pair(rng, max_exp):
    """Point 2 a distance 10**u metres (u <= max_exp) from point 1 in a random direction."""
    lat1, lon1 = random_lat(rng), random_lon(rng)
    if rng.random() < 0.1:
        lat1 = rng.choice((-1.0, 1.0)) * (90.0 - log_uniform(rng, -9, 0))
    s12 = log_uniform(rng, max_exp - 6, max_exp)
    direct = WGS84.Direct(lat1, lon1, rng.uniform(-180.0, 180.0), s12)
    return lat1, lon1, clamp_lat(direct["lat2"]), norm_lon(direct["lon2"])


def short_pair(rng):
    return offset_pair(rng, 3)  # below 1 km


def tiny_pair(rng):
    return offset_pair(rng, 0)  # below 1 m


def antipodal_pair(rng):
    """Nearly antipodal: lat2 ~ -lat1, lon2 ~ lon1 + 180, within the astroid region and beyond."""
    roll = rng.random()
    if roll < 0.15:
        lat1 = 0.0
    elif roll < 0.3:
        lat1 = rng.choice((-1.0, 1.0)) * log_uniform(rng, -12, 0)
    else:
        lat1 = random_lat(rng)
    lon1 = random_lon(rng)
    if rng.random() < 0.1:  # exactly antipodal
        return lat1, lon1, -lat1, norm_lon(lon1 + 180.0)
    lat2 = clamp_lat(-lat1 + small_offset(rng, -12, 0))
    lon2 = norm_lon(lon1 + 180.0 + small_offset(rng, -12, 0.3))
    return lat1, lon1, lat2, lon2


def polar_pair(rng):
    def polar_lat():
        roll = rng.random()
        sign = rng.choice((-1.0, 1.0))
        if roll < 0.4:
            return sign * 90.0
        return sign * (90.0 - log_uniform(rng, -12, 0))
    lat1, lon1 = polar_lat(), random_lon(rng)
    roll = rng.random()
    if roll < 0.4:
        lat2, lon2 = random_lat(rng), random_lon(rng)
    elif roll < 0.8:
        lat2, lon2 = polar_lat(), random_lon(rng)
    else:
        lat2, lon2 = -lat1, norm_lon(lon1 + 180.0 + small_offset(rng, -10, 0))
    return (lat1, lon1, lat2, lon2) if rng.random() < 0.5 else (lat2, lon2, lat1, lon1)


def date_line_pair(rng):
    lon1 = 180.0 - log_uniform(rng, -10, 0)
    lon2 = -180.0 + log_uniform(rng, -10, 0)
    if rng.random() < 0.2:
        lon2 = rng.choice((180.0, -180.0))
    lat1 = random_lat(rng)
    lat2 = lat1 + small_offset(rng, -8, 1) if rng.random() < 0.5 else random_lat(rng)
    lat2 = clamp_lat(lat2)
    if rng.random() < 0.5:
        lon1, lon2 = -lon1, -lon2
    return lat1, lon1, lat2, lon2


def equator_pair(rng):
    lon1 = random_lon(rng)
    roll = rng.random()
    if roll < 0.4:  # around the point where the shortest path leaves the equator
        lon12 = 180.0 - log_uniform(rng, -10, 0.3)
    elif roll < 0.5:
        lon12 = 180.0
    else:
        lon12 = rng.uniform(0.0, 180.0)
    return 0.0, lon1, 0.0, norm_lon(lon1 + rng.choice((-1.0, 1.0)) * lon12)


def meridian_pair(rng):
    lon1 = random_lon(rng)
    roll = rng.random()
    if roll < 0.5:
        lon2 = lon1
    elif roll < 0.8:
        lon2 = norm_lon(lon1 + 180.0)
    else:
        lon2 = norm_lon(lon1 + small_offset(rng, -12, -3))
    return random_lat(rng), lon1, random_lat(rng), lon2


def identical_pair(rng):
    roll = rng.random()
    if roll < 0.2:
        lat = rng.choice((-90.0, 0.0, 90.0))
    else:
        lat = random_lat(rng)
    lon = random_lon(rng) if rng.random() < 0.8 else rng.choice((-180.0, 0.0, 180.0))
    return lat, lon, lat, lon


# Each cycle of the schedule holds every kind at least once, so short outputs still cover them all.
SCHEDULE = [
    global_pair, antipodal_pair, short_pair, polar_pair, tiny_pair, date_line_pair,
    global_pair, antipodal_pair, equator_pair, meridian_pair, global_pair, antipodal_pair,
    short_pair, polar_pair, identical_pair, antipodal_pair, global_pair, date_line_pair,
    equator_pair, meridian_pair,
]


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: geodesic-cases.py COUNT SEED > cases.tsv")
    count, seed = int(argv[1]), int(argv[2])
    rng = random.Random(seed)
    out = sys.stdout
    for i in range(count):
        lat1, lon1, lat2, lon2 = SCHEDULE[i % len(SCHEDULE)](rng)
        lat1, lat2 = clamp_lat(lat1) + 0.0, clamp_lat(lat2) + 0.0
        lon1, lon2 = norm_lon(lon1) + 0.0, norm_lon(lon2) + 0.0
        r = WGS84.Inverse(lat1, lon1, lat2, lon2)
        out.write(" ".join(repr(float(v)) for v in (lat1, lon1, lat2, lon2, r["s12"], r["azi1"], r["azi2"])))
        out.write("\n")


if __name__ == "__main__":
    main(sys.argv)
