// C-4 property tests with a fixed seed:
//  * 10,000 random valid configs round-trip builder -> to_json -> aclppInitFromBuffer ->
//    aclppGetEffectiveConfig, and the effective values equal the builder's;
//  * 10,000 random invalid configs get the same verdict (code and JSON pointer of the first
//    error) from the builder's compile-time rules (validate_static) and from aclppValidateBuffer.
// Each case starts from count 0 with aclppTestingReset(ACLPP_RESET_ALL).
#include <acl/config.hpp>
#include <acl/json.hpp>
#include <acl/runtime.hpp>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "catch.hpp"
#include "test_support.hpp"

namespace {

constexpr std::uint64_t kSeed = 0xac1bb5eedULL;
constexpr int kCases = 10000;

class Gen {
public:
    explicit Gen(std::uint64_t seed) : rng_(seed) {}

    bool chance(int percent) { return pick(0, 99) < static_cast<std::uint64_t>(percent); }
    std::uint64_t pick(std::uint64_t lo, std::uint64_t hi) {
        return std::uniform_int_distribution<std::uint64_t>(lo, hi)(rng_);
    }
    template <class E>
    E of(int count) {
        return static_cast<E>(pick(0, static_cast<std::uint64_t>(count - 1)));
    }
    /// Names with characters that need escaping, and UTF-8.
    std::string name() {
        static const char *const parts[] = {
            "conv",    "fc",  "Add",    "mat\"mul",    "back\\slash", "tab\t", "\xC3\xA9t\xC3\xA9",
            "ctl\x01", "/x/", "sp ace", "\xE2\x82\xAC"};
        std::string out = parts[pick(0, std::size(parts) - 1)];
        out += std::to_string(pick(0, 999));
        return out;
    }
    std::vector<std::string> names(std::size_t min, std::size_t max) {
        std::vector<std::string> out(pick(min, max));
        for (std::string &n : out) n = name();
        return out;
    }
    std::string step() {
        std::string out;
        const std::size_t items = pick(1, 5);
        for (std::size_t i = 0; i < items; ++i) {
            if (i != 0) out += '|';
            const std::uint64_t a = pick(0, 50);
            if (chance(50)) {
                out += std::to_string(a);
            } else {
                out += std::to_string(a) + "-" + std::to_string(a + pick(0, 20));
            }
        }
        return out;
    }

private:
    std::mt19937_64 rng_;
};

acl::Dump valid_dump(Gen &g) {
    acl::Dump d;
    switch (g.pick(0, 3)) {
        case 0: {                               // exception scene
            d.scene = g.of<acl::DumpScene>(4);  // the four exception scenes (A2 has core dump)
            if (g.chance(50)) d.path = "./";
            if (g.chance(30)) d.op_switch = false;
            if (g.chance(30)) d.debug = false;
            if (g.chance(30)) d.kernel_data = std::vector{g.of<acl::KernelData>(5)};
            return d;
        }
        case 1: {  // overflow
            d.path = g.chance(70) ? "./" : "192.168.0." + std::to_string(g.pick(0, 255)) + ":/data/dump";
            d.debug = true;
            if (g.chance(30)) d.op_switch = false;
            return d;
        }
        case 2: {  // watcher
            d.path = "./";
            d.scene = acl::DumpScene::watcher;
            if (g.chance(50)) d.mode = acl::DumpMode::output;
            if (g.chance(30)) d.level = g.of<acl::DumpLevel>(3);
            if (g.chance(50)) {
                d.list.emplace();
                for (std::size_t i = g.pick(1, 3); i > 0; --i) {
                    acl::DumpModel m;
                    m.watcher_nodes = g.names(1, 3);
                    if (g.chance(50)) m.layer = g.names(1, 3);
                    d.list->push_back(m);
                }
            }
            return d;
        }
        default:
            break;
    }
    // operator dump
    d.path =
        g.chance(80) ? "./" : "10.0." + std::to_string(g.pick(0, 255)) + ".1:/dump/" + std::to_string(g.pick(0, 99));
    const bool op_switch = g.chance(50);
    if (op_switch || g.chance(50)) d.op_switch = op_switch;
    if (g.chance(50)) d.mode = g.of<acl::DumpMode>(3);
    const acl::DumpLevel level = g.of<acl::DumpLevel>(3);
    if (g.chance(70)) d.level = level;
    const bool level_op = d.level == acl::DumpLevel::op;
    if (g.chance(40)) {
        d.data = acl::DumpData::stats;
        if (g.chance(60)) {
            d.stats.emplace();
            for (std::size_t i = g.pick(1, 4); i > 0; --i) d.stats->push_back(g.of<acl::DumpStat>(7));
        }
    } else if (g.chance(30)) {
        d.data = acl::DumpData::tensor;
    }
    if (g.chance(30)) d.step = g.step();
    if (g.chance(30)) {
        d.kernel_data.emplace();
        for (std::size_t i = g.pick(1, 3); i > 0; --i) d.kernel_data->push_back(g.of<acl::KernelData>(5));
    }
    if (g.chance(60)) {
        d.list.emplace();
        for (std::size_t i = g.pick(0, 3); i > 0; --i) {
            acl::DumpModel m;
            const bool model = g.chance(70);
            if (model) m.model_name = g.name();
            if (g.chance(60)) m.layer = g.names(1, 4);
            if (level_op && g.chance(40)) {
                m.optype_blacklist.emplace();
                for (std::size_t k = g.pick(1, 3); k > 0; --k) {
                    acl::OpFilter f{.name = g.name()};
                    if (g.chance(50)) f.pos = std::vector<std::string>{"input0", "output" + std::to_string(k)};
                    m.optype_blacklist->push_back(f);
                }
            }
            if (level_op && g.chance(30)) m.opname_blacklist = std::vector{acl::OpFilter{.name = g.name()}};
            if (level_op && model && g.chance(40)) {
                m.opname_range = std::vector{acl::OpnameRange{g.name(), g.name()}};
            }
            d.list->push_back(m);
        }
    }
    return d;
}

acl::Profiler valid_profiler(Gen &g) {
    acl::Profiler p;
    const auto maybe_bool = [&](std::optional<bool> &slot) {
        if (g.chance(30)) slot = g.chance(50);
    };
    maybe_bool(p.enabled);
    maybe_bool(p.aicpu);
    maybe_bool(p.l2);
    maybe_bool(p.hccl);
    maybe_bool(p.msproftx);
    maybe_bool(p.task_tsfw);
    maybe_bool(p.ascendcl);
    maybe_bool(p.runtime_api);
    maybe_bool(p.task_memory);
    if (g.chance(30)) p.ge_api = g.of<acl::GeApi>(3);
    if (g.chance(30)) p.task_time = g.of<acl::TaskTime>(5);  // off .. l2: every product
    if (g.chance(30)) p.dvpp_freq = static_cast<std::uint32_t>(g.pick(1, 100));
    if (g.chance(30)) p.sys_hardware_mem_freq = static_cast<std::uint32_t>(g.pick(1, 100));
    if (g.chance(30)) p.llc_profiling = g.of<acl::LlcProfiling>(2);
    if (g.chance(30)) p.host_sys = std::vector{g.of<acl::HostSys>(6)};
    if (g.chance(30)) p.host_sys_usage = std::vector{g.of<acl::HostSysUsage>(2)};
    if (g.chance(20)) p.storage_limit_mb = g.pick(200, 100000);
    return p;
}

acl::Config valid_config(Gen &g) {
    acl::Config c;
    if (g.chance(50)) c.err_msg_mode = g.of<acl::ErrMsgMode>(2);
    if (g.chance(30)) c.max_opqueue_num = static_cast<std::uint32_t>(g.pick(1, 4000000000ULL));
    if (g.chance(30)) c.stack_size = acl::StackSize{.aicore_stack_size = static_cast<std::uint32_t>(g.pick(0, 250000))};
    if (g.chance(20)) c.default_device = 0;
    if (g.chance(30)) c.simd_printf_fifo_size_per_core = static_cast<std::uint32_t>(g.pick(1024, 67108864));
    if (g.chance(20)) c.event_mode = g.of<acl::EventMode>(2);
    if (g.chance(60)) c.dump = valid_dump(g);
    if (g.chance(30)) c.profiler = valid_profiler(g);
    return c;
}

std::uint64_t round_up(std::uint64_t v, std::uint64_t granule) {
    return (v + granule - 1) / granule * granule;
}

std::string text_of(const acl::JsonValue *v) {
    return v == nullptr ? std::string("<missing>") : std::string(v->text());
}

/// Compares the effective configuration with what the builder asked for.
void check_effective(const acl::Config &c, const acl::JsonValue &e) {
    using aclpp_test::setting;
    CHECK(text_of(setting(e, "/err_msg_mode")) == (c.err_msg_mode == acl::ErrMsgMode::process ? "1" : "0"));
    CHECK(text_of(setting(e, "/max_opqueue_num")) == std::to_string(c.max_opqueue_num.value_or(20000)));
    std::uint64_t aicore = 32768;
    if (c.stack_size && c.stack_size->aicore_stack_size && *c.stack_size->aicore_stack_size > 32768) {
        const std::uint64_t rounded = round_up(*c.stack_size->aicore_stack_size, 16384);
        if (rounded <= 196608) aicore = rounded;  // Atlas A2 maximum: above it nothing is applied
    }
    CHECK(text_of(setting(e, "/StackSize/aicore_stack_size")) == std::to_string(aicore));
    const acl::JsonValue *device = setting(e, "/defaultDevice/default_device");
    REQUIRE(device != nullptr);
    CHECK((c.default_device ? device->text() == "0" : device->is_null()));
    CHECK(text_of(setting(e, "/simd_printf_fifo_size_per_core")) ==
          std::to_string(c.simd_printf_fifo_size_per_core ? round_up(*c.simd_printf_fifo_size_per_core, 8) : 32768));
    const acl::JsonValue *event = setting(e, "/acl_graph/event_mode");
    REQUIRE(event != nullptr);
    if (c.event_mode) {
        CHECK(event->text() == (*c.event_mode == acl::EventMode::hardware ? "1" : "0"));
    } else {
        CHECK(event->is_null());
    }

    const acl::JsonValue *dump = e.find("dump");
    REQUIRE(dump != nullptr);
    const bool present = c.dump.has_value() && *c.dump != acl::Dump{};
    CHECK(dump->find("present")->as_bool() == present);
    if (present) {
        const acl::Dump &d = *c.dump;
        CHECK(dump->find("mode")->text() == acl::to_string(d.mode.value_or(acl::DumpMode::output)));
        CHECK(dump->find("data")->text() == acl::to_string(d.data.value_or(acl::DumpData::tensor)));
        const acl::DumpLevel level = d.level.value_or(acl::DumpLevel::all);
        CHECK(dump->find("level_bits")->as_int64() == (level == acl::DumpLevel::op       ? 1
                                                       : level == acl::DumpLevel::kernel ? 2
                                                                                         : 3));
        CHECK(dump->find("op_switch")->as_bool() == d.op_switch.value_or(false));
        CHECK(dump->find("debug")->as_bool() == d.debug.value_or(false));
        CHECK(dump->find("step")->text() == d.step.value_or(""));
        CHECK(dump->find("scene")->text() == (d.scene ? acl::to_string(*d.scene) : std::string_view()));
        CHECK(dump->find("watcher")->as_bool() == (d.scene == acl::DumpScene::watcher));
        const acl::JsonValue *stats = dump->find("stats");
        REQUIRE(stats != nullptr);
        REQUIRE(stats->size() == (d.stats ? d.stats->size() : 0));
        for (std::size_t i = 0; i < stats->size(); ++i)
            CHECK(stats->elements()[i].text() == acl::to_string((*d.stats)[i]));
        std::size_t layers = 0;
        if (d.list) {
            for (const acl::DumpModel &m : *d.list) layers += m.layer ? m.layer->size() : 0;
        }
        CHECK(dump->find("list_items")->as_int64() == static_cast<std::int64_t>(d.list ? d.list->size() : 0));
        CHECK(dump->find("layers")->as_int64() == static_cast<std::int64_t>(layers));
        if (d.path) CHECK(dump->at_pointer("/path/value")->text() == *d.path);
    }

    const acl::JsonValue *profiler = e.find("profiler");
    REQUIRE(profiler != nullptr);
    if (c.profiler) {
        CHECK(profiler->find("mode")->text() == "config");
        CHECK(profiler->find("enabled")->as_bool() == c.profiler->enabled.value_or(false));
        // Every key the builder wrote is there with the same value.
        const auto written =
            acl::JsonValue::parse(acl::Config{.profiler = c.profiler}.to_json(acl::JsonStyle::compact));
        REQUIRE(written);
        const acl::JsonValue &section = *written->find("profiler");
        const acl::JsonValue *keys = profiler->find("keys");
        REQUIRE(keys != nullptr);
        CHECK(keys->size() == section.size());
        for (const auto &[key, value] : section.members()) {
            INFO(key);
            const acl::JsonValue *got = keys->find(key);
            REQUIRE(got != nullptr);
            CHECK(*got == value);
        }
    } else {
        CHECK(profiler->find("mode")->text() == "dynamic");
    }
}

}  // namespace

