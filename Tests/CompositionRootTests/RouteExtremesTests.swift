import DeckTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebShell

/// The safety baseline, driven by the router's own route table: every registered route, with each
/// of its parameters (path captures and wildcards, and every query key the pages link with) set
/// to values that have stopped servers, answers without a 5xx, and the server stays up. A route
/// added later is swept without this file changing.
@Suite("Every route with extreme values")
struct RouteExtremesTests {
    /// What a parameter is set to. Percent-encoded where a raw byte could not be in a URL.
    static let extremes: [String] = [
        "-9223372036854775808", "9223372036854775807", "9223372036854775808", "18446744073709551616",
        "99999999999999999999", "-1", "0", "+5", "05", "1e9", "0x10", "1.5", " 1", "%2e%2e", "..", "%00",
        "%FF%FE%80", "%C0%AF", String(repeating: "9", count: 64 * 1024), String(repeating: "a", count: 64 * 1024),
    ]

    @Test("no route answers an extreme parameter with a 5xx, and the server stays up")
    func everyRouteEveryParameter() async throws {
        try await TestDeck().runWithRoutes { client, routes in
            var browser = Browser(client)
            let seen = try await Crawl.links(from: "/", browser: &browser, pages: 120)
            let token = try await browser.csrfToken()
            #expect(routes.count > 40, "the sweep must see the whole deck")

            var sent = 0
            for route in routes {
                let template = RouteTemplate(route.path)
                let fillers = template.fillers(from: seen.paths)
                for slot in template.slots.indices {
                    for value in Self.extremes {
                        let path = template.path(setting: slot, to: value, others: fillers)
                        let response = try await browser.send(
                            path, method: route.method, headers: Self.headers(for: route.method),
                            body: route.method == .post ? ByteBuffer(string: "_csrf=\(token)") : nil)
                        #expect(response.status.code < 500, "\(route.method) \(path.prefix(120)) answered \(response.status)")
                        sent += 1
                    }
                }
                guard route.method == .get else { continue }
                let base = template.path(setting: nil, to: "", others: fillers)
                for key in seen.queryKeys {
                    for value in Self.extremes {
                        let response = try await browser.get("\(base)?\(key)=\(value)")
                        #expect(response.status.code < 500, "GET \(base)?\(key)=\(value.prefix(40)) answered \(response.status)")
                        sent += 1
                    }
                }
            }
            #expect(sent > 500)
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }

    @Test("the request that stopped the server is a 404 for every gallery")
    func galleryImageNumbers() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let seen = try await Crawl.links(from: "/stories", browser: &browser, pages: 20)
            let galleries = Set(seen.paths.compactMap { path -> String? in
                let parts = path.split(separator: "/")
                return parts.count == 5 && parts[3] == "images" ? String(parts[2]) : nil
            })
            #expect(!galleries.isEmpty)
            for gallery in galleries {
                for number in ["-9223372036854775808", "0", "-1", "9223372036854775807", "01", "+1"] {
                    let response = try await browser.get("/stories/items/\(gallery)/images/\(number)")
                    #expect(response.status == .notFound)
                }
                #expect(try await browser.get("/stories/items/\(gallery)/images/1").status == .ok)
            }
        }
    }

    static func headers(for method: HTTPRequest.Method) -> HTTPFields {
        method == .post ? [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"] : [:]
    }
}

/// A route pattern with its parameter slots: the components a request chooses.
struct RouteTemplate {
    let components: [String]
    /// Indices into `components` of captures and wildcards.
    let slots: [Int]

    init(_ path: RouterPath) {
        let components = path.components.map(\.description)
        self.components = components
        slots = components.indices.filter { components[$0].contains("{") || components[$0].contains("*") }
    }

    /// `components[slot]` with its parameter (or wildcard) part set to `value`.
    private func component(_ index: Int, _ value: String) -> String {
        let pattern = components[index]
        if let open = pattern.firstIndex(of: "{"), let close = pattern.firstIndex(of: "}") {
            return pattern.replacingCharacters(in: open...close, with: value)
        }
        return pattern.replacingOccurrences(of: "**", with: value).replacingOccurrences(of: "*", with: value)
    }

    /// The path with `slot` (if any) set to `value` and every other slot to its filler.
    func path(setting slot: Int?, to value: String, others fillers: [Int: String]) -> String {
        let parts = components.indices.map { index -> String in
            if let slot, index == slots[slot] { return component(index, value) }
            return slots.contains(index) ? component(index, fillers[index] ?? "1") : components[index]
        }
        return "/" + parts.joined(separator: "/")
    }

    /// For each slot, a value a page linked with on a path this pattern matches, so that a
    /// parameter after a valid one (a gallery's image number) is reached.
    func fillers(from paths: Set<String>) -> [Int: String] {
        var fillers: [Int: String] = [:]
        for path in paths.sorted() {
            let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            guard parts.count == components.count,
                  zip(components, parts).allSatisfy({ pattern, part in Self.matches(pattern, part) }) else { continue }
            for slot in slots where fillers[slot] == nil {
                fillers[slot] = Self.captured(components[slot], parts[slot])
            }
        }
        return fillers
    }

    private static func matches(_ pattern: String, _ part: String) -> Bool {
        guard pattern.contains("{") || pattern.contains("*") else { return pattern == part }
        let open = pattern.firstIndex { $0 == "{" || $0 == "*" }!
        let close = pattern.lastIndex { $0 == "}" || $0 == "*" }!
        return part.hasPrefix(pattern[..<open]) && part.hasSuffix(pattern[pattern.index(after: close)...])
    }

    private static func captured(_ pattern: String, _ part: String) -> String {
        let open = pattern.firstIndex { $0 == "{" || $0 == "*" }!
        let close = pattern.lastIndex { $0 == "}" || $0 == "*" }!
        let prefix = pattern[..<open].count, suffix = pattern[pattern.index(after: close)...].count
        return String(part.dropFirst(prefix).dropLast(suffix))
    }
}

/// The same-origin pages reachable by links from a start page, breadth first.
enum Crawl {
    struct Seen {
        var paths: Set<String> = []
        var queryKeys: Set<String> = []
    }

    static func links(from start: String, browser: inout Browser, pages limit: Int) async throws -> Seen {
        var seen = Seen()
        var queue = [start]
        var visited: Set<String> = []
        while let next = queue.first, visited.count < limit {
            queue.removeFirst()
            guard visited.insert(next).inserted else { continue }
            let response = try await browser.get(next)
            guard response.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
            for href in Browser.allMatches(of: ##"href="(/[^"#]*)""##, in: response.text) {
                let link = href.replacingOccurrences(of: "&amp;", with: "&")
                let parts = link.split(separator: "?", maxSplits: 1)
                let path = String(parts[0])
                seen.paths.insert(path)
                if parts.count == 2 {
                    for pair in parts[1].split(separator: "&") {
                        seen.queryKeys.insert(String(pair.split(separator: "=", maxSplits: 1)[0]))
                    }
                }
                if !visited.contains(link) { queue.append(link) }
            }
        }
        return seen
    }
}
