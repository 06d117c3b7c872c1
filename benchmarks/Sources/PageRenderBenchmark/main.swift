import Cars
import CarsWeb
import Foundation
import Localization
import WebShell

// How long AppDeck's HTML builder takes for a page like `/cars` with 50 cars (about 60 KB, Cyrillic
// and `& < "` in the values), the probe of issue 11: building the tree, writing it as bytes, and the
// floor (escaping the cells' text alone). One core, release build, median of the rounds.
// Usage: swift run -c release --package-path benchmarks page-render-benchmark [rounds, default 2000]

let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 2000
let catalogue = Catalogues.bundled[.ru]
let token = String(repeating: "0123456789abcdef", count: 4)
let cars = (1...50).map { index in
    Car(id: Int64(index), manufacturer: "Лада & <Co> \(index)", model: "Нива \"4x4\"", body: Body.allCases[index % Body.allCases.count],
        yearOfIssue: 1990 + index % 30, carNumber: index.isMultiple(of: 3) ? nil : "А \(index) ВС")
}

let page = PageContext(catalogue: catalogue, language: .ru, languageIsChosen: false, csrfToken: token, assets: try AssetCatalog.load(from: []))

/// The cells of the car list, drawn by `CarsWeb` itself.
func carCells() -> HTML {
    HTML.main(.class("content cars")) { CarCells(cars: cars, filter: nil).html(page) }
}

func median(_ label: String, _ body: () -> Int) -> Int {
    var samples: [Duration] = []
    var bytes = 0
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        bytes = body()
        samples.append(ContinuousClock.now - start)
    }
    samples.sort()
    let micros = samples[samples.count / 2].components.attoseconds / 1_000_000_000_000 + samples[samples.count / 2].components.seconds * 1_000_000
    print("| \(label) | \(micros) | \(bytes) |")
    return bytes
}

print("| step | µs/page (median of \(rounds)) | bytes |")
print("|---|---:|---:|")
_ = median("build the tree") { let tree = carCells(); return withExtendedLifetime(tree) { 0 } }
let tree = carCells()
_ = median("write it as bytes") { var writer = HTMLWriter(capacity: 64 * 1024); tree.render(into: &writer); return writer.bytes.count }
_ = median("build and write") { var writer = HTMLWriter(capacity: 64 * 1024); carCells().render(into: &writer); return writer.bytes.count }
let formatter = CarFormatter(catalogue: catalogue)
let texts = cars.flatMap { car in formatter.entries(for: car).flatMap { [$0.label, $0.value] } + ["\(car.manufacturer) \(car.model)"] }
_ = median("escaping the cells' text alone (the floor)") { var writer = HTMLWriter(capacity: 64 * 1024); for text in texts { writer.escape(text) }; return writer.bytes.count }
