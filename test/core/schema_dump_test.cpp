// The `dump` section validator (decisions K-4, K-6, K-7, K-8): one row per
// case with the JSON, the code and the pointer of the first error and, where it matters, the
// outcome. Paths are relative to a private temporary directory that becomes the cwd.
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <new>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "fixture_dir.hpp"
#include "json/document.hpp"
#include "platform/environment.hpp"
#include "platform/products.hpp"
#include "schema/context.hpp"
#include "schema/dump_path.hpp"
#include "schema/effective.hpp"
#include "schema/report.hpp"

// ---- Allocation counting: proves the success path allocates nothing per layer -------------

namespace {
std::atomic<bool> gCountAllocations{false};
std::atomic<std::size_t> gAllocations{0};
}  // namespace

void *operator new(std::size_t size) {
    if (gCountAllocations.load(std::memory_order_relaxed)) gAllocations.fetch_add(1, std::memory_order_relaxed);
    if (void *memory = std::malloc(size != 0 ? size : 1)) return memory;
    throw std::bad_alloc();
}
// simdjson allocates with the nothrow form and frees with the sized delete below: both must be
// ours, or a sanitizer's operator new meets our free (ASan: alloc-dealloc-mismatch).
void *operator new(std::size_t size, const std::nothrow_t &) noexcept {
    if (gCountAllocations.load(std::memory_order_relaxed)) gAllocations.fetch_add(1, std::memory_order_relaxed);
    return std::malloc(size != 0 ? size : 1);
}
// GCC cannot see that these pair with the malloc-based operator new above.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void *memory) noexcept {
    std::free(memory);
}
void operator delete(void *memory, std::size_t) noexcept {
    std::free(memory);
}
#pragma GCC diagnostic pop

namespace {

using namespace aclpp::core;
using namespace std::string_view_literals;
using aclpp::schema::dump_rules::isPlainIpv4;
using aclpp::schema::dump_rules::isRemoteDumpPathChar;
using aclpp::schema::dump_rules::kMaxDumpPathLength;
namespace fs = std::filesystem;

constexpr aclError kOk = ACL_SUCCESS;
constexpr aclError kDump = ACL_ERROR_INVALID_DUMP_CONFIG;
constexpr aclError kInternal = ACL_ERROR_INTERNAL_ERROR;

// ---- The sandbox: a fresh temporary directory as the cwd -----------------------------------

class Sandbox {
public:
    static Sandbox &instance() {
        static Sandbox sandbox;
        return sandbox;
    }
    Sandbox(const Sandbox &) = delete;
    Sandbox &operator=(const Sandbox &) = delete;

    [[nodiscard]] const std::string &originalCwd() const noexcept { return original_; }
    [[nodiscard]] const std::string &root() const noexcept { return root_; }

    ~Sandbox() {
        std::error_code ignored;
        ::chmod((root_ + "/dir000").c_str(), 0755);
        ::chmod((root_ + "/file000").c_str(), 0644);
        if (!original_.empty()) (void)::chdir(original_.c_str());
        fs::remove_all(root_, ignored);
    }

private:
    Sandbox() {
        original_ = fs::current_path().string();
        char pattern[] = "/tmp/aclpp-dump-test-XXXXXX";
        REQUIRE(::mkdtemp(pattern) != nullptr);
        root_ = pattern;
        REQUIRE(::chdir(root_.c_str()) == 0);
        // The conformance run conditions create these two (conformance/README.md).
        for (const char *dir : {"output", "dump", "dir", "a:b", "1.2.3.4:", "envd", "envw", "envc", "dir000"}) {
            REQUIRE(::mkdir(dir, 0755) == 0);
        }
        std::ofstream("file") << "x";
        std::ofstream("file000") << "x";
        REQUIRE(::chmod("file000", 0) == 0);
        REQUIRE(::chmod("dir000", 0) == 0);
    }

    std::string original_;
    std::string root_;
};

// ---- Running the validator ----------------------------------------------------------------

struct RunOptions {
    std::string_view soc = "Ascend910B1";
    EnvironmentSnapshot environment{};
    bool createMissing = false;
};

struct DumpRun {
    Report report;
    EffectiveConfig effective;

    [[nodiscard]] const Finding *first() const { return report.firstError(ACLPP_STEP_DUMP); }
    [[nodiscard]] aclError code() const { return first() != nullptr ? first()->code : kOk; }
    [[nodiscard]] std::string pointer() const { return first() != nullptr ? first()->pointer : std::string{}; }
    [[nodiscard]] const DumpOutcome &dump() const { return effective.dump; }

    [[nodiscard]] std::vector<std::string> errorPointers() const {
        std::vector<std::string> pointers;
        for (const Finding &finding : report.findings()) {
            if (finding.severity == Severity::error) pointers.push_back(finding.pointer);
        }
        return pointers;
    }
    [[nodiscard]] const Finding *find(Severity severity, std::string_view fragment) const {
        for (const Finding &finding : report.findings()) {
            if (finding.severity == severity && finding.message.find(fragment) != std::string::npos) return &finding;
        }
        return nullptr;
    }
    [[nodiscard]] std::size_t count(Severity severity) const {
        std::size_t n = 0;
        for (const Finding &finding : report.findings()) n += finding.severity == severity ? 1 : 0;
        return n;
    }
};

DumpRun runDump(std::string_view text, const RunOptions &options = {}) {
    (void)Sandbox::instance();
    const Product *product = findProduct(options.soc);
    REQUIRE(product != nullptr);
    const std::string bytes(text);  // the document refers to these bytes
    ParseFailure failure;
    std::optional<JsonDocument> document = JsonDocument::parse(bytes, failure);
    INFO("parse failure: " << failure.message);
    REQUIRE(document.has_value());
    DumpRun run;
    ValidationContext ctx{*document,     *product, options.environment,  run.report,
                          run.effective, 1,        options.createMissing};
    validateDump(ctx);
    for (const Finding &finding : run.report.findings()) {
        // Every dump finding belongs to the dump step, and only errors carry a code.
        CHECK(finding.step == ACLPP_STEP_DUMP);
        if (finding.severity != Severity::error) CHECK(finding.code == kOk);
    }
    return run;
}

std::string dumpJson(std::string_view members) {
    return "{\"dump\":{" + std::string(members) + "}}";
}

// ---- Tables -------------------------------------------------------------------------------

struct CodeRow {
    std::string_view id;       // the rule the row pins
    std::string json;          // the whole config
    aclError code;             // of the first dump error, 0 when valid
    std::string_view pointer;  // of the first dump error
};

void checkRows(std::span<const CodeRow> rows, const RunOptions &options = {}) {
    for (const CodeRow &row : rows) {
        INFO(row.id << ": " << row.json);
        const DumpRun run = runDump(row.json, options);
        if (run.first() != nullptr) INFO("first error: " << run.first()->message);
        CHECK(run.code() == row.code);
        CHECK(run.pointer() == row.pointer);
    }
}

constexpr std::size_t kAny = static_cast<std::size_t>(-1);

struct OutcomeRow {
    std::string_view id;
    std::string json;
    DumpKind kind;
    uint32_t levelBits;
    std::size_t kernelTypes;      // number of kernel-DFX types
    std::string_view path;        // effective data path
    std::string_view kernelPath;  // effective kernel-DFX path
};

void checkOutcomes(std::span<const OutcomeRow> rows, const RunOptions &options = {}) {
    for (const OutcomeRow &row : rows) {
        INFO(row.id << ": " << row.json);
        const DumpRun run = runDump(row.json, options);
        if (run.first() != nullptr) INFO("first error: " << run.first()->message);
        REQUIRE(run.code() == kOk);
        CHECK(run.dump().kind == row.kind);
        CHECK(run.dump().levelBits == row.levelBits);
        if (row.kernelTypes != kAny) CHECK(run.dump().kernelDataTypes.size() == row.kernelTypes);
        CHECK(run.dump().path.value == row.path);
        CHECK(run.dump().kernelDataPath.value == row.kernelPath);
    }
}

std::string repeated(std::string_view item, std::size_t count, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < count; ++i) {
        if (i != 0) out += separator;
        out += item;
    }
    return out;
}

std::string numbered(std::size_t count) {
    std::string out;
    for (std::size_t i = 0; i < count; ++i) {
        if (i != 0) out += '|';
        out += std::to_string(i);
    }
    return out;
}

}  // namespace

// =============================================================================================

TEST_CASE("K-4 entry rules: no dump, an empty dump and a non-object dump", "[K-4][dump]") {
    const std::vector<CodeRow> rows{
        {"V4 {}", "{}", kOk, ""},
        {"V4 other key", R"({"other":"data"})", kOk, ""},
        {"V4 dump {}", R"({"dump":{}})", kOk, ""},
        {"V54 0 bytes", "", kOk, ""},
        {"3.1 top level array", R"([{"dump":true}])", kOk, ""},
        {"3.1 top level string", R"("dump")", kOk, ""},
        {"V2 true", R"({"dump":true})", kDump, "/dump"},
        {"V2 []", R"({"dump":[]})", kDump, "/dump"},
        {"V2 123", R"({"dump":123})", kDump, "/dump"},
        {"V2 null", R"({"dump":null})", kDump, "/dump"},
        {"V2 string", R"({"dump":"invalid"})", kDump, "/dump"},
        {"F-5 last duplicate wins (object)", R"({"dump":true,"dump":{}})", kOk, ""},
        {"F-5 last duplicate wins (bool)", R"({"dump":{},"dump":true})", kDump, "/dump"},
        {"F-5 inside dump: last wins", R"({"dump":{"dump_mode":"bad","dump_path":"./","dump_mode":"all"}})", kOk, ""},
        {"F-5 inside dump: last loses", R"({"dump":{"dump_mode":"all","dump_path":"./","dump_mode":"bad"}})", kDump,
         "/dump/dump_mode"},
    };
    checkRows(rows);

    const DumpRun empty = runDump(R"({"dump":{}})");
    CHECK_FALSE(empty.dump().present);
    CHECK(empty.dump().kind == DumpKind::none);
    CHECK(empty.report.findings().empty());

    const DumpRun wrong = runDump(R"({"dump":[1,2]})");
    REQUIRE(wrong.first() != nullptr);
    CHECK(wrong.first()->message.find("EP0001") != std::string::npos);
    CHECK(wrong.first()->message.find("an array of 2 elements") != std::string::npos);
    CHECK(wrong.first()->message.find("object") != std::string::npos);
}

TEST_CASE("F-3 K-4 text that does not parse never reaches the dump validator", "[K-4][F-3][dump]") {
    // V1 and V54: the reference's EP0004 is a file-level 100006 in aclpp (F-3).
    for (const std::string_view text : {R"({"dump": {"dump_op_switch": "on")"sv, "asdf{"sv, "not_json"sv}) {
        INFO(text);
        ParseFailure failure;
        const std::string bytes(text);
        CHECK_FALSE(JsonDocument::parse(bytes, failure).has_value());
        CHECK(failure.code == ACL_ERROR_PARSE_FILE);
    }
}

