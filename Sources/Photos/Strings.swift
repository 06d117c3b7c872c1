import Foundation
import Localization

extension Catalogues {
    /// The Photos strings (`photos.*`, its home-screen name `photos.tileName` too) with the shell's,
    /// in every language.
    public static let photos: Catalogues = shell.merging(bundled(in: .module))
}
