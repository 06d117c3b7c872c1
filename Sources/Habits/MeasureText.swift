import Localization

/// A measurable habit's numbers in words (issue 48): the card's "3.5 / 5 km" and the target
/// "At least 5 km a day", in the language's way of writing numbers (`DecimalText`).
public struct MeasureText: Sendable {
    let catalogue: Catalogue
    /// "{value} / {target} {unit}" cut at its placeholders once: the list fills it for every
    /// measurable card.
    private let progressPieces: [Piece]

    private enum Piece: Sendable {
        case literal(String), value, target, unit
    }

    public init(_ catalogue: Catalogue) {
        self.catalogue = catalogue
        progressPieces = Self.pieces(catalogue.text("habits.measure.progress"))
    }

    /// "3.5 / 5 km": the period's total so far over the target; "0 / 5 km" before any value.
    public func progress(_ total: Double?, of measure: HabitMeasure) -> String {
        let language = catalogue.language
        var text = ""
        for piece in progressPieces {
            switch piece {
            case .literal(let literal): text += literal
            case .value: text += DecimalText.format(total ?? 0, language: language)
            case .target: text += DecimalText.format(measure.target, language: language)
            case .unit: text += measure.unit
            }
        }
        return measure.unit.isEmpty ? tidy(text) : text
    }

    /// "At least 5 km a day", "At most 2 cups in 3 days": the target over the schedule's period.
    public func target(_ measure: HabitMeasure, schedule: HabitSchedule) -> String {
        let period: String
        switch schedule {
        case .times(_, 1), .weekdays: period = catalogue.text("habits.measure.perDay")
        case .times(_, 7): period = catalogue.text("habits.measure.perWeek")
        case .times(_, let days): period = catalogue.plural("habits.measure.perDays", count: days)
        }
        return tidy(catalogue.text("habits.measure.\(measure.kind.rawValue)", [
            "target": DecimalText.format(measure.target, language: catalogue.language), "unit": measure.unit, "period": period,
        ]))
    }

    /// One space where an empty unit left two, none at the ends.
    private func tidy(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    private static func pieces(_ template: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(template)
        let names: [(String, Piece)] = [("{value}", .value), ("{target}", .target), ("{unit}", .unit)]
        while let (range, piece) = names.compactMap({ name, piece in rest.range(of: name).map { ($0, piece) } })
            .min(by: { $0.0.lowerBound < $1.0.lowerBound }) {
            if range.lowerBound > rest.startIndex { pieces.append(.literal(String(rest[..<range.lowerBound]))) }
            pieces.append(piece)
            rest = rest[range.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
    }
}