TEST_CASE("K-4 phase A rejects values of the wrong JSON type", "[K-4][dump]") {
    std::vector<CodeRow> rows{
        {"V3 path number", dumpJson(R"("dump_path":12345)"), kDump, "/dump/dump_path"},
        {"V3 path array", dumpJson(R"("dump_path":["./"])"), kDump, "/dump/dump_path"},
        {"V3 path bool", dumpJson(R"("dump_path":true)"), kDump, "/dump/dump_path"},
        {"V3 path null", dumpJson(R"("dump_path":null)"), kDump, "/dump/dump_path"},
        {"V3 path object", dumpJson(R"("dump_path":{})"), kDump, "/dump/dump_path"},
        // V21 dump_stats
        {"V21 stats 123", dumpJson(R"("dump_path":"./","dump_stats":123)"), kDump, "/dump/dump_stats"},
        {"V21 stats string", dumpJson(R"("dump_path":"./","dump_stats":"tensor")"), kDump, "/dump/dump_stats"},
        {"V21 stats true", dumpJson(R"("dump_path":"./","dump_stats":true)"), kDump, "/dump/dump_stats"},
        {"V21 stats {}", dumpJson(R"("dump_path":"./","dump_stats":{})"), kDump, "/dump/dump_stats"},
        {"V21 stats [123,456]", dumpJson(R"("dump_path":"./","dump_stats":[123,456])"), kDump, "/dump/dump_stats/0"},
        {"V21 stats [true,false]", dumpJson(R"("dump_path":"./","dump_stats":[true,false])"), kDump,
         "/dump/dump_stats/0"},
        {"V21 stats [{}]", dumpJson(R"("dump_path":"./","dump_stats":[{}])"), kDump, "/dump/dump_stats/0"},
        {"V21 stats [L2norm,123]", dumpJson(R"("dump_path":"./","dump_stats":["L2norm",123])"), kDump,
         "/dump/dump_stats/1"},
        // V22 dump_list
        {"V22 list 123", dumpJson(R"("dump_path":"./","dump_list":123)"), kDump, "/dump/dump_list"},
        {"V22 list string", dumpJson(R"("dump_path":"./","dump_list":"model1")"), kDump, "/dump/dump_list"},
        {"V22 list true", dumpJson(R"("dump_path":"./","dump_list":true)"), kDump, "/dump/dump_list"},
        {"V22 list {}", dumpJson(R"("dump_path":"./","dump_list":{})"), kDump, "/dump/dump_list"},
        {"V22 list [123]", dumpJson(R"("dump_path":"./","dump_list":[123])"), kDump, "/dump/dump_list/0"},
        {"V22 list [string]", dumpJson(R"("dump_path":"./","dump_list":["string"])"), kDump, "/dump/dump_list/0"},
        {"V22 list [true]", dumpJson(R"("dump_path":"./","dump_list":[true])"), kDump, "/dump/dump_list/0"},
        {"V22 list [ok,123]", dumpJson(R"("dump_path":"./","dump_list":[{"model_name":"m"},123])"), kDump,
         "/dump/dump_list/1"},
    };
    // V3: every other string key given as a number or an array.
    static const std::vector<std::string> stringKeys{"dump_mode", "dump_op_switch", "dump_level",       "dump_scene",
                                                     "dump_data", "dump_debug",     "dump_kernel_data", "dump_step"};
    static std::vector<std::string> pointers;
    pointers.clear();
    pointers.reserve(stringKeys.size());
    for (const std::string &key : stringKeys) pointers.push_back("/dump/" + key);
    for (std::size_t i = 0; i < stringKeys.size(); ++i) {
        rows.push_back({"V3 number", dumpJson("\"dump_path\":\"./\",\"" + stringKeys[i] + "\":1"), kDump, pointers[i]});
        rows.push_back(
            {"V3 array", dumpJson("\"dump_path\":\"./\",\"" + stringKeys[i] + "\":[\"on\"]"), kDump, pointers[i]});
    }
    // V23..V25: inside a dump_list item.
    const auto item = [](std::string_view members) {
        return dumpJson(R"("dump_path":"./","dump_level":"op","dump_list":[{)" + std::string(members) + "}]");
    };
    const std::vector<CodeRow> itemRows{
        {"V23 model_name 123", item(R"("model_name":123)"), kDump, "/dump/dump_list/0/model_name"},
        {"V23 model_name true", item(R"("model_name":true)"), kDump, "/dump/dump_list/0/model_name"},
        {"V23 model_name [model]", item(R"("model_name":["model"])"), kDump, "/dump/dump_list/0/model_name"},
        {"V23 layer 123", item(R"("model_name":"m","layer":123)"), kDump, "/dump/dump_list/0/layer"},
        {"V23 layer string", item(R"("model_name":"m","layer":"layer1")"), kDump, "/dump/dump_list/0/layer"},
        {"V23 layer [123]", item(R"("model_name":"m","layer":[123])"), kDump, "/dump/dump_list/0/layer/0"},
        {"V23 layer [true]", item(R"("model_name":"m","layer":[true])"), kDump, "/dump/dump_list/0/layer/0"},
        {"V23 layer [{}]", item(R"("model_name":"m","layer":["a",{}])"), kDump, "/dump/dump_list/0/layer/1"},
        {"V23 watcher_nodes 123", item(R"("watcher_nodes":123)"), kDump, "/dump/dump_list/0/watcher_nodes"},
        {"V23 watcher_nodes string", item(R"("watcher_nodes":"node1")"), kDump, "/dump/dump_list/0/watcher_nodes"},
        {"V23 watcher_nodes [123]", item(R"("watcher_nodes":[123])"), kDump, "/dump/dump_list/0/watcher_nodes/0"},
        {"V23 watcher_nodes [true]", item(R"("watcher_nodes":[true])"), kDump, "/dump/dump_list/0/watcher_nodes/0"},
        {"V24 optype 123", item(R"("model_name":"m","optype_blacklist":123)"), kDump,
         "/dump/dump_list/0/optype_blacklist"},
        {"V24 optype string", item(R"("model_name":"m","optype_blacklist":"type1")"), kDump,
         "/dump/dump_list/0/optype_blacklist"},
        {"V24 optype [123]", item(R"("model_name":"m","optype_blacklist":[123])"), kDump,
         "/dump/dump_list/0/optype_blacklist/0"},
        {"V24 optype [type1]", item(R"("model_name":"m","optype_blacklist":["type1"])"), kDump,
         "/dump/dump_list/0/optype_blacklist/0"},
        {"V24 optype name 123", item(R"("model_name":"m","optype_blacklist":[{"name":123}])"), kDump,
         "/dump/dump_list/0/optype_blacklist/0/name"},
        {"V24 optype pos 123", item(R"("model_name":"m","optype_blacklist":[{"name":"a","pos":123}])"), kDump,
         "/dump/dump_list/0/optype_blacklist/0/pos"},
        {"V24 optype pos string", item(R"("model_name":"m","optype_blacklist":[{"pos":"pos1"}])"), kDump,
         "/dump/dump_list/0/optype_blacklist/0/pos"},
        {"V24 optype pos [123]", item(R"("model_name":"m","optype_blacklist":[{"pos":[123]}])"), kDump,
         "/dump/dump_list/0/optype_blacklist/0/pos/0"},
        {"V24 optype pos [true]", item(R"("model_name":"m","optype_blacklist":[{"pos":["input0",true]}])"), kDump,
         "/dump/dump_list/0/optype_blacklist/0/pos/1"},
        {"V24 opname 123", item(R"("model_name":"m","opname_blacklist":123)"), kDump,
         "/dump/dump_list/0/opname_blacklist"},
        {"V24 opname [type1]", item(R"("model_name":"m","opname_blacklist":["type1"])"), kDump,
         "/dump/dump_list/0/opname_blacklist/0"},
        {"V24 opname name 123", item(R"("model_name":"m","opname_blacklist":[{"name":123}])"), kDump,
         "/dump/dump_list/0/opname_blacklist/0/name"},
        {"V24 opname pos [true]", item(R"("model_name":"m","opname_blacklist":[{"pos":[true]}])"), kDump,
         "/dump/dump_list/0/opname_blacklist/0/pos/0"},
        {"V25 range 123", item(R"("model_name":"m","opname_range":123)"), kDump, "/dump/dump_list/0/opname_range"},
        {"V25 range string", item(R"("model_name":"m","opname_range":"range1")"), kDump,
         "/dump/dump_list/0/opname_range"},
        {"V25 range [123]", item(R"("model_name":"m","opname_range":[123])"), kDump,
         "/dump/dump_list/0/opname_range/0"},
        {"V25 range [range1]", item(R"("model_name":"m","opname_range":["range1"])"), kDump,
         "/dump/dump_list/0/opname_range/0"},
        {"V25 begin 123", item(R"("model_name":"m","opname_range":[{"begin":123,"end":"b"}])"), kDump,
         "/dump/dump_list/0/opname_range/0/begin"},
        {"V25 end 123", item(R"("model_name":"m","opname_range":[{"begin":"a","end":123}])"), kDump,
         "/dump/dump_list/0/opname_range/0/end"},
        {"V25 end true", item(R"("model_name":"m","opname_range":[{"begin":"a","end":true}])"), kDump,
         "/dump/dump_list/0/opname_range/0/end"},
        {"V25 end [op2]", item(R"("model_name":"m","opname_range":[{"begin":"a","end":["op2"]}])"), kDump,
         "/dump/dump_list/0/opname_range/0/end"},
        // The accepted side: every documented type, nested.
        {"3.4.2 all types ok",
         item(R"("model_name":"m","layer":["l1"],"optype_blacklist":[{"name":"t","pos":["input0"]}],)"
              R"("opname_blacklist":[{"name":"n"}],"opname_range":[{"begin":"a","end":"b"}])"),
         kOk, ""},
        {"3.4.2 empty stats passes phase A", dumpJson(R"("dump_path":"./","dump_stats":[],"dump_op_switch":"on")"),
         kDump, "/dump/dump_stats"},
    };
    rows.insert(rows.end(), itemRows.begin(), itemRows.end());
    checkRows(rows);

    // The phase A message says what was found and what the key must be.
    const DumpRun run = runDump(dumpJson(R"("dump_path":12345)"));
    REQUIRE(run.first() != nullptr);
    CHECK(run.first()->message == "EP0001: dump_path is 12345 (a number); it must be a string");
    const DumpRun member = runDump(dumpJson(R"("dump_path":"./","dump_list":[{"layer":["a",7]}])"));
    REQUIRE(member.first() != nullptr);
    CHECK(member.first()->message.find("dump_list[0].layer[1] is 7 (a number)") != std::string::npos);
    CHECK(member.first()->message.find("must be a string") != std::string::npos);
}

