// The CANN releases whose acl.json rules differ (decision B-9), as one table: each difference
// with the release that introduced it. The core's validator asks `hasChange` where a rule
// differs; acl-config and ACLPP_CANN_VERSION name a release with `parseCannVersion`. aclpp's
// default rules are master's (9.2.0).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include <aclpp/schema/digits.hpp>

namespace aclpp::schema::cann {

/// The releases aclpp knows the rules of, oldest first (the order is compared).
enum class Release : uint8_t { v9_0_0, v9_0_1, v9_1_0, v9_2_0 };

/// The rules aclpp applies when no version is chosen: master's, which 9.2.0 carries.
inline constexpr Release kDefaultRelease = Release::v9_2_0;

/// MAJOR * 1000000 + MINOR * 1000 + PATCH: how parseCannVersion compares versions.
[[nodiscard]] constexpr uint64_t versionNumber(uint64_t major, uint64_t minor, uint64_t patch) noexcept {
    return major * 1000000 + minor * 1000 + patch;
}

struct ReleaseName {
    Release release;
    std::string_view name;  // how reports and messages name it
    uint64_t number;        // versionNumber of the name
};
/// One row per Release, in its order.
inline constexpr std::array<ReleaseName, 4> kReleaseNames{{
    {Release::v9_0_0, "9.0.0", versionNumber(9, 0, 0)},
    {Release::v9_0_1, "9.0.1", versionNumber(9, 0, 1)},
    {Release::v9_1_0, "9.1.0", versionNumber(9, 1, 0)},
    {Release::v9_2_0, "9.2.0", versionNumber(9, 2, 0)},
}};
/// The name accepted for the rules of the master branch (the same as 9.2.0).
inline constexpr std::string_view kMasterName = "master";

[[nodiscard]] constexpr std::string_view releaseName(Release release) noexcept {
    return kReleaseNames[static_cast<std::size_t>(release)].name;
}

/// The rules that differ between releases (B-9). Each names the behaviour from its release on.
enum class Change : uint8_t {
    emptyDumpAccepted,          // {"dump":{}} enables nothing; before: EP0001, dump_path missing (100009)
    dumpTypeErrorsAreEp0001,    // a wrong JSON type in dump is EP0001; before: EP0004 (100009 in both)
    profilerOptypeNotScale,     // the profiler allow-list has optype instead of scale
    lackedSimtPrintfFifoWarns,  // simt_printf_fifo_size on a product without it warns; before: 207000
    profilerTaskTsfw,           // the profiler allow-list has task_tsfw
    profilerSysMemServiceflow,  // the profiler allow-list has sys_mem_serviceflow
};

struct ReleaseChange {
    Change change;
    Release since;            // the first release with the new behaviour
    std::string_view before;  // what the earlier releases do, for docs and messages
};

/// The one table of release differences (B-9), in the order of the releases.
inline constexpr std::array<ReleaseChange, 6> kReleaseChanges{{
    {Change::emptyDumpAccepted, Release::v9_1_0, "an empty dump object is EP0001 (dump_path is missing), 100009"},
    {Change::dumpTypeErrorsAreEp0001, Release::v9_1_0, "a wrong JSON type in dump is EP0004 (still 100009)"},
    {Change::profilerOptypeNotScale, Release::v9_1_0, "the profiler allow-list has scale, not optype"},
    {Change::lackedSimtPrintfFifoWarns, Release::v9_2_0,
     "simt_printf_fifo_size on a product without a SIMT printf FIFO fails with 207000"},
    {Change::profilerTaskTsfw, Release::v9_2_0, "the profiler allow-list has no task_tsfw"},
    {Change::profilerSysMemServiceflow, Release::v9_2_0, "the profiler allow-list has no sys_mem_serviceflow"},
}};

[[nodiscard]] constexpr const ReleaseChange &changeRow(Change change) noexcept {
    for (const ReleaseChange &row : kReleaseChanges) {
        if (row.change == change) return row;
    }
    return kReleaseChanges[0];  // unreachable: the static_assert below lists every change
}

/// True when `release` has the behaviour `change` introduced.
[[nodiscard]] constexpr bool hasChange(Release release, Change change) noexcept {
    return release >= changeRow(change).since;
}

static_assert(
    [] {
        for (std::size_t i = 0; i < kReleaseNames.size(); ++i) {
            if (static_cast<std::size_t>(kReleaseNames[i].release) != i) return false;
        }
        for (const Change change :
             {Change::emptyDumpAccepted, Change::dumpTypeErrorsAreEp0001, Change::profilerOptypeNotScale,
              Change::lackedSimtPrintfFifoWarns, Change::profilerTaskTsfw, Change::profilerSysMemServiceflow}) {
            if (changeRow(change).change != change) return false;
        }
        return true;
    }(),
    "kReleaseNames is out of Release order, or a change has no row in kReleaseChanges");

/// Reads a CANN version: "master", or MAJOR.MINOR or MAJOR.MINOR.PATCH in decimal digits (at most
/// 4 digits each). A version maps to the newest known release at or below it (9.0.5 -> 9.0.1,
/// 9.1.3 -> 9.1.0, 9.3.0 and 10.0.0 -> 9.2.0); one older than 9.0.0 (8.x) maps to 9.0.0, the
/// oldest rules aclpp knows. Anything else (empty, "9", "9.1.RC1", "v9.1.0") is nullopt.
[[nodiscard]] constexpr std::optional<Release> parseCannVersion(std::string_view text) noexcept {
    if (text == kMasterName) return kDefaultRelease;
    std::array<uint64_t, 3> parts{};
    std::size_t count = 0;
    while (count < parts.size()) {
        const std::size_t dot = text.find('.');
        const std::string_view part = text.substr(0, dot);
        if (part.empty() || part.size() > 4 || !allDigits(part)) return std::nullopt;
        parts[count++] = decimalValue(part);
        if (dot == std::string_view::npos) {
            text = {};
            break;
        }
        text.remove_prefix(dot + 1);
        if (text.empty()) return std::nullopt;  // a trailing dot
    }
    if (!text.empty() || count < 2) return std::nullopt;
    const uint64_t version = versionNumber(parts[0], parts[1], parts[2]);
    Release release = kReleaseNames[0].release;  // older than every known release: the oldest rules
    for (const ReleaseName &known : kReleaseNames) {
        if (known.number <= version) release = known.release;
    }
    return release;
}

static_assert(parseCannVersion("9.0.0") == Release::v9_0_0 && parseCannVersion("9.0.1") == Release::v9_0_1 &&
              parseCannVersion("9.1.0") == Release::v9_1_0 && parseCannVersion("9.2.0") == Release::v9_2_0 &&
              parseCannVersion("master") == Release::v9_2_0 && parseCannVersion("9.1") == Release::v9_1_0 &&
              parseCannVersion("8.5.0") == Release::v9_0_0 && parseCannVersion("10.0.0") == Release::v9_2_0 &&
              !parseCannVersion("9") && !parseCannVersion("9.1.") && !parseCannVersion("9.1.0.0") &&
              !parseCannVersion("9.1.RC1") && !parseCannVersion(""));

/// The release whose rules apply to a version as a toolkit states it (aclsysGetVersionStr, the
/// Version= of version.info): the leading MAJOR.MINOR[.PATCH] numbers choose it, and what follows
/// them (8.0.RC2, 9.1.0.alpha001, 9.0.0.1) does not. nullopt when it does not start with two numbers.
[[nodiscard]] constexpr std::optional<Release> parseStatedCannVersion(std::string_view stated) noexcept {
    std::size_t end = 0;  // just past the last number taken
    std::size_t pos = 0;
    for (int part = 0; part < 3 && pos < stated.size(); ++part) {
        std::size_t digits = pos;
        while (digits < stated.size() && stated[digits] >= '0' && stated[digits] <= '9') ++digits;
        if (digits == pos) break;
        end = digits;
        if (digits == stated.size() || stated[digits] != '.') break;
        pos = digits + 1;
    }
    return parseCannVersion(stated.substr(0, end));
}

static_assert(parseStatedCannVersion("8.0.RC2") == Release::v9_0_0 &&
              parseStatedCannVersion("9.1.0.alpha001") == Release::v9_1_0 &&
              parseStatedCannVersion("9.0.1.1") == Release::v9_0_1 &&
              parseStatedCannVersion("9.2") == Release::v9_2_0 && !parseStatedCannVersion("unknown") &&
              !parseStatedCannVersion("9") && !parseStatedCannVersion(""));

/// What parseCannVersion accepts, for messages.
inline constexpr std::string_view kCannVersionAllowed =
    "a CANN version MAJOR.MINOR[.PATCH] (9.0.0, 9.0.1, 9.1.0, 9.2.0) or \"master\"";

}  // namespace aclpp::schema::cann
