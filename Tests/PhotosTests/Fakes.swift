import Caching
import Photos
import TestDoubles

func samplePhotos(_ count: Int) -> [Photo] {
    (1...max(count, 1)).prefix(count).map { id in
        Photo(
            albumId: (id - 1) / 50 + 1, id: id, title: "photo \(id)",
            url: "https://via.placeholder.com/600/\(String(id * 99_991 % 0xffffff, radix: 16))",
            thumbnailUrl: "https://via.placeholder.com/150/92c95\(id % 10)")
    }
}

let pngBytes: [UInt8] = SampleImages.png(width: 150, height: 150) + [1, 2, 3, 4]

let png = FetchedImage(bytes: pngBytes, contentType: "image/png")
