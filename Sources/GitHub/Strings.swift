import Foundation
import Localization

extension Catalogues {
    /// The GitHub repository viewer strings (`github.*`, its home-screen name `github.tileName` too) with the shell's,
    /// in every language.
    public static let github: Catalogues = shell.merging(bundled(in: .module))
}
