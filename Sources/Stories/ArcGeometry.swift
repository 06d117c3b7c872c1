import Foundation

/// An elliptical arc in centre form, from its endpoint form (SVG 1.1 implementation notes F.6.5),
/// with out-of-range radii scaled up (F.6.6).
///
/// The computation works in the unit space of the ellipse: with a = x₁′/rx and b = y₁′/ry, F.6.5's
/// radicand (rx²ry² − rx²y₁′² − ry²x₁′²) / (rx²y₁′² + ry²x₁′²) is (1 − a² − b²) / (a² + b²), so no
/// fourth powers of coordinates are formed and large drawings do not overflow.
struct ArcGeometry: Hashable, Sendable {
    let center: SVGPoint
    /// The radii after F.6.6's correction: positive, and large enough to reach both endpoints.
    let radiusX: Double
    let radiusY: Double
    /// The rotation φ of the ellipse's x axis, in radians.
    let rotation: Double
    /// θ₁, radians.
    let startAngle: Double
    /// Δθ, radians: positive with the sweep flag, negative without, |Δθ| ≤ 2π.
    let sweepAngle: Double

    /// Nil when F.6.2 makes the arc something else: equal endpoints (the arc is omitted) or a zero
    /// radius (a straight line); also when the ellipse is so eccentric that its centre form
    /// overflows a `Double` (no finite box exists), which is then measured as that line.
    init?(from start: SVGPoint, radiusX: Double, radiusY: Double, rotation degrees: Double,
          largeArc: Bool, sweep: Bool, to end: SVGPoint) {
        guard start != end else { return nil }
        var rx = abs(radiusX)
        var ry = abs(radiusY)
        guard rx > 0, ry > 0 else { return nil }
        let phi = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi)
        let sinPhi = sin(phi)
        // F.6.5.1: the start in a frame centred between the endpoints, aligned with the ellipse.
        let halfDX = start.x / 2 - end.x / 2
        let halfDY = start.y / 2 - end.y / 2
        let x1 = cosPhi * halfDX + sinPhi * halfDY
        let y1 = -sinPhi * halfDX + cosPhi * halfDY
        var a = x1 / rx
        var b = y1 / ry
        // F.6.6: Λ = a² + b²; above 1 no ellipse of these radii reaches both ends, so scale by √Λ,
        // and the centre falls on the midpoint.
        let root = hypot(a, b)
        var coefficient = 0.0
        if root >= 1 {
            rx *= root
            ry *= root
            a /= root
            b /= root
        } else {
            // F.6.5.2: the centre's sign is − when fA = fS.
            coefficient = ((1 - root * root) / (root * root)).squareRoot()
            if largeArc == sweep { coefficient = -coefficient }
        }
        let centerX1 = coefficient * rx * b
        let centerY1 = -coefficient * ry * a
        // F.6.5.3: back to user space.
        let center = SVGPoint(x: cosPhi * centerX1 - sinPhi * centerY1 + (start.x / 2 + end.x / 2),
                              y: sinPhi * centerX1 + cosPhi * centerY1 + (start.y / 2 + end.y / 2))
        // F.6.5.4: the endpoints on the unit circle, u = ((x₁′ − cx′)/rx, (y₁′ − cy′)/ry), v likewise.
        let ux = a - coefficient * b
        let uy = b + coefficient * a
        let vx = -a - coefficient * b
        let vy = -b + coefficient * a
        var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        guard rx.isFinite, ry.isFinite, center.x.isFinite, center.y.isFinite, ux.isFinite, uy.isFinite,
              delta.isFinite else { return nil }
        self.center = center
        self.radiusX = rx
        self.radiusY = ry
        self.rotation = phi
        self.startAngle = atan2(uy, ux)
        self.sweepAngle = delta
    }

    /// The ellipse's extreme x and y values that lie on the arc (the endpoints are the caller's).
    ///
    /// x(θ) = cx + rx·cosφ·cosθ − ry·sinφ·sinθ is extreme at θ = atan2(−ry·sinφ, rx·cosφ), where
    /// it is cx + hypot(rx·cosφ, ry·sinφ), and half a turn later, at cx − that; y likewise at
    /// θ = atan2(ry·cosφ, rx·sinφ) with cy ± hypot(rx·sinφ, ry·cosφ).
    var extrema: (x: [Double], y: [Double])? {
        let cosPhi = cos(rotation)
        let sinPhi = sin(rotation)
        let halfWidth = hypot(radiusX * cosPhi, radiusY * sinPhi)
        let halfHeight = hypot(radiusX * sinPhi, radiusY * cosPhi)
        let angleX = atan2(-radiusY * sinPhi, radiusX * cosPhi)
        let angleY = atan2(radiusY * cosPhi, radiusX * sinPhi)
        var xs: [Double] = []
        var ys: [Double] = []
        if contains(angleX) { xs.append(center.x + halfWidth) }
        if contains(angleX + .pi) { xs.append(center.x - halfWidth) }
        if contains(angleY) { ys.append(center.y + halfHeight) }
        if contains(angleY + .pi) { ys.append(center.y - halfHeight) }
        guard (xs + ys).allSatisfy(\.isFinite) else { return nil }
        return (xs, ys)
    }

    /// True when the arc passes through the ellipse angle `angle`.
    private func contains(_ angle: Double) -> Bool {
        let turn = 2 * Double.pi
        // How far the arc travels from θ₁ to reach `angle`, in its own direction, in [0, 2π).
        var travelled = (sweepAngle >= 0 ? angle - startAngle : startAngle - angle).truncatingRemainder(dividingBy: turn)
        if travelled < 0 { travelled += turn }
        return travelled <= abs(sweepAngle)
    }
}
