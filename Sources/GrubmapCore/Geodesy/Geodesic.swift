// Geodesic distances on an ellipsoid of revolution.
//
// Solves the inverse geodesic problem by the method of C. F. F. Karney, "Algorithms for geodesics",
// J. Geodesy 87, 43–55 (2013), https://doi.org/10.1007/s00190-012-0578-z: series expansions to
// sixth order in the third flattening, Newton's method on the auxiliary sphere started from the
// astroid solution for nearly antipodal points, with a bisection fallback so that every pair of
// points converges. GeographicLib by Karney (MIT License, https://geographiclib.sourceforge.io),
// in particular geodesic.c `geod_geninverse` and geographiclib's `geodesic.py`, served as the
// reference; this is a port of its inverse-only path (no reduced length, scale or area outputs).

import Foundation

/// An ellipsoid of revolution and the geodesic computations on it.
///
/// Results agree with GeographicLib to within a few nanometres in distance for every pair of
/// points, including nearly antipodal ones. Values are cheap to copy and safe to share.
public struct Geodesic: Sendable {
    /// The WGS-84 ellipsoid: a = 6378137 m, f = 1/298.257223563.
    public static let wgs84 = Geodesic(equatorialRadiusMeters: 6_378_137, flattening: 1 / 298.257223563)

    /// The equatorial radius in metres.
    public let equatorialRadiusMeters: Double
    /// The flattening, (a − b) / a; negative for a prolate ellipsoid.
    public let flattening: Double

    private let f1: Double  // 1 - f
    private let ep2: Double  // second eccentricity squared, e2 / (1 - e2)
    private let n: Double  // third flattening, f / (2 - f)
    private let b: Double  // polar semi-axis
    private let etol2: Double  // threshold for the short-line shortcut
    private let a3x: SIMD8<Double>  // A3 as a polynomial in eps, highest power first (6 used)
    private let c3x: SIMD16<Double>  // C3[1...5] as polynomials in eps (15 used)

    /// Makes an ellipsoid from its equatorial radius (metres, positive) and flattening (below 1).
    public init(equatorialRadiusMeters a: Double, flattening f: Double) {
        precondition(a.isFinite && a > 0, "equatorial radius must be positive")
        precondition(f.isFinite && f < 1, "polar semi-axis must be positive")
        equatorialRadiusMeters = a
        flattening = f
        f1 = 1 - f
        ep2 = f * (2 - f) / (f1 * f1)
        n = f / (2 - f)
        b = a * f1
        etol2 = 0.1 * tol2 / (max(0.001, abs(f)) * min(1, 1 - f / 2) / 2).squareRoot()
        a3x = Self.a3Coefficients(n)
        c3x = Self.c3Coefficients(n)
    }

