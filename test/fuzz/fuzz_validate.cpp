// libFuzzer target: arbitrary bytes as an acl.json, through aclppValidateBuffer.
//
// Every report must be well formed whatever the bytes (see checkReport): error findings carry
// a non-zero code, the result is the first error in init-step order or 0, the JSON forms parse.
// Validation touches no runtime state, so the lifecycle state must not move.
//
// The same bytes also go through a differential check of the failure-path scanner
// (json/syntax.hpp, linked from the core archive) against simdjson (F-3, F-4, K-8): the scanner
// must find nothing exactly when simdjson accepts the text and no container is nested past the
// limit; on a depth violation both must name the same container; a problem must lie inside the
// text; and the report must carry the scanner's message, line and column.
#include <optional>

#include "fuzz_common.hpp"
#include "json/document.hpp"
#include "json/syntax.hpp"
#include "text/user_text.hpp"

using namespace aclpp::fuzz;
using aclpp::core::SyntaxProblem;

namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// As JsonDocument::parse allocates it: simdjson's own limit only bounds its stack.
simdjson::dom::parser &documentParser() {
    static simdjson::dom::parser parser = [] {
        simdjson::dom::parser p;
        ACLPP_FUZZ_CHECK(p.allocate(64, 64) == simdjson::SUCCESS, "cannot allocate a simdjson parser");
        return p;
    }();
    return parser;
}

// The first container nested past the limit (F-4) in document order, found on simdjson's DOM.
// Written apart from JsonDocument's walker and the scanner on purpose: it is the oracle.
struct DepthViolation {
    bool isObject = false;
    std::size_t depth = 0;
    std::string pointer;
};

void appendToken(std::string &pointer, std::string_view token) {
    pointer += '/';
    for (char c : token) {
        if (c == '~') {
            pointer += "~0";
        } else if (c == '/') {
            pointer += "~1";
        } else {
            pointer += c;
        }
    }
}

// Recursion is bounded: the walk stops at the 11th object or array, so at most 21 frames.
bool findDepthViolation(simdjson::dom::element element, std::size_t objects, std::size_t arrays, std::string &pointer,
                        DepthViolation &out) {
    const std::size_t mark = pointer.size();
    if (element.is_object()) {
        if (++objects > aclpp::core::kMaxObjectDepth) {
            out = DepthViolation{true, objects, pointer};
            return true;
        }
        for (simdjson::dom::key_value_pair field : simdjson::dom::object(element)) {
            appendToken(pointer, field.key);
            if (findDepthViolation(field.value, objects, arrays, pointer, out)) return true;
            pointer.resize(mark);
        }
    } else if (element.is_array()) {
        if (++arrays > aclpp::core::kMaxArrayDepth) {
            out = DepthViolation{false, arrays, pointer};
            return true;
        }
        std::size_t index = 0;
        for (simdjson::dom::element child : simdjson::dom::array(element)) {
            pointer += '/';
            pointer += std::to_string(index++);
            if (findDepthViolation(child, objects, arrays, pointer, out)) return true;
            pointer.resize(mark);
        }
    }
    return false;
}

// Line and column of `offset`, counted here rather than by the core: lines end at '\n',
// columns count bytes from 1.
aclpp::core::TextPosition recount(std::string_view text, std::size_t offset) {
    uint32_t line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return aclpp::core::TextPosition{line, static_cast<uint32_t>(offset - lineStart + 1)};
}

