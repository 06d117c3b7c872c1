import Foundation
import Localization

extension Catalogues {
    /// The Stories & Gallery strings (`stories.*`, its home-screen name `stories.tileName` too) with the shell's,
    /// in every language.
    public static let stories: Catalogues = shell.merging(bundled(in: .module))
}
