import Stories

/// `/stories/drawing.css?v=…`: what the CSP keeps out of inline styles, made from the core's
/// figures once at start: each palette colour for its swatch and, legible on white, for its name
/// (SG-6), and
/// the stroke schedule of `DrawingTimeline`, a delay class per path position (SG-3).
struct DrawingStylesheet: Sendable {
    let css: String
    /// Changes whenever the CSS does, so the URL can be cached for a year.
    let version: String

    /// Rules for stories of up to `pathCount` paths.
    init(pathCount: Int) {
        let timeline = DrawingTimeline(pathCounts: [pathCount], isDrawingEnabled: true)
        var css = ""
        for color in PaletteColor.all {
            css += ".color-\(color.id){color:\(HexColor.format(color.readableOnWhite))}"
            css += ".swatch-\(color.id){background:\(color.hex)}\n"
        }
        css += ".story-drawings[data-drawing=on] .drawing__path{animation-duration:\(Self.seconds(DrawingTimeline.strokeDuration))}\n"
        for (position, timing) in (timeline.timings.first ?? []).enumerated() {
            css += ".drawing__path--\(position){animation-delay:\(Self.seconds(timing.delay))}\n"
        }
        self.css = css
        version = Self.fnv1a(css)
    }

    /// `3s`, `1.5s`: CSS time in seconds, shortest form.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        return "\(milliseconds)ms"
    }

    private static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
