import CodeHighlighting
import Testing

/// A short file in one language and three of its tokens whose class is certain.
struct LanguageSample: Sendable, CustomTestStringConvertible {
    let fileName: String
    let source: String
    /// A token's text and the class its run must have.
    let expected: [(text: String, tokenClass: TokenClass)]

    var testDescription: String { fileName }
}

/// Issue 49's languages, each with a keyword (or what the language has instead), a string and a
/// comment.
let languageSamples: [LanguageSample] = [
    LanguageSample(
        fileName: "Sources/App/Greeter.swift",
        source: "import Foundation\nstruct Greeter {\n    let greeting = \"Hello\" // says hello\n}\n",
        expected: [("let", .keyword), ("\"Hello\"", .string), ("// says hello", .comment), ("Greeter", .type)]),
    LanguageSample(
        fileName: "Greeter.m",
        source: "#import <Foundation/Foundation.h>\n@interface Greeter : NSObject\n@end\nNSString *greeting = @\"Hello\"; /* says hello */\n",
        expected: [("@interface", .keyword), ("@\"Hello\"", .string), ("/* says hello */", .comment), ("#import", .preprocessor)]),
    LanguageSample(
        fileName: "main.c",
        source: "#include <stdio.h>\nint main(void) {\n    return puts(\"Hello\"); // says hello\n}\n",
        expected: [("return", .keyword), ("\"Hello\"", .string), ("// says hello", .comment), ("int", .type)]),
    LanguageSample(
        fileName: "greeter.cpp",
        source: "namespace app {\nconst char *greeting = \"Hello\"; /* says hello */\n}\n",
        expected: [("namespace", .keyword), ("\"Hello\"", .string), ("/* says hello */", .comment)]),
    LanguageSample(
        fileName: "Greeter.kt",
        source: "package app\nfun greet(name: String) = \"Hello $name\" // says hello\n",
        expected: [("fun", .keyword), ("\"Hello ", .string), ("$name", .variable), ("// says hello", .comment)]),
    LanguageSample(
        fileName: "Greeter.java",
        source: "public class Greeter {\n    String greeting = \"Hello\"; // says hello\n}\n",
        expected: [("public", .keyword), ("\"Hello\"", .string), ("// says hello", .comment)]),
    LanguageSample(
        fileName: "greeter.js",
        source: "const greeting = \"Hello\"; // says hello\nfunction greet() { return greeting; }\n",
        expected: [("const", .keyword), ("\"Hello\"", .string), ("// says hello", .comment)]),
    LanguageSample(
        fileName: "greeter.ts",
        source: "export interface Greeter { name: string }\nlet greeting = `Hello ${name}`; // says hello\n",
        expected: [("let", .keyword), ("`Hello ", .string), ("// says hello", .comment), ("interface", .keyword)]),
    LanguageSample(
        fileName: "greeter.py",
        source: "def greet():\n    return \"Hello\"  # says hello\n",
        expected: [("def", .keyword), ("\"Hello\"", .string), ("# says hello", .comment)]),
    LanguageSample(
        fileName: "main.go",
        source: "package main\nfunc greet() string {\n\treturn \"Hello\" // says hello\n}\n",
        expected: [("func", .keyword), ("\"Hello\"", .string), ("// says hello", .comment)]),
    LanguageSample(
        fileName: "src/main.rs",
        source: "fn main() {\n    let greeting = \"Hello\"; // says hello\n}\n",
        expected: [("fn", .keyword), ("\"Hello\"", .string), ("// says hello", .comment)]),
    LanguageSample(
        fileName: "greeter.rb",
        source: "def greet\n  \"Hello\" # says hello\nend\n",
        expected: [("def", .keyword), ("\"Hello\"", .string), ("# says hello", .comment)]),
    LanguageSample(
        fileName: "scripts/greet.sh",
        source: "#!/bin/sh\nif true; then echo \"Hello\"; fi # says hello\n",
        expected: [("if", .keyword), ("\"Hello\"", .string), ("# says hello", .comment)]),
    LanguageSample(
        fileName: "package.json",
        source: "{\n  \"private\": true,\n  \"name\": \"greeter\",\n  \"version\": 2\n}\n",
        expected: [("true", .keyword), ("greeter", .string), ("\"name\"", .variable), ("2", .number)]),
    LanguageSample(
        fileName: ".github/workflows/ci.yml",
        source: "name: \"Hello\" # says hello\non:\n  push:\n    enabled: true\n",
        expected: [("true", .keyword), ("\"Hello\"", .string), ("# says hello", .comment), ("name", .variable)]),
    LanguageSample(
        fileName: "README.md",
        source: "# Greeter\nSay `hello` to [everyone](https://example.com).\n<!-- says hello -->\n",
        expected: [("# Greeter", .keyword), ("`hello`", .string), ("<!-- says hello -->", .comment), ("[everyone]", .function)]),
    LanguageSample(
        fileName: "index.html",
        source: "<!-- says hello -->\n<p class=\"greeting\">Hello</p>\n",
        expected: [("<p", .keyword), ("\"greeting\"", .string), ("<!-- says hello -->", .comment)]),
    LanguageSample(
        fileName: "style.css",
        source: "/* says hello */\n.greeting { color: red; }\n",
        expected: [(".greeting", .type), ("color:", .variable), ("/* says hello */", .comment)]),
    LanguageSample(
        fileName: "schema.sql",
        source: "SELECT name FROM greetings WHERE word = 'Hello'; -- says hello\n",
        expected: [("SELECT", .keyword), ("'Hello'", .string), ("-- says hello", .comment)]),
    LanguageSample(
        fileName: "Dockerfile",
        source: "# says hello\nFROM swift:6.0\nRUN echo \"Hello\"\n",
        expected: [("FROM", .keyword), ("\"Hello\"", .string), ("# says hello", .comment)]),
]
