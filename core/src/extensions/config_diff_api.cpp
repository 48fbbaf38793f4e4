// aclppCompareConfigs: the key-by-key comparison behind acl::Session's join policy (C-2). It
// lives here rather than in <acl/session.hpp> so that a program constructing a Session does not
// compile a JSON parser and a tree diff. It reads both texts with the core's acl.json reader (the
// one aclInit uses) and keeps each number as written (ExactDocument), so numbers compare by their
// text and nothing is rounded.
#include <acl/aclpp_ext.h>

#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "aclpp/schema/dump.hpp"
#include "aclpp/schema/profiler.hpp"
#include "aclpp/schema/top_level.hpp"
#include "config/config_file.hpp"
#include "errors/recent_message.hpp"
#include "json/document.hpp"
#include "json/exact_document.hpp"
#include "text/user_text.hpp"
#include "util/guarded_call.hpp"

using aclpp::core::guardedCall;

namespace {

struct Difference {
    aclppConfigDifferenceKind kind;
    std::string pointer;
    std::string requested;
    std::string live;
};

}  // namespace

struct aclppConfigDiff {
    std::vector<Difference> conflicts;
    std::vector<Difference> extras;
};

namespace {

using aclpp::core::ExactDocument;
using aclpp::core::ExactMember;
using aclpp::core::ExactValue;
using aclpp::core::isNumber;
using aclpp::core::JsonElement;
using aclpp::core::JsonType;

/// A side of the comparison: a value and the document it belongs to.
struct Side {
    const ExactDocument &document;
    ExactValue value;
};

/// The member `key` (the last one when the key repeats, F-5), or nullptr.
const ExactMember *findLast(const std::vector<ExactMember> &members, std::string_view key) noexcept {
    for (auto it = members.rbegin(); it != members.rend(); ++it) {
        if (it->key == key) return &*it;
    }
    return nullptr;
}

std::optional<std::int64_t> asInt64(std::string_view number) noexcept {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (ec != std::errc() || end != number.data() + number.size()) return std::nullopt;
    return value;
}

/// Scalars: the same kind and value; numbers by value when both are integers, else by text.
bool sameScalar(const Side &a, const Side &b) {
    const bool number = isNumber(a.value.element);
    if (number != isNumber(b.value.element)) return false;
    if (number) {
        const std::string_view x = a.document.numberText(a.value);
        const std::string_view y = b.document.numberText(b.value);
        const std::optional<std::int64_t> i = asInt64(x);
        const std::optional<std::int64_t> j = asInt64(y);
        return i && j ? *i == *j : x == y;
    }
    if (a.value.element.type() != b.value.element.type()) return false;
    if (a.value.element.type() == JsonType::STRING) {
        return aclpp::core::asString(a.value.element) == aclpp::core::asString(b.value.element);
    }
    return aclpp::core::minifiedJson(a.value.element) == aclpp::core::minifiedJson(b.value.element);  // true, null
}

/// The JSON text of the value the runtime uses when the key at `pointer` is absent, or nothing
/// when it has none: a key absent on one side and at its default on the other is no difference.
/// Every section's key rows hold the defaults.
std::optional<std::string> defaultJson(std::string_view pointer) {
    const auto quoted = [](std::string_view text) { return '"' + std::string(text) + '"'; };
    for (const aclpp::schema::top_level_rules::KeyRule &rule : aclpp::schema::top_level_rules::kKeyRules) {
        if (rule.pointer != pointer || rule.defaultValue == aclpp::schema::top_level_rules::kNoDefault) continue;
        const std::string number = std::to_string(rule.defaultValue);
        return aclpp::schema::top_level_rules::isStringRule(rule.rule) ? quoted(number) : number;
    }
    for (const aclpp::schema::profiler_rules::KeyRule &rule : aclpp::schema::profiler_rules::kKeyRules) {
        if (rule.pointer == pointer && !rule.defaultValue.empty()) return quoted(rule.defaultValue);
    }
    for (const aclpp::schema::dump_rules::KeyRow &row : aclpp::schema::dump_rules::kKeyRows) {
        if (row.pointer == pointer && !row.defaultValue.empty()) return quoted(row.defaultValue);
    }
    return std::nullopt;
}

bool isDefault(std::string_view pointer, const Side &side) {
    if (const std::optional<std::string> json = defaultJson(pointer)) return side.document.dump(side.value) == *json;
    // An empty section is the same as no section.
    const JsonElement element = side.value.element;
    if (element.type() == JsonType::OBJECT) return aclpp::core::asObject(element).size() == 0;
    if (element.type() == JsonType::ARRAY) return aclpp::core::asArray(element).size() == 0;
    return false;
}

void diffValues(const Side &requested, const Side &live, const std::string &at, aclppConfigDiff &out) {
    const JsonType requestedType = requested.value.element.type();
    const JsonType liveType = live.value.element.type();
    if (requestedType == JsonType::OBJECT && liveType == JsonType::OBJECT) {
        const std::vector<ExactMember> wanted = requested.document.members(requested.value);
        const std::vector<ExactMember> had = live.document.members(live.value);
        for (const ExactMember &member : wanted) {
            if (findLast(wanted, member.key) != &member) continue;  // a repeated key: the last one counts
            const std::string child = aclpp::core::childPointer(at, member.key);
            const Side value{requested.document, member.value};
            if (const ExactMember *other = findLast(had, member.key)) {
                diffValues(value, Side{live.document, other->value}, child, out);
            } else if (!isDefault(child, value)) {
                out.conflicts.push_back(
                    Difference{ACLPP_CONFIG_CONFLICT, child, requested.document.dump(member.value), {}});
            }
        }
        for (const ExactMember &member : had) {
            if (findLast(had, member.key) != &member || findLast(wanted, member.key) != nullptr) continue;
            const std::string child = aclpp::core::childPointer(at, member.key);
            if (!isDefault(child, Side{live.document, member.value})) {
                out.extras.push_back(Difference{ACLPP_CONFIG_EXTRA, child, {}, live.document.dump(member.value)});
            }
        }
        return;
    }
    if (requestedType == JsonType::ARRAY && liveType == JsonType::ARRAY) {
        const std::vector<ExactValue> wanted = requested.document.elements(requested.value);
        const std::vector<ExactValue> had = live.document.elements(live.value);
        if (wanted.size() == had.size()) {
            for (std::size_t i = 0; i < wanted.size(); ++i) {
                diffValues(Side{requested.document, wanted[i]}, Side{live.document, had[i]},
                           aclpp::core::childPointer(at, i), out);
            }
            return;
        }
    } else if (requestedType != JsonType::OBJECT && requestedType != JsonType::ARRAY && sameScalar(requested, live)) {
        return;
    }
    out.conflicts.push_back(Difference{ACLPP_CONFIG_CONFLICT, at, requested.document.dump(requested.value),
                                       live.document.dump(live.value)});
}

/// The bytes the live runtime was initialised with (the caller-buffer rule of aclppGetConfigBytes).
aclError liveConfigBytes(std::string &out) {
    std::size_t required = 0;
    aclError rc = aclppGetConfigBytes(nullptr, 0, &required);
    for (int attempt = 0; rc == ACL_SUCCESS && attempt < 4; ++attempt) {
        out.assign(required, '\0');
        std::size_t needed = 0;
        rc = aclppGetConfigBytes(out.data(), out.size(), &needed);
        if (rc != ACL_SUCCESS) break;
        if (needed <= out.size()) {
            out.resize(needed > 0 ? needed - 1 : 0);  // drop the terminating NUL
            return ACL_SUCCESS;
        }
        required = needed;  // a re-init changed the bytes between the calls
    }
    return rc != ACL_SUCCESS ? rc : ACL_ERROR_INTERNAL_ERROR;
}

}  // namespace

