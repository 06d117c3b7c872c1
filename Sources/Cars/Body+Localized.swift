import Foundation
import Localization

extension Body {
    /// The body's name in `catalogue`'s language, e.g. "Sedan", "Внедорожник", "Kombi".
    public func localizedName(in catalogue: Catalogue) -> String {
        catalogue.text(nameKey)
    }

    /// The body a person typed: its raw value (`suv`) or its name in any bundled language
    /// (`SUV`, `внедорожник`, `Kombi`), ignoring case, diacritics and surrounding whitespace.
    /// Nil for anything else, including an empty string.
    public init?(parsing input: String, catalogues: Catalogues = .cars) {
        let wanted = Body.folded(input)
        guard !wanted.isEmpty else { return nil }
        if let body = Body(rawValue: wanted) {
            self = body
            return
        }
        for body in Body.allCases {
            for language in Language.allCases
            where Body.folded(body.localizedName(in: catalogues[language])) == wanted {
                self = body
                return
            }
        }
        return nil
    }

    private static func folded(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