    /// Solves the inverse problem: the shortest path from `from` to `to` along the ellipsoid.
    ///
    /// Bearings are in degrees clockwise from north in [0, 360). At a pole the bearings follow
    /// GeographicLib's convention (the limit approaching the pole along the given meridian);
    /// for identical points the distance is 0.
    public func inverse(from: Coordinate, to: Coordinate) -> GeodesicInverse {
        inverse(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
    }

    /// The inverse problem on plain degrees; latitudes must be in [-90, 90], longitudes may be any finite value.
    func inverse(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> GeodesicInverse {
        let r = solveInverse(lat1, lon1, lat2, lon2)
        return GeodesicInverse(
            distanceMeters: r.s12,
            initialBearingDegrees: bearing(r.salp1, r.calp1),
            finalBearingDegrees: bearing(r.salp2, r.calp2))
    }
}

/// The solution of the inverse geodesic problem between two points.
public struct GeodesicInverse: Hashable, Sendable {
    /// Length of the geodesic in metres.
    public var distanceMeters: Double
    /// Direction of travel at the start, degrees clockwise from north in [0, 360).
    public var initialBearingDegrees: Double
    /// Direction of travel on arrival, degrees clockwise from north in [0, 360).
    public var finalBearingDegrees: Double

    /// Makes a result from its parts.
    public init(distanceMeters: Double, initialBearingDegrees: Double, finalBearingDegrees: Double) {
        self.distanceMeters = distanceMeters
        self.initialBearingDegrees = initialBearingDegrees
        self.finalBearingDegrees = finalBearingDegrees
    }
}

extension Coordinate {
    /// The geodesic (shortest) distance to `other` on the WGS-84 ellipsoid, in metres.
    public func distance(to other: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: self, to: other).distanceMeters
    }
}

// MARK: - Tolerances

private let tiny = 1.4916681462400413e-154  // sqrt(Double.leastNormalMagnitude)
private let tol0 = 2.220446049250313e-16  // Double.ulpOfOne
private let tol1 = 4.440892098500626e-14  // 200 * tol0
private let tol2 = 1.4901161193847656e-08  // sqrt(tol0)
private let tolb = tol0
private let xthresh = 1.4901161193847656e-05  // 1000 * tol2
private let maxit1 = 20
private let maxit2 = 83  // maxit1 + significand digits + 10

// MARK: - The inverse problem

/// Sines and cosines of azimuths, plus the distance, as produced by the solver.
private struct InverseSolution {
    var s12: Double, salp1: Double, calp1: Double, salp2: Double, calp2: Double
}

/// A point of the geodesic on the auxiliary sphere and what the final length computation needs.
private struct Hybrid {
    var lam12 = 0.0, salp2 = 0.0, calp2 = 0.0, sig12 = 0.0
    var ssig1 = 0.0, csig1 = 0.0, ssig2 = 0.0, csig2 = 0.0, eps = 0.0, dlam12 = 0.0
}

extension Geodesic {
    private func solveInverse(_ lat1In: Double, _ lon1: Double, _ lat2In: Double, _ lon2: Double) -> InverseSolution {
        // Make lon12 in [0, 180] and |lat1| >= |lat2| with lat1 <= 0; undo the symmetries at the end.
        var (lon12, lon12s) = angDiff(lon1, lon2)
        var lonsign = Double(signOf: lon12, magnitudeOf: 1)
        lon12 *= lonsign
        lon12s *= lonsign
        let lam12 = lon12 * (.pi / 180)
        let (slam12, clam12) = sincosde(lon12, lon12s)
        lon12s = (180 - lon12) - lon12s  // the supplementary longitude difference

        var lat1 = angRound(lat1In), lat2 = angRound(lat2In)
        let swapp: Double = abs(lat1) < abs(lat2) || lat2.isNaN ? -1 : 1
        if swapp < 0 {
            lonsign = -lonsign
            swap(&lat1, &lat2)
        }
        let latsign = Double(signOf: -lat1, magnitudeOf: 1)
        lat1 *= latsign
        lat2 *= latsign

        // Reduced latitudes.
        var (sbet1, cbet1) = sincosd(lat1)
        (sbet1, cbet1) = norm(f1 * sbet1, cbet1)
        cbet1 = max(tiny, cbet1)
        var (sbet2, cbet2) = sincosd(lat2)
        (sbet2, cbet2) = norm(f1 * sbet2, cbet2)
        cbet2 = max(tiny, cbet2)
        // Make equal |latitudes| exactly equal so the tests for meridional and antipodal cases work.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var s12x = 0.0
        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0
        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            // Along a meridian (or from a pole): the geodesic is the meridian if it is shortest.
            calp1 = clam12; salp1 = slam12
            calp2 = 1; salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            var sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
            var (s12b, m12b) = lengths(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1, ssig2: ssig2, csig2: csig2,
                dn2: dn2, reducedLength: true)
            if sig12 < tol2 || m12b >= 0 {
                if sig12 < 3 * tiny || (sig12 < tol0 && (s12b < 0 || m12b < 0)) {
                    sig12 = 0; m12b = 0; s12b = 0
                }
                s12x = s12b * b
            } else {
                meridian = false  // m12 < 0, i.e. prolate and too close to anti-podal
            }
        }