extern "C" {

aclError aclppCompareConfigs(const char *requested, size_t requestedLength, const char *live, size_t liveLength,
                             aclppConfigDiff **diff) {
    return guardedCall([&]() -> aclError {
        if (diff == nullptr || (requested == nullptr && requestedLength != 0)) return ACL_ERROR_INVALID_PARAM;
        *diff = nullptr;
        std::string liveBytes;
        if (live == nullptr) {
            const aclError rc = liveConfigBytes(liveBytes);
            if (rc != ACL_SUCCESS) return rc;
        } else {
            liveBytes.assign(live, liveLength);
        }
        // Empty requested text is no JSON (the reader would take it as {}, as aclInit does).
        if (requestedLength == 0) return ACL_ERROR_PARSE_FILE;
        const std::optional<ExactDocument> want = ExactDocument::parse(std::string_view(requested, requestedLength));
        std::optional<ExactDocument> have = ExactDocument::parse(liveBytes);  // empty text reads as {}
        if (have && !have->rootIsObject()) have = ExactDocument::parse({});   // so does a non-object top level (F-5)
        if (!want || !have) return ACL_ERROR_PARSE_FILE;
        auto result = std::make_unique<aclppConfigDiff>();
        diffValues(Side{*want, want->root()}, Side{*have, have->root()}, "", *result);
        // Keys are user text: the pointers are handed out as messages show them (K-8).
        for (std::vector<Difference> *list : {&result->conflicts, &result->extras}) {
            for (Difference &d : *list) d.pointer = aclpp::core::shownPointer(d.pointer);
        }
        *diff = result.release();
        return ACL_SUCCESS;
    });
}

aclError aclppCompareConfigFile(const char *path, aclppConfigDiff **diff) {
    return guardedCall([&]() -> aclError {
        if (diff == nullptr || path == nullptr || *path == '\0') return ACL_ERROR_INVALID_PARAM;
        *diff = nullptr;
        aclpp::core::ConfigBytes bytes;
        const aclpp::core::ReadResult read = aclpp::core::readConfigFile(path, bytes);
        if (read.code != ACL_SUCCESS) {
            aclpp::core::recordError(read.message);
            return read.code;
        }
        return aclppCompareConfigs(bytes.view().data(), bytes.size(), nullptr, 0, diff);
    });
}

size_t aclppConfigDiffCount(const aclppConfigDiff *diff) {
    return diff == nullptr ? 0 : diff->conflicts.size() + diff->extras.size();
}

aclError aclppConfigDiffGet(const aclppConfigDiff *diff, size_t index, aclppConfigDifference *difference) {
    if (diff == nullptr || difference == nullptr || index >= aclppConfigDiffCount(diff)) return ACL_ERROR_INVALID_PARAM;
    const std::size_t conflicts = diff->conflicts.size();
    const Difference &d = index < conflicts ? diff->conflicts[index] : diff->extras[index - conflicts];
    difference->kind = d.kind;
    difference->pointer = d.pointer.c_str();
    difference->requested = d.requested.c_str();
    difference->live = d.live.c_str();
    return ACL_SUCCESS;
}

void aclppConfigDiffFree(aclppConfigDiff *diff) {
    delete diff;
}

}  // extern "C"