TEST_CASE("K-4 phase B rejects values outside the enumeration", "[K-4][dump]") {
    const std::vector<CodeRow> rows{
        {"V7 scene invalid", dumpJson(R"("dump_scene":"invalid_dump_scene")"), kDump, "/dump/dump_scene"},
        {"V7 scene aic_err_norm", dumpJson(R"("dump_scene":"aic_err_norm")"), kDump, "/dump/dump_scene"},
        {"V7 scene case", dumpJson(R"("dump_scene":"Watcher","dump_path":"./")"), kDump, "/dump/dump_scene"},
        {"V11 debug", dumpJson(R"("dump_path":"./","dump_debug":"invalid_dump_debug")"), kDump, "/dump/dump_debug"},
        {"V17 data", dumpJson(R"("dump_path":"./","dump_data":"invalid_dump_data")"), kDump, "/dump/dump_data"},
        {"V17 level", dumpJson(R"("dump_path":"./","dump_level":"invalid_dump_level")"), kDump, "/dump/dump_level"},
        {"V17 mode", dumpJson(R"("dump_path":"./","dump_mode":"invalid_dump_mode")"), kDump, "/dump/dump_mode"},
        {"V17 op_switch", dumpJson(R"("dump_path":"./","dump_op_switch":"maybe")"), kDump, "/dump/dump_op_switch"},
        {"V17 op_switch case", dumpJson(R"("dump_path":"./","dump_op_switch":"ON")"), kDump, "/dump/dump_op_switch"},
        {"V18 mode empty", dumpJson(R"("dump_path":"./","dump_mode":"")"), kDump, "/dump/dump_mode"},
        {"3.4.3 data empty", dumpJson(R"("dump_path":"./","dump_data":"")"), kDump, "/dump/dump_data"},
        {"3.4.3 op_switch empty", dumpJson(R"("dump_path":"./","dump_op_switch":"")"), kDump, "/dump/dump_op_switch"},
        {"3.4.3 level empty", dumpJson(R"("dump_path":"./","dump_level":"")"), kDump, "/dump/dump_level"},
        {"3.4.3 debug empty", dumpJson(R"("dump_path":"./","dump_debug":"")"), kDump, "/dump/dump_debug"},
        {"3.4.3 scene empty", dumpJson(R"("dump_scene":"")"), kDump, "/dump/dump_scene"},
        {"V19 kernel invalid", dumpJson(R"("dump_path":"./","dump_kernel_data":"invalid_kernel_data")"), kDump,
         "/dump/dump_kernel_data"},
        {"V19 kernel all,invalid", dumpJson(R"("dump_path":"./","dump_kernel_data":"all,invalid_kernel_data")"), kDump,
         "/dump/dump_kernel_data"},
        {"V19 kernel tensor,printf,invalid", dumpJson(R"("dump_path":"./","dump_kernel_data":"tensor,printf,invalid")"),
         kDump, "/dump/dump_kernel_data"},
        {"3.4.3 kernel empty", dumpJson(R"("dump_path":"./","dump_kernel_data":"")"), kDump, "/dump/dump_kernel_data"},
        {"3.4.3 kernel trailing comma", dumpJson(R"("dump_path":"./","dump_kernel_data":"all,")"), kDump,
         "/dump/dump_kernel_data"},
        {"3.4.3 kernel leading comma", dumpJson(R"("dump_path":"./","dump_kernel_data":",all")"), kDump,
         "/dump/dump_kernel_data"},
        {"3.4.3 kernel no trimming", dumpJson(R"("dump_path":"./","dump_kernel_data":"all, printf")"), kDump,
         "/dump/dump_kernel_data"},
        {"V20 stats invalid", dumpJson(R"("dump_path":"./","dump_data":"stats","dump_stats":["invalid_stat"])"), kDump,
         "/dump/dump_stats/0"},
        {"V20 stats Max,invalid",
         dumpJson(R"("dump_path":"./","dump_data":"stats","dump_stats":["Max","invalid_stat"])"), kDump,
         "/dump/dump_stats/1"},
        {"3.4.3 stats empty item", dumpJson(R"("dump_path":"./","dump_data":"stats","dump_stats":["Max",""])"), kDump,
         "/dump/dump_stats/1"},
        {"3.4.3 stats case", dumpJson(R"("dump_path":"./","dump_data":"stats","dump_stats":["max"])"), kDump,
         "/dump/dump_stats/0"},
        // Phase B runs whatever the scene: an exception scene does not hide a bad value.
        {"3.4.3 always applied", dumpJson(R"("dump_scene":"lite_exception","dump_mode":"bad")"), kDump,
         "/dump/dump_mode"},
    };
    checkRows(rows);

    // The accepted side: every allowed value of every enumeration.
    std::vector<CodeRow> accepted;
    for (const char *mode : {"input", "output", "all"}) {
        accepted.push_back({"mode", dumpJson(R"("dump_path":"./","dump_mode":")" + std::string(mode) + "\""), kOk, ""});
    }
    for (const char *data : {"tensor", "stats"}) {
        accepted.push_back({"data", dumpJson(R"("dump_path":"./","dump_data":")" + std::string(data) + "\""), kOk, ""});
    }
    for (const char *value : {"on", "off"}) {
        accepted.push_back(
            {"op_switch", dumpJson(R"("dump_path":"./","dump_op_switch":")" + std::string(value) + "\""), kOk, ""});
        accepted.push_back(
            {"debug", dumpJson(R"("dump_path":"./","dump_debug":")" + std::string(value) + "\""), kOk, ""});
    }
    for (const char *level : {"op", "kernel", "all"}) {
        accepted.push_back(
            {"level", dumpJson(R"("dump_path":"./","dump_level":")" + std::string(level) + "\""), kOk, ""});
    }
    for (const char *scene : {"lite_exception", "aic_err_brief_dump", "aic_err_norm_dump", "aic_err_detail_dump"}) {
        accepted.push_back({"scene", dumpJson(R"("dump_scene":")" + std::string(scene) + "\""), kOk, ""});
    }
    accepted.push_back({"scene watcher", dumpJson(R"("dump_path":"./","dump_scene":"watcher")"), kOk, ""});
    for (const char *kernel :
         {"all", "printf", "tensor", "assert", "timestamp", "all,printf,tensor,assert,timestamp"}) {
        accepted.push_back(
            {"kernel", dumpJson(R"("dump_path":"./","dump_kernel_data":")" + std::string(kernel) + "\""), kOk, ""});
    }
    for (const char *stat : {"Max", "Min", "Avg", "Nan", "Negative Inf", "Positive Inf", "L2norm"}) {
        accepted.push_back(
            {"stats", dumpJson(R"("dump_path":"./","dump_data":"stats","dump_stats":[")" + std::string(stat) + "\"]"),
             kOk, ""});
    }
    checkRows(accepted);

    const DumpRun run = runDump(dumpJson(R"("dump_path":"./","dump_mode":"inputs")"));
    REQUIRE(run.first() != nullptr);
    CHECK(run.first()->message == R"(EP0002: dump_mode is "inputs"; allowed: input, output, all)");
    CHECK(run.first()->hint.find("\"input\"") != std::string::npos);
    const DumpRun empty = runDump(dumpJson(R"("dump_path":"./","dump_mode":"")"));
    REQUIRE(empty.first() != nullptr);
    CHECK(empty.first()->message.rfind("EP0001: dump_mode is empty", 0) == 0);
    const DumpRun kernel = runDump(dumpJson(R"("dump_path":"./","dump_kernel_data":"all,prinft")"));
    REQUIRE(kernel.first() != nullptr);
    CHECK(kernel.first()->message.find("EP0002") != std::string::npos);
    CHECK(kernel.first()->message.find("item 1 is \"prinft\"") != std::string::npos);
    CHECK(kernel.first()->hint.find("\"printf\"") != std::string::npos);
}

TEST_CASE("K-4 phase C exception scenes stop validation and forbid debug and op switch", "[K-4][dump]") {
    const std::vector<CodeRow> rows{
        {"V8 lite + debug on", dumpJson(R"("dump_scene":"lite_exception","dump_debug":"on")"), kDump,
         "/dump/dump_debug"},
        {"V8 brief + op_switch on", dumpJson(R"("dump_scene":"aic_err_brief_dump","dump_op_switch":"on")"), kDump,
         "/dump/dump_op_switch"},
        {"V8 norm + debug on", dumpJson(R"("dump_scene":"aic_err_norm_dump","dump_path":"./","dump_debug":"on")"),
         kDump, "/dump/dump_debug"},
        {"V8 detail + op_switch on", dumpJson(R"("dump_scene":"aic_err_detail_dump","dump_op_switch":"on")"), kDump,
         "/dump/dump_op_switch"},
        {"V8 both: debug first", dumpJson(R"("dump_op_switch":"on","dump_scene":"lite_exception","dump_debug":"on")"),
         kDump, "/dump/dump_debug"},
        // Accepted: debug and op switch off, and everything phase C would check is skipped.
        {"3.4.4-2 off values", dumpJson(R"("dump_scene":"lite_exception","dump_debug":"off","dump_op_switch":"off")"),
         kOk, ""},
        {"3.4.4-2 path not checked", dumpJson(R"("dump_scene":"aic_err_norm_dump","dump_path":"./missing/dir")"), kOk,
         ""},
        {"3.4.4-2 empty path not checked", dumpJson(R"("dump_scene":"aic_err_norm_dump","dump_path":"")"), kOk, ""},
        {"3.4.4-2 step not checked", dumpJson(R"("dump_scene":"lite_exception","dump_step":"5-3")"), kOk, ""},
        {"3.4.4-2 stats not checked", dumpJson(R"("dump_scene":"lite_exception","dump_stats":[])"), kOk, ""},
        {"3.4.5 list accepted",
         dumpJson(R"("dump_scene":"aic_err_brief_dump","dump_list":[{"model_name":"","watcher_nodes":["n"]}])"), kOk,
         ""},
    };
    checkRows(rows);

    const std::vector<OutcomeRow> outcomes{
        {"V5 lite no path", dumpJson(R"("dump_scene":"lite_exception")"), DumpKind::exceptionBrief, 3, 0, "", ""},
        {"V5 lite ./", dumpJson(R"("dump_scene":"lite_exception","dump_path":"./")"), DumpKind::exceptionBrief, 3, 0,
         "./", "./"},
        {"V5 brief", dumpJson(R"("dump_scene":"aic_err_brief_dump")"), DumpKind::exceptionBrief, 3, 0, "", ""},
        {"V6 norm ./", dumpJson(R"("dump_scene":"aic_err_norm_dump","dump_path":"./")"), DumpKind::exceptionNorm, 3, 0,
         "./", "./"},
        {"V6 detail ./", dumpJson(R"("dump_scene":"aic_err_detail_dump","dump_path":"./")"), DumpKind::exceptionCore, 3,
         0, "./", "./"},
        {"V9 lite + every key",
         dumpJson(R"("dump_scene":"lite_exception","dump_path":"./","dump_mode":"output","dump_level":"kernel",)"
                  R"("dump_data":"tensor","dump_kernel_data":"printf","dump_stats":["Max","Min"],"dump_step":"1-10")"),
         DumpKind::exceptionBrief, 2, 1, "./", "./"},
        {"V49 lite + kernel all", dumpJson(R"("dump_scene":"lite_exception","dump_kernel_data":"all")"),
         DumpKind::exceptionBrief, 3, 1, "", ""},
        {"V49 lite ./ + printf",
         dumpJson(R"("dump_scene":"lite_exception","dump_path":"./","dump_kernel_data":"printf")"),
         DumpKind::exceptionBrief, 3, 1, "./", "./"},
    };
    checkOutcomes(outcomes);

    // V9: the stats items are kept in the outcome.
    const DumpRun v9 = runDump(dumpJson(R"("dump_scene":"lite_exception","dump_stats":["Max","Min"])"));
    REQUIRE(v9.code() == kOk);
    CHECK(v9.dump().stats == std::vector<std::string>{"Max", "Min"});
    CHECK(v9.dump().scene == "lite_exception");
    CHECK(v9.dump().path.source == Source::defaulted);

    const DumpRun conflict = runDump(dumpJson(R"("dump_scene":"lite_exception","dump_debug":"on")"));
    REQUIRE(conflict.first() != nullptr);
    CHECK(conflict.first()->message.find("EP0005") != std::string::npos);
    CHECK(conflict.first()->message.find("lite_exception") != std::string::npos);
}

