import Foundation
import Localization

extension Catalogues {
    /// The backup screens' strings (`backup.*`) with the shell's, in every language.
    public static let backup: Catalogues = shell.merging(bundled(in: .module))
}
