import Localization
import Photos
import TestDoubles
import Testing
import Upstream

@Suite("Photos screen (PH-1, PH-5, PH-6, PH-12, PH-13, PH-15)")
struct PhotosScreenTests {
    let en = Catalogues.photos[.en]
    let pl = Catalogues.photos[.pl]
    let ru = Catalogues.photos[.ru]
    let list = PhotoList(samplePhotos(5))

    @Test("the Polish strings the specification quotes")
    func polish() {
        let screen = PhotosScreen(feed: PhotoFeed(), photos: .ready(list), catalogue: pl)
        #expect(screen.addTitle == "Dodaj element")
        #expect(screen.clearTitle == "Wyczyść listę")
        #expect(screen.emptyText == "Brak miniaturek do wyświetlenia")
        #expect(screen.countText == "0 elementów")
        #expect(!screen.canClear)
        #expect(screen.canAdd)
    }

    @Test("English and Russian empty screens")
    func englishAndRussian() {
        let english = PhotosScreen(feed: PhotoFeed(), photos: .ready(list), catalogue: en)
        #expect(english.addTitle == "Add Element")
        #expect(english.clearTitle == "Clear List")
        #expect(english.emptyText == "No thumbnails to show")
        let russian = PhotosScreen(feed: PhotoFeed(), photos: .ready(list), catalogue: ru)
        #expect(russian.emptyText == "Нет миниатюр для отображения")
        #expect(russian.addTitle == "Добавить элемент")
    }

    @Test("items carry title and our own thumbnail path; missing ids are skipped", arguments: [
        (Language.en, "2 elements"), (.pl, "2 elementy"), (.ru, "2 элемента"),
    ])
    func items(language: Language, count: String) {
        let feed = PhotoFeed(shownIDs: [2, 42, 1], cursor: 2)
        let screen = PhotosScreen(feed: feed, photos: .ready(list), catalogue: Catalogues.photos[language])
        #expect(screen.items.map(\.id) == [2, 1])
        #expect(screen.items[0].title == "photo 2")
        #expect(screen.countText == count)
        #expect(screen.emptyText == nil)
        #expect(screen.canClear)
        #expect(screen.canAdd)
        #expect(screen.endOfListText == nil)
    }

    @Test("counts are pluralized", arguments: [
        (Language.pl, 1, "1 element"), (.pl, 5, "5 elementów"), (.pl, 22, "22 elementy"),
        (.en, 1, "1 element"), (.ru, 21, "21 элемент"), (.ru, 11, "11 элементов"),
    ])
    func plurals(language: Language, count: Int, expected: String) {
        let photos = PhotoList(samplePhotos(30))
        let feed = PhotoFeed(shownIDs: Array(1...count), cursor: count)
        #expect(PhotosScreen(feed: feed, photos: .ready(photos), catalogue: Catalogues.photos[language]).countText == expected)
    }

    @Test("past the last photo: add is disabled and the end is said")
    func endOfList() {
        let feed = PhotoFeed(shownIDs: [1, 2, 3, 4, 5], cursor: 5)
        let screen = PhotosScreen(feed: feed, photos: .ready(list), catalogue: pl)
        #expect(screen.isAtEndOfList)
        #expect(!screen.canAdd)
        #expect(screen.endOfListText == "Wyświetlono wszystkie 5 zdjęć. Wyczyść listę, aby zacząć od pierwszego.")
        let english = PhotosScreen(feed: feed, photos: .ready(list), catalogue: en)
        #expect(english.endOfListText == "All 5 photos are shown. Clear the list to start again from the first.")
    }

    @Test("loading: an indicator, add still possible (the action waits), shown ids not called empty")
    func loading() {
        let screen = PhotosScreen(feed: PhotoFeed(shownIDs: [1], cursor: 1), photos: .loading, catalogue: en)
        #expect(screen.phase == .loading)
        #expect(screen.loadingText == "Loading photos…")
        #expect(screen.emptyText == nil)
        #expect(screen.canAdd)
        #expect(screen.canClear)
        let fresh = PhotosScreen(feed: PhotoFeed(), photos: .loading, catalogue: en)
        #expect(fresh.emptyText == "No thumbnails to show")
    }

    @Test("loading right after a start: the device's shown elements are counted, not 0 (issue 46, item 15)")
    func loadingCountsTheShownElements() {
        let screen = PhotosScreen(feed: PhotoFeed(shownIDs: [3, 1, 2, 5, 4], cursor: 5), photos: .loading, catalogue: en)
        #expect(screen.countText == "5 elements")
        #expect(screen.loadingText == "Loading photos…")
    }

    @Test("a list that failed to load is an error state")
    func catalogueFailed() {
        let screen = PhotosScreen(feed: PhotoFeed(), photos: .failed(.server(status: 502)), catalogue: en)
        #expect(screen.phase == .failed)
        #expect(screen.catalogueFailure?.title == "Photos Unavailable")
        #expect(screen.catalogueFailure?.text == "The photo service has a problem (error 502). Try again later.")
        #expect(screen.retryTitle == "Try Again")
        #expect(screen.emptyText == nil, "the error state alone, without \"no thumbnails\" beside it")
    }

