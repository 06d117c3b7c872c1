import Photos
import TestDoubles
import Upstream
import CompositionRoot

/// The Photos app's parts over doubles: a fixed list of photos (or a failing source), images
/// that are never fetched (every thumbnail is the drawn placeholder), nothing archived (the
/// catalogue reads its archive once, at start) and nothing on disk (the pipeline stores only what
/// it fetched). The live clients are tested against a loopback stand-in in `PhotosLiveTests`.
enum PhotosDoubles {
    static func photos(count: Int) -> [Photo] {
        (1...max(count, 1)).prefix(count).map { id in
            Photo(albumId: 1, id: id, title: "photo \(id) <b>&</b>", url: "https://via.placeholder.com/600/92c952",
                  thumbnailUrl: "https://via.placeholder.com/150/\(id % 2 == 0 ? "771796" : "92c952")")
        }
    }

    /// Parts whose list holds `count` photos, or whose source fails with `failure`.
    static func parts(count: Int = 5, failure: UpstreamFailure? = nil) async -> PhotosParts {
        let answer: Result<[Photo], UpstreamFailure> = failure.map { .failure($0) } ?? .success(photos(count: count))
        let catalogue = PhotoCatalogue(source: FakeSource([answer]), archive: FakeArchive())
        await catalogue.start()
        _ = await catalogue.ready(within: .seconds(5))
        return PhotosParts(
            catalogue: catalogue, readinessTimeout: .seconds(1),
            thumbnails: ThumbnailPipeline(fetcher: FakeFetcher(.failure(.offline)), diskCache: FakeDiskCache()))
    }
}
