// The keys of acl.json that the runtime reads itself (K-1, K-3), as one table: the core's
// validator walks it for the types, codes and "allowed" texts, the C++ layer's compile-time
// checks for the key list, pointers, steps and codes, and the config reference and the JSON
// Schema print the same rows, so none of them can disagree.
#pragma once

#include <acl/acl.h>
#include <acl/aclpp_ext.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <aclpp/schema/digits.hpp>
#include <aclpp/schema/limits.hpp>
#include <aclpp/schema/product_gate.hpp>
#include <aclpp/schema/rule_table.hpp>

namespace aclpp::schema::top_level_rules {

using ::aclpp::schema::ProductGate;

/// max_opqueue_num when the config does not set it (K-3), as the JSON string holds it; a macro
/// so that the "allowed" text below can name it without a second copy.
#define ACLPP_SCHEMA_MAX_OPQUEUE_DEFAULT "20000"
inline constexpr std::string_view kMaxOpqueueDefaultText = ACLPP_SCHEMA_MAX_OPQUEUE_DEFAULT;
inline constexpr uint32_t kMaxOpqueueDefault = static_cast<uint32_t>(decimalValue(kMaxOpqueueDefaultText));

/// The values of ValueRule::stringZeroOrOne, in the order of what they select (0, 1).
inline constexpr std::array<std::string_view, 2> kZeroOrOneValues{"0", "1"};

/// The editor's reference to the JSON Schema of acl.json: ignored like an unknown top-level key,
/// but without a warning, so that a config that names its schema stays clean.
inline constexpr std::string_view kSchemaKey = "$schema";

/// How a key's JSON value is read; each reader states what it allows in `KeyRule::allowed`.
enum class ValueRule : uint8_t {
    stringZeroOrOne,  // the JSON string "0" or "1"
    stringPositive,   // a JSON string of digits, 1..2^32-1 (max_opqueue_num, K-3)
    stringDeviceId,   // a JSON string matching 0|[1-9][0-9]*, at most 2^31-1 (K-1)
    stackNumber,      // a JSON number, whole, 0..2^32-1 (K-1: no wrapping, no truncation)
    fifoToken,        // a JSON integer written as [1-9][0-9]*
};

/// The object of the stack-size keys: the C++ layer's acl::StackSize.
inline constexpr std::string_view kStackSection = "StackSize";

/// KeyRule::defaultValue of a key whose absence leaves the choice to the product or the runtime.
inline constexpr int64_t kNoDefault = -1;

/// One key the runtime reads. The table is in evaluation order; a documentation generator or a
/// config builder can walk it for the types, codes and texts.
struct KeyRule {
    std::string_view section;  // the enclosing top-level object, "" for a top-level key
    std::string_view key;
    std::string_view pointer;
    aclppStep step;
    ValueRule rule;
    aclError typeError;   // the JSON type is wrong
    aclError valueError;  // the type is right, the value is not
    std::string_view allowed;
    int64_t defaultValue =
        kNoDefault;  // what an absent key amounts to (K-1, K-3, E-3); kNoDefault when the product decides
    ProductGate gate = ProductGate::none;  // the product feature the key needs (K-2)
    // The rule a bad value of a typed config breaks (C-4); none where the member cannot hold one.
    rules::Rule typedValueRule = rules::Rule::none;
};

/// True for the keys whose JSON value is a string (of digits); the others are JSON numbers.
[[nodiscard]] constexpr bool isStringRule(ValueRule rule) noexcept {
    return rule == ValueRule::stringZeroOrOne || rule == ValueRule::stringPositive || rule == ValueRule::stringDeviceId;
}

inline constexpr std::string_view kStackAllowed = "a whole JSON number from 0 to 4294967295 (bytes)";
inline constexpr std::string_view kFifoAllowed =
    "a JSON integer of at least 1 written without quotes, sign, fraction or exponent ([1-9][0-9]*)";

inline constexpr std::array<KeyRule, 9> kKeyRules{{
    {"", "err_msg_mode", "/err_msg_mode", ACLPP_STEP_ERR_MSG_MODE, ValueRule::stringZeroOrOne, ACL_ERROR_INVALID_PARAM,
     ACL_ERROR_INVALID_PARAM, R"(the JSON string "0" (thread-level error messages) or "1" (process-level))", 0,
     ProductGate::none, rules::Rule::err_msg_mode_value},
    {"", "max_opqueue_num", "/max_opqueue_num", ACLPP_STEP_OP_EXECUTOR, ValueRule::stringPositive,
     ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG, ACL_ERROR_INVALID_PARAM,
     R"(a JSON string of decimal digits from "1" to "4294967295" (default ")" ACLPP_SCHEMA_MAX_OPQUEUE_DEFAULT R"("))",
     kMaxOpqueueDefault, ProductGate::none, rules::Rule::max_opqueue_num_zero},
    {"StackSize", "simt_stack_size", "/StackSize/simt_stack_size", ACLPP_STEP_STACK_SIZE, ValueRule::stackNumber,
     ACL_ERROR_FAILURE, ACL_ERROR_FAILURE, kStackAllowed, kSimtStackDefault},
    {"StackSize", "simt_divergence_stack_size", "/StackSize/simt_divergence_stack_size", ACLPP_STEP_STACK_SIZE,
     ValueRule::stackNumber, ACL_ERROR_FAILURE, ACL_ERROR_FAILURE, kStackAllowed, kSimtDivergenceStackDefault},
    {"StackSize", "aicore_stack_size", "/StackSize/aicore_stack_size", ACLPP_STEP_STACK_SIZE, ValueRule::stackNumber,
     ACL_ERROR_FAILURE, ACL_ERROR_FAILURE, kStackAllowed, kAicoreStackDefault},
    {"defaultDevice", "default_device", "/defaultDevice/default_device", ACLPP_STEP_DEFAULT_DEVICE,
     ValueRule::stringDeviceId, ACL_ERROR_FAILURE, ACL_ERROR_FAILURE,
     R"(a JSON string of decimal digits without sign or leading zeros ("0", "1", ...) up to "2147483647")", kNoDefault,
     ProductGate::none, rules::Rule::default_device_negative},
    {"", "simd_printf_fifo_size_per_core", "/simd_printf_fifo_size_per_core", ACLPP_STEP_PRINTF_FIFO,
     ValueRule::fifoToken, ACL_ERROR_FAILURE, ACL_ERROR_FAILURE, kFifoAllowed, kSimdPrintfFifoDefault,
     ProductGate::none, rules::Rule::printf_fifo_zero},
    {"", "simt_printf_fifo_size", "/simt_printf_fifo_size", ACLPP_STEP_PRINTF_FIFO, ValueRule::fifoToken,
     ACL_ERROR_FAILURE, ACL_ERROR_FAILURE, kFifoAllowed, kSimtPrintfFifoDefault, ProductGate::none,
     rules::Rule::printf_fifo_zero},
    {"acl_graph", "event_mode", "/acl_graph/event_mode", ACLPP_STEP_EVENT_MODE, ValueRule::stringZeroOrOne,
     ACL_ERROR_INVALID_PARAM, ACL_ERROR_INVALID_PARAM, R"(the JSON string "0" (software mode) or "1" (hardware mode))",
     kNoDefault, ProductGate::eventMode, rules::Rule::event_mode_value},
}};

/// The position of `key` in kKeyRules, or kKeyRules.size() when no row has it.
[[nodiscard]] constexpr std::size_t rowOf(std::string_view key) noexcept {
    std::size_t row = 0;
    while (row < kKeyRules.size() && kKeyRules[row].key != key) ++row;
    return row;
}

/// The row of `key`; a key no row has does not compile (array::at throws in a constant
/// expression).
[[nodiscard]] consteval const KeyRule &ruleFor(std::string_view key) {
    return kKeyRules.at(rowOf(key));
}

inline constexpr const KeyRule &kErrMsgMode = ruleFor("err_msg_mode");
inline constexpr const KeyRule &kMaxOpqueueNum = ruleFor("max_opqueue_num");
inline constexpr const KeyRule &kDefaultDevice = ruleFor("default_device");
inline constexpr const KeyRule &kEventMode = ruleFor("event_mode");
inline constexpr const KeyRule &kSimdPrintfFifo = ruleFor("simd_printf_fifo_size_per_core");
inline constexpr const KeyRule &kSimtPrintfFifo = ruleFor("simt_printf_fifo_size");

// The keys each object may hold; anything else gets an unknown-key warning (K-7).
inline constexpr std::array<std::string_view, 9> kTopLevelKeys{
    "err_msg_mode",          "defaultDevice", "StackSize", "simd_printf_fifo_size_per_core",
    "simt_printf_fifo_size", "acl_graph",     "dump",      "profiler",
    "max_opqueue_num"};
/// The keys of the rows in `section`, in row order (N of them: a static_assert checks it).
template <std::size_t N>
[[nodiscard]] constexpr std::array<std::string_view, N> sectionKeys(std::string_view section) noexcept {
    std::array<std::string_view, N> keys{};
    std::size_t n = 0;
    for (const KeyRule &rule : kKeyRules) {
        if (rule.section == section && n < N) keys[n++] = rule.key;
    }
    return keys;
}
/// How many rows `section` has.
[[nodiscard]] constexpr std::size_t sectionSize(std::string_view section) noexcept {
    std::size_t n = 0;
    for (const KeyRule &rule : kKeyRules) n += rule.section == section ? 1 : 0;
    return n;
}
inline constexpr auto kStackKeys = sectionKeys<sectionSize(kStackSection)>(kStackSection);
inline constexpr auto kDefaultDeviceKeys = sectionKeys<sectionSize("defaultDevice")>("defaultDevice");
inline constexpr auto kAclGraphKeys = sectionKeys<sectionSize("acl_graph")>("acl_graph");

}  // namespace aclpp::schema::top_level_rules