        if !meridian && sbet1 == 0 && (flattening <= 0 || lon12s >= flattening * 180) {
            // Along the equator.
            calp1 = 0; calp2 = 0; salp1 = 1; salp2 = 1
            s12x = equatorialRadiusMeters * lam12
        } else if !meridian {
            let start = inverseStart(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                lam12: lam12, slam12: slam12, clam12: clam12)
            salp1 = start.salp1; calp1 = start.calp1
            if start.sig12 >= 0 {
                // Short line: the start is already accurate enough.
                salp2 = start.salp2; calp2 = start.calp2
                s12x = start.sig12 * b * start.dnm
            } else {
                let h = newton(
                    sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                    slam12: slam12, clam12: clam12, salp1: &salp1, calp1: &calp1)
                salp2 = h.salp2; calp2 = h.calp2
                let (s12b, _) = lengths(
                    eps: h.eps, sig12: h.sig12, ssig1: h.ssig1, csig1: h.csig1, dn1: dn1,
                    ssig2: h.ssig2, csig2: h.csig2, dn2: dn2, reducedLength: false)
                s12x = s12b * b
            }
        }

        if swapp < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapp * lonsign; calp1 *= swapp * latsign
        salp2 *= swapp * lonsign; calp2 *= swapp * latsign
        return InverseSolution(s12: 0 + s12x, salp1: salp1, calp1: calp1, salp2: salp2, calp2: calp2)
    }

    /// Newton's method on alpha1 for lambda12(alpha1) = lam12, falling back to bisection on the
    /// bracket it maintains when a step fails or after `maxit1` iterations.
    private func newton(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        slam12: Double, clam12: Double, salp1: inout Double, calp1: inout Double
    ) -> Hybrid {
        var numit = 0
        var tripn = false, tripb = false
        var salp1a = tiny, calp1a = 1.0, salp1b = tiny, calp1b = -1.0  // bracket on alpha1
        while true {
            let h = lambda12(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12, diffp: numit < maxit1)
            let v = h.lam12
            // The test is reversed so that NaNs escape.
            if tripb || !(abs(v) >= (tripn ? 8 : 1) * tol0) || numit == maxit2 { return h }
            // Update the bracket.
            if v > 0 && (numit > maxit1 || calp1 / salp1 > calp1b / salp1b) {
                salp1b = salp1; calp1b = calp1
            } else if v < 0 && (numit > maxit1 || calp1 / salp1 < calp1a / salp1a) {
                salp1a = salp1; calp1a = calp1
            }
            numit += 1
            if numit < maxit1 && h.dlam12 > 0 {
                let dalp1 = -v / h.dlam12
                if abs(dalp1) < .pi {
                    let sdalp1 = sin(dalp1), cdalp1 = cos(dalp1)
                    let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                    if nsalp1 > 0 {
                        (salp1, calp1) = norm(nsalp1, calp1 * cdalp1 - salp1 * sdalp1)
                        // Near convergence, loosen the tolerance to avoid an extra iteration.
                        tripn = abs(v) <= 16 * tol0
                        continue
                    }
                }
            }
            // Bisect: Newton stepped out of range or the derivative is unusable.
            (salp1, calp1) = norm((salp1a + salp1b) / 2, (calp1a + calp1b) / 2)
            tripn = false
            tripb = abs(salp1a - salp1) + (calp1a - calp1) < tolb || abs(salp1 - salp1b) + (calp1 - calp1b) < tolb
        }
    }