TEST_CASE("C-4 property: 10,000 random valid configs round-trip through aclppInitFromBuffer and the effective config",
          "[C-4][property][emulated]") {
    Gen g(kSeed);
    REQUIRE(aclpp_test::ref_count() == 0);
    for (int i = 0; i < kCases; ++i) {
        REQUIRE(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS);
        const acl::Config config = valid_config(g);
        const std::string json = config.to_json(i % 2 == 0 ? acl::JsonStyle::compact : acl::JsonStyle::pretty);
        INFO("case " << i << ": " << json);
        // The builder agrees that it is valid.
        REQUIRE(config.validate_static().ok());
        // Parsing the text back gives an equal config.
        std::error_code parse_ec;
        const std::optional<acl::Config> back = acl::Config::from_json(json, parse_ec);
        REQUIRE(back);
        CHECK(*back == config);

        const aclError rc = aclppInitFromBuffer(json.data(), json.size());
        if (rc != ACL_SUCCESS) {
            const char *text = aclGetRecentErrMsg();
            FAIL("aclppInitFromBuffer: " << rc << " " << (text != nullptr ? text : ""));
        }
        std::error_code ec;
        const std::string effective_text = acl::effective_config_json(ec);
        REQUIRE_FALSE(ec);
        const auto effective = acl::JsonValue::parse(effective_text);
        REQUIRE(effective);
        check_effective(config, *effective);
        REQUIRE(aclFinalizeReference(nullptr) == ACL_SUCCESS);
    }
    REQUIRE(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS);
    CHECK(aclpp_test::ref_count() == 0);
}

