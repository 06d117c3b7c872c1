// `cars`: the cars homework (CARS-1..4) as a console program.
//
//     cars [--data-dir DIR] [--lang en|ru|pl]            the interactive menu
//     cars add --manufacturer M --model M --body B [--year N] [--number S]
//     cars list [--body B] [--json]
//
// Data lives in `<data-dir>/cars-console.sqlite`; see `ConsoleSettings` for the defaults.

/// Top-level code picks `ParsableCommand`'s synchronous `main()`, which refuses async
/// subcommands; inside an async function the async overload wins.
func start() async {
    await CarsCommand.main()
}

await start()
