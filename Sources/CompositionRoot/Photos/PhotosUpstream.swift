import PhotosLive

extension UpstreamOption {
    /// jsonplaceholder, where the photo list comes from (PH-2).
    public static let photosAPI = UpstreamOption(
        option: "photos-api-url", variable: "APPDECK_PHOTOS_API_URL", defaultURL: JSONPlaceholderClient.defaultBaseURL,
        service: "the photo service", hasOwnOption: true)
}