namespace {

using Mutator = void (*)(acl::Config &, Gen &);

acl::Dump &dump_of(acl::Config &c) {
    if (!c.dump) c.dump = acl::Dump{.path = "./"};
    return *c.dump;
}
acl::DumpModel &some_model(acl::Config &c, Gen &g) {
    acl::Dump &d = dump_of(c);
    if (!d.list || d.list->empty()) d.list = std::vector<acl::DumpModel>{acl::DumpModel{.model_name = "m"}};
    return (*d.list)[g.pick(0, d.list->size() - 1)];
}
std::string bad_step(Gen &g) {
    static const char *const steps[] = {"1-2-3", "abc", "5-3", "|", "1|", "-1", "1 |2", "x-1", "10-5|1"};
    std::string s = steps[g.pick(0, std::size(steps) - 1)];
    if (g.chance(10)) {  // more than 100 items
        s.clear();
        for (int i = 0; i <= 100; ++i) s += (i != 0 ? "|" : "") + std::to_string(i);
    }
    return s;
}

// Each breaks one static rule (some may also make an earlier one moot; the verdict is compared).
const Mutator kMutators[] = {
    [](acl::Config &c, Gen &g) { c.err_msg_mode = static_cast<acl::ErrMsgMode>(g.pick(2, 9)); },
    [](acl::Config &c, Gen &) { c.max_opqueue_num = 0u; },
    [](acl::Config &c, Gen &g) { c.default_device = -static_cast<std::int32_t>(g.pick(1, 1000)); },
    [](acl::Config &c, Gen &) { c.simd_printf_fifo_size_per_core = 0u; },
    [](acl::Config &c, Gen &g) { c.event_mode = static_cast<acl::EventMode>(g.pick(2, 5)); },
    [](acl::Config &c, Gen &) { dump_of(c).path = ""; },
    [](acl::Config &c, Gen &) {
        acl::Dump &d = dump_of(c);
        d.path.reset();
        if (d.scene && *d.scene != acl::DumpScene::watcher) d.scene.reset();
        d.op_switch = true;
        d.debug.reset();
    },
    [](acl::Config &c, Gen &g) { dump_of(c).path = std::string(513 + g.pick(0, 100), 'p'); },
    [](acl::Config &c, Gen &g) { dump_of(c).path = "172.16." + std::to_string(g.pick(0, 255)) + ".9:"; },
    [](acl::Config &c, Gen &) { dump_of(c).path = "172.16.0.9:/bad path|x"; },
    [](acl::Config &c, Gen &) {
        acl::Dump &d = dump_of(c);
        d.scene = acl::DumpScene::watcher;
        d.debug = true;
    },
    [](acl::Config &c, Gen &) {
        acl::Dump &d = dump_of(c);
        d.scene = acl::DumpScene::watcher;
        d.op_switch = true;
    },
    [](acl::Config &c, Gen &g) {
        acl::Dump &d = dump_of(c);
        d.scene = acl::DumpScene::watcher;
        d.mode = g.chance(50) ? acl::DumpMode::input : acl::DumpMode::all;
    },
    [](acl::Config &c, Gen &g) {
        acl::Dump &d = dump_of(c);
        d.scene = g.of<acl::DumpScene>(4);
        if (g.chance(50)) {
            d.debug = true;
        } else {
            d.op_switch = true;
        }
    },
    [](acl::Config &c, Gen &) {
        acl::Dump &d = dump_of(c);
        if (d.scene && *d.scene != acl::DumpScene::watcher) d.scene.reset();
        d.debug = true;
        d.op_switch = true;
    },
    [](acl::Config &c, Gen &g) { dump_of(c).step = bad_step(g); },
    [](acl::Config &c, Gen &g) { some_model(c, g).model_name = ""; },
    [](acl::Config &c, Gen &g) { some_model(c, g).layer = std::vector<std::string>{}; },
    [](acl::Config &c, Gen &g) {
        dump_of(c).scene = acl::DumpScene::watcher;
        acl::DumpModel &m = some_model(c, g);
        if (g.chance(50)) {
            m.watcher_nodes.reset();
        } else {
            m.watcher_nodes = std::vector<std::string>{};
        }
    },
    [](acl::Config &c, Gen &g) {
        acl::DumpModel &m = some_model(c, g);
        m.watcher_nodes = std::vector<std::string>{"n1"};
    },
    [](acl::Config &c, Gen &g) {
        acl::DumpModel &m = some_model(c, g);
        m.optype_blacklist = std::vector<acl::OpFilter>(101 + g.pick(0, 5), acl::OpFilter{.name = "t"});
    },
    [](acl::Config &c, Gen &g) {
        acl::Dump &d = dump_of(c);
        d.level = g.chance(50) ? acl::DumpLevel::kernel : acl::DumpLevel::all;
        some_model(c, g).opname_blacklist = std::vector{acl::OpFilter{.name = "x"}};
    },
    [](acl::Config &c, Gen &g) {
        acl::DumpModel &m = some_model(c, g);
        m.opname_range =
            std::vector{acl::OpnameRange{g.chance(50) ? std::optional<std::string>("") : std::nullopt, "e"}};
    },
    [](acl::Config &c, Gen &g) {
        acl::DumpModel &m = some_model(c, g);
        m.model_name.reset();
        m.opname_range = std::vector{acl::OpnameRange{"b", "e"}};
    },
    [](acl::Config &c, Gen &) {
        acl::Dump &d = dump_of(c);
        d.data = acl::DumpData::stats;
        d.stats = std::vector<acl::DumpStat>{};
    },
    [](acl::Config &c, Gen &g) {
        acl::Dump &d = dump_of(c);
        if (g.chance(50)) {
            d.data.reset();
        } else {
            d.data = acl::DumpData::tensor;
        }
        d.stats = std::vector{acl::DumpStat::avg};
    },
    [](acl::Config &c, Gen &) { dump_of(c).kernel_data = std::vector<acl::KernelData>{}; },
    [](acl::Config &c, Gen &g) { dump_of(c).mode = static_cast<acl::DumpMode>(g.pick(3, 9)); },
    [](acl::Config &c, Gen &g) {
        if (!c.profiler) c.profiler = acl::Profiler{};
        c.profiler->dvpp_freq = static_cast<std::uint32_t>(g.chance(50) ? 0 : g.pick(101, 1000));
    },
    [](acl::Config &c, Gen &g) {
        if (!c.profiler) c.profiler = acl::Profiler{};
        c.profiler->sys_hardware_mem_freq = static_cast<std::uint32_t>(g.chance(50) ? 0 : g.pick(10001, 20000));
    },
    [](acl::Config &c, Gen &g) {
        if (!c.profiler) c.profiler = acl::Profiler{};
        c.profiler->enabled = true;
        c.profiler->storage_limit_mb = g.pick(0, 199);
    },
};

struct Verdict {
    aclError code = ACL_SUCCESS;
    std::string pointer;
};

Verdict core_verdict(const std::string &json) {
    const acl::Report report = acl::validate(json);
    Verdict v{report.result, {}};
    if (const acl::Finding *first = report.first_error()) v.pointer = first->pointer;
    return v;
}

}  // namespace

