import Foundation

/// A CSV whose first record names its columns, read row by row by column name (case-sensitive,
/// as the trackers write them), so an older export with fewer columns reads the same way.
struct CSVTable {
    let file: String?
    private var reader: CSVReader
    private let columns: [String: Int]
    /// A first record that turned out to be data (a headerless file).
    private var pending: CSVRecord?

    /// `required` columns must be in the header. When the first record lacks them and
    /// `headerless` is given, the file has no header and its columns are `headerless`, in order.
    init(_ data: Data, file: String?, limits: CSVLimits, required: [String], headerless: [String]? = nil) throws(HabitImportError) {
        self.file = file
        let first: CSVRecord?
        do {
            reader = try CSVReader(data, limits: limits)
            first = try reader.next()
        } catch {
            throw .csv(file: file, error)
        }
        guard let first else {
            // Loop writes an empty Checkmarks.csv for a habit never marked.
            guard let headerless else { throw .emptyFile(file: file) }
            columns = Self.indices(headerless)
            return
        }
        let named = Self.indices(first.fields)
        if let missing = required.first(where: { named[$0] == nil }) {
            guard let headerless else { throw .missingColumn(file: file, column: missing) }
            columns = Self.indices(headerless)
            pending = first
        } else {
            columns = named
        }
    }

    func has(_ column: String) -> Bool { columns[column] != nil }

    mutating func next() throws(HabitImportError) -> CSVRow? {
        if let pending {
            self.pending = nil
            return CSVRow(file: file, record: pending, columns: columns)
        }
        do {
            return try reader.next().map { CSVRow(file: file, record: $0, columns: columns) }
        } catch {
            throw .csv(file: file, error)
        }
    }

    /// The first column of each name wins.
    private static func indices(_ names: [String]) -> [String: Int] {
        var indices: [String: Int] = [:]
        for (index, name) in names.enumerated() where indices[name] == nil { indices[name] = index }
        return indices
    }
}

/// One record of a `CSVTable`; a column the header lacks, or that a short record leaves out, reads "".
struct CSVRow {
    let file: String?
    let record: CSVRecord
    let columns: [String: Int]

    var line: Int { record.line }

    subscript(column: String) -> String {
        guard let index = columns[column], index < record.fields.count else { return "" }
        return record.fields[index]
    }
}
