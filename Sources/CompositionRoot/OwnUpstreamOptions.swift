/// The services' own options (`--photos-api-url URL`), read from the list of services
/// (`UpstreamOption.hasOwnOption`) rather than declared one by one: before the command line is
/// parsed, each is written as the `--upstream NAME=URL` it stands for.
public enum OwnUpstreamOptions {
    /// `arguments` (without the program's name) with every `--<option> URL` and `--<option>=URL`
    /// of `upstreams` taken out and put first as `--upstream <option>=URL`: a service's own option
    /// wins over its variable, and an `--upstream` given for the same service wins over both, as
    /// when they were options of their own. A subcommand's arguments (the first one names it) are
    /// left as they are, as is an own option with no value after it (the parser then refuses it).
    public static func rewriting(_ arguments: [String], upstreams: [UpstreamOption], subcommands: Set<String>) -> [String] {
        if let first = arguments.first, subcommands.contains(first) { return arguments }
        let own = Set(upstreams.filter(\.hasOwnOption).map(\.option))
        var given: [String] = []
        var rest: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                rest += arguments[(index - 1)...]
                break
            }
            guard argument.hasPrefix("--") else {
                rest.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "="), own.contains(String(body[..<equals])) {
                given += ["--upstream", "\(body[..<equals])=\(body[body.index(after: equals)...])"]
            } else if own.contains(String(body)), index < arguments.endIndex, !arguments[index].hasPrefix("-") {
                given += ["--upstream", "\(body)=\(arguments[index])"]
                index += 1
            } else {
                rest.append(argument)
            }
        }
        return given + rest
    }

    /// Each service's own option as `--help` lists it, for the services that have one.
    public static func help(_ upstreams: [UpstreamOption]) -> [String] {
        upstreams.filter(\.hasOwnOption).map { "--\($0.option) <url>: \($0.help)" }
    }
}