TEST_CASE(
    "C-4 property: 10,000 random invalid configs get the same verdict from validate_static and aclppValidateBuffer",
    "[C-4][property][emulated]") {
    Gen g(kSeed + 1);
    REQUIRE(aclpp_test::ref_count() == 0);
    int mismatches = 0;
    int invalid = 0;
    std::set<std::string_view> decisive_rules;
    // A mutation can be moot (an exception scene skips the rest of the dump rules): such a case
    // still has to get the same verdict, but only invalid cases count towards the 10,000.
    for (int i = 0; invalid < kCases && i < 4 * kCases; ++i) {
        REQUIRE(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS);
        acl::Config config = valid_config(g);
        for (std::uint64_t n = g.pick(1, 3); n > 0; --n) kMutators[g.pick(0, std::size(kMutators) - 1)](config, g);
        const std::string json = config.to_json(acl::JsonStyle::compact);
        const acl::Report builder = config.validate_static();
        const Verdict core = core_verdict(json);
        INFO("case " << i << ": " << json);
        const acl::Finding *first = builder.first_error();
        if (first != nullptr) {
            ++invalid;
            decisive_rules.insert(first->rule);
        }
        const std::string pointer = first != nullptr ? first->pointer : std::string();
        const bool same = core.code == builder.result && core.pointer == pointer;
        if (!same) {
            ++mismatches;
            INFO("builder: " << builder.result << " " << pointer << " (" << (first != nullptr ? first->rule : "")
                             << ")");
            INFO("core:    " << core.code << " " << core.pointer);
            CHECK(same);
            if (mismatches > 10) FAIL("too many mismatches");
        }
    }
    CHECK(invalid == kCases);
    // The generator reaches most rules as the decisive one (a test that cannot fail is a defect).
    CAPTURE(decisive_rules.size());
    CHECK(decisive_rules.size() >= 25);
    CHECK(mismatches == 0);
    CHECK(aclpp_test::ref_count() == 0);
}