TEST_CASE("K-4 phase C watcher scene", "[K-4][dump]") {
    const std::vector<CodeRow> rows{
        {"V32 + debug on", dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_debug":"on")"), kDump,
         "/dump/dump_debug"},
        {"V32 + op_switch on", dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_op_switch":"on")"), kDump,
         "/dump/dump_op_switch"},
        {"3.4.4-1 mode input", dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_mode":"input")"), kDump,
         "/dump/dump_mode"},
        {"3.4.4-1 mode all", dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_mode":"all")"), kDump,
         "/dump/dump_mode"},
        {"3.4.4-1 before the path", dumpJson(R"("dump_scene":"watcher","dump_debug":"on")"), kDump, "/dump/dump_debug"},
        {"3.4.4-3 path required", dumpJson(R"("dump_scene":"watcher")"), kDump, "/dump/dump_path"},
        {"V33 empty watcher_nodes",
         dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_list":[{"watcher_nodes":[]}])"), kDump,
         "/dump/dump_list/0/watcher_nodes"},
        {"3.4.4-6 missing watcher_nodes",
         dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_list":[{"watcher_nodes":["a"]},{"layer":["l"]}])"),
         kDump, "/dump/dump_list/1/watcher_nodes"},
        {"V34 model_name with watcher",
         dumpJson(
             R"("dump_scene":"watcher","dump_path":"./","dump_list":[{"model_name":"model1","watcher_nodes":["node1"]}])"),
         kDump, "/dump/dump_list/0/model_name"},
        {"V30 mode output", dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_mode":"output")"), kOk, ""},
        {"V30 nodes", dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_list":[{"watcher_nodes":["node1"]}])"),
         kOk, ""},
        {"V30 layer + nodes",
         dumpJson(
             R"("dump_scene":"watcher","dump_path":"./","dump_list":[{"layer":["A","B"],"watcher_nodes":["C","D"]}])"),
         kOk, ""},
        {"3.4.4-1 debug off ok", dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_debug":"off")"), kOk, ""},
    };
    checkRows(rows);

    const std::vector<OutcomeRow> outcomes{
        {"V30 watcher", dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_mode":"output")"),
         DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V30 layer + nodes",
         dumpJson(
             R"("dump_scene":"watcher","dump_path":"./","dump_list":[{"layer":["A","B"],"watcher_nodes":["C","D"]}])"),
         DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V31 watcher + every key",
         dumpJson(R"("dump_scene":"watcher","dump_path":"./","dump_level":"op","dump_data":"stats",)"
                  R"("dump_kernel_data":"all,printf","dump_stats":["Max","Min"],"dump_step":"1-10")"),
         DumpKind::operatorDump, 1, 2, "./", "./"},
    };
    checkOutcomes(outcomes);

    const DumpRun watcher = runDump(dumpJson(R"("dump_scene":"watcher","dump_path":"./")"));
    CHECK(watcher.dump().watcher);
    CHECK(watcher.dump().path.source == Source::config);
    CHECK(watcher.dump().path.origin == "/dump/dump_path");
}

TEST_CASE("K-4 phase C dump_path rules and the plain-decimal IPv4 fix", "[K-4][dump]") {
    const std::string tooLong(600, 'a');
    const std::string longest = "1.2.3.4:/" + std::string(kMaxDumpPathLength - 9, 'x');
    const auto path = [](std::string_view value) {
        return dumpJson(R"("dump_op_switch":"on","dump_path":")" + std::string(value) + "\"");
    };
    const bool root = ::geteuid() == 0;
    const std::vector<CodeRow> rows{
        {"V13 missing (debug on)", dumpJson(R"("dump_debug":"on")"), kDump, "/dump/dump_path"},
        {"V13 empty (debug on)", dumpJson(R"("dump_path":"","dump_debug":"on")"), kDump, "/dump/dump_path"},
        {"3.4.4-3 missing with op_switch off", dumpJson(R"("dump_op_switch":"off")"), kDump, "/dump/dump_path"},
        {"V46 empty", path(""), kDump, "/dump/dump_path"},
        {"V46 600 bytes", path(tooLong), kDump, "/dump/dump_path"},
        {"3.4.4-3 512 bytes ok", path(longest), kOk, ""},
        {"3.4.4-3 513 bytes", path(longest + "y"), kDump, "/dump/dump_path"},
        {"V46 asdf###", path("asdf###"), kDump, "/dump/dump_path"},
        {"V46 missing dir", path("./nonexistent/path"), kDump, "/dump/dump_path"},
        {"V46 regular file", path("file"), kDump, "/dump/dump_path"},
        {"V46 regular file 000", path("file000"), kDump, "/dump/dump_path"},
        {"V46 dir 000", path("dir000"), root ? kOk : kDump, root ? "" : "/dump/dump_path"},
        {"V46 ip:", path("192.168.0.1:"), kDump, "/dump/dump_path"},
        {"V46 ip .256", path("192.168.0.256:/home/xh"), kDump, "/dump/dump_path"},
        {"V46 ip .aaa", path("192.168.0.aaa:/home/xh"), kDump, "/dump/dump_path"},
        {"V46 :path", path(":/home/xh"), kDump, "/dump/dump_path"},
        {"V46 spaces after ip", path("192.168.0.1:/home/    "), kDump, "/dump/dump_path"},
        {"V46 256.0.0.1", path("256.0.0.1:/data/dump"), kDump, "/dump/dump_path"},
        {"V47 existing dir", path("dir"), kOk, ""},
        {"V47 ./", path("./"), kOk, ""},
        {"V47 absolute", path(Sandbox::instance().root() + "/dir"), kOk, ""},
        {"V4 ip form", path("192.168.0.1:/home/xh"), kOk, ""},
        {"3.4.4-3 ip punctuation", path(R"(10.0.0.1:/a-b=c[d];e\\f,g./!@#$%^&*()_+{}:?)"), kOk, ""},
        {"3.4.4-3 ip tilde", path("10.0.0.1:/a~b"), kDump, "/dump/dump_path"},
        {"3.4.4-3 ip quote", path(R"(10.0.0.1:/a\"b)"), kDump, "/dump/dump_path"},
        {"3.4.4-3 ip pipe", path("10.0.0.1:/a|b"), kDump, "/dump/dump_path"},
        {"3.4.4-3 ip <", path("10.0.0.1:/a<b"), kDump, "/dump/dump_path"},
        {"3.4.4-3 ip non-ascii", path("10.0.0.1:/caf\xc3\xa9"), kDump, "/dump/dump_path"},
        // K-4 fix: stoi leniency is gone, so these are local paths that do not exist.
        {"K-4 leading space", path(" 1.2.3.4:/x"), kDump, "/dump/dump_path"},
        {"K-4 trailing junk", path("1a.2.3.4:/x"), kDump, "/dump/dump_path"},
        {"K-4 sign", path("+1.2.3.4:/x"), kDump, "/dump/dump_path"},
        {"K-4 negative", path("-0.2.3.4:/x"), kDump, "/dump/dump_path"},
        {"K-4 three parts", path("1.2.3:/x"), kDump, "/dump/dump_path"},
        {"K-4 five parts", path("1.2.3.4.5:/x"), kDump, "/dump/dump_path"},
        {"K-4 empty part", path("1..3.4:/x"), kDump, "/dump/dump_path"},
        {"K-4 255 ok", path("255.255.255.255:/x"), kOk, ""},
        {"K-4 0 ok", path("0.0.0.0:x"), kOk, ""},
        // A local directory whose name holds a colon is still a local directory...
        {"K-4 local a:b", path("a:b"), kOk, ""},
        // ...but "<IPv4>:" with nothing after it is a remote path missing its path, even when a
        // directory of that name exists (the reference reports EP0003 and then looks on disk).
        {"K-4 ip: existing dir", path("1.2.3.4:"), kDump, "/dump/dump_path"},
    };
    checkRows(rows);

    const DumpRun missing = runDump(dumpJson(R"("dump_debug":"on")"));
    REQUIRE(missing.first() != nullptr);
    CHECK(missing.first()->message.rfind("EP0001: dump_path is missing", 0) == 0);
    const DumpRun notDir = runDump(path("file"));
    REQUIRE(notDir.first() != nullptr);
    CHECK(notDir.first()->message == R"(EP0003: dump_path is "file"; it is not a directory)");
    const DumpRun length = runDump(path(tooLong));
    REQUIRE(length.first() != nullptr);
    CHECK(length.first()->message.find("600 bytes long; at most 512") != std::string::npos);
    const DumpRun bad = runDump(path("10.0.0.1:/a~b"));
    REQUIRE(bad.first() != nullptr);
    CHECK(bad.first()->message.find("'~' at byte 11") != std::string::npos);

    CHECK(isPlainIpv4("192.168.0.1"));
    CHECK_FALSE(isPlainIpv4("192.168.0.1 "));
    CHECK_FALSE(isPlainIpv4("1.2.3.1000"));
    CHECK_FALSE(isPlainIpv4(""));
    CHECK(checkDumpPath("10.0.0.1:/x").remote);
    CHECK_FALSE(checkDumpPath("dir").remote);
}

TEST_CASE("K-4 a dump_path that does not exist is explained as absolute or relative", "[K-4][dump]") {
    struct MessageRow {
        std::string_view what;
        std::string_view path;
        std::string_view message;
    };
    const MessageRow rows[] = {
        {"absolute", "/aclpp-no-such-dir/dump",
         R"(EP0003: dump_path is "/aclpp-no-such-dir/dump"; it does not exist (No such file or directory); )"
         R"(expected an existing readable and writable directory (the runtime creates none) or <a.b.c.d>:<path>)"},
        {"relative", "./nonexistent/path",
         R"(EP0003: dump_path is "./nonexistent/path"; it does not exist (No such file or directory; a relative )"
         R"(path is resolved from the current directory); expected an existing readable and writable directory )"
         R"((the runtime creates none) or <a.b.c.d>:<path>)"},
        {"not an IPv4 form, so a relative path", "256.0.0.1:/data/dump",
         R"(EP0003: dump_path is "256.0.0.1:/data/dump"; it does not exist (No such file or directory; a relative )"
         R"(path is resolved from the current directory); expected an existing readable and writable directory )"
         R"((the runtime creates none) or <a.b.c.d>:<path>)"},
    };
    for (const MessageRow &row : rows) {
        INFO(row.what);
        const DumpRun run = runDump(dumpJson(R"("dump_op_switch":"on","dump_path":")" + std::string(row.path) + "\""));
        REQUIRE(run.first() != nullptr);
        CHECK(run.first()->message == row.message);
    }
}

