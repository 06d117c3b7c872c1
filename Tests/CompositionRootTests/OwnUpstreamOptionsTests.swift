import CompositionRoot
import Testing

/// Issue 51: `--photos-api-url` and `--github-api-url` come from the list of services, each
/// written as the `--upstream NAME=URL` it stands for before the command line is parsed.
@Suite("The services' own options")
struct OwnUpstreamOptionsTests {
    static func rewritten(_ arguments: [String]) -> [String] {
        OwnUpstreamOptions.rewriting(arguments, upstreams: Deck.upstreams, subcommands: ["keys", "migrate-data", "help"])
    }

    @Test("the services that had options of their own still have them, and only those")
    func ownOptions() {
        #expect(Deck.upstreams.filter(\.hasOwnOption).map(\.option).sorted() == ["github-api-url", "photos-api-url"])
    }

    @Test("both spellings become --upstream, put first so that an --upstream given for the service still wins")
    func rewritten() {
        #expect(Self.rewritten(["--port", "0", "--photos-api-url", "http://a", "--github-api-url=http://b", "--upstream", "photos-api-url=http://c"])
            == ["--upstream", "photos-api-url=http://a", "--upstream", "github-api-url=http://b", "--port", "0", "--upstream", "photos-api-url=http://c"])
    }

    @Test("everything else is left as it is", arguments: [
        ["--port", "8080", "--log-level", "info"],
        ["--github-web-url", "http://a"],  // no option of its own: the parser refuses it, as before
        ["--photos-api-url"],  // no value: the parser refuses it
        ["--photos-api-url", "--port"],
        ["keys", "init", "--photos-api-url", "http://a"],  // a subcommand's own arguments
        ["--", "--photos-api-url", "http://a"],
    ])
    func untouched(arguments: [String]) {
        #expect(Self.rewritten(arguments) == arguments)
    }
}
