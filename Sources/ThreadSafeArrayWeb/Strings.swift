import Foundation
import Localization

extension Catalogues {
    /// The thread-safe array page strings (`tsa.*`, its home-screen name `tsa.tileName` too) with the shell's,
    /// in every language.
    public static let threadSafeArray: Catalogues = shell.merging(bundled(in: .module))
}
