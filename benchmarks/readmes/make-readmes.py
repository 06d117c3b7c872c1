#!/usr/bin/env python3
"""Writes the 24 generated READMEs of the README render benchmark (readme-NN.md), deterministically.

Each is built from the sections real READMEs have (a centered logo and badges, install steps with
fences indented in list items, usage in several languages, API tables with and without outer
pipes, options, an FAQ in <details>, a task-list roadmap, a nested changelog, footnotes, links by
reference), in a different mix and size. The six other inputs are this repository's own Markdown
files, copied by the benchmark's README command. Run from the repository root:
    python3 benchmarks/readmes/make-readmes.py
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
WORDS = ("fast small safe simple async stream buffer cache index query router token parser render "
         "layout widget server client request response handler config plugin module schema table "
         "column record event queue worker thread lock channel signal value option").split()
LANGUAGES = ["swift", "python", "js", "rust", "go", "sh", "json", "yaml", "c", "toml"]
CODE = {
    "swift": 'import {name}\n\nlet client = {Name}Client(token: env["TOKEN"]!)\nfor try await item in client.items(limit: 10) {{\n    print(item.title)\n}}',
    "python": 'from {name} import Client\n\nclient = Client(timeout=5)\nfor item in client.items(limit=10):\n    print(f"{{item.id}}: {{item.title}}")',
    "js": 'import {{ create }} from "{name}";\n\nconst app = create({{ port: 8080 }});\napp.on("request", (req, res) => res.end("<h1>hi</h1>"));',
    "rust": 'use {name}::Client;\n\nfn main() -> Result<(), Box<dyn std::error::Error>> {{\n    let c = Client::new()?;\n    println!("{{:?}}", c.items(10)?);\n    Ok(())\n}}',
    "go": 'package main\n\nimport "github.com/octo/{name}"\n\nfunc main() {{\n\tc := {name}.New()\n\tdefer c.Close()\n}}',
    "sh": '$ curl -fsSL https://get.{name}.dev | sh\n$ {name} init --dir ./data && {name} serve --port 8080',
    "json": '{{\n  "name": "{name}",\n  "version": "1.2.3",\n  "options": {{ "cache": true, "workers": 4 }}\n}}',
    "yaml": 'service: {name}\nreplicas: 3\nenv:\n  - name: LOG_LEVEL\n    value: debug',
    "c": '#include <{name}.h>\n\nint main(void) {{\n    {name}_t *h = {name}_open("db", 0);\n    return h ? 0 : 1;\n}}',
    "toml": '[dependencies]\n{name} = {{ version = "1.2", features = ["async"] }}',
}


def sentence(rng, words=12):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    decorations = [
        lambda t: t.replace(" ", " `" + rng.choice(WORDS) + "()` ", 1),
        lambda t: t + " (see [the docs][docs])",
        lambda t: "**" + t.split(" ", 2)[0] + "** " + t,
        lambda t: t + ", like *" + rng.choice(WORDS) + "_" + rng.choice(WORDS) + "*",
        lambda t: t + " at https://" + rng.choice(WORDS) + ".example.com/path",
        lambda t: t + " ~~" + rng.choice(WORDS) + "~~",
        lambda t: t + " <kbd>Ctrl</kbd>+<kbd>C</kbd>",
        lambda t: t + "[^" + str(rng.randint(1, 3)) + "]",
    ]
    for decorate in rng.sample(decorations, rng.randint(0, 3)):
        text = decorate(text)
    return text[0].upper() + text[1:] + "."


def paragraph(rng):
    return " ".join(sentence(rng, rng.randint(6, 16)) for _ in range(rng.randint(2, 5)))


def code(rng, name, language=None):
    language = language or rng.choice(LANGUAGES)
    body = CODE[language].format(name=name, Name=name.capitalize())
    fence = rng.choice(["```", "~~~"])
    return f"{fence}{language}\n{body}\n{fence}"


def header(rng, name):
    badges = " ".join(f"[![{w}](https://img.shields.io/badge/{w}-ok-green.svg)](https://ci.example/{name}/{w})"
                      for w in rng.sample(["build", "coverage", "docs", "license", "release"], 3))
    if rng.random() < 0.5:
        return (f'<p align="center">\n  <img src="docs/logo.png" alt="{name} logo" width="160">\n</p>\n\n'
                f'<h1 align="center">{name}</h1>\n\n{badges}\n\n> {sentence(rng)}')
    return f"{name}\n{'=' * len(name)}\n\n{badges}\n\n{paragraph(rng)}"


def install(rng, name):
    steps = [f"{i}. {sentence(rng, 5)}\n   ```sh\n   {rng.choice(['make', 'swift build', 'cargo build --release', 'npm install ' + name])}\n   ```"
             for i in range(1, rng.randint(3, 6))]
    return "## Installation\n\n" + "\n".join(steps) + "\n\n" + paragraph(rng)


def usage(rng, name):
    parts = ["## Usage", paragraph(rng)]
    for _ in range(rng.randint(1, 4)):
        parts += [code(rng, name), paragraph(rng)]
    return "\n\n".join(parts)


def api_table(rng, name):
    rows = [f"`{rng.choice(WORDS)}({rng.choice(WORDS)}:)` | {sentence(rng, 7)} | {rng.choice(['yes', 'no', '—'])}"
            for _ in range(rng.randint(4, 14))]
    if rng.random() < 0.5:
        return "## API\n\nMethod | Description | Async\n:--- | :--- | :---:\n" + "\n".join(rows)
    return "## API\n\n| Method | Description | Async |\n|--------|-------------|------:|\n" + "\n".join(f"| {r} |" for r in rows)


def options(rng, name):
    items = [f"- `--{rng.choice(WORDS)}-{rng.choice(WORDS)}`: {sentence(rng, 8)}\n  - default: `{rng.randint(1, 500)}`"
             for _ in range(rng.randint(3, 10))]
    return "### Options\n\n" + "\n".join(items)


def faq(rng, name):
    blocks = [f"<details>\n<summary>{sentence(rng, 6)}</summary>\n\n{paragraph(rng)}\n\n{code(rng, name)}\n\n</details>"
              for _ in range(rng.randint(2, 5))]
    return "## FAQ\n\n" + "\n\n".join(blocks)


def roadmap(rng, name):
    return "## Roadmap\n\n" + "\n".join(f"- [{rng.choice([' ', 'x'])}] {sentence(rng, 6)}" for _ in range(rng.randint(3, 9)))


def changelog(rng, name):
    versions = []
    for minor in range(rng.randint(2, 12), 0, -1):
        changes = "\n".join(f"  - {sentence(rng, 8)}" for _ in range(rng.randint(1, 5)))
        versions.append(f"- **1.{minor}.0** ({2020 + minor % 5}-0{1 + minor % 9}-1{minor % 9})\n{changes}")
    return "## Changelog\n\n" + "\n".join(versions)


def contributing(rng, name):
    return ("## Contributing\n\n" + paragraph(rng) + "\n\n* Fork it\n* Create your branch (`git checkout -b my-feature`)\n"
            "* Commit, push, open a pull request\n\n---\n\n" + paragraph(rng))


def footer(rng, name):
    notes = "\n".join(f"[^{i}]: {sentence(rng, 7)}" for i in range(1, 4))
    return (f"## License\n\nMIT © octo. See [LICENSE](LICENSE) and [the guide](docs/guide.md#setup).\n\n"
            f"[docs]: https://{name}.example.com/docs \"Documentation\"\n\n{notes}")


SECTIONS = [install, usage, api_table, options, faq, roadmap, changelog, contributing]


def readme(index):
    rng = random.Random(2200 + index)
    name = rng.choice(WORDS) + rng.choice(["kit", "ly", "db", "js", "rs", "io"])
    parts = [header(rng, name), "## Contents\n\n" + "\n".join(f"- [{s.__name__.title()}](#{s.__name__})" for s in SECTIONS)]
    repeats = 1 + index // 6
    for _ in range(repeats):
        for section in rng.sample(SECTIONS, rng.randint(4, len(SECTIONS))):
            parts.append(section(rng, name))
    parts.append(footer(rng, name))
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    for index in range(1, 25):
        with open(os.path.join(HERE, f"readme-{index:02d}.md"), "w") as out:
            out.write(readme(index))