TEST_CASE("K-4 phase C overflow dump", "[K-4][dump]") {
    const std::vector<CodeRow> rows{
        {"V12 op_switch + debug", dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_debug":"on")"), kDump,
         "/dump/dump_op_switch"},
        {"3.4.4-4 path before the conflict", dumpJson(R"("dump_op_switch":"on","dump_debug":"on")"), kDump,
         "/dump/dump_path"},
        // The overflow dump skips dump_step, dump_list and dump_stats.
        {"3.4.4-4 step skipped", dumpJson(R"("dump_path":"./","dump_debug":"on","dump_step":"5-3")"), kOk, ""},
        {"3.4.4-4 list skipped",
         dumpJson(R"("dump_path":"./","dump_debug":"on","dump_list":[{"model_name":"","watcher_nodes":["n"]}])"), kOk,
         ""},
        {"3.4.4-4 stats skipped", dumpJson(R"("dump_path":"./","dump_debug":"on","dump_stats":[])"), kOk, ""},
    };
    checkRows(rows);
    const std::vector<OutcomeRow> outcomes{
        {"V10 ./ debug on", dumpJson(R"("dump_path":"./","dump_debug":"on")"), DumpKind::overflow, 3, 0, "./", "./"},
        {"V10 ip debug on", dumpJson(R"("dump_path":"192.168.0.1:/home/xh","dump_debug":"on")"), DumpKind::overflow, 3,
         0, "192.168.0.1:/home/xh", "192.168.0.1:/home/xh"},
        {"V4 ./ debug off", dumpJson(R"("dump_path":"./","dump_debug":"off")"), DumpKind::none, 3, 0, "./", "./"},
    };
    checkOutcomes(outcomes);
}

TEST_CASE("K-4 phase C dump_step", "[K-4][dump]") {
    const auto step = [](std::string_view value) {
        return dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_step":")" + std::string(value) + "\"");
    };
    const std::vector<CodeRow> rows{
        {"V42 1-2-3", step("1-2-3"), kDump, "/dump/dump_step"},
        {"V42 abc-123", step("abc-123"), kDump, "/dump/dump_step"},
        {"V42 10-5", step("10-5"), kDump, "/dump/dump_step"},
        {"V42 5-3", step("5-3"), kDump, "/dump/dump_step"},
        {"V42 abc", step("abc"), kDump, "/dump/dump_step"},
        {"V42 |", step("|"), kDump, "/dump/dump_step"},
        {"V42 101 items", step(numbered(101)), kDump, "/dump/dump_step"},
        {"V42 195 items", step(numbered(195)), kDump, "/dump/dump_step"},
        {"3.4.4-5 100 items ok", step(numbered(100)), kOk, ""},
        {"3.4.4-5 trailing |", step("1|"), kDump, "/dump/dump_step"},
        {"3.4.4-5 leading -", step("-5"), kDump, "/dump/dump_step"},
        {"3.4.4-5 trailing -", step("5-"), kDump, "/dump/dump_step"},
        {"3.4.4-5 sign", step("+5"), kDump, "/dump/dump_step"},
        {"3.4.4-5 space", step("1 |2"), kDump, "/dump/dump_step"},
        {"V43 3", step("3"), kOk, ""},
        {"V43 1|3-5|10", step("1|3-5|10"), kOk, ""},
        {"V28 1-10", step("1-10"), kOk, ""},
        {"3.4.4-5 0|5-10|20", step("0|5-10|20"), kOk, ""},
        {"3.4.4-5 equal bounds", step("7-7"), kOk, ""},
        {"3.4.4-5 empty skipped", step(""), kOk, ""},
        {"3.4.4-5 numeric not lexical", step("9-10"), kOk, ""},
        {"3.4.4-5 beyond int64 saturates like strtol", step("99999999999999999999-99999999999999999998"), kOk, ""},
        {"3.4.4-5 beyond int64 start", step("99999999999999999999-1"), kDump, "/dump/dump_step"},
    };
    checkRows(rows);

    const DumpRun run = runDump(step("1|10-5"));
    REQUIRE(run.first() != nullptr);
    CHECK(run.first()->message.find("EP0003") != std::string::npos);
    CHECK(run.first()->message.find("item 1 \"10-5\"") != std::string::npos);
    const DumpRun outcome = runDump(step("1|3-5|10"));
    CHECK(outcome.dump().step == "1|3-5|10");
}

TEST_CASE("K-4 phase C dump_list items", "[K-4][dump]") {
    const auto list = [](std::string_view level, std::string_view items) {
        std::string members = R"("dump_path":"./",)";
        if (!level.empty()) members += R"("dump_level":")" + std::string(level) + "\",";
        return dumpJson(members + R"("dump_list":[)" + std::string(items) + "]");
    };
    const std::string entries101 = repeated(R"({"name":"t"})", 101, ",");
    const std::string entries100 = repeated(R"({"name":"t"})", 100, ",");
    const std::vector<CodeRow> rows{
        {"V26 model", list("", R"({"model_name":"model1"})"), kOk, ""},
        {"V26 model + layer", list("", R"({"model_name":"model1","layer":["layer1"]})"), kOk, ""},
        {"V26 op + optype", list("op", R"({"model_name":"model1","optype_blacklist":[{"name":"type1"}]})"), kOk, ""},
        {"V28 kernel + layer", list("kernel", R"({"model_name":"m","layer":["l"]})"), kOk, ""},
        {"3.4.4-6 empty list", list("", ""), kOk, ""},
        {"3.4.4-6 empty item", list("", "{}"), kOk, ""},
        {"V35 nodes without watcher", list("", R"({"model_name":"model1","watcher_nodes":["node1"]})"), kDump,
         "/dump/dump_list/0/watcher_nodes"},
        {"V35 nodes without watcher, op_switch on",
         dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_list":[{"model_name":"m","watcher_nodes":["n"]}])"),
         kDump, "/dump/dump_list/0/watcher_nodes"},
        {"3.4.4-6 empty nodes tolerated", list("", R"({"model_name":"m","watcher_nodes":[]})"), kOk, ""},
        {"V36 kernel + optype", list("kernel", R"({"model_name":"m","optype_blacklist":[{"name":"t"}]})"), kDump,
         "/dump/dump_list/0/optype_blacklist"},
        {"V36 kernel + opname", list("kernel", R"({"model_name":"m","opname_blacklist":[{"name":"t"}]})"), kDump,
         "/dump/dump_list/0/opname_blacklist"},
        {"V36 all + optype", list("all", R"({"model_name":"m","optype_blacklist":[{"name":"t"}]})"), kDump,
         "/dump/dump_list/0/optype_blacklist"},
        {"V36 default level + opname", list("", R"({"model_name":"m","opname_blacklist":[{"name":"t"}]})"), kDump,
         "/dump/dump_list/0/opname_blacklist"},
        {"3.4.4-6 empty blacklist at level all", list("all", R"({"model_name":"m","optype_blacklist":[]})"), kOk, ""},
        {"V37 pos workspace0",
         list("op", R"({"model_name":"m","optype_blacklist":[{"name":"t","pos":["workspace0"]}]})"), kOk, ""},
        {"V37 pos input_0", list("op", R"({"model_name":"m","opname_blacklist":[{"name":"t","pos":["input_0"]}]})"),
         kOk, ""},
        {"V37 pos output_0", list("op", R"({"model_name":"m","optype_blacklist":[{"pos":["output_0"]}]})"), kOk, ""},
        {"V37 pos input0 output0",
         list("op", R"({"model_name":"m","optype_blacklist":[{"name":"t","pos":["input0","output0"]}]})"), kOk, ""},
        {"V38 kernel + range", list("kernel", R"({"model_name":"m","opname_range":[{"begin":"a","end":"b"}]})"), kDump,
         "/dump/dump_list/0/opname_range"},
        {"V39 op + range, no model", list("op", R"({"opname_range":[{"begin":"a","end":"b"}]})"), kDump,
         "/dump/dump_list/0/model_name"},
        {"V39 op + range, empty model", list("op", R"({"model_name":"","opname_range":[{"begin":"a","end":"b"}]})"),
         kDump, "/dump/dump_list/0/model_name"},
        {"V39 op switch on + range, empty model",
         dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_level":"op",)"
                  R"("dump_list":[{"model_name":"","opname_range":[{"begin":"a","end":"b"}]}])"),
         kDump, "/dump/dump_list/0/model_name"},
        {"V40 begin empty", list("op", R"({"model_name":"m","opname_range":[{"begin":"","end":"b"}]})"), kDump,
         "/dump/dump_list/0/opname_range/0"},
        {"V40 end empty", list("op", R"({"model_name":"m","opname_range":[{"begin":"a","end":""}]})"), kDump,
         "/dump/dump_list/0/opname_range/0"},
        {"3.4.4-6 end missing",
         list("op", R"({"model_name":"m","opname_range":[{"begin":"a","end":"b"},{"begin":"c"}]})"), kDump,
         "/dump/dump_list/0/opname_range/1"},
        {"V41 range ok", list("op", R"({"model_name":"m","opname_range":[{"begin":"op_start","end":"op_end"}]})"), kOk,
         ""},
        {"3.4.4-6 empty range tolerated", list("kernel", R"({"model_name":"m","opname_range":[]})"), kOk, ""},
        {"V44 empty model, switch off", list("", R"({"model_name":"","layer":["l1"]})"), kDump,
         "/dump/dump_list/0/model_name"},
        {"V44 empty layer, switch off", list("", R"({"model_name":"m","layer":[]})"), kDump, "/dump/dump_list/0/layer"},
        {"3.4.4-6 empty model, switch on",
         dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_list":[{"model_name":"","layer":[]}])"), kOk, ""},
        {"3.4.4-6 second item", list("", R"({"model_name":"a"},{"model_name":"b","layer":[]})"), kDump,
         "/dump/dump_list/1/layer"},
        {"V45 optype 101", list("op", R"({"model_name":"m","optype_blacklist":[)" + entries101 + "]}"), kDump,
         "/dump/dump_list/0/optype_blacklist"},
        {"V45 opname 101", list("op", R"({"model_name":"m","opname_blacklist":[)" + entries101 + "]}"), kDump,
         "/dump/dump_list/0/opname_blacklist"},
        {"3.4.4-6 100 entries ok", list("op", R"({"model_name":"m","optype_blacklist":[)" + entries100 + "]}"), kOk,
         ""},
        // The size rule comes before the level rule (EP0003 before EP0005).
        {"3.4.4-6 size before level", list("all", R"({"model_name":"m","opname_blacklist":[)" + entries101 + "]}"),
         kDump, "/dump/dump_list/0/opname_blacklist"},
        {"3.4.4-6 watcher before blacklist",
         list("kernel", R"({"model_name":"m","watcher_nodes":["n"],"optype_blacklist":[{"name":"t"}]})"), kDump,
         "/dump/dump_list/0/watcher_nodes"},
    };
    checkRows(rows);

    const DumpRun size = runDump(list("op", R"({"model_name":"m","optype_blacklist":[)" + entries101 + "]}"));
    REQUIRE(size.first() != nullptr);
    CHECK(size.first()->message.find("EP0003") != std::string::npos);
    CHECK(size.first()->message.find("101 entries") != std::string::npos);
    const DumpRun level = runDump(list("", R"({"model_name":"m","opname_blacklist":[{"name":"t"}]})"));
    REQUIRE(level.first() != nullptr);
    CHECK(level.first()->message.find("EP0005") != std::string::npos);
    CHECK(level.first()->message.find("the default") != std::string::npos);
}