    /// The starting guess for alpha1; also solves short lines outright (then `sig12 >= 0`).
    private func inverseStart(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> (sig12: Double, salp1: Double, calp1: Double, salp2: Double, calp2: Double, dnm: Double) {
        var sig12 = -1.0, salp2 = Double.nan, calp2 = Double.nan, dnm = Double.nan
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1  // sin(bet2 - bet1)
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1  // sin(bet2 + bet1)
        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double, comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * dnm)
            somg12 = sin(omg12); comg12 = cos(omg12)
        } else {
            somg12 = slam12; comg12 = clam12
        }
        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortline && ssig12 < etol2 {
            // Really short lines.
            salp2 = cbet1 * somg12
            calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            (salp2, calp2) = norm(salp2, calp2)
            sig12 = atan2(ssig12, csig12)  // short-line distance follows as sig12 * b * dnm
        } else if abs(n) >= 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // Nothing to do: the zeroth-order spherical approximation is fine.
        } else {
            // Nearly antipodal: scale to the astroid problem.
            let lam12x = atan2(-slam12, -clam12)  // lam12 - pi
            let x: Double, y: Double, lamscale: Double
            if flattening >= 0 {
                let k2 = sbet1 * sbet1 * ep2
                let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
                lamscale = flattening * cbet1 * a3f(eps) * .pi
                let betscale = lamscale * cbet1
                x = lam12x / lamscale
                y = sbet12a / betscale
            } else {
                let cbet12a = cbet2 * cbet1 - sbet2 * sbet1
                let bet12a = atan2(sbet12a, cbet12a)
                let (m12b, m0) = reducedLength(
                    eps: n, sig12: .pi + bet12a, ssig1: sbet1, csig1: -cbet1, dn1: dn1,
                    ssig2: sbet2, csig2: cbet2, dn2: dn2)
                x = -1 + m12b / (cbet1 * cbet2 * m0 * .pi)
                let betscale = x < -0.01 ? sbet12a / x : -flattening * cbet1 * cbet1 * .pi
                lamscale = betscale / cbet1
                y = lam12x / lamscale
            }
            if y > -tol1 && x > -1 - xthresh {
                // Strip near the cut: the astroid solution is not needed.
                if flattening >= 0 {
                    salp1 = min(1, -x); calp1 = -(1 - salp1 * salp1).squareRoot()
                } else {
                    calp1 = max(x > -tol1 ? 0 : -1, x); salp1 = (1 - calp1 * calp1).squareRoot()
                }
            } else {
                let k = astroid(x, y)
                let omg12a = lamscale * (flattening >= 0 ? -x * k / (1 + k) : -y * (1 + k) / k)
                somg12 = sin(omg12a); comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        if !(salp1 <= 0) {
            (salp1, calp1) = norm(salp1, calp1)
        } else {
            salp1 = 1; calp1 = 0
        }
        return (sig12, salp1, calp1, salp2, calp2, dnm)
    }

    /// The longitude difference (minus the target) reached by the geodesic leaving point 1 with
    /// azimuth alpha1, and, if `diffp`, its derivative with respect to alpha1.
    private func lambda12(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        salp1: Double, calp1 calp1In: Double, slam120: Double, clam120: Double, diffp: Bool
    ) -> Hybrid {
        var h = Hybrid()
        // Break the degeneracy of an equatorial line heading due north/south.
        let calp1 = sbet1 == 0 && calp1In == 0 ? -tiny : calp1In
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)  // > 0

        let somg1 = salp0 * sbet1, comg1 = calp1 * cbet1
        (h.ssig1, h.csig1) = norm(sbet1, comg1)

        h.salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
            let t = cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
            h.calp2 = ((calp1 * cbet1) * (calp1 * cbet1) + t).squareRoot() / cbet2
        } else {
            h.calp2 = abs(calp1)
        }
        let somg2 = salp0 * sbet2, comg2 = h.calp2 * cbet2
        (h.ssig2, h.csig2) = norm(sbet2, comg2)

        h.sig12 = atan2(max(0, h.csig1 * h.ssig2 - h.ssig1 * h.csig2) + 0, h.csig1 * h.csig2 + h.ssig1 * h.ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2) + 0
        let comg12 = comg1 * comg2 + somg1 * somg2
        // eta = omg12 - lam120, reduced to (-pi, pi].
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)

        let k2 = calp0 * calp0 * ep2
        h.eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3a = c3f(h.eps)
        let b312 = sinSeries(h.ssig2, h.csig2, c3a, count: 5) - sinSeries(h.ssig1, h.csig1, c3a, count: 5)
        let domg12 = -flattening * a3f(h.eps) * salp0 * (h.sig12 + b312)
        h.lam12 = eta + domg12

        if diffp {
            if h.calp2 == 0 {
                h.dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                let (m12b, _) = reducedLength(
                    eps: h.eps, sig12: h.sig12, ssig1: h.ssig1, csig1: h.csig1, dn1: dn1,
                    ssig2: h.ssig2, csig2: h.csig2, dn2: dn2)
                h.dlam12 = m12b * f1 / (h.calp2 * cbet2)
            }
        } else {
            h.dlam12 = .nan
        }
        return h
    }

    /// Distance and, if asked, reduced length (both scaled by 1/b) along a geodesic with parameter eps.
    @inline(__always)
    private func lengths(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double, reducedLength: Bool
    ) -> (s12b: Double, m12b: Double) {
        let a1m1 = a1m1f(eps), c1a = c1f(eps)
        let b1 = sinSeries(ssig2, csig2, c1a, count: 6) - sinSeries(ssig1, csig1, c1a, count: 6)
        let s12b = (1 + a1m1) * (sig12 + b1)
        guard reducedLength else { return (s12b, .nan) }
        let a2m1 = a2m1f(eps), c2a = c2f(eps)
        let b2 = sinSeries(ssig2, csig2, c2a, count: 6) - sinSeries(ssig1, csig1, c2a, count: 6)
        let j12 = (a1m1 - a2m1) * sig12 + ((1 + a1m1) * b1 - (1 + a2m1) * b2)
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b)
    }

    /// Reduced length alone (scaled by 1/b) and m0 = A1 - A2, combining the two series first.
    private func reducedLength(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double
    ) -> (m12b: Double, m0: Double) {
        let a1m1 = a1m1f(eps), a2m1 = a2m1f(eps)
        let m0 = a1m1 - a2m1
        let c12a = (1 + a1m1) * c1f(eps) - (1 + a2m1) * c2f(eps)
        let j12 = m0 * sig12 + (sinSeries(ssig2, csig2, c12a, count: 6) - sinSeries(ssig1, csig1, c12a, count: 6))
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (m12b, m0)
    }

    /// Converts an azimuth given by its sine and cosine to a bearing in [0, 360).
    private func bearing(_ sinAlpha: Double, _ cosAlpha: Double) -> Double {
        let degrees = atan2d(sinAlpha, cosAlpha) + 0  // (-180, 180], and -0 becomes 0
        guard degrees < 0 else { return degrees }
        let wrapped = degrees + 360
        return wrapped < 360 ? wrapped : 0
    }
}

