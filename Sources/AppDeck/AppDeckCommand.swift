import ArgumentParser

/// `appdeck`: serves the AppDeck web apps (`serve`, also what `appdeck` alone runs, with every
/// option it has always had), and the tasks of running several servers on one database (issue 26).
@main
struct AppDeckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appdeck",
        abstract: "Serve the AppDeck web apps.",
        subcommands: [ServeCommand.self, KeysCommand.self],
        defaultSubcommand: ServeCommand.self)
}
