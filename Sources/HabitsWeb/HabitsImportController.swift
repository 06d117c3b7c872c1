import Devices
import Foundation
import Habits
import Hummingbird
import Persistence
import WebShell

/// `/habits/import` (issue 36): a Loop Habit Tracker ZIP or a HabitBull CSV, previewed (what it
/// adds, what MyHabits cannot keep), then added in one transaction on confirmation. The preview's
/// form carries the file sealed (`CarriedUpload`), and the confirmation reads it again.
struct HabitsImportController<Store: HabitStore> {
    let store: @Sendable (DeviceID) -> Store
    let shell: Shell

    var carried: CarriedUpload { CarriedUpload(shell: shell, purpose: "habits.import") }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(HabitsPath.importFile, use: screen)
        group.post(HabitsPath.importFile, use: preview)
        group.post(HabitsPath.importConfirm, use: confirm)
        group.get(HabitsPath.importResult, use: result)
    }

    private func service(_ context: AppRequestContext) -> HabitsService<Store> {
        HabitsService(store: store(context.device), timeZone: context.timeZone, now: shell.now)
    }

    @Sendable func screen(_ request: Request, context: AppRequestContext) -> HTMLPage {
        HabitsImportView(state: .choose(error: nil)).page(shell.page(context))
    }

    @Sendable func preview(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let page = shell.page(context)
        guard let upload = context.uploadedFile("file"), !upload.data.isEmpty || !upload.filename.isEmpty else {
            return HabitsImportView(state: .choose(error: page.t("habits.import.noFile"))).page(page, status: .unprocessableContent)
        }
        let service = service(context)
        let imported: HabitImport
        let data = upload.data
        do {
            imported = try await shell.heavyWork.run(bytes: data.count) { try service.readImport(data) }
        } catch let error as HabitImportError {
            context.logger.notice("Habit import refused", metadata: ["reason": "\(error)"])
            return HabitsImportView(state: .choose(error: error.message(in: page.catalogue))).page(page, status: .unprocessableContent)
        }
        let preview = try await service.importPreview(imported)
        let (carried, device, now) = (carried, context.device, shell.now())
        let sealed = try await shell.heavyWork.run(bytes: data.count) { carried.seal(data, for: device, now: now) }
        return HabitsImportView(state: .preview(preview, sealed: sealed)).page(page)
    }

    @Sendable func confirm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let page = shell.page(context)
        let (carried, device, now) = (carried, context.device, shell.now())
        let sealed = context.multipartField("file") ?? ""
        guard let opened = try await shell.heavyWork.run(bytes: sealed.utf8.count, { carried.opened(sealed, for: device, now: now) }) else {
            return HabitsImportView(state: .choose(error: page.t("habits.import.expired")))
                .page(page, status: .unprocessableContent).response(from: request, context: context)
        }
        let service = service(context)
        do {
            let data = opened.data
            let imported = try await shell.heavyWork.run(bytes: data.count) { try service.readImport(data) }
            // One transaction of up to years of days: each statement keeps its own timeout, the
            // page's deadline would answer 503 while the import went on to commit. A preview is
            // confirmed once (issue 46, item 9): a replay adds nothing again.
            let added = try await RequestDeadline.$arrival.withValue(nil) { try await service.add(imported, spending: opened.confirmation) }
            return SeeOther(HabitsImportResult(added).path).response(from: request, context: context)
        } catch is AlreadyConfirmed {
            return HabitsImportView(state: .choose(error: page.t("habits.import.alreadyConfirmed")))
                .page(page, status: .conflict).response(from: request, context: context)
        } catch let error as HabitImportError {
            return HabitsImportView(state: .choose(error: error.message(in: page.catalogue)))
                .page(page, status: .unprocessableContent).response(from: request, context: context)
        } catch let reached as OwnerLimitReached {
            let message = page.catalogue.text("habits.import.error.tooManyHabits", ["limit": page.language.grouped(reached.limit)])
            return HabitsImportView(state: .choose(error: message)).page(page, status: .unprocessableContent)
                .response(from: request, context: context)
        }
    }

    @Sendable func result(_ request: Request, context: AppRequestContext) -> HTMLPage {
        HabitsImportView(state: .result(HabitsImportResult(request))).page(shell.page(context))
    }
}

/// What an import added, carried to the result page in its query (post-redirect-get): counts only.
struct HabitsImportResult {
    static let counts: ClosedRange<Int> = 0...100_000_000
    var habits = 0
    var days = 0
    var losses = ImportLosses()

    init(_ added: HabitImport) {
        habits = added.habits.count
        days = added.trackedDayCount
        losses = added.losses
    }

    init(_ request: Request) {
        func number(_ name: String) -> Int { request.queryNumber(name, in: Self.counts) ?? 0 }
        habits = number("habits")
        days = number("days")
        for (name, keyPath) in Self.lossKeys { losses[keyPath: keyPath] = number(name) }
    }

    static var lossKeys: [(String, WritableKeyPath<ImportLosses, Int>)] { [
        ("questions", \.questions), ("descriptions", \.descriptions), ("categories", \.categories),
        ("frequencies", \.nonDailyFrequencies), ("notes", \.notes),
        ("numbers", \.numericValues), ("skipped", \.skippedDays), ("auto", \.autoFilledDays),
    ] }

    var path: String {
        var query: [(String, String?)] = [("habits", String(habits)), ("days", String(days))]
        for (name, keyPath) in Self.lossKeys where losses[keyPath: keyPath] > 0 { query.append((name, String(losses[keyPath: keyPath]))) }
        return HabitsPath.importResult.path + "?" + query.map { "\($0.0)=\($0.1 ?? "")" }.joined(separator: "&")
    }
}