// MARK: - Series (order 6 in the third flattening n and in eps)

extension Geodesic {
    /// A3 as a polynomial in eps whose coefficients are polynomials in n; highest power first.
    private static func a3Coefficients(_ n: Double) -> SIMD8<Double> {
        let coeff: [Double] = [-3, 128, -2, -3, 64, -1, -3, -1, 16, 3, -1, -2, 8, 1, -1, 2, 1, 1]
        var result = SIMD8<Double>(), o = 0
        for (k, j) in (0..<6).reversed().enumerated() {  // k indexes the coefficient of eps^j
            let m = min(6 - j - 1, j)
            result[k] = polyval(coeff, from: o, degree: m, n) / coeff[o + m + 1]
            o += m + 2
        }
        return result
    }

    /// C3[l], l = 1...5, as polynomials in eps with coefficients polynomials in n.
    private static func c3Coefficients(_ n: Double) -> SIMD16<Double> {
        let coeff: [Double] = [
            3, 128, 2, 5, 128, -1, 3, 3, 64, -1, 0, 1, 8, -1, 1, 4,
            5, 256, 1, 3, 128, -3, -2, 3, 64, 1, -3, 2, 32,
            7, 512, -10, 9, 384, 5, -9, 5, 192,
            7, 512, -14, 7, 512,
            21, 2560,
        ]
        var result = SIMD16<Double>(), o = 0, k = 0
        for l in 1..<6 {
            for j in (l..<6).reversed() {
                let m = min(6 - j - 1, j)
                result[k] = polyval(coeff, from: o, degree: m, n) / coeff[o + m + 1]
                k += 1
                o += m + 2
            }
        }
        return result
    }

