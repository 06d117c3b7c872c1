import Foundation
import Localization

extension Catalogues {
    /// The Layouts strings (`layouts.*`, its home-screen name `layouts.tileName` too) with the shell's,
    /// in every language.
    public static let layouts: Catalogues = shell.merging(bundled(in: .module))
}
