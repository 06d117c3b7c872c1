/// Extreme values of Bézier curves along one axis, where the derivative is zero inside (0, 1).
/// The endpoints are the caller's; these are the values strictly between them.
enum BezierExtrema {
    /// Extreme values of the cubic with coordinates `p0…p3` along one axis.
    ///
    /// B'(t)/3 = (1-t)²·d0 + 2(1-t)t·d1 + t²·d2 with dᵢ = pᵢ₊₁ - pᵢ, that is a·t² + b·t + c with
    /// a = d0 - 2·d1 + d2, b = 2(d1 - d0), c = d0. The differences are taken of halves and scaled
    /// to at most 1, so no step overflows; the roots are found by the cancellation-free form of the
    /// quadratic formula.
    static func cubic(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        var d0 = p1 / 2 - p0 / 2
        var d1 = p2 / 2 - p1 / 2
        var d2 = p3 / 2 - p2 / 2
        let scale = max(abs(d0), abs(d1), abs(d2))
        guard scale > 0, scale.isFinite else { return [] }
        d0 /= scale
        d1 /= scale
        d2 /= scale
        let a = d0 - 2 * d1 + d2
        let b = 2 * (d1 - d0)
        let c = d0
        var roots: [Double] = []
        if a == 0 {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                let q = -0.5 * (b + (b < 0 ? -root : root))
                if q != 0 {
                    roots.append(q / a)
                    roots.append(c / q)
                } else {
                    roots.append(0)  // b = 0 and c = 0: a double root at t = 0
                }
            }
        }
        let low = min(p0, p1, p2, p3)
        let high = max(p0, p1, p2, p3)
        return roots.compactMap { t in
            guard t > 0, t < 1 else { return nil }
            let u = 1 - t
            let value = u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
            // A curve stays inside the hull of its control points; rounding must not leave it.
            return value.isFinite ? min(max(value, low), high) : nil
        }
    }

    /// The extreme value of the quadratic with coordinates `p0…p2` along one axis, if inside.
    ///
    /// B'(t)/2 = (1-t)·d0 + t·d1 with dᵢ = pᵢ₊₁ - pᵢ, zero at t = d0 / (d0 - d1).
    static func quadratic(_ p0: Double, _ p1: Double, _ p2: Double) -> Double? {
        let d0 = p1 / 2 - p0 / 2
        let d1 = p2 / 2 - p1 / 2
        let denominator = d0 - d1
        guard denominator != 0 else { return nil }
        let t = d0 / denominator
        guard t > 0, t < 1 else { return nil }
        let u = 1 - t
        let value = u * u * p0 + 2 * u * t * p1 + t * t * p2
        return value.isFinite ? min(max(value, min(p0, p1, p2)), max(p0, p1, p2)) : nil
    }
}
