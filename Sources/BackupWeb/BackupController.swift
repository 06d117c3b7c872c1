import Backup
import Foundation
import Hummingbird
import Persistence
import WebShell

/// `/backup`: the file, the page with both controls, the preview of a chosen file and its
/// confirmation. A refused file comes back as the page with its message (422), nothing changed.
struct BackupController {
    let service: BackupService
    let section: BackupSection
    let shell: Shell
    let now: @Sendable () -> Date

    var carried: CarriedUpload { CarriedUpload(shell: shell, purpose: "backup.restore") }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(BackupPath.export, use: export)
        group.get(BackupPath.settings, use: settings)
        group.post(BackupPath.restore, use: preview)
        group.post(BackupPath.confirm, use: confirm)
    }

    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Download {
        let file = try await service.export(context.device, timeZone: context.timeZone, reportedZone: context.reportedTimeZone)
        return Download(String(decoding: file.data, as: UTF8.self), contentType: "application/json; charset=utf-8", fileName: file.fileName)
    }

    @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let query = request.uri.queryParameters
        let restored = RestoredNotice { query[Substring($0)].map(String.init) }
        return BackupSettingsView(section: section, restored: restored).page(shell.page(context))
    }

    /// The backup screens' answer to a file refused: the page with its message, where it began.
    private func refused(_ message: String, from origin: BackupOrigin, _ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        BackupSettingsView(section: section, origin: origin, error: message).page(page, status: status)
    }

    @Sendable func preview(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let page = shell.page(context)
        let origin = BackupOrigin(field: context.multipartField(BackupOrigin.field))
        guard let upload = context.uploadedFile("file"), !upload.filename.isEmpty || !upload.data.isEmpty else {
            return refused(page.t("backup.error.noFile"), from: origin, page, status: .unprocessableContent)
        }
        let file: BackupFile
        let (data, timeZone, service) = (upload.data, context.timeZone, service)
        do {
            file = try await shell.heavyWork.run(bytes: data.count) { try service.read(data, timeZone: timeZone) }
        } catch let error as BackupFileError {
            context.logger.notice("Backup refused", metadata: ["reason": "\(error)"])
            return refused(error.message(in: page.catalogue), from: origin, page, status: .unprocessableContent)
        }
        let (carried, device, date) = (carried, context.device, now())
        let sealed = try await shell.heavyWork.run(bytes: data.count) { carried.seal(data, for: device, now: date) }
        return BackupPreviewView(file: file, counts: service.preview(file), sealed: sealed, origin: origin).page(page)
    }

    @Sendable func confirm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let page = shell.page(context)
        let (carried, device, date, timeZone, service) = (carried, context.device, now(), context.timeZone, service)
        let sealed = context.multipartField("backup") ?? ""
        let origin = BackupOrigin(field: context.multipartField(BackupOrigin.field))
        guard let opened = try await shell.heavyWork.run(bytes: sealed.utf8.count, { carried.opened(sealed, for: device, now: date) }) else {
            return refused(page.t("backup.preview.expired"), from: origin, page, status: .unprocessableContent)
                .response(from: request, context: context)
        }
        do {
            let data = opened.data
            let file = try await shell.heavyWork.run(bytes: data.count) { try service.read(data, timeZone: timeZone) }
            // Years of days are one transaction of seconds: bounded by the file's 20 MB and each
            // statement's own timeout, not by the page's deadline, which would answer 503 while
            // the restore went on to commit. A preview is confirmed once (issue 46, item 9): a
            // replay restores nothing again.
            try await RequestDeadline.$arrival.withValue(nil) { try await service.restore(file, for: device, spending: opened.confirmation) }
            shell.preferences.forget(context.device)
            let notice = RestoredNotice(day: file.day, counts: service.preview(file))
            return Response(status: .seeOther, headers: [.location: origin.landing(notice)])
        } catch is AlreadyConfirmed {
            return refused(page.t("backup.preview.alreadyConfirmed"), from: origin, page, status: .conflict)
                .response(from: request, context: context)
        } catch let error as BackupFileError {
            return refused(error.message(in: page.catalogue), from: origin, page, status: .unprocessableContent)
                .response(from: request, context: context)
        } catch let rejected as BackupRejected {
            return refused(BackupFileError.rejected(rejected).message(in: page.catalogue), from: origin, page, status: .unprocessableContent)
                .response(from: request, context: context)
        }
    }
}
