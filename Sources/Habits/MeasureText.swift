import Localization

/// A measurable habit's numbers in words (issue 48): the card's "3.5 / 5 km" and the target
/// "At least 5 km a day", in the language's way of writing numbers (`DecimalText`).
public struct MeasureText: Sendable {
    let catalogue: Catalogue
    /// "{value} / {target} {unit}": the list fills it for every measurable card.
    private let progressTemplate: CatalogueTemplate

    public init(_ catalogue: Catalogue) {
        self.catalogue = catalogue
        progressTemplate = catalogue.template("habits.measure.progress")
    }

    /// "3.5 / 5 km": the period's total so far over the target; "0 / 5 km" before any value.
    public func progress(_ total: Double?, of measure: HabitMeasure) -> String {
        let language = catalogue.language
        let text = progressTemplate.text { name in
            switch name {
            case "value": DecimalText.format(total ?? 0, language: language)
            case "target": DecimalText.format(measure.target, language: language)
            case "unit": measure.unit
            default: nil
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
}
