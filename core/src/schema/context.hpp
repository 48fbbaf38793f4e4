// What a section validator gets: the parsed document, the product, the environment and where
// to put findings and the effective values. Never a path, never global state.
#pragma once

#include <aclpp/schema/cann_versions.hpp>

#include "json/document.hpp"
#include "platform/environment.hpp"
#include "platform/products.hpp"
#include "schema/effective.hpp"
#include "schema/report.hpp"

namespace aclpp::core {

struct ValidationContext {
    const JsonDocument &document;
    const Product &product;
    const EnvironmentSnapshot &environment;
    Report &report;
    EffectiveConfig &effective;
    /// Emulated device count (E-1): a default_device at or above it gives 107001 (K-1). 0: not
    /// known (a tool checking a config for another machine): kMaxDeviceCount is the limit.
    uint32_t deviceCount = 1;
    /// Validate-only runs never create directories; an init creates missing env paths (K-6).
    bool createMissingDirectories = false;
    /// The CANN release whose rules apply where releases differ (B-9).
    schema::cann::Release release = schema::cann::kDefaultRelease;
};

/// Section validators, each in its own file. Each appends findings in the reference's
/// evaluation order and fills its part of ctx.effective.
void validateTopLevel(ValidationContext &ctx);  // err_msg_mode, StackSize, defaultDevice, FIFOs, event_mode,
                                                // max_opqueue_num, unknown keys
void validateDump(ValidationContext &ctx);      // `dump` (K-4)
void validateProfiler(ValidationContext &ctx);  // `profiler` (K-5)

/// With no config (F-1): the dumps the environment alone enables, by the rules validateDump
/// applies after acl.json's dump (K-4, K-6).
void validateEnvironmentDumps(const Product &product, const EnvironmentSnapshot &environment,
                              bool createMissingDirectories, Report &report, EffectiveConfig &effective);

/// Runs every section validator on a parsed document (K-1..K-8).
void validateDocument(ValidationContext &ctx);

}  // namespace aclpp::core
