// One document's highlighting, line by line, over a definition source-highlight parsed.
#ifndef C_SOURCE_HIGHLIGHT_LINE_HIGHLIGHTER_HPP
#define C_SOURCE_HIGHLIGHT_LINE_HIGHLIGHTER_HPP

#include <cstddef>
#include <memory>
#include <unordered_map>
#include <vector>

#include "CSourceHighlight.h"
#include "Internal.hpp"

namespace csh {

/// Source-highlight's own line loop (`SourceHighlighter::highlightParagraph` and
/// `HighlightState::findBestMatch` in 3.1.9) with the same rules, the same choice among them (the
/// match that starts first, then the longest, then the first rule; a best match with only blanks
/// before it stops the search) and the same states, but without searching the rest of the line again for every
/// rule after every token: each rule's next match is kept until the text before it is used up.
/// That is exact because every search sees the characters before its start (boost's
/// `match_prev_avail`), so where a rule matches does not depend on where the search began. (The
/// library's loop treats each resume point as the start of the text instead, which can differ only
/// for a word boundary or a look-behind right at a token's end.) On 10,000 lines of C++ (Debian's
/// cpp.lang) it takes about 0.3 s here where the library's loop takes 1 s; see benchmarks/README.md.
class LineHighlighter {
public:
    explicit LineHighlighter(const LoadedLanguage &language);

    /// Highlights the line [begin, end) into `spans()`, continuing from the previous line's state.
    /// Throws what boost throws (a match over its complexity limit), and `std::runtime_error` when
    /// the definition makes no progress or nests too deep; then call `restart()`.
    void highlight(const char *begin, const char *end);

    /// Back to the language's initial state, as at the start of a document.
    void restart();

    const std::vector<csh_span> &spans() const { return spans_; }

private:
    /// A rule's next match from where the search began, kept while that match lies ahead.
    struct Candidate {
        /// The line it was searched for in (`LineHighlighter::line`); 0 for none.
        std::uint64_t line = 0;
        bool found = false;
        boost::cmatch match;
    };

    /// A state whose delimiter the text chose: the library's copy of it, with rules compiled here
    /// and its rules' next matches.
    struct CopiedState {
        CompiledState compiled;
        std::vector<std::unique_ptr<CompiledRule>> ownRules;
        std::vector<Candidate> candidates;
    };

    /// A state on the stack.
    struct Frame {
        srchilite::HighlightStatePtr state;
        const CompiledState *compiled = nullptr;
        std::shared_ptr<CopiedState> copied;
        /// Its rules' next matches: the state's, whichever frame found them. A rule's next match
        /// depends only on the line and where the search began, so leaving a string goes back to
        /// the matches the code around it had found, and the next string starts from the last
        /// one's (a line of many short strings would otherwise search the rest of the line again
        /// after each).
        std::vector<Candidate> *candidates = nullptr;
    };

    const LoadedLanguage &language;
    Frame current;
    std::vector<Frame> stack;
    /// The next matches of each of the language's states (a copied state keeps its own).
    std::unordered_map<const CompiledState *, std::vector<Candidate>> candidatesByState;
    /// Counts the lines highlighted, so that matches kept from an earlier line are not used.
    std::uint64_t line = 0;
    std::vector<csh_span> spans_;

    Frame frameFor(const srchilite::HighlightStatePtr &state);
    Frame copiedFrame(srchilite::HighlightStatePtr state, const boost::cmatch &match, const srchilite::HighlightRule &rule) const;
    void enter(Frame frame);
    void exit(int level);
    Candidate &candidate(std::size_t index, const char *begin, const char *position, const char *end, bool beginningOfLine);
    void record(std::uint8_t tokenClass, const char *begin, const char *from, std::size_t length);
};

}  // namespace csh

#endif
