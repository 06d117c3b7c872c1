import Foundation
import Localization

extension Catalogues {
    /// The MyHabits strings (`habits.*`, its home-screen name `habits.tileName` too) with the shell's,
    /// in every language.
    public static let habits: Catalogues = shell.merging(bundled(in: .module))
}
