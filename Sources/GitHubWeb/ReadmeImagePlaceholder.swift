/// The small drawing the README image proxy answers with when it cannot serve an image (GH-3,
/// issue 22): a framed picture icon, 96 by 72. An `<img>` shows an image body whatever the
/// status (Chromium renders it and fires `load`), so a broken image is drawn as this with
/// JavaScript off too; its description stays the `<img alt>`.
enum ReadmeImagePlaceholder {
    static let contentType = "image/svg+xml"

    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="96" height="72" viewBox="0 0 96 72">\
        <rect x="1" y="1" width="94" height="70" rx="8" fill="#f2f2f7" stroke="#c7c7cc" stroke-width="2"/>\
        <rect x="30" y="20" width="36" height="28" rx="3" fill="none" stroke="#8e8e93" stroke-width="2.5"/>\
        <circle cx="40" cy="29" r="3.5" fill="#8e8e93"/>\
        <path d="M32 46 l10-10 6 6 6-7 10 11z" fill="#8e8e93"/>\
        </svg>
        """
}
