import Foundation
import Localization

extension Catalogues {
    /// The Cars strings (`cars.*`, its home-screen name `cars.tileName` too) with the shell's,
    /// in every language.
    public static let cars: Catalogues = shell.merging(bundled(in: .module))
}
