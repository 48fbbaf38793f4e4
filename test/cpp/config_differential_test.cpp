// C-4 differential test (issue 25): the typed layer's compile-time rules (Config::validate_static)
// and the core's run-time validation of the same JSON text (acl::validate(config.to_json()), the
// C ABI aclppValidate*) must give exactly the same errors. A fixed-seed generator builds
// thousands of configs that exercise every rule of validate_static (all of the rule table's rows
// but the builder's own, which the core only warns about, and dump_enum_empty, which only a file
// can break), alone and several at once so the order is compared too. Three parts are compared, each with
// checks of its own name so failures are easy to count:
//   (a) result_codes_agree        the result code;
//   (b) codes_and_pointers_agree  every error's (code, JSON pointer), in order;
//   (c) message_texts_agree       every error's message text, in order.
// Disagreements are grouped (the first differing finding; for (c) the rule) and each group fails
// once, with its count and its shortest config: its JSON text and both finding lists. Two texts
// cannot agree, and text_may_differ says why: both name a fact the other side does not have.
// The generator only varies what the typed layer can decide: a local dump_path is an existing
// writable directory (the current directory is a fresh temporary one), default_device is 0 or
// negative, frequencies avoid the product-dependent band and the keys the default product lacks,
// FIFO sizes are 0 or in every product's range.
#include <acl/config.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "catch.hpp"
#include "runtime_fixture.hpp"

namespace {

constexpr std::uint64_t kSeed = 0x1ac25d1ffULL;
constexpr int kConfigs = 10000;
constexpr std::string_view kSoc = "";  // the platform the next init would use, as the other tests

/// SplitMix64: the same sequence with every standard library (std::uniform_int_distribution is
/// implementation-defined).
class Rng {
public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /// In [lo, hi]; hi - lo below 2^64 - 1.
    std::uint64_t pick(std::uint64_t lo, std::uint64_t hi) { return lo + next() % (hi - lo + 1); }
    bool chance(int percent) { return pick(0, 99) < static_cast<std::uint64_t>(percent); }
    template <class T, std::size_t N>
    const T &one_of(const T (&items)[N]) {
        return items[pick(0, N - 1)];
    }
    /// An enumerator (`count` of them) or, `invalid_percent` of the time, a cast beyond them.
    template <class E>
    E enumerator(std::size_t count, int invalid_percent = 25) {
        if (chance(invalid_percent)) return static_cast<E>(pick(count, 255));
        return static_cast<E>(pick(0, count - 1));
    }

private:
    std::uint64_t state_;
};

/// Local directories the generator names; created in the temporary current directory. The ones
/// with a colon check that only a plain-decimal IPv4 prefix makes a path remote (K-4).
const char *const kLocalDirs[] = {".",           "sub",         "a:b",      "1.2.3.256:/x", "1abc.2.3.4:/x",
                                  " 1.2.3.4:/x", "01.2.3.4:/x", "1.2.3:/x", "1.2.3.4.5:/x", "1.2.3.-4:/x"};

/// Strings that are not UTF-8: to_json writes U+FFFD for each bad byte, and both sides read that.
const char *const kBadUtf8[] = {"\xFF", "a\xC3", "\xC0\xAF", "\xED\xA0\x80", "x\x80y"};

/// "./././.../" of exactly `size` bytes: an existing directory of any length.
std::string dot_path(std::size_t size) {
    std::string path = ".";
    while (path.size() + 2 <= size) path += "/.";
    if (path.size() < size) path += "/";
    return path;
}

struct Gen {
    Rng rng;
    int extra_keys = 0;