    private static func polyval(_ p: [Double], from start: Int, degree: Int, _ x: Double) -> Double {
        var y = p[start]
        for i in stride(from: start + 1, through: start + degree, by: 1) { y = y * x + p[i] }
        return y
    }

    @inline(__always)
    private func a3f(_ eps: Double) -> Double {
        var y = a3x[0]
        for i in 1..<6 { y = y * eps + a3x[i] }
        return y
    }

    /// C3[1...5] at eps (index 0 unused).
    @inline(__always)
    private func c3f(_ eps: Double) -> SIMD8<Double> {
        var c = SIMD8<Double>(), mult = 1.0, o = 0
        for l in 1..<6 {
            let m = 6 - l - 1
            mult *= eps
            var y = c3x[o]
            for i in 0..<m { y = y * eps + c3x[o + 1 + i] }
            c[l] = mult * y
            o += m + 1
        }
        return c
    }
}

/// A1 - 1, the distance scale factor minus one.
@inline(__always)
private func a1m1f(_ eps: Double) -> Double {
    let e2 = eps * eps
    let t = e2 * (e2 * (e2 + 4) + 64) / 256
    return (t + eps) / (1 - eps)
}

/// A2 - 1.
@inline(__always)
private func a2m1f(_ eps: Double) -> Double {
    let e2 = eps * eps
    let t = e2 * (e2 * (-11 * e2 - 28) - 192) / 256
    return (t - eps) / (1 + eps)
}

/// C1[1...6] at eps (index 0 unused).
@inline(__always)
private func c1f(_ eps: Double) -> SIMD8<Double> {
    let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2
    return SIMD8(
        0,
        eps * (e2 * (6 - e2) - 16) / 32,
        e2 * (e2 * (64 - 9 * e2) - 128) / 2048,
        e3 * (9 * e2 - 16) / 768,
        e4 * (3 * e2 - 5) / 512,
        e4 * eps * -7 / 1280,
        e4 * e2 * -7 / 2048,
        0)
}

/// C2[1...6] at eps (index 0 unused).
@inline(__always)
private func c2f(_ eps: Double) -> SIMD8<Double> {
    let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2
    return SIMD8(
        0,
        eps * (e2 * (e2 + 2) + 16) / 32,
        e2 * (e2 * (35 * e2 + 64) + 384) / 2048,
        e3 * (15 * e2 + 80) / 768,
        e4 * (7 * e2 + 35) / 512,
        e4 * eps * 63 / 1280,
        e4 * e2 * 77 / 2048,
        0)
}

/// Clenshaw summation of sum(c[l] * sin(2 l x), l = 1...count).
@inline(__always)
private func sinSeries(_ sinx: Double, _ cosx: Double, _ c: SIMD8<Double>, count: Int) -> Double {
    let ar = 2 * (cosx - sinx) * (cosx + sinx)  // 2 cos(2x)
    var k = count + 1, pairs = count / 2
    var y0 = 0.0, y1 = 0.0
    if count & 1 != 0 {
        k -= 1
        y0 = c[k]
    }
    while pairs > 0 {
        pairs -= 1
        k -= 1
        y1 = ar * y0 - y1 + c[k]
        k -= 1
        y0 = ar * y1 - y0 + c[k]
    }
    return 2 * sinx * cosx * y0  // sin(2x) * y0
}

