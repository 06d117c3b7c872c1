import Foundation
import Localization

extension Catalogues {
    /// The Split view strings (`split.*`, its home-screen name `split.tileName` too) with the shell's,
    /// in every language.
    public static let splitView: Catalogues = shell.merging(bundled(in: .module))
}
