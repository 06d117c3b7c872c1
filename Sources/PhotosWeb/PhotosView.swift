import Photos
import WebShell

/// The Photos screen (PH-1, PH-5, PH-6, PH-12..16): the count, the collection or its empty text,
/// and the bar with "Add element" and "Clear list" at the bottom; the start screen on arrival; the
/// alert of a failed action when there was no script to show it; "Clear list"'s question.
struct PhotosView {
    let screen: PhotosScreen
    let showsStartScreen: Bool
    /// Whether "Clear list" was pressed: its action sheet asks before anything is removed.
    var asksToClear = false

    func page(_ page: PageContext) -> HTMLPage {
        var document = Document(title: screen.title)
        document.expectedBytes = 16 * 1024 + screen.items.count * 512  // an element writes about 470 bytes
        document.stylesheet = "css/photos.css"
        document.scripts = ["js/photos.js"]
        return document.page(page) {
            NavigationBar.appRoot(screen.title, page).html(page)
            if showsStartScreen { startScreen(page) }
            HTML.main(
                .class("content photos"), .attr("data-photos", "true"),
                .attr("data-offline-title", page.t("photos.alert.offline")),
                .attr("data-offline-message", page.t("photos.failure.offline")),
                .attr("data-went-offline", page.t("photos.connection.lost")),
                .attr("data-back-online", page.t("photos.connection.back")),
                .attr("data-ok", screen.okTitle)
            ) {
                HTML.p(.class("photos__count"), .attr("aria-live", "polite")) { screen.countText }
                if let loading = screen.loadingText {
                    HTML.p(.class("photos__loading")) {
                        ActivityIndicator.html(page)
                        " "
                        loading
                    }
                }
                // One state, one message, one primary action: the list's error state says why, and
                // "Add element" (which asks for the list again) is the action; an alert after a
                // failed add is the message then, not a second copy over the error state.
                if let failure = screen.catalogueFailure, screen.alert == nil {
                    ErrorState(code: nil, title: failure.title, message: failure.text, retryHref: nil, homeHref: nil).html(page)
                }
                HTML.p(.class("photos__empty"), .flag("hidden", when: !screen.isEmpty || screen.emptyText == nil)) {
                    screen.emptyText ?? page.t("photos.empty")
                }
                HTML.element("ol", [.class("photo-grid"), .ariaLabel(screen.title), .flag("hidden", when: screen.isEmpty)], children: [
                    .streamed { [items = screen.items] writer in  // hundreds of elements: written straight into the page
                        for item in items { PhotoItem(id: item.id, title: item.title).write(into: &writer) }
                    },
                ])
                if let end = screen.endOfListText {
                    HTML.p(.class("list-section__footer photos__end")) { end }
                }
                HTML.element("template", [.id("photo-item-template")], children: [PhotoItem.template.html])
            }
            toolbar(page)
            HTML.div(.class("photos-toast"), .attr("role", "status"), .attr("aria-live", "polite"), .flag("hidden"))
            if let alert = screen.alert {
                Notice(title: alert.title, message: alert.text, dismiss: Link(href: PhotosPath.list.path, label: screen.okTitle)).html()
            } else if asksToClear {
                ActionSheet(
                    title: page.t("photos.clear.title"), message: page.t("photos.clear.message"), destructiveLabel: screen.clearTitle,
                    action: PhotosPath.clear.path, cancel: Link(href: PhotosPath.list.path, label: page.t("shell.action.cancel"))
                ).html(page)
            }
        }
    }

    private func toolbar(_ page: PageContext) -> HTML {
        HTML.element("footer", [.class("photos__toolbar")], children: [
            .form(.class("photos__add"), .attr("method", "post"), .attr("action", PhotosPath.add.path)) {
                CSRFInput.html(page)
                HTML.button(.class("button button--filled"), .type("submit"), .flag("disabled", when: !screen.canAdd)) {
                    HTML.span(.class("activity-indicator"), .attr("aria-hidden", "true"))
                    screen.addTitle
                }
            },
            // "Clear list" asks first: it opens the action sheet, whose red button posts.
            .form(.class("photos__clear"), .attr("method", "get"), .attr("action", PhotosPath.list.path)) {
                HTML.input(.type("hidden"), .name("confirm"), .value("clear"))
                HTML.button(.class("button"), .type("submit"), .flag("disabled", when: !screen.canClear)) { screen.clearTitle }
            },
        ])
    }

    private func startScreen(_ page: PageContext) -> HTML {
        .div(.class("photos-splash"), .attr("aria-hidden", "true")) {
            HTML.img(.class("photos-splash__icon"), .attr("src", page.asset("icons/app-photos.svg")), .attr("alt", ""))
            HTML.p(.class("photos-splash__name")) { screen.title }
        }
    }
}

/// One element of the collection (PH-5): its thumbnail (with an activity indicator until it
/// loads, PH-14) and title, then its separator, a decoration element of its own. The page's
/// `<template>` is the same markup, which the script fills for an element it appends.
struct PhotoItem {
    let id: Int
    let title: String
    /// False for the page's template: the script points its image at the element it adds.
    var hasThumbnail = true

    static let template = PhotoItem(id: 0, title: "", hasThumbnail: false)

    var html: HTML { .streamed { [self] writer in write(into: &writer) } }

    /// Written from literals around its values (a page may hold 500 of these): the same
    /// bytes the element builders write, without an `Attribute` per attribute.
    func write(into writer: inout HTMLWriter) {
        writer.markup(#"<li class="photo-item" data-photo-id=""#)
        writer.number(id)
        writer.markup(#""><figure class="photo-cell is-loading"><span class="photo-cell__frame"><img class="photo-cell__image" src=""#)
        if hasThumbnail {
            PhotosPath.thumbnail.write(id, into: &writer)
        }
        writer.markup(#"" alt="" width="150" height="150" decoding="async">"#)
        writer.markup(#"<span class="activity-indicator photo-cell__spinner" aria-hidden="true"></span></span>"#)
        // Upstream text: isolated, so a right-to-left title cannot reorder what is around it.
        writer.markup(#"<figcaption class="photo-cell__title" dir="auto">"#)
        writer.text(title)
        writer.markup(#"</figcaption></figure><hr class="photo-separator" aria-hidden="true"></li>"#)
    }
}