    @Test("the last action's failure is an alert; offline says so (PH-15)")
    func alert() {
        let offline = PhotosScreen(feed: PhotoFeed(), photos: .ready(list), failure: .offline, catalogue: pl)
        #expect(offline.alert?.isOffline == true)
        #expect(offline.alert?.title == "Brak połączenia")
        let timeout = PhotosScreen(feed: PhotoFeed(), photos: .ready(list), failure: .timedOut, catalogue: en)
        #expect(timeout.alert?.isOffline == false)
        #expect(timeout.alert?.text == "The photo service did not answer in time. Try again in a moment.")
        #expect(PhotosScreen(feed: PhotoFeed(), photos: .ready(list), catalogue: en).alert == nil)
    }

    @Test("every failure has a text in every language")
    func everyFailureHasText() {
        let failures: [UpstreamFailure] = [
            .offline, .timedOut, .badCredentials, .rateLimited(resetsAt: nil), .notFound, .server(status: 500),
            .unreadable, .rejected(.notAnImage), .rejected(.tooLarge),
        ]
        for language in Language.allCases {
            for failure in failures {
                let text = PhotosScreen.text(for: failure, catalogue: Catalogues.photos[language])
                #expect(!text.hasPrefix("photos."), "\(language) \(failure)")
            }
        }
        #expect(Catalogues.photos.missingKeys().values.allSatisfy { $0.allSatisfy { !$0.hasPrefix("photos.") } })
    }
}

@Suite("Photos actions (PH-3, PH-7, PH-9)")
struct PhotosServiceTests {
    @Test("add, end of list, clear through the store")
    func flow() async throws {
        let photos = samplePhotos(2)
        let catalogue = PhotoCatalogue(source: FakeSource([.success(photos)]), archive: FakeArchive(), clock: ManualClock())
        await catalogue.start()
        let store = InMemoryPhotoFeedStore()
        let service = PhotosService(store: store, catalogue: catalogue)
        #expect(try await service.addNext() == .added(photos[0]))
        #expect(try await service.addNext() == .added(photos[1]))
        #expect(try await service.addNext() == .endOfList)
        #expect(try await store.feed() == PhotoFeed(shownIDs: [1, 2], cursor: 2))
        let screen = try await service.screen(catalogue: Catalogues.photos[.en])
        #expect(screen.items.count == 2)
        try await service.clear()
        #expect(try await store.feed() == PhotoFeed())
        #expect(try await service.addNext() == .added(photos[0]))
    }

    @Test("a device's screen in the failed phase asks for the list again once the wait is over")
    func failedScreenRetries() async throws {
        let fresh = samplePhotos(3)
        let source = FakeSource([.failure(.offline), .success(fresh)])
        let clock = ManualClock()
        let catalogue = PhotoCatalogue(source: source, archive: FakeArchive(), clock: clock, randomFactor: { _ in 1 })
        await catalogue.start()
        #expect(await catalogue.refresh() == .failed(.offline))
        let photos = PhotosService(store: InMemoryPhotoFeedStore(), catalogue: catalogue)
        #expect(try await photos.screen(catalogue: Catalogues.photos[.en]).phase == .failed)
        #expect(source.calls.count == 1, "not asked again before the wait is over")
        clock.advance(by: .seconds(2))
        #expect(try await photos.screen(catalogue: Catalogues.photos[.en]).phase == .failed, "this screen still shows the failure")
        await eventually { await catalogue.state == .ready(PhotoList(fresh)) }
        #expect(source.calls.count == 2)
        #expect(try await photos.addNext() == .added(fresh[0]))
        #expect(try await photos.screen(catalogue: Catalogues.photos[.en]).items.map(\.id) == [fresh[0].id])
    }

    @Test("add while the list cannot be had fails with the reason and keeps the feed")
    func addFails() async throws {
        let catalogue = PhotoCatalogue(source: FakeSource([.failure(.offline)]), archive: FakeArchive(), clock: ManualClock())
        await catalogue.refresh()
        let store = InMemoryPhotoFeedStore()
        let service = PhotosService(store: store, catalogue: catalogue)
        #expect(try await service.addNext() == .failed(.offline))
        #expect(try await store.feed() == PhotoFeed())
    }

    @Test("add retries a failed list once the wait after the failure is over; before that it says why at once")
    func addRetries() async throws {
        let photos = samplePhotos(1)
        let clock = ManualClock()
        let source = FakeSource([.failure(.timedOut), .success(photos)])
        let catalogue = PhotoCatalogue(source: source, archive: FakeArchive(), clock: clock, randomFactor: { _ in 1 })
        await catalogue.refresh()
        #expect(try await PhotosService(store: InMemoryPhotoFeedStore(), catalogue: catalogue).addNext() == .failed(.timedOut))
        #expect(source.calls.count == 1)
        clock.advance(by: .seconds(2))
        #expect(try await PhotosService(store: InMemoryPhotoFeedStore(), catalogue: catalogue).addNext() == .added(photos[0]))
    }
}