TEST_CASE("K-4 phase C dump_stats", "[K-4][dump]") {
    const std::vector<CodeRow> rows{
        {"V15 tensor + stats",
         dumpJson(
             R"("dump_path":"./","dump_mode":"all","dump_op_switch":"on","dump_data":"tensor","dump_stats":["Max"])"),
         kDump, "/dump/dump_stats"},
        {"3.4.4-7 default data + stats", dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_stats":["Max"])"),
         kDump, "/dump/dump_stats"},
        {"V16 empty stats", dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_stats":[])"), kDump,
         "/dump/dump_stats"},
        {"3.4.4-7 empty before data rule", dumpJson(R"("dump_path":"./","dump_data":"stats","dump_stats":[])"), kDump,
         "/dump/dump_stats"},
        {"V29 Max", dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_data":"stats","dump_stats":["Max"])"), kOk,
         ""},
        {"V29 Max,Min,Avg",
         dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_data":"stats","dump_stats":["Max","Min","Avg"])"),
         kOk, ""},
        {"V14 stats without list", dumpJson(R"("dump_path":"./","dump_data":"stats","dump_stats":["Max"])"), kOk, ""},
    };
    checkRows(rows);
    const DumpRun message = runDump(dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_stats":["Max"])"));
    REQUIRE(message.first() != nullptr);
    CHECK(message.first()->message.find("EP0005") != std::string::npos);
    CHECK(message.first()->hint.find("\"stats\"") != std::string::npos);
}

