import WebShell

/// The screen a restore was started from, which it returns to (issue 50): `/backup/settings`, or
/// the Devices screen, whose section carries `from=devices` through the preview to the confirmation.
public enum BackupOrigin: String, Sendable {
    case settings
    case devices

    /// The form field that carries it.
    static let field = "from"

    init(field value: String?) {
        self = value.flatMap(BackupOrigin.init(rawValue:)) ?? .settings
    }

    /// Where a restore lands, with what it restored (`RestoredNotice`), said at the top.
    func landing(_ notice: RestoredNotice) -> String {
        switch self {
        case .settings: BackupPath.settings.link(query: notice.query)
        case .devices: Route(DevicesSection.screenPath).link(query: notice.query)
        }
    }

    /// The screen itself, for Cancel and the back item.
    var path: String {
        switch self {
        case .settings: BackupPath.settings.path
        case .devices: DevicesSection.screenPath
        }
    }

    /// The screen's title, for the back item.
    func title(_ page: PageContext) -> String {
        page.t(self == .devices ? "devices.title" : "backup.title")
    }

    /// The hidden field a form carries it in; nothing for the settings page, the default.
    var input: HTML {
        self == .settings ? .empty : HTML.input(.type("hidden"), .name(Self.field), .value(rawValue))
    }
}