// Runs the scanner and simdjson on `text` (the bytes after any BOM, as the document parses
// them) and aborts when their verdicts differ. Returns the scanner's problem.
std::optional<SyntaxProblem> checkScannerAgainstSimdjson(std::string_view text) {
    const aclpp::core::SyntaxScan scan = aclpp::core::scanSyntax(text);
    const std::optional<SyntaxProblem> &problem = scan.problem;
    if (problem) {
        ACLPP_FUZZ_CHECK(problem->offset <= text.size(), "scanner offset %zu past the end of a %zu-byte text",
                         problem->offset, text.size());
        ACLPP_FUZZ_CHECK(!problem->message.empty(), "scanner problem at %zu has no message", problem->offset);
        const aclpp::core::TextPosition expected = recount(text, problem->offset);
        const aclpp::core::TextPosition position = aclpp::core::positionOf(text, problem->offset);
        ACLPP_FUZZ_CHECK(position.line == expected.line && position.column == expected.column,
                         "offset %zu is line %u column %u, positionOf says line %u column %u", problem->offset,
                         expected.line, expected.column, position.line, position.column);
        if (problem->kind == SyntaxProblem::Kind::depth) {
            ACLPP_FUZZ_CHECK(
                problem->offset < text.size() && (text[problem->offset] == '{' || text[problem->offset] == '['),
                "depth problem at %zu is not at a '{' or '['", problem->offset);
            const bool isObject = text[problem->offset] == '{';
            const std::size_t depth = (isObject ? aclpp::core::kMaxObjectDepth : aclpp::core::kMaxArrayDepth) + 1;
            ACLPP_FUZZ_CHECK(problem->message == aclpp::core::depthMessage(depth, isObject),
                             "depth problem at %zu says \"%s\"", problem->offset, problem->message.c_str());
            ACLPP_FUZZ_CHECK(problem->pointer.empty() || problem->pointer[0] == '/', "depth pointer \"%s\"",
                             problem->pointer.c_str());
        } else {
            ACLPP_FUZZ_CHECK(problem->pointer.empty(), "syntax problem with pointer \"%s\"", problem->pointer.c_str());
        }
    }

    const simdjson::padded_string padded(text);
    simdjson::dom::element root;
    const simdjson::error_code error = documentParser().parse(padded).get(root);
    if (error == simdjson::MEMALLOC || error == simdjson::CAPACITY) return problem;  // no verdict on the text
    if (error != simdjson::SUCCESS) {
        // F-3: simdjson refuses integers beyond the 64-bit integers, the document reads them as
        // doubles (the report is checked against the scanner by the caller).
        if (error == simdjson::NUMBER_ERROR && !problem && !scan.wideIntegerEnds.empty()) return problem;
        ACLPP_FUZZ_CHECK(problem.has_value(), "simdjson rejects the text (%s), the scanner finds nothing",
                         simdjson::error_message(error));
        // simdjson reports a depth error only when everything before it parsed, and the depth
        // error comes at 65 containers: the scanner must stop at the 11th object or array.
        ACLPP_FUZZ_CHECK(error != simdjson::DEPTH_ERROR || problem->kind == SyntaxProblem::Kind::depth,
                         "simdjson: DEPTH_ERROR, scanner: syntax at %zu: %s", problem->offset,
                         problem->message.c_str());
        return problem;
    }
    DepthViolation violation;
    std::string pointer;
    if (!findDepthViolation(root, 0, 0, pointer, violation)) {
        ACLPP_FUZZ_CHECK(!problem.has_value(), "simdjson accepts the text, the scanner reports at offset %zu: %s",
                         problem ? problem->offset : 0, problem ? problem->message.c_str() : "");
        return problem;
    }
    ACLPP_FUZZ_CHECK(problem.has_value() && problem->kind == SyntaxProblem::Kind::depth,
                     "%zu nested %s at %s, but the scanner reports %s", violation.depth,
                     violation.isObject ? "objects" : "arrays", violation.pointer.c_str(),
                     problem ? problem->message.c_str() : "nothing");
    ACLPP_FUZZ_CHECK(problem->pointer == violation.pointer && text[problem->offset] == (violation.isObject ? '{' : '['),
                     "the first container past the limit is %s, the scanner names %s (at %zu)",
                     violation.pointer.c_str(), problem->pointer.c_str(), problem->offset);
    return problem;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    // libFuzzer may hand an empty input as a NULL pointer; a 0-byte config is not "no config".
    static const char empty[1] = {'\0'};
    const char *bytes = size == 0 ? empty : reinterpret_cast<const char *>(data);

    const aclppLifecycleState before = lifecycleState();
    const ReportSummary plain = validateAndCheck(bytes, size, nullptr);

    // The scanner against simdjson, then the report against the scanner. The document turns a
    // 0-byte file into {} and rejects a NUL byte before either runs, so those two are not carried.
    std::string_view text(bytes, size);
    if (text.starts_with(kUtf8Bom)) text.remove_prefix(kUtf8Bom.size());
    const std::optional<SyntaxProblem> problem = checkScannerAgainstSimdjson(text);
    if (problem && size != 0 && text.find('\0') == std::string_view::npos) {
        const aclpp::core::TextPosition position = recount(text, problem->offset);
        ACLPP_FUZZ_CHECK(plain.result == ACL_ERROR_PARSE_FILE && plain.decisiveStep == ACLPP_STEP_ERR_MSG_MODE,
                         "the scanner rejects the text, validation returns %d", plain.result);
        ACLPP_FUZZ_CHECK(plain.decisiveLine == position.line && plain.decisiveColumn == position.column &&
                             plain.decisiveMessage == problem->message &&
                             plain.decisivePointer == aclpp::core::shownPointer(problem->pointer),  // K-8
                         "report: line %u column %u \"%s\" at \"%s\"; scanner: line %u column %u \"%s\" at \"%s\"",
                         plain.decisiveLine, plain.decisiveColumn, plain.decisiveMessage.c_str(),
                         plain.decisivePointer.c_str(), position.line, position.column, problem->message.c_str(),
                         problem->pointer.c_str());
    }

    // The same bytes for one more product, picked from the bytes, so product rules get fuzzed.
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < size; ++i) hash = (hash ^ data[i]) * 16777619u;
    aclppSocInfo info{};
    const size_t socs = aclppSocCount();
    ACLPP_FUZZ_CHECK(socs > 0, "no products");
    ACLPP_FUZZ_CHECK(aclppGetSocInfo(hash % socs, &info) == ACL_SUCCESS && info.soc != nullptr, "product %zu",
                     static_cast<size_t>(hash % socs));
    const ReportSummary product = validateAndCheck(bytes, size, info.soc);
    // A file-level rejection (syntax, depth) does not depend on the product.
    if (plain.decisiveStep == ACLPP_STEP_ERR_MSG_MODE) {
        ACLPP_FUZZ_CHECK(product.result == plain.result, "file-level result %d on the default product, %d on %s",
                         plain.result, product.result, info.soc);
    }

    // Deterministic: the same bytes give the same report.
    const ReportSummary again = validateAndCheck(bytes, size, nullptr);
    ACLPP_FUZZ_CHECK(again.result == plain.result && again.effectiveJson == plain.effectiveJson,
                     "validating twice gave %d then %d", plain.result, again.result);

    const aclppLifecycleState after = lifecycleState();
    ACLPP_FUZZ_CHECK(after.refCount == before.refCount && after.epoch == before.epoch &&
                         after.identityRemembered == before.identityRemembered && after.finalized == before.finalized,
                     "validation changed the lifecycle state");
    drainRecentErrors();
    return 0;
}
