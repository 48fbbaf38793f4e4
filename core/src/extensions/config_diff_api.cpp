// aclppCompareConfigs: the key-by-key comparison behind acl::Session's join policy (C-2). It
// lives here rather than in <acl/session.hpp> so that a program constructing a Session does not
// compile a JSON parser and a tree diff. It reads both texts with acl::JsonValue, the C++
// layer's strict parser, so numbers compare by their text and nothing is rounded.
#include <acl/aclpp_ext.h>

#include <acl/json.hpp>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config_file.hpp"
#include "errors/recent_message.hpp"
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

using acl::JsonValue;

/// Values the runtime uses when a key is absent: a key absent on one side and at its default
/// on the other is no difference.
struct KeyDefault {
    std::string_view pointer;
    std::string_view json;
};
constexpr std::array<KeyDefault, 13> kKeyDefaults{{
    {"/err_msg_mode", "\"0\""},
    {"/max_opqueue_num", "\"20000\""},
    {"/StackSize/aicore_stack_size", "32768"},
    {"/StackSize/simt_stack_size", "1152"},
    {"/StackSize/simt_divergence_stack_size", "1024"},
    {"/simd_printf_fifo_size_per_core", "32768"},
    {"/simt_printf_fifo_size", "2097152"},
    {"/dump/dump_mode", "\"output\""},
    {"/dump/dump_op_switch", "\"off\""},
    {"/dump/dump_level", "\"all\""},
    {"/dump/dump_data", "\"tensor\""},
    {"/dump/dump_debug", "\"off\""},
    {"/profiler/switch", "\"off\""},
}};

bool isDefault(std::string_view pointer, const JsonValue &value) {
    for (const KeyDefault &d : kKeyDefaults) {
        if (d.pointer == pointer) return value.dump() == d.json;
    }
    // An empty section is the same as no section.
    return (value.is_object() || value.is_array()) && value.size() == 0;
}

void diffValues(const JsonValue &requested, const JsonValue &live, const std::string &at, aclppConfigDiff &out) {
    if (requested.is_object() && live.is_object()) {
        for (const auto &[key, value] : requested.members()) {
            if (requested.find(key) != &value) continue;  // a repeated key: the last one counts
            std::string child = at;
            acl::detail::append_pointer_token(child, key);
            if (const JsonValue *other = live.find(key)) {
                diffValues(value, *other, child, out);
            } else if (!isDefault(child, value)) {
                out.conflicts.push_back(Difference{ACLPP_CONFIG_CONFLICT, child, value.dump(), {}});
            }
        }
        for (const auto &[key, value] : live.members()) {
            if (live.find(key) != &value || requested.find(key) != nullptr) continue;
            std::string child = at;
            acl::detail::append_pointer_token(child, key);
            if (!isDefault(child, value)) out.extras.push_back(Difference{ACLPP_CONFIG_EXTRA, child, {}, value.dump()});
        }
        return;
    }
    if (requested == live) return;
    if (requested.is_array() && live.is_array() && requested.size() == live.size()) {
        for (std::size_t i = 0; i < requested.size(); ++i) {
            diffValues(requested.elements()[i], live.elements()[i], at + "/" + std::to_string(i), out);
        }
        return;
    }
    out.conflicts.push_back(Difference{ACLPP_CONFIG_CONFLICT, at, requested.dump(), live.dump()});
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
        std::optional<JsonValue> want =
            JsonValue::parse(std::string_view(requested != nullptr ? requested : "", requestedLength));
        std::optional<JsonValue> have =
            liveBytes.empty() ? std::optional<JsonValue>(JsonValue::object()) : JsonValue::parse(liveBytes);
        if (!want || !have) return ACL_ERROR_PARSE_FILE;
        if (!have->is_object()) have = JsonValue::object();  // a non-object top level reads as {} (F-5)
        auto result = std::make_unique<aclppConfigDiff>();
        diffValues(*want, *have, "", *result);
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