    std::string name() {
        static const char *const names[] = {"conv",   "fc1", "Add", "mat\"mul", "back\\slash", "\xC3\xA9t\xC3\xA9",
                                            "sp ace", "n"};
        return rng.one_of(names);
    }
    std::vector<std::string> names(std::size_t min, std::size_t max) {
        std::vector<std::string> out(rng.pick(min, max));
        for (std::string &n : out) n = name();
        return out;
    }
    /// Invalid UTF-8: a lone byte, a truncated sequence, an overlong form, a surrogate.
    std::string bad_utf8() { return rng.one_of(kBadUtf8); }
};

using Mutator = void (*)(acl::Config &, Gen &);

acl::Dump &dump_of(acl::Config &c) {
    if (!c.dump) c.dump = acl::Dump{.path = "."};
    return *c.dump;
}
acl::Profiler &profiler_of(acl::Config &c) {
    if (!c.profiler) c.profiler = acl::Profiler{};
    return *c.profiler;
}
acl::DumpModel &some_model(acl::Config &c, Gen &g) {
    acl::Dump &d = dump_of(c);
    if (!d.list || d.list->empty()) d.list = std::vector<acl::DumpModel>{acl::DumpModel{.model_name = "m"}};
    return (*d.list)[g.rng.pick(0, d.list->size() - 1)];
}
std::optional<bool> maybe_switch(Gen &g) {
    const std::uint64_t v = g.rng.pick(0, 2);
    return v == 0 ? std::nullopt : std::optional<bool>(v == 1);
}
std::vector<acl::OpFilter> blacklist(Gen &g) {
    const std::uint64_t kind = g.rng.pick(0, 9);
    std::size_t size = kind == 0 ? 0 : kind < 8 ? g.rng.pick(1, 3) : g.rng.pick(99, 105);
    std::vector<acl::OpFilter> out(size, acl::OpFilter{.name = "t"});
    if (!out.empty() && g.rng.chance(30)) out[0].pos = std::vector<std::string>{"input0", "output1"};
    return out;
}
acl::DumpModel list_item(Gen &g) {
    acl::DumpModel m;
    switch (g.rng.pick(0, 2)) {
        case 0:
            break;
        case 1:
            m.model_name = "";
            break;
        default:
            m.model_name = g.name();
            break;
    }
    if (g.rng.chance(40)) m.layer = g.names(0, 3);
    if (g.rng.chance(35)) m.watcher_nodes = g.names(0, 2);
    if (g.rng.chance(25)) m.optype_blacklist = blacklist(g);
    if (g.rng.chance(25)) m.opname_blacklist = blacklist(g);
    if (g.rng.chance(30)) {
        m.opname_range.emplace();
        for (std::size_t i = g.rng.pick(0, 2); i > 0; --i) {
            const auto bound = [&g]() -> std::optional<std::string> {
                const std::uint64_t v = g.rng.pick(0, 5);
                return v == 0 ? std::nullopt : v == 1 ? std::optional<std::string>("") : g.name();
            };
            m.opname_range->push_back(acl::OpnameRange{bound(), bound()});
        }
    }
    return m;
}
std::string step(Gen &g) {
    static const char *const steps[] = {"0", "1|3-5|10", "7-7", "",     "1-2-3", "abc",   "5-3",
                                        "|", "1|",       "-1",  "1 |2", "x-1",   "10-5|1"};
    if (g.rng.chance(5)) {  // more items than allowed (or just at the limit)
        std::string s;
        const int items = g.rng.chance(50) ? 100 : 101;
        for (int i = 0; i < items; ++i) s += (i != 0 ? "|" : "") + std::to_string(i);
        return s;
    }
    return g.rng.one_of(steps);
}
/// 0, in [1, max], just above max, or the largest.
std::uint32_t frequency(Gen &g, std::uint32_t max) {
    switch (g.rng.pick(0, 4)) {
        case 0:
            return 0;
        case 1:
            return static_cast<std::uint32_t>(g.rng.pick(max + 1ULL, max + 1000ULL));
        case 2:
            return std::numeric_limits<std::uint32_t>::max();
        default:
            return static_cast<std::uint32_t>(g.rng.pick(1, max));
    }
}

const Mutator kMutators[] = {
    // ---- top level (K-1, K-3) ----
    [](acl::Config &c, Gen &g) { c.err_msg_mode = g.rng.enumerator<acl::ErrMsgMode>(2, 50); },
    [](acl::Config &c, Gen &g) {
        c.max_opqueue_num = g.rng.chance(50) ? 0u : static_cast<std::uint32_t>(g.rng.pick(1, 4294967295ULL));
    },
    [](acl::Config &c, Gen &g) {
        static const std::int32_t negative[] = {-1, -2, -762, std::numeric_limits<std::int32_t>::min()};
        c.default_device = g.rng.chance(70) ? g.rng.one_of(negative) : 0;
    },
    [](acl::Config &c, Gen &g) {
        c.simd_printf_fifo_size_per_core =
            g.rng.chance(50) ? 0u : static_cast<std::uint32_t>(g.rng.pick(1048576, 67108864));
    },
    [](acl::Config &c, Gen &g) {
        c.simt_printf_fifo_size = g.rng.chance(50) ? 0u : static_cast<std::uint32_t>(g.rng.pick(1048576, 67108864));
    },
    [](acl::Config &c, Gen &g) { c.event_mode = g.rng.enumerator<acl::EventMode>(2, 50); },
    [](acl::Config &c, Gen &g) {  // another module's key: its value valid or not (F-3)
        static const char *const values[] = {"1",   "{\"a\":[1,2]}", "\"s\"", "null", "{",    "[1,",
                                             "tru", "\"open",        "",      "01",   "[1,]", "1.",
                                             "1 2", "1,\"x\":2"};  // the last: bad alone, fine in the object
        c.add_extra("ext" + std::to_string(g.extra_keys++), g.rng.one_of(values));
    },
    [](acl::Config &c, Gen &g) {  // a string that is not UTF-8 (F-3)
        const std::string bad = g.bad_utf8();
        switch (g.rng.pick(0, 5)) {
            case 0:
                dump_of(c).path = "./" + bad;
                break;
            case 1:
                dump_of(c).step = bad;
                break;
            case 2:
                some_model(c, g).model_name = bad;
                break;
            case 3:
                some_model(c, g).layer = std::vector<std::string>{"l", bad};
                break;
            case 4:
                profiler_of(c).output = bad;
                break;
            default:
                some_model(c, g).optype_blacklist = std::vector{acl::OpFilter{.name = bad}};
                break;
        }
    },
    // ---- dump (K-4) ----
    [](acl::Config &c, Gen &g) {
        acl::Dump &d = dump_of(c);
        static const char *const remote_chars[] = {" ", "|", "<", "\"", "\t", "~", "`", "\xC3\xA9", "'",
                                                   "-", "=", "[", ";",  "\\", "!", "@", "?",        "{"};
        switch (g.rng.pick(0, 10)) {
            case 0:
                d.path.reset();
                break;
            case 1:
                d.path = "";
                break;
            case 2:
                d.path = dot_path(g.rng.pick(511, 512));
                break;
            case 3:
                d.path = dot_path(g.rng.pick(513, 600));
                break;
            case 4:
                d.path = "10.0." + std::to_string(g.rng.pick(0, 255)) + ".1:/dump/x";
                break;
            case 5:
                d.path = "172.16.0." + std::to_string(g.rng.pick(0, 255)) + ":";
                break;
            case 6:
                d.path = std::string("172.16.0.9:/d") + g.rng.one_of(remote_chars) + "x";
                break;
            case 7: {  // a remote path at, just above or far above the length limit, maybe with a bad character
                std::string path = "10.0.0.1:/" + std::string(g.rng.pick(502, 600), 'r');
                if (g.rng.chance(30)) path[g.rng.pick(11, path.size() - 1)] = ' ';
                d.path = path;
                break;
            }
            default:
                d.path = g.rng.one_of(kLocalDirs);
                break;
        }
    },
    [](acl::Config &c, Gen &g) { dump_of(c).mode = g.rng.enumerator<acl::DumpMode>(3); },
    [](acl::Config &c, Gen &g) { dump_of(c).data = g.rng.enumerator<acl::DumpData>(2); },
    [](acl::Config &c, Gen &g) { dump_of(c).level = g.rng.enumerator<acl::DumpLevel>(3); },
    [](acl::Config &c, Gen &g) { dump_of(c).scene = g.rng.enumerator<acl::DumpScene>(5, 15); },
    [](acl::Config &c, Gen &g) {
        acl::Dump &d = dump_of(c);
        d.op_switch = maybe_switch(g);
        d.debug = maybe_switch(g);
    },
    [](acl::Config &c, Gen &g) {  // an exception scene with the switches it forbids
        acl::Dump &d = dump_of(c);
        d.scene = static_cast<acl::DumpScene>(g.rng.pick(0, 3));
        if (g.rng.chance(50)) d.path.reset();
        d.debug = g.rng.chance(60);
        d.op_switch = g.rng.chance(60);
    },
    [](acl::Config &c, Gen &g) {  // the watcher scene and what it forbids or needs
        acl::Dump &d = dump_of(c);
        d.scene = acl::DumpScene::watcher;
        if (g.rng.chance(30)) d.debug = true;
        if (g.rng.chance(30)) d.op_switch = true;
        if (g.rng.chance(50)) d.mode = g.rng.enumerator<acl::DumpMode>(3, 10);
        d.list.emplace();
        for (std::size_t i = g.rng.pick(0, 2); i > 0; --i) d.list->push_back(list_item(g));
    },
    [](acl::Config &c, Gen &g) {
        acl::Dump &d = dump_of(c);
        d.kernel_data.emplace();
        for (std::size_t i = g.rng.pick(0, 3); i > 0; --i)
            d.kernel_data->push_back(g.rng.enumerator<acl::KernelData>(5, 15));
    },
    [](acl::Config &c, Gen &g) { dump_of(c).step = step(g); },
    [](acl::Config &c, Gen &g) {
        acl::Dump &d = dump_of(c);
        d.stats.emplace();
        for (std::size_t i = g.rng.pick(0, 3); i > 0; --i) d.stats->push_back(g.rng.enumerator<acl::DumpStat>(7, 15));
        if (g.rng.chance(50)) d.data = acl::DumpData::stats;
    },
    [](acl::Config &c, Gen &) { dump_of(c).list = std::vector<acl::DumpModel>{}; },
    [](acl::Config &c, Gen &g) {
        acl::Dump &d = dump_of(c);
        if (!d.list) d.list.emplace();
        d.list->push_back(list_item(g));
    },
    [](acl::Config &c, Gen &g) {  // an operator dump: a level, a switch and items with several errors each
        acl::Dump &d = dump_of(c);
        d.level = g.rng.enumerator<acl::DumpLevel>(3, 5);
        d.op_switch = maybe_switch(g);
        d.list.emplace();
        for (std::size_t i = g.rng.pick(1, 3); i > 0; --i) d.list->push_back(list_item(g));
    },
    [](acl::Config &c, Gen &g) {  // dump_level op (blacklists, opname_range) with a list
        acl::Dump &d = dump_of(c);
        d.level = acl::DumpLevel::op;
        if (!d.list) d.list.emplace();
        d.list->push_back(list_item(g));
    },
    // ---- profiler (K-5) ----
    [](acl::Config &c, Gen &g) { profiler_of(c).enabled = g.rng.chance(70); },
    [](acl::Config &c, Gen &g) {
        acl::Profiler &p = profiler_of(c);
        switch (g.rng.pick(0, 4)) {
            case 0:
                p.task_time = g.rng.enumerator<acl::TaskTime>(6);
                break;
            case 1:
                p.ge_api = g.rng.enumerator<acl::GeApi>(3);
                break;
            case 2:
                p.llc_profiling = g.rng.enumerator<acl::LlcProfiling>(2);
                break;
            case 3:
                p.host_sys.emplace();
                for (std::size_t i = g.rng.pick(1, 3); i > 0; --i)
                    p.host_sys->push_back(g.rng.enumerator<acl::HostSys>(6, 15));
                break;
            default:
                p.host_sys_usage.emplace();
                for (std::size_t i = g.rng.pick(1, 2); i > 0; --i) {
                    p.host_sys_usage->push_back(g.rng.enumerator<acl::HostSysUsage>(2, 15));
                }
                break;
        }
    },
    [](acl::Config &c, Gen &g) {
        struct Key {
            std::optional<std::uint32_t> acl::Profiler::*member;
            std::uint32_t max;
        };
        // Not sys_cpu_freq and sys_lp_freq: the default product lacks them, and the core says so
        // (EK0005) for any value, which the typed layer cannot know.
        static constexpr Key keys[] = {
            {&acl::Profiler::sys_hardware_mem_freq, 100},   {&acl::Profiler::sys_io_sampling_freq, 100},
            {&acl::Profiler::sys_interconnection_freq, 50}, {&acl::Profiler::dvpp_freq, 100},
            {&acl::Profiler::host_sys_usage_freq, 50},
        };
        const Key &key = g.rng.one_of(keys);
        std::uint32_t value = frequency(g, key.max);
        // sys_hardware_mem_freq's 101..10000 is in range on products that sample in µs: left out.
        if (key.member == &acl::Profiler::sys_hardware_mem_freq && value > 100 && value <= 10000) value += 10000;
        profiler_of(c).*key.member = value;
    },
    [](acl::Config &c, Gen &g) {
        // A metric name of the default product and Custom: lists within its 8 events: the rules
        // every product applies.
        static const char *const metrics[] = {
            "PipeUtilization",  "Custom:0x1b,12",
            "Custom: 0X1F , 7", "Custom:",
            "Custom:0xZZ",      "Custom:1,,2",
            "Custom:0x1,",      "Custom:2147483648",
            "Custom:1.5",       "Custom:1,2,3,4,5,6,7,00000000000000000000000000000000000000000000000000"};
        profiler_of(c).aic_metrics = g.rng.one_of(metrics);
    },
    [](acl::Config &c, Gen &g) {
        acl::Profiler &p = profiler_of(c);
        if (g.rng.chance(30)) {
            p.sys_mem_serviceflow = g.rng.chance(50) ? "" : "ddr,hbm";
            return;
        }
        // The range holds only with the switch and instr_profiling on.
        static const std::uint32_t frequencies[] = {0, 299, 300, 1000, 30000, 30001, 4294967295U};
        p.instr_profiling_freq = g.rng.one_of(frequencies);
        if (g.rng.chance(80)) p.instr_profiling = g.rng.chance(80);
        if (g.rng.chance(70)) p.enabled = true;
    },
    [](acl::Config &c, Gen &g) {
        acl::Profiler &p = profiler_of(c);
        static const char *const outputs[] = {".",   "sub", "o\np", "o\tp", "o\"p", "o'p", "o\\p", "o%p",
                                              "o>p", "o<p", "o|p",  "o&p",  "o$p",  "o;p", "o`p",  "o\x7fp"};
        p.output = g.rng.one_of(outputs);
        if (g.rng.chance(70)) p.enabled = true;
    },
    [](acl::Config &c, Gen &g) {
        acl::Profiler &p = profiler_of(c);
        switch (g.rng.pick(0, 3)) {
            case 0:
                p.storage_limit_mb = g.rng.pick(0, 199);
                break;
            case 1:
                p.storage_limit_mb = g.rng.pick(200, 4294967295ULL);
                break;
            case 2:
                p.storage_limit_mb = g.rng.pick(4294967296ULL, 9999999999ULL);
                break;
            default:
                p.storage_limit_mb = std::numeric_limits<std::uint64_t>::max();
                break;
        }
        if (g.rng.chance(70)) p.enabled = true;
    },
};

/// Config number `index`: the first quarter gets one mutation each (so every rule also shows
/// alone), the rest two to five (so rules meet and their order is compared).
acl::Config make_config(Gen &g, int index) {
    g.extra_keys = 0;
    acl::Config c;
    const std::uint64_t mutations = index < kConfigs / 4 ? 1 : g.rng.pick(2, 5);
    for (std::uint64_t i = 0; i < mutations; ++i) kMutators[g.rng.pick(0, std::size(kMutators) - 1)](c, g);
    return c;
}

/// The errors of a report, without the builder's own rules (step "builder": an extra key that
/// shadows a typed member, repeats, or is not one JSON value), which the core only warns about.
std::vector<acl::Finding> errors_of(const acl::Report &report) {
    std::vector<acl::Finding> out;
    for (const acl::Finding &f : report.findings) {
        if (f.severity == acl::Severity::error && f.step != "builder") out.push_back(f);
    }
    return out;
}

/// The rules only the core reaches: the typed layer checks for any product (AnyProduct), which
/// refuses nothing, and its members have their JSON types. test/core/schema_profiler_test.cpp
/// has them.
bool core_only(acl::ConfigRule rule) {
    using R = acl::ConfigRule;
    constexpr R rules[] = {R::profiler_type,
                           R::profiler_key_unsupported,
                           R::profiler_task_time_l3,
                           R::profiler_mem_serviceflow_unsupported,
                           R::profiler_metric_unknown,
                           R::profiler_custom_events_too_many,
                           R::profiler_task_scale_unsupported};
    return std::find(std::begin(rules), std::end(rules), rule) != std::end(rules);
}

/// Where the two texts cannot be the same, and why; code, pointer and order are still compared.
bool text_may_differ(const acl::Finding &typed) {
    // The core names the token the syntax scanner stopped at; the typed layer, which knows the
    // extra key whose value broke the text, names the key.
    if (acl::rule_of(typed) == acl::ConfigRule::extra_json_invalid) return true;
    // sys_hardware_mem_freq's range is the product's ("[1, 100] on Atlas A2"); validate_static
    // has no product.
    return typed.pointer == "/profiler/sys_hardware_mem_freq";
}

std::string listing(const std::vector<acl::Finding> &findings) {
    if (findings.empty()) return "    (no error)\n";
    std::string out;
    for (std::size_t i = 0; i < findings.size(); ++i) {
        const acl::Finding &f = findings[i];
        out += "    [" + std::to_string(i) + "] " + std::to_string(f.code) + " \"" + f.pointer + "\"";
        if (!f.rule.empty()) out += " (" + std::string(f.rule) + ")";
        out += "\n        " + f.message + "\n";
    }
    return out;
}

/// "/dump/dump_list/#/model_name": a pointer with its array indices left out, for grouping.
std::string shape(const std::string &pointer) {
    std::string out;
    for (std::size_t i = 0; i < pointer.size(); ++i) {
        const bool index = pointer[i] >= '0' && pointer[i] <= '9' && (i == 0 || pointer[i - 1] == '/');
        if (!index) {
            out += pointer[i];
            continue;
        }
        while (i + 1 < pointer.size() && pointer[i + 1] != '/') ++i;
        out += '#';
    }
    return out;
}
std::string entry(const std::vector<acl::Finding> &findings, std::size_t i) {
    if (i >= findings.size()) return "(none)";
    const acl::Finding &f = findings[i];
    std::string out = std::to_string(f.code) + " " + shape(f.pointer);
    if (!f.rule.empty()) out += " (" + std::string(f.rule) + ")";
    return out;
}

/// When the typed layer has a rule about the whole text (pointer ""): that rule and how the core
/// starts, whatever else the config holds.
std::optional<std::string> whole_text_key(const std::vector<acl::Finding> &typed,
                                          const std::vector<acl::Finding> &core) {
    for (const acl::Finding &f : typed) {
        if (!f.pointer.empty()) continue;
        const bool core_parse_error = !core.empty() && core[0].code == ACL_ERROR_PARSE_FILE;
        return "typed " + std::string(f.rule) + " (pointer \"\") vs core " +
               (core.empty()       ? "(no error)"
                : core_parse_error ? "100006 \"\" first"
                                   : "other errors");
    }
    return std::nullopt;
}

/// True when `a` from `i` has the (code, pointer) sequence of `b` from `j`.
bool same_tail(const std::vector<acl::Finding> &a, std::size_t i, const std::vector<acl::Finding> &b, std::size_t j) {
    if (i > a.size() || j > b.size() || a.size() - i != b.size() - j) return false;
    for (; i < a.size(); ++i, ++j) {
        if (a[i].code != b[j].code || a[i].pointer != b[j].pointer) return false;
    }
    return true;
}

/// The kind of a part (b) disagreement: the whole-text rule, an error only one side has (the
/// rest being the same), or else the first error that differs.
std::string part_b_key(const std::vector<acl::Finding> &typed, const std::vector<acl::Finding> &core,
                       std::size_t first_diff) {
    if (std::optional<std::string> key = whole_text_key(typed, core)) return *key;
    if (same_tail(typed, first_diff + 1, core, first_diff))
        return "only the typed layer has " + entry(typed, first_diff);
    if (same_tail(typed, first_diff, core, first_diff + 1)) return "only the core has " + entry(core, first_diff);
    return "typed " + entry(typed, first_diff) + " vs core " + entry(core, first_diff);
}

/// One kind of disagreement: how many configs show it and the shortest of them.
struct Group {
    std::size_t count = 0;
    std::size_t index = 0;
    std::string json;
    std::string typed;
    std::string core;
    std::string texts;  // (c): the two texts of the example
};

void note(std::map<std::string, Group> &groups, const std::string &key, std::size_t index, const std::string &json,
          const std::vector<acl::Finding> &typed, const std::vector<acl::Finding> &core, std::string texts = {}) {
    Group &g = groups[key];
    ++g.count;
    if (g.count == 1 || json.size() < g.json.size()) {
        g.index = index;
        g.json = json;
        g.typed = listing(typed);
        g.core = listing(core);
        g.texts = std::move(texts);
    }
}

std::string seed_text() {
    char hex[19] = {};
    std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(kSeed));
    return hex;
}