/// Solves the astroid equation k^4 + 2 k^3 - (x^2 + y^2 - 1) k^2 - 2 y^2 k - y^2 = 0 for its positive root.
private func astroid(_ x: Double, _ y: Double) -> Double {
    let p = x * x, q = y * y
    let r = (p + q - 1) / 6
    guard !(q == 0 && r <= 0) else { return 0 }
    let s = p * q / 4
    let r2 = r * r, r3 = r * r2
    let disc = s * (s + 2 * r3)  // the discriminant of the cubic for the resolvent
    var u = r
    if disc >= 0 {
        var t3 = s + r3
        t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()  // avoid cancellation
        let t = cbrt(t3)
        u += t + (t != 0 ? r2 / t : 0)
    } else {
        let ang = atan2((-disc).squareRoot(), -(s + r3))  // the cubic has three real roots
        u += 2 * r * cos(ang / 3)
    }
    let v = (u * u + q).squareRoot()
    let uv = u < 0 ? q / (v - u) : u + v
    let w = (uv - q) / (2 * v)
    return uv / ((uv + w * w).squareRoot() + w)
}

// MARK: - Angles in degrees

@inline(__always)
private func norm(_ x: Double, _ y: Double) -> (Double, Double) {
    let r = hypot(x, y)
    return (x / r, y / r)
}

/// Error-free sum: s + t == u + v exactly.
@inline(__always)
private func errorFreeSum(_ u: Double, _ v: Double) -> (s: Double, t: Double) {
    let s = u + v
    var up = s - v, vpp = s - up
    up -= u
    vpp -= v
    return (s, s == 0 ? s : 0 - (up + vpp))
}

/// Rounds tiny angles so that they underflow to zero, avoiding trouble near the equator.
@inline(__always)
private func angRound(_ x: Double) -> Double {
    let z = 1.0 / 16
    var y = abs(x)
    if y < z { y = z - (z - y) }
    return Double(signOf: x, magnitudeOf: y)
}

/// y - x reduced to [-180, 180] exactly, as a sum d + t.
private func angDiff(_ x: Double, _ y: Double) -> (d: Double, t: Double) {
    var (d, t) = errorFreeSum((-x).remainder(dividingBy: 360), y.remainder(dividingBy: 360))
    (d, t) = errorFreeSum(d.remainder(dividingBy: 360), t)
    if d == 0 || abs(d) == 180 {
        d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
    }
    return (d, t)
}

/// Applies a quarter-turn count q to (sin r, cos r) and fixes the signs of zeros.
@inline(__always)
private func quadrant(_ s: Double, _ c: Double, _ q: Int, _ x: Double) -> (sin: Double, cos: Double) {
    var (s, c) = (s, c)
    switch q & 3 {
    case 1: (s, c) = (c, -s)
    case 2: (s, c) = (-s, -c)
    case 3: (s, c) = (-c, s)
    default: break
    }
    c += 0
    if s == 0 { s = Double(signOf: x, magnitudeOf: s) }
    return (s, c)
}

/// Sine and cosine of x degrees, exact at multiples of 90.
private func sincosd(_ x: Double) -> (sin: Double, cos: Double) {
    var r = x.truncatingRemainder(dividingBy: 360)
    let q = r.isNaN ? 0 : Int((r / 90).rounded(.toNearestOrEven))
    r = (r - 90 * Double(q)) * (.pi / 180)
    return quadrant(sin(r), cos(r), q, x)
}

/// Sine and cosine of (x + t) degrees for x in [-180, 180] and a small correction t.
private func sincosde(_ x: Double, _ t: Double) -> (sin: Double, cos: Double) {
    let q = x.isFinite ? Int((x / 90).rounded(.toNearestOrEven)) : 0
    let r = angRound(x - 90 * Double(q) + t) * (.pi / 180)
    return quadrant(sin(r), cos(r), q, x)
}

/// atan2(y, x) in degrees in (-180, 180], exact at multiples of 45.
private func atan2d(_ yIn: Double, _ xIn: Double) -> Double {
    var (x, y) = (xIn, yIn), q = 0
    if abs(y) > abs(x) {
        q = 2
        swap(&x, &y)
    }
    if x < 0 {
        q += 1
        x = -x
    }
    let ang = atan2(y, x) * (180 / .pi)
    switch q {
    case 1: return Double(signOf: y, magnitudeOf: 180) - ang
    case 2: return 90 - ang
    case 3: return -90 + ang
    default: return ang
    }
}
