import Photos
import Testing
import TestDoubles

@Suite("FallbackPhotoListArchive: the list moves into the database without a start that knows no photos")
struct FallbackPhotoListArchiveTests {
    @Test("with the database empty, the earlier archive's list is read; saves go to the database only")
    func readsEarlierUntilPrimaryHasAList() async {
        let database = FakeArchive()
        let file = FakeArchive(samplePhotos(3))
        let archive = FallbackPhotoListArchive(primary: database, earlier: file)
        #expect(await archive.load() == samplePhotos(3))

        await archive.save(samplePhotos(5))
        #expect(database.photos == samplePhotos(5))
        #expect(file.photos == samplePhotos(3))
        #expect(file.saves.count == 0)
        #expect(await archive.load() == samplePhotos(5))
    }

    @Test("neither holds a list: none")
    func neither() async {
        #expect(await FallbackPhotoListArchive(primary: FakeArchive(), earlier: FakeArchive()).load() == nil)
    }
}