std::string describe(const std::string &key, const Group &g) {
    return "disagreement: " + key + "\n" + std::to_string(g.count) + " configs (seed " + seed_text() +
           "), shortest is config " + std::to_string(g.index) + " (compact form of its to_json text):\n  " + g.json +
           "\n" + g.texts + "  typed layer (validate_static):\n" + g.typed + "  core (acl::validate):\n" + g.core;
}

/// Makes the current directory a fresh temporary one holding kLocalDirs, and restores it.
class LocalDirs {
public:
    LocalDirs() : previous_(std::filesystem::current_path()) {
        std::filesystem::current_path(dir_.path());
        for (const char *path : kLocalDirs) std::filesystem::create_directories(path);
        // dump_path "./<not UTF-8>" exists as the runtime reads it.
        for (const char *bad : kBadUtf8) std::filesystem::create_directories(aclpp::json::as_written(bad));
    }
    ~LocalDirs() { std::filesystem::current_path(previous_); }
    LocalDirs(const LocalDirs &) = delete;
    LocalDirs &operator=(const LocalDirs &) = delete;

private:
    aclpp::test::TempDir dir_;
    std::filesystem::path previous_;
};

}  // namespace

TEST_CASE("C-4 differential: validate_static and the core's validation give the same errors on generated configs",
          "[C-4][differential]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const LocalDirs dirs;
    Gen g{Rng(kSeed)};
    std::map<std::string, Group> part_a;
    std::map<std::string, Group> part_b;
    std::map<std::string, Group> part_c;
    std::size_t disagree_a = 0;
    std::size_t disagree_b = 0;
    std::size_t disagree_c = 0;
    std::size_t invalid = 0;
    std::set<std::string_view> rules_seen;

    for (int i = 0; i < kConfigs; ++i) {
        const acl::Config config = make_config(g, i);
        const acl::Report typed_report = config.validate_static();
        const acl::Report core_report = acl::validate(config.to_json(), kSoc);
        const std::vector<acl::Finding> typed = errors_of(typed_report);
        const std::vector<acl::Finding> core = errors_of(core_report);
        const std::string json = config.to_json(acl::JsonStyle::compact);
        const auto index = static_cast<std::size_t>(i);
        for (const acl::Finding &f : typed) rules_seen.insert(f.rule);
        if (!typed.empty()) ++invalid;

        // (a) the result code
        // The builder's own errors left out, the first error decides (what aclInit returns).
        const aclError typed_result = typed.empty() ? ACL_SUCCESS : typed.front().code;
        if (typed_result != core_report.result) {
            ++disagree_a;
            note(part_a,
                 whole_text_key(typed, core).value_or("typed " + entry(typed, 0) + " vs core " + entry(core, 0)), index,
                 json, typed, core);
        }
        // (b) (code, pointer) of every error, in order: grouped by the first that differs
        std::size_t first_diff = 0;
        while (first_diff < typed.size() && first_diff < core.size() &&
               typed[first_diff].code == core[first_diff].code && typed[first_diff].pointer == core[first_diff].pointer)
            ++first_diff;
        const bool same_b = first_diff == typed.size() && first_diff == core.size();
        if (!same_b) {
            ++disagree_b;
            note(part_b, part_b_key(typed, core, first_diff), index, json, typed, core);
        }
        // (c) the message text of every error, in order: grouped by the typed rule
        bool same_c = typed.size() == core.size();
        for (std::size_t k = 0; k < typed.size(); ++k) {
            if (k < core.size() && (typed[k].message == core[k].message || text_may_differ(typed[k]))) continue;
            same_c = false;
            if (!same_b) continue;  // the lists differ: part (b) shows it
            note(part_c, std::string(typed[k].rule), index, json, typed, core,
                 "  typed text: " + typed[k].message + "\n  core text:  " + core[k].message + "\n");
        }
        if (!same_c) {
            ++disagree_c;
            if (!same_b)
                note(part_c, "(the finding lists differ: see codes_and_pointers_agree)", index, json, typed, core);
        }
    }

    std::cout << "C-4 differential (seed " << seed_text() << "): " << kConfigs << " configs, " << invalid
              << " invalid for the typed layer; disagreements: (a) result code " << disagree_a << " configs in "
              << part_a.size() << " kinds, (b) codes and pointers " << disagree_b << " in " << part_b.size()
              << " kinds, (c) message texts " << disagree_c << " in " << part_c.size() << " kinds\n";

    // The generator reaches every rule the core also has (a test that cannot fail is a defect).
    for (std::size_t r = 0; r < static_cast<std::size_t>(acl::ConfigRule::count_); ++r) {
        const auto rule = static_cast<acl::ConfigRule>(r);
        // The builder's own rules (decision C-4) are left out of the comparison; an enumeration
        // of the typed layer is never empty, so dump_enum_empty is the core's alone.
        if (rule == acl::ConfigRule::none || aclpp::schema::rules::row(rule).decision == "C-4" ||
            rule == acl::ConfigRule::dump_enum_empty || core_only(rule))
            continue;
        INFO("rule " << acl::to_string(rule) << " is never reported for the generated configs");
        CHECK(rules_seen.count(acl::to_string(rule)) == 1);
    }

    for (const auto &[key, group] : part_a) {
        INFO("(a) " << describe(key, group));
        const bool result_codes_agree = false;
        CHECK(result_codes_agree);
    }
    for (const auto &[key, group] : part_b) {
        INFO("(b) " << describe(key, group));
        const bool codes_and_pointers_agree = false;
        CHECK(codes_and_pointers_agree);
    }
    for (const auto &[key, group] : part_c) {
        INFO("(c) " << describe("message text of " + key, group));
        const bool message_texts_agree = false;
        CHECK(message_texts_agree);
    }
    CHECK(disagree_a == 0);
    CHECK(disagree_b == 0);
    CHECK(disagree_c == 0);
}
