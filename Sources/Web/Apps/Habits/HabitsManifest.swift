import Foundation
import Hummingbird

/// MyHabits installs as its own app: its name, icon, start page and splash colours (HB-1).
struct HabitsManifest {
    let assets: AssetCatalog

    func response(context: AppRequestContext) -> Response {
        let catalogue = context.catalogue
        let manifest: [String: Any] = [
            "id": "/habits",
            "name": catalogue.text("habits.appName"),
            "short_name": catalogue.text("habits.appName"),
            "lang": context.language.rawValue,
            "start_url": "/habits",
            "scope": "/habits",
            "display": "standalone",
            "orientation": "any",
            "background_color": "#ffffff",
            "theme_color": "#f9f9f9",
            "icons": [
                ["src": assets.url("icons/app-habits.svg"), "sizes": "any", "type": "image/svg+xml"],
                ["src": assets.url("icons/habits-192.png"), "sizes": "192x192", "type": "image/png"],
                ["src": assets.url("icons/habits-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any maskable"],
            ],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Response(
            status: .ok,
            headers: [.contentType: "application/manifest+json", .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
