#include "LineHighlighter.hpp"

#include <stdexcept>
#include <string>

namespace {

/// How deep states may nest (nested comments, strings in strings) before a line counts as failed.
constexpr std::size_t maximumDepth = 1000;

bool onlyBlanks(const char *from, const char *to) {
    for (const char *c = from; c != to; ++c) {
        if (*c != ' ' && *c != '\t') return false;
    }
    return true;
}

}  // namespace

namespace csh {

LineHighlighter::LineHighlighter(const LoadedLanguage &language) : language(language) {
    restart();
}

void LineHighlighter::restart() {
    spans_.clear();
    stack.clear();
    current = frameFor(language.mainState);
}

LineHighlighter::Frame LineHighlighter::frameFor(const srchilite::HighlightStatePtr &state) {
    const auto found = language.states.find(state.get());
    if (found == language.states.end()) throw std::runtime_error("a state the definition does not have");
    std::vector<Candidate> &candidates = candidatesByState[&found->second];
    candidates.resize(found->second.rules.size());
    return Frame{state, &found->second, nullptr, &candidates};
}

LineHighlighter::Frame LineHighlighter::copiedFrame(srchilite::HighlightStatePtr state, const boost::cmatch &match,
                                                    const srchilite::HighlightRule &rule) const {
    // As `SourceHighlighter::getNextState`: a copy of the original state, its references (`@{1}`)
    // replaced by what the rule's subexpressions matched.
    if (state->getOriginalState().get()) state = state->getOriginalState();
    srchilite::ReplacementList replacements;
    if (rule.getHasSubexpressions()) {
        for (std::size_t index = 1; index < match.size(); ++index) replacements.push_back(match[index].str());
    }
    srchilite::HighlightStatePtr copy;
    {
        std::lock_guard<std::mutex> lock(sharedStateMutex());
        copy.reset(new srchilite::HighlightState(*state));
    }
    copy->setOriginalState(state);
    copy->replaceReferences(replacements);

    auto copied = std::make_shared<CopiedState>();
    copied->compiled.defaultClass = tokenClassOfElement(copy->getDefaultElement());
    for (const auto &copiedRule : copy->getRuleList()) {
        const auto shared = language.rules.find(copiedRule.get());
        if (shared != language.rules.end()) {
            copied->compiled.rules.push_back(shared->second.get());
        } else {
            copied->ownRules.push_back(compileRule(*copiedRule));
            copied->compiled.rules.push_back(copied->ownRules.back().get());
        }
    }
    copied->candidates.resize(copied->compiled.rules.size());
    Frame frame{copy, &copied->compiled, copied, &copied->candidates};
    return frame;
}

void LineHighlighter::enter(Frame frame) {
    if (stack.size() >= maximumDepth) throw std::runtime_error("states nest too deep");
    stack.push_back(std::move(current));
    current = std::move(frame);
}

void LineHighlighter::exit(int level) {
    // As `SourceHighlighter::exitState` and `exitAll`; a definition that leaves more states than
    // were entered goes back to the start (the library would read past its stack).
    if (level < 0 || static_cast<std::size_t>(level) > stack.size()) {
        stack.clear();
        current = frameFor(language.mainState);
    } else {
        stack.resize(stack.size() - static_cast<std::size_t>(level) + 1);
        current = std::move(stack.back());
        stack.pop_back();
    }
}

LineHighlighter::Candidate &LineHighlighter::candidate(std::size_t index, const char *begin, const char *position,
                                                       const char *end, bool beginningOfLine) {
    Candidate &candidate = (*current.candidates)[index];
    if (candidate.line == line && (!candidate.found || candidate.match[0].first >= position)) return candidate;
    boost::match_flag_type flags = boost::match_default;
    if (position != begin) {
        flags |= boost::match_prev_avail | boost::match_not_bob;
    }
    if (!beginningOfLine || position != begin) flags |= boost::match_not_bol;
    candidate.found = boost::regex_search(position, end, candidate.match, current.compiled->rules[index]->regex, flags);
    candidate.line = line;
    return candidate;
}

void LineHighlighter::record(std::uint8_t tokenClass, const char *begin, const char *from, std::size_t length) {
    if (tokenClass == 0 || length == 0) return;
    const auto start = static_cast<std::uint32_t>(from - begin);
    if (!spans_.empty()) {
        csh_span &last = spans_.back();
        if (last.token_class == tokenClass && last.start + last.length == start) {
            last.length += static_cast<std::uint32_t>(length);
            return;
        }
    }
    spans_.push_back(csh_span{start, static_cast<std::uint32_t>(length), tokenClass});
}

void LineHighlighter::highlight(const char *begin, const char *end) {
    spans_.clear();
    ++line;  // the matches kept point into the previous line
    const char *position = begin;
    bool beginningOfLine = true;
    // Each round uses up at least one character or changes state; a definition that does neither
    // would loop for ever (the library's loop would).
    const std::size_t maximumRounds = 4 * static_cast<std::size_t>(end - begin) + 64;
    for (std::size_t round = 0;; ++round) {
        if (round > maximumRounds) throw std::runtime_error("the definition makes no progress");

        // `HighlightState::findBestMatch`.
        const CompiledState &state = *current.compiled;
        std::size_t best = state.rules.size();
        std::size_t bestPrefix = 0;
        std::size_t bestSize = 0;
        for (std::size_t index = 0; index < state.rules.size(); ++index) {
            const Candidate &found = candidate(index, begin, position, end, beginningOfLine);
            if (!found.found) continue;
            const CompiledRule &rule = *state.rules[index];
            const auto prefix = static_cast<std::size_t>(found.match[0].first - position);
            std::size_t size = 0;
            if (rule.elementClasses.size() > 1) {
                for (std::size_t group = 1; group < found.match.size(); ++group) {
                    if (found.match[group].matched) size += static_cast<std::size_t>(found.match[group].length());
                }
            } else {
                size = static_cast<std::size_t>(found.match[0].length());
            }
            if (best == state.rules.size() || prefix < bestPrefix || (prefix == bestPrefix && size > bestSize)) {
                best = index;
                bestPrefix = prefix;
                bestSize = size;
                if (onlyBlanks(position, position + prefix)) break;
            }
        }

        if (best == state.rules.size()) {
            record(state.defaultClass, begin, position, static_cast<std::size_t>(end - position));
            return;
        }

        // `SourceHighlighter::highlightParagraph`: the text before the match in the state's class,
        // then each matched element in its own.
        const CompiledRule &rule = *state.rules[best];
        const boost::cmatch &match = (*current.candidates)[best].match;
        record(state.defaultClass, begin, position, bestPrefix);
        const char *cursor = position + bestPrefix;
        if (rule.elementClasses.size() > 1) {
            for (std::size_t group = 1; group < match.size(); ++group) {
                if (!match[group].matched) continue;
                const auto length = static_cast<std::size_t>(match[group].length());
                const std::uint8_t tokenClass = group - 1 < rule.elementClasses.size() ? rule.elementClasses[group - 1] : 0;
                record(tokenClass, begin, cursor, length);
                cursor += length;
            }
        } else if (!rule.elementClasses.empty()) {
            record(rule.elementClasses[0], begin, cursor, bestSize);
        }
        if (bestSize > 0) beginningOfLine = false;

        // `SourceHighlighter::getNextState`, `enterState`, `exitState`.
        const srchilite::HighlightRule &libraryRule = *rule.rule;
        srchilite::HighlightStatePtr next = libraryRule.isNested() ? current.state : libraryRule.getNextState();
        position += bestPrefix + bestSize;
        if (next.get()) {
            if (next->getNeedsReferenceReplacement()) {
                enter(copiedFrame(next, match, libraryRule));
            } else if (next == current.state) {
                enter(Frame{current.state, current.compiled, current.copied, current.candidates});
            } else {
                enter(frameFor(next));
            }
        } else if (libraryRule.getExitLevel() != 0) {
            exit(libraryRule.getExitLevel());
        }
    }
}

}  // namespace csh
