// Validation of one config, shared by aclInit and the validate-only extension: parse once,
// run every section validator, position every finding.
#pragma once

#include <aclpp/schema/cann_versions.hpp>
#include <optional>
#include <string_view>

#include "json/document.hpp"
#include "platform/environment.hpp"
#include "platform/products.hpp"
#include "schema/effective.hpp"
#include "schema/report.hpp"

namespace aclpp::core {

/// What a run keeps (F-6): a validation report shows every finding with its position; an init
/// shows one error, so it keeps no warnings or notes and positions only the error it shows.
enum class Findings : uint8_t { all, shownByInit };

struct ValidationSettings {
    const Product &product;
    uint32_t deviceCount = 1;  // 0: not known (ValidationContext::deviceCount)
    const EnvironmentSnapshot &environment;
    bool createMissingDirectories = false;
    Findings findings = Findings::all;
    schema::cann::Release release = schema::cann::kDefaultRelease;  // whose rules differ (B-9)
};

struct ValidationOutcome {
    Report report;
    EffectiveConfig effective;
};

/// `bytes` == nullopt means "no config" (NULL or "" path). `padded`: see JsonDocument::parse.
[[nodiscard]] ValidationOutcome validateConfig(std::optional<std::string_view> bytes, bool padded,
                                               const ValidationSettings &settings);

/// Fills line/column of every finding that has a pointer but no position yet, in one pass over
/// the text (F-6).
void positionFindings(Report &report, std::string_view text);

}  // namespace aclpp::core