TEST_CASE("K-4 outcome of a valid dump section", "[K-4][dump]") {
    const auto on = [](std::string_view extra) {
        return dumpJson(R"("dump_path":"./","dump_op_switch":"on")" + std::string(extra));
    };
    const auto model = [](std::string_view extra) {
        return dumpJson(R"("dump_path":"./","dump_list":[{"model_name":"model1"}])" + std::string(extra));
    };
    const std::vector<OutcomeRow> rows{
        {"V4 path only", dumpJson(R"("dump_path":"./")"), DumpKind::none, 3, 0, "./", "./"},
        {"V4 op_switch off", dumpJson(R"("dump_path":"./","dump_op_switch":"off")"), DumpKind::none, 3, 0, "./", "./"},
        {"V4 ip path", dumpJson(R"("dump_path":"192.168.0.1:/home/xh")"), DumpKind::none, 3, 0, "192.168.0.1:/home/xh",
         "192.168.0.1:/home/xh"},
        {"3.4.5 empty list is not active", dumpJson(R"("dump_path":"./","dump_list":[])"), DumpKind::none, 3, 0, "./",
         "./"},
        {"V14 all/stats", on(R"(,"dump_mode":"all","dump_data":"stats")"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V14 tensor", on(R"(,"dump_data":"tensor")"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V14 kernel", on(R"(,"dump_level":"kernel")"), DumpKind::operatorDump, 2, 1, "./", "./"},
        {"V14 op", on(R"(,"dump_level":"op")"), DumpKind::operatorDump, 1, 1, "./", "./"},
        {"V14 input", on(R"(,"dump_mode":"input")"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V14 output", on(R"(,"dump_mode":"output")"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V14 stats Max", on(R"(,"dump_data":"stats","dump_stats":["Max"])"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V26 list", model(""), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V27 all", model(R"(,"dump_kernel_data":"all")"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V27 printf", model(R"(,"dump_kernel_data":"printf")"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V27 tensor", model(R"(,"dump_kernel_data":"tensor")"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V27 assert", model(R"(,"dump_kernel_data":"assert")"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V27 timestamp", model(R"(,"dump_kernel_data":"timestamp")"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V27 all,printf", model(R"(,"dump_kernel_data":"all,printf")"), DumpKind::operatorDump, 3, 2, "./", "./"},
        {"V28 output/op/tensor", model(R"(,"dump_mode":"output","dump_level":"op","dump_data":"tensor")"),
         DumpKind::operatorDump, 1, 1, "./", "./"},
        {"V28 step", model(R"(,"dump_step":"1-10")"), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V48 path only", dumpJson(R"("dump_path":"./")"), DumpKind::none, 3, 0, "./", "./"},
        {"V48 path + printf", dumpJson(R"("dump_path":"./","dump_kernel_data":"printf")"), DumpKind::none, 3, 1, "./",
         "./"},
        {"V48 op switch", on(""), DumpKind::operatorDump, 3, 1, "./", "./"},
        {"V48 op switch + tensor", on(R"(,"dump_kernel_data":"tensor")"), DumpKind::operatorDump, 3, 1, "./", "./"},
    };
    checkOutcomes(rows);

    const DumpRun full = runDump(dumpJson(
        R"("dump_path":"./","dump_mode":"input","dump_data":"stats","dump_stats":["Max","L2norm"],"dump_step":"3",)"
        R"("dump_list":[{"model_name":"a","layer":["l1","l2"]},{"model_name":"b","layer":["l3"]},{}])"));
    REQUIRE(full.code() == kOk);
    const DumpOutcome &out = full.dump();
    CHECK(out.present);
    CHECK(out.kind == DumpKind::operatorDump);
    CHECK(out.mode == "input");
    CHECK(out.data == "stats");
    CHECK(out.stats == std::vector<std::string>{"Max", "L2norm"});
    CHECK(out.step == "3");
    CHECK(out.listItems == 3);
    CHECK(out.layerCount == 3);
    CHECK_FALSE(out.opSwitch);
    CHECK_FALSE(out.debug);
    CHECK_FALSE(out.watcher);
    CHECK(out.kernelDataTypes == std::vector<std::string>{"all"});
    CHECK(out.path.source == Source::config);
    CHECK(out.path.origin == "/dump/dump_path");
    CHECK(out.kernelDataPath.source == Source::config);

    const DumpRun defaults = runDump(dumpJson(R"("dump_path":"./","dump_op_switch":"on")"));
    CHECK(defaults.dump().mode == "output");
    CHECK(defaults.dump().data == "tensor");
    CHECK(defaults.dump().opSwitch);
    CHECK(defaults.dump().scene.empty());
    const DumpRun two = runDump(dumpJson(R"("dump_path":"./","dump_op_switch":"on","dump_kernel_data":"all,printf")"));
    CHECK(two.dump().kernelDataTypes == std::vector<std::string>{"all", "printf"});
}

TEST_CASE("K-4 aic_err_detail_dump depends on the product's core dump support", "[K-4][dump][E-1]") {
    const std::string detail = dumpJson(R"("dump_scene":"aic_err_detail_dump")");
    struct ProductRow {
        std::string_view soc;
        aclError code;
    };
    const std::vector<ProductRow> rows{
        {"Ascend910A", kInternal},  {"Ascend910ProB", kInternal}, {"Ascend310P3", kInternal},
        {"Ascend310B1", kInternal}, {"Ascend910B1", kOk},         {"Ascend910B4-1", kOk},
        {"Ascend910_9392", kOk},    {"Ascend950PR_9599", kOk},    {"Ascend950DT", kOk},
    };
    for (const ProductRow &row : rows) {
        INFO(row.soc);
        RunOptions options;
        options.soc = row.soc;
        const DumpRun run = runDump(detail, options);
        CHECK(run.code() == row.code);
        if (row.code == kOk) {
            CHECK(run.dump().kind == DumpKind::exceptionCore);
        } else {
            CHECK(run.pointer() == "/dump/dump_scene");
            CHECK(run.first()->message.find(std::string(row.soc)) != std::string::npos);
            CHECK(run.dump().kind == DumpKind::none);
        }
    }
    // The gate, its text and what to use instead are the dump_scene row's.
    RunOptions atlas910;
    atlas910.soc = "Ascend910A";
    const DumpRun gated = runDump(detail, atlas910);
    CHECK(gated.first()->message ==
          "dump_scene is \"aic_err_detail_dump\" (core-dump mode), which Ascend910A (Atlas training) does not "
          "support; supported on: Atlas A2, Atlas A3, Ascend 950PR/950DT");
    CHECK(gated.first()->hint == "use \"aic_err_norm_dump\" or \"aic_err_brief_dump\" on this product");
    // Validation errors come first: the product rule applies only to a valid section.
    const DumpRun invalid = runDump(dumpJson(R"("dump_scene":"aic_err_detail_dump","dump_debug":"on")"), atlas910);
    CHECK(invalid.code() == kDump);
    CHECK(invalid.pointer() == "/dump/dump_debug");
    CHECK(invalid.errorPointers().size() == 1);
    // The other exception scenes have no product gate.
    for (const char *scene : {"aic_err_brief_dump", "aic_err_norm_dump", "lite_exception"}) {
        CHECK(runDump(dumpJson(R"("dump_scene":")" + std::string(scene) + "\""), atlas910).code() == kOk);
    }
}

TEST_CASE("K-4 K-6 exception dump path precedence", "[K-4][K-6][dump]") {
    const std::string brief = dumpJson(R"("dump_scene":"aic_err_brief_dump","dump_path":"dir")");
    const std::string watcher = dumpJson(R"("dump_scene":"watcher","dump_path":"dir")");
    struct EnvRow {
        std::string_view id;
        std::optional<std::string> dumpPath;
        std::optional<std::string> workPath;
        std::string_view briefPath;
        Source briefSource;
        std::string_view briefOrigin;
    };
    const std::vector<EnvRow> rows{
        {"V50 ASCEND_DUMP_PATH", "envd", std::nullopt, "envd", Source::environment, "ASCEND_DUMP_PATH"},
        {"V50 both", "envd", "envw", "envd", Source::environment, "ASCEND_DUMP_PATH"},
        {"V50 ASCEND_WORK_PATH", std::nullopt, "envw", "envw", Source::environment, "ASCEND_WORK_PATH"},
        {"V50 neither", std::nullopt, std::nullopt, "dir", Source::config, "/dump/dump_path"},
        {"4 empty values are unset", "", "", "dir", Source::config, "/dump/dump_path"},
        {"4 invalid dump path falls back", "file", "envw", "envw", Source::environment, "ASCEND_WORK_PATH"},
        {"4 both invalid", "file", "file000", "dir", Source::config, "/dump/dump_path"},
    };
    for (const EnvRow &row : rows) {
        INFO(row.id);
        RunOptions options;
        options.environment.ascendDumpPath = row.dumpPath;
        options.environment.ascendWorkPath = row.workPath;
        const DumpRun run = runDump(brief, options);
        REQUIRE(run.code() == kOk);
        CHECK(run.dump().kind == DumpKind::exceptionBrief);
        CHECK(run.dump().path.value == row.briefPath);
        CHECK(run.dump().path.source == row.briefSource);
        CHECK(run.dump().path.origin == row.briefOrigin);
        // V51: the watcher (an operator dump) ignores the environment.
        const DumpRun watched = runDump(watcher, options);
        REQUIRE(watched.code() == kOk);
        CHECK(watched.dump().path.value == "dir");
        CHECK(watched.dump().path.source == Source::config);
        // An invalid env path is a warning, never an error.
        CHECK(run.count(Severity::error) == 0);
    }

    RunOptions invalid;
    invalid.environment.ascendDumpPath = "file";
    const DumpRun warned = runDump(brief, invalid);
    const Finding *warning = warned.find(Severity::warning, "ASCEND_DUMP_PATH");
    REQUIRE(warning != nullptr);
    CHECK(warning->message.find("not a directory") != std::string::npos);

    // No env and no dump_path: the dumper's default ("").
    const DumpRun bare = runDump(dumpJson(R"("dump_scene":"aic_err_norm_dump")"));
    CHECK(bare.dump().path.value.empty());
    CHECK(bare.dump().path.source == Source::defaulted);
    // An unchecked exception dump_path that does not exist is worth a warning, not an error.
    const DumpRun unchecked = runDump(dumpJson(R"("dump_scene":"aic_err_norm_dump","dump_path":"./missing")"));
    CHECK(unchecked.code() == kOk);
    CHECK(unchecked.find(Severity::warning, "does not exist") != nullptr);
}

TEST_CASE("K-4 env-only exception dump is evaluated at every init", "[K-4][K-6][dump]") {
    struct EnvRow {
        std::string_view id;
        std::string config;
        std::optional<std::string> scene;
        std::optional<std::string> collect;
        std::optional<std::string> work;
        std::optional<std::string> dumpPath;
        DumpKind kind;
        std::string_view path;
        Source source;
    };
    const std::vector<EnvRow> rows{
        {"V52a no env", "{}", std::nullopt, std::nullopt, std::nullopt, std::nullopt, DumpKind::none, "",
         Source::defaulted},
        {"V52b collect is a file", "{}", std::nullopt, "file", std::nullopt, std::nullopt, DumpKind::none, "",
         Source::defaulted},
        {"V52c collect is a dir", "{}", std::nullopt, "envc", std::nullopt, std::nullopt, DumpKind::exceptionNorm,
         "envc", Source::environment},
        {"V52c collect is creatable", "{}", std::nullopt, "newcollect/sub", std::nullopt, std::nullopt,
         DumpKind::exceptionNorm, "newcollect/sub", Source::environment},
        {"V52d invalid scene + collect", "{}", "!aic_err_brief_dump", "envc", std::nullopt, std::nullopt,
         DumpKind::exceptionNorm, "envc", Source::environment},
        {"V52e scene", "{}", "aic_err_brief_dump", std::nullopt, std::nullopt, std::nullopt, DumpKind::exceptionBrief,
         "./", Source::defaulted},
        {"V52f scene + work", "{}", "aic_err_brief_dump", std::nullopt, "envw", std::nullopt, DumpKind::exceptionBrief,
         "envw", Source::environment},
        {"V52g scene + work + dump path", "{}", "aic_err_brief_dump", std::nullopt, "envw", "envd",
         DumpKind::exceptionBrief, "envd", Source::environment},
        {"V52h invalid dump path", "{}", "aic_err_brief_dump", std::nullopt, "envw", "file", DumpKind::exceptionBrief,
         "envw", Source::environment},
        {"4 scene wins over collect", "{}", "aic_err_norm_dump", "envc", std::nullopt, std::nullopt,
         DumpKind::exceptionNorm, "./", Source::defaulted},
        {"4 detail via env on A2", "{}", "aic_err_detail_dump", std::nullopt, std::nullopt, std::nullopt,
         DumpKind::exceptionCore, "./", Source::defaulted},
        {"4 lite_exception is not an env scene", "{}", "lite_exception", std::nullopt, std::nullopt, std::nullopt,
         DumpKind::none, "", Source::defaulted},
        {"4 watcher is not an env scene", "{}", "watcher", std::nullopt, std::nullopt, std::nullopt, DumpKind::none, "",
         Source::defaulted},
        {"4 empty scene is unset", "{}", "", "envc", std::nullopt, std::nullopt, DumpKind::exceptionNorm, "envc",
         Source::environment},
        {"4 no dump key", R"({"other":1})", "aic_err_brief_dump", std::nullopt, std::nullopt, std::nullopt,
         DumpKind::exceptionBrief, "./", Source::defaulted},
        {"4 config enables nothing", dumpJson(R"("dump_path":"dir")"), std::nullopt, "envc", std::nullopt, std::nullopt,
         DumpKind::exceptionNorm, "envc", Source::environment},
        // The config's own exception dump wins over the env-only one.
        {"4 config exception wins", dumpJson(R"("dump_scene":"aic_err_norm_dump","dump_path":"dir")"),
         "aic_err_brief_dump", "envc", std::nullopt, std::nullopt, DumpKind::exceptionNorm, "dir", Source::config},
        // The config's operator dump stays the recorded one (the env one is reported).
        {"4 config operator dump kept", dumpJson(R"("dump_path":"dir","dump_op_switch":"on")"), "aic_err_brief_dump",
         std::nullopt, std::nullopt, std::nullopt, DumpKind::operatorDump, "dir", Source::config},
    };
    for (const EnvRow &row : rows) {
        INFO(row.id);
        RunOptions options;
        options.environment.ascendDumpScene = row.scene;
        options.environment.npuCollectPath = row.collect;
        options.environment.ascendWorkPath = row.work;
        options.environment.ascendDumpPath = row.dumpPath;
        const DumpRun run = runDump(row.config, options);
        REQUIRE(run.code() == kOk);
        CHECK(run.dump().kind == row.kind);
        CHECK(run.dump().path.value == row.path);
        CHECK(run.dump().path.source == row.source);
    }

    RunOptions collect;
    collect.environment.npuCollectPath = "envc";
    const DumpRun enabled = runDump("{}", collect);
    CHECK(enabled.dump().path.origin == "NPU_COLLECT_PATH");
    CHECK(enabled.dump().scene == "aic_err_norm_dump");
    CHECK_FALSE(enabled.dump().present);
    CHECK(enabled.find(Severity::warning, "NPU_COLLECT_PATH enables") != nullptr);

    RunOptions operatorEnv;
    operatorEnv.environment.ascendDumpScene = "aic_err_brief_dump";
    const DumpRun both = runDump(dumpJson(R"("dump_path":"dir","dump_op_switch":"on")"), operatorEnv);
    CHECK(both.find(Severity::warning, "ASCEND_DUMP_SCENE enables") != nullptr);

    RunOptions badScene;
    badScene.environment.ascendDumpScene = "!aic_err_brief_dump";
    const DumpRun bad = runDump("{}", badScene);
    const Finding *warning = bad.find(Severity::warning, "ASCEND_DUMP_SCENE");
    REQUIRE(warning != nullptr);
    CHECK(warning->hint.find("aic_err_brief_dump") != std::string::npos);

    // Core dump through the env on a product without it: a warning, no dump, never an error.
    RunOptions detail910;
    detail910.soc = "Ascend910A";
    detail910.environment.ascendDumpScene = "aic_err_detail_dump";
    const DumpRun skipped = runDump("{}", detail910);
    CHECK(skipped.code() == kOk);
    CHECK(skipped.dump().kind == DumpKind::none);
    CHECK(skipped.find(Severity::warning, "aic_err_detail_dump") != nullptr);

    // K-4: evaluated at every validation, not remembered from an earlier one.
    CHECK(runDump("{}").dump().kind == DumpKind::none);
    CHECK(runDump("{}", collect).dump().kind == DumpKind::exceptionNorm);
    CHECK(runDump("{}").dump().kind == DumpKind::none);
}

TEST_CASE("K-6 missing env paths are created by an init only", "[K-6][K-4][dump]") {
    const std::string root = Sandbox::instance().root();
    RunOptions validateOnly;
    validateOnly.environment.npuCollectPath = "k6/validate/only";
    const DumpRun run = runDump("{}", validateOnly);
    CHECK(run.dump().kind == DumpKind::exceptionNorm);
    CHECK(run.find(Severity::note, "would create") != nullptr);
    CHECK_FALSE(fs::exists(root + "/k6"));

    RunOptions init = validateOnly;
    init.environment.npuCollectPath = "k6/init/made";
    init.createMissing = true;
    const DumpRun created = runDump("{}", init);
    CHECK(created.dump().kind == DumpKind::exceptionNorm);
    CHECK(created.find(Severity::note, "was created") != nullptr);
    CHECK(fs::is_directory(root + "/k6/init/made"));

    // A path below a regular file can never be created: skipped with a warning.
    RunOptions impossible;
    impossible.environment.npuCollectPath = "file/sub";
    for (const bool create : {false, true}) {
        impossible.createMissing = create;
        const DumpRun skipped = runDump("{}", impossible);
        CHECK(skipped.dump().kind == DumpKind::none);
        CHECK(skipped.find(Severity::warning, "NPU_COLLECT_PATH") != nullptr);
        CHECK(skipped.code() == kOk);
    }

    // A rejected config creates nothing.
    RunOptions rejected;
    rejected.environment.npuCollectPath = "k6/rejected";
    rejected.environment.ascendWorkPath = "k6/rejected-work";
    rejected.createMissing = true;
    CHECK(runDump(dumpJson(R"("dump_mode":"bad")"), rejected).code() == kDump);
    CHECK_FALSE(fs::exists(root + "/k6/rejected"));
    CHECK_FALSE(fs::exists(root + "/k6/rejected-work"));

    std::string problem;
    CHECK(checkEnvDirectory("", false, problem) == EnvPathState::unset);
    CHECK(checkEnvDirectory("dir", false, problem) == EnvPathState::valid);
    CHECK(checkEnvDirectory("file", false, problem) == EnvPathState::invalid);
    CHECK(checkEnvDirectory("missing-dir", false, problem) == EnvPathState::wouldCreate);
    CHECK_FALSE(fs::exists(root + "/missing-dir"));
}

TEST_CASE("K-4 kernel DFX path precedence", "[K-4][K-6][dump]") {
    struct EnvRow {
        std::string_view id;
        std::string config;
        std::optional<std::string> dumpPath;
        std::optional<std::string> workPath;
        std::string_view kernelPath;
        Source source;
        std::size_t types;
    };
    const std::string printf = dumpJson(R"("dump_path":"dir","dump_kernel_data":"printf")");
    const std::vector<EnvRow> rows{
        {"V48 config only", printf, std::nullopt, std::nullopt, "dir", Source::config, 1},
        {"4 dump path wins", printf, "envd", "envw", "envd/printf", Source::environment, 1},
        {"4 work path", printf, std::nullopt, "envw", "envw/printf", Source::environment, 1},
        {"4 trailing slash", printf, "envd/", std::nullopt, "envd/printf", Source::environment, 1},
        {"4 invalid env skipped", printf, "file", std::nullopt, "dir", Source::config, 1},
        {"4 env enables all without config", "{}", std::nullopt, "envw", "envw/printf", Source::environment, 1},
        {"4 nothing", "{}", std::nullopt, std::nullopt, "", Source::defaulted, 0},
    };
    for (const EnvRow &row : rows) {
        INFO(row.id);
        RunOptions options;
        options.environment.ascendDumpPath = row.dumpPath;
        options.environment.ascendWorkPath = row.workPath;
        const DumpRun run = runDump(row.config, options);
        REQUIRE(run.code() == kOk);
        CHECK(run.dump().kernelDataPath.value == row.kernelPath);
        CHECK(run.dump().kernelDataPath.source == row.source);
        CHECK(run.dump().kernelDataTypes.size() == row.types);
    }
}

TEST_CASE("K-7 unknown keys inside dump are warnings with a did-you-mean hint", "[K-7][dump]") {
    struct KeyRow {
        std::string_view id;
        std::string json;
        std::string_view pointer;
        std::string_view hint;  // expected fragment, "" = no hint
        aclError code;
    };
    const std::vector<KeyRow> rows{
        {"dump level", dumpJson(R"("dump_path":"./","dump_pth":"x")"), "/dump/dump_pth", "dump_path", kOk},
        {"dump level no match", dumpJson(R"("dump_path":"./","zzzzzzzz":1)"), "/dump/zzzzzzzz", "", kOk},
        {"list item", dumpJson(R"("dump_path":"./","dump_list":[{"modle_name":"m"}])"), "/dump/dump_list/0/modle_name",
         "model_name", kOk},
        {"blacklist entry",
         dumpJson(
             R"("dump_path":"./","dump_level":"op","dump_list":[{"model_name":"m","optype_blacklist":[{"nme":"t"}]}])"),
         "/dump/dump_list/0/optype_blacklist/0/nme", "name", kOk},
        {"range entry",
         dumpJson(R"("dump_path":"./","dump_level":"op","dump_list":[{"model_name":"m",)"
                  R"("opname_range":[{"begin":"a","end":"b","begn":"c"}]}])"),
         "/dump/dump_list/0/opname_range/0/begn", "begin", kOk},
        {"escaped pointer", dumpJson(R"("dump_path":"./","a/b~c":1)"), "/dump/a~1b~0c", "", kOk},
        // Accepted, yet `dump` is non-empty, so dump_path is still required (K-4).
        {"only unknown keys", dumpJson(R"("dump_pth":"./")"), "/dump/dump_pth", "dump_path", kDump},
    };
    for (const KeyRow &row : rows) {
        INFO(row.id << ": " << row.json);
        const DumpRun run = runDump(row.json);
        CHECK(run.code() == row.code);
        const Finding *warning = nullptr;
        for (const Finding &finding : run.report.findings()) {
            if (finding.severity == Severity::warning && finding.pointer == row.pointer) warning = &finding;
        }
        REQUIRE(warning != nullptr);
        CHECK(warning->message.find("unknown key") != std::string::npos);
        if (row.hint.empty()) {
            CHECK(warning->hint.empty());
        } else {
            CHECK(warning->hint.find("\"" + std::string(row.hint) + "\"") != std::string::npos);
        }
    }
    // Known keys never warn.
    const DumpRun clean = runDump(dumpJson(R"("dump_path":"./","dump_mode":"all","dump_list":[{"model_name":"m"}])"));
    CHECK(clean.report.findings().empty());
}

TEST_CASE("K-4 K-8 findings keep the reference order; phase A and B errors are all collected", "[K-4][K-8][dump]") {
    // Phase A order is the reference's key order, not the text order.
    const DumpRun typed = runDump(dumpJson(R"("dump_list":[1,{"layer":"x"}],"dump_mode":1,"dump_path":2)"));
    CHECK(typed.errorPointers() == std::vector<std::string>{"/dump/dump_path", "/dump/dump_mode", "/dump/dump_list/0",
                                                            "/dump/dump_list/1/layer"});
    // Phase B follows every phase A error, in the reference's value order.
    const DumpRun mixed = runDump(dumpJson(R"("dump_scene":"x","dump_level":"y","dump_mode":"z","dump_path":5)"));
    CHECK(mixed.errorPointers() ==
          std::vector<std::string>{"/dump/dump_path", "/dump/dump_mode", "/dump/dump_level", "/dump/dump_scene"});
    // Phase C does not run after a phase A or B error (here: dump_path would be missing).
    const DumpRun stopped = runDump(dumpJson(R"("dump_mode":"bad")"));
    CHECK(stopped.errorPointers() == std::vector<std::string>{"/dump/dump_mode"});
    // Phase C keeps its order and goes on collecting independent rules.
    const DumpRun watcher = runDump(dumpJson(R"("dump_scene":"watcher","dump_debug":"on","dump_mode":"input")"));
    CHECK(watcher.errorPointers() ==
          std::vector<std::string>{"/dump/dump_debug", "/dump/dump_mode", "/dump/dump_path"});
    const DumpRun list =
        runDump(dumpJson(R"("dump_path":"./","dump_step":"x","dump_stats":["Max"],)"
                         R"("dump_list":[{"model_name":"","layer":[]},{"opname_range":[{"begin":"a"}]}])"));
    CHECK(list.errorPointers() == std::vector<std::string>{"/dump/dump_step", "/dump/dump_list/0/model_name",
                                                           "/dump/dump_list/0/layer", "/dump/dump_list/1/opname_range",
                                                           "/dump/dump_list/1/model_name",
                                                           "/dump/dump_list/1/opname_range/0", "/dump/dump_stats"});
    // Every error has the dump code and an EP code in its message.
    for (const Finding &finding : list.report.findings()) {
        if (finding.severity != Severity::error) continue;
        CHECK(finding.code == kDump);
        CHECK(finding.message.rfind("EP000", 0) == 0);
    }
}

TEST_CASE("K-4 conformance fixtures: the dump rows of expected.tsv", "[K-4][dump][conformance]") {
    std::string problem;
    const std::string fixtures = aclpp::test::conformanceFixtureDir(problem);
    if (fixtures.empty()) FAIL(problem);
    std::ifstream table(fixtures + "/expected.tsv");
    std::string line;
    std::size_t checked = 0;
    while (std::getline(table, line)) {
        std::vector<std::string> columns;
        std::stringstream stream(line);
        for (std::string column; std::getline(stream, column, '\t');) columns.push_back(column);
        if (columns.size() < 5 || columns[3].rfind("K-4", 0) != 0) continue;
        const std::string &file = columns[0];
        aclError code = std::stoi(columns[1]);
        std::string pointer = columns[2] == "-" ? std::string{} : columns[2];
        // "abs path /home/ absent": when that directory exists and is usable, `why` gives 0.
        const std::string &needs = columns[4];
        if (needs.rfind("abs path ", 0) == 0) {
            const std::string dir = needs.substr(9, needs.find(' ', 9) - 9);
            if (fs::is_directory(dir) && ::access(dir.c_str(), R_OK | W_OK) == 0) {
                code = kOk;
                pointer.clear();
            }
        }
        std::ifstream input(fixtures + "/" + file, std::ios::binary);
        REQUIRE(input.good());
        const std::string bytes((std::istreambuf_iterator<char>(input)), std::istreambuf_iterator<char>());
        INFO(file << " (" << columns[3] << ")");
        const DumpRun run = runDump(bytes);
        if (run.first() != nullptr) INFO("first error: " << run.first()->message);
        CHECK(run.code() == code);
        CHECK(run.pointer() == pointer);
        ++checked;
    }
    // V53 (bad_path.json, only_path.json) are among them.
    CHECK(checked >= 40);
}

TEST_CASE("K-4 a 1 MiB dump_list allocates nothing per layer", "[K-4][dump][performance]") {
    const auto config = [](std::size_t items, std::size_t layers) {
        std::string text = R"({"dump":{"dump_path":"./","dump_level":"op","dump_list":[)";
        for (std::size_t i = 0; i < items; ++i) {
            if (i != 0) text += ',';
            text += R"({"model_name":"model)" + std::to_string(i) +
                    R"(","optype_blacklist":[{"name":"t","pos":["input0"]}],"layer":[)";
            for (std::size_t j = 0; j < layers; ++j) {
                if (j != 0) text += ',';
                text += "\"layer_" + std::to_string(i * layers + j) + "\"";
            }
            text += "]}";
        }
        return text + "]}}";
    };
    const std::string big = config(70, 1100);
    REQUIRE(big.size() >= 1024 * 1024);
    const std::string small = config(70, 1);

    const Product &product = *findProduct("Ascend910B1");
    const EnvironmentSnapshot environment{};
    (void)Sandbox::instance();
    const auto measure = [&](const std::string &text, std::size_t &allocations, std::chrono::nanoseconds &best) {
        ParseFailure failure;
        std::optional<JsonDocument> document = JsonDocument::parse(text, failure);
        REQUIRE(document.has_value());
        best = std::chrono::nanoseconds::max();
        for (int round = 0; round < 5; ++round) {
            Report report;
            EffectiveConfig effective;
            ValidationContext ctx{*document, product, environment, report, effective, 1, false};
            gAllocations = 0;
            gCountAllocations = true;
            const auto start = std::chrono::steady_clock::now();
            validateDump(ctx);
            const auto elapsed = std::chrono::steady_clock::now() - start;
            gCountAllocations = false;
            allocations = gAllocations;
            best = std::min<std::chrono::nanoseconds>(best, elapsed);
            REQUIRE(report.findings().empty());
            REQUIRE(effective.dump.layerCount == 70 * (text.size() == big.size() ? 1100 : 1));
        }
    };
    std::size_t bigAllocations = 0;
    std::size_t smallAllocations = 0;
    std::chrono::nanoseconds bigTime{};
    std::chrono::nanoseconds smallTime{};
    measure(big, bigAllocations, bigTime);
    measure(small, smallAllocations, smallTime);
    INFO("1 MiB: " << bigTime.count() << " ns, " << bigAllocations << " allocations; small: " << smallAllocations);
    CHECK(bigAllocations == smallAllocations);
    // Speed itself is measured in bench/ (as a ratio): a wall-clock bound here would only
    // measure the machine (it fails under ThreadSanitizer's slowdown).
}
