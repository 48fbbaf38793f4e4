// Hostile content (F-2, F-3, F-4, L-4): nesting at and past the limit, a million-element array
// within the size limit (with its peak RSS printed), and a file rewritten while it is read.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "catch.hpp"
#include "hostile_support.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::effectiveConfig;
using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;
using aclpp::test::liveConfigBytes;
using aclpp::test::peakRssKiB;
using aclpp::test::recentError;
using aclpp::test::TempDir;
using aclpp::test::validateFileResult;

namespace {

std::string repeat(std::string_view text, int times) {
    std::string out;
    for (int i = 0; i < times; ++i) out += text;
    return out;
}

// `objects` nested objects (the top level counts) around `arrays` nested arrays.
std::string nested(int objects, int arrays) {
    const std::string inner = arrays > 0 ? repeat("[", arrays) + repeat("]", arrays) : "0";
    return repeat(R"({"a":)", objects - 1) + "{\"b\":" + inner + "}" + repeat("}", objects - 1);
}

struct Outcome {
    aclError file;
    aclError buffer;
};

// The same bytes through aclInit(file) and aclppInitFromBuffer, each from a fresh state.
Outcome initBoth(const TempDir &dir, const std::string &content) {
    Outcome outcome{};
    const std::string path = dir.write("nested.json", content);
    outcome.file = aclInit(path.c_str());
    if (outcome.file == ACL_SUCCESS) CHECK(aclFinalize() == ACL_SUCCESS);
    (void)recentError();
    REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);
    outcome.buffer = aclppInitFromBuffer(content.data(), content.size());
    if (outcome.buffer == ACL_SUCCESS) CHECK(aclFinalize() == ACL_SUCCESS);
    (void)recentError();
    REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);
    CHECK(validateFileResult(path.c_str()) == outcome.file);
    return outcome;
}

}  // namespace

TEST_CASE("F-2 a million dump layers within 10 MiB are accepted (peak RSS printed)", "[F-2][hostile][rss]") {
    FreshRuntime fresh;
    TempDir dir;
    for (const int layers : {1000000, 2600000}) {
        std::string content = R"({"dump":{"dump_path":"./","dump_list":[{"model_name":"m","layer":[)";
        content.reserve(content.size() + static_cast<std::size_t>(layers) * 4 + 16);
        for (int i = 0; i < layers; ++i) content += i == 0 ? "\"l\"" : ",\"l\"";
        content += "]}]}}";
        REQUIRE(content.size() <= 10u * 1024u * 1024u);
        const std::string path = dir.write("layers.json", content);
        const std::size_t fileBytes = content.size();
        std::string().swap(content);

        // Measured in a child, whose peak starts at its current size rather than at whatever
        // earlier tests in this process reached.
        int report[2] = {-1, -1};
        REQUIRE(::pipe(report) == 0);
        const auto outcome = aclpp::test::runInChild(120, [&] {
            const long before = peakRssKiB();
            const auto started = std::chrono::steady_clock::now();
            const aclError code = aclInit(path.c_str());
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            const long after = peakRssKiB();
            const bool layersSeen = effectiveConfig().find("\"layers\":" + std::to_string(layers)) != std::string::npos;
            const bool finalized = aclFinalize() == ACL_SUCCESS;
            char line[256];
            const int n = std::snprintf(line, sizeof line,
                                        "hostile: %d layers, %zu bytes: aclInit %d in %.3f s, peak RSS %ld KiB "
                                        "(+%ld KiB over the %ld KiB before it)\n",
                                        layers, fileBytes, code, seconds, after, after - before, before);
            (void)!::write(report[1], line, static_cast<std::size_t>(n));
            if (code != ACL_SUCCESS) return 1;
            if (!layersSeen) return 2;
            if (!finalized) return 3;
            // A small multiple of the file: bytes, parsed tape, effective config. 40x would mean
            // a per-layer copy somewhere.
            return after - before < static_cast<long>(fileBytes / 1024) * 40 ? 0 : 4;
        });
        ::close(report[1]);
        char text[512] = {};
        const ssize_t got = ::read(report[0], text, sizeof text - 1);
        ::close(report[0]);
        if (got > 0) std::printf("%s", text);
        std::fflush(stdout);
        INFO(layers << " layers: " << text);
        CHECK(outcome.status == 0);  // 1: rejected, 2: layer count, 3: finalize, 4: memory
    }
}

TEST_CASE("F-4 nesting exactly at the limit is accepted, one past gives 100006", "[F-4][hostile]") {
    FreshRuntime fresh;
    TempDir dir;
    SECTION("10 objects, 10 arrays") {
        const Outcome outcome = initBoth(dir, nested(10, 10));
        CHECK(outcome.file == ACL_SUCCESS);
        CHECK(outcome.buffer == ACL_SUCCESS);
    }
    SECTION("11 objects") {
        const Outcome outcome = initBoth(dir, nested(11, 1));
        CHECK(outcome.file == ACL_ERROR_PARSE_FILE);
        CHECK(outcome.buffer == ACL_ERROR_PARSE_FILE);
    }
    SECTION("11 arrays") {
        const Outcome outcome = initBoth(dir, nested(1, 11));
        CHECK(outcome.file == ACL_ERROR_PARSE_FILE);
        CHECK(outcome.buffer == ACL_ERROR_PARSE_FILE);
    }
    SECTION("10 arrays as the top level value of a key, 10 objects around another") {
        const std::string content = R"({"x":[[[[[[[[[[]]]]]]]]]],"y":)" + nested(9, 0) + "}";
        const Outcome outcome = initBoth(dir, content);
        CHECK(outcome.file == ACL_SUCCESS);
        CHECK(outcome.buffer == ACL_SUCCESS);
    }
    SECTION("brackets inside strings do not count") {
        const std::string content = R"({"a":")" + repeat("[{", 50) + R"("})";
        const Outcome outcome = initBoth(dir, content);
        CHECK(outcome.file == ACL_SUCCESS);
        CHECK(outcome.buffer == ACL_SUCCESS);
    }
    SECTION("100000 nested arrays: rejected without a stack overflow") {
        const Outcome outcome = initBoth(dir, "{\"a\":" + repeat("[", 100000) + repeat("]", 100000) + "}");
        CHECK(outcome.file == ACL_ERROR_PARSE_FILE);
        CHECK(outcome.buffer == ACL_ERROR_PARSE_FILE);
    }
    SECTION("100000 unclosed objects") {
        const Outcome outcome = initBoth(dir, repeat(R"({"a":)", 100000));
        CHECK(outcome.file == ACL_ERROR_PARSE_FILE);
        CHECK(outcome.buffer == ACL_ERROR_PARSE_FILE);
    }
    CHECK(lifecycleState().refCount == 0);
}

namespace {

constexpr std::string_view kContentA = R"({"err_msg_mode":"0"})";
constexpr std::string_view kContentB = R"({"err_msg_mode":"1","max_opqueue_num":"77","unknown_key":[1,2,3]})";

// Rewrites `path` with A and B alternately until stopped: in place (truncate and write, so a
// reader can see an empty or partial file) or by atomic rename (a reader sees A or B).
class Rewriter {
public:
    Rewriter(std::string path, bool atomic) : path_(std::move(path)), atomic_(atomic) {
        thread_ = std::thread([this] { run(); });
    }
    Rewriter(const Rewriter &) = delete;
    Rewriter &operator=(const Rewriter &) = delete;
    ~Rewriter() {
        stop_ = true;
        thread_.join();
    }
    [[nodiscard]] long rewrites() const noexcept { return rewrites_.load(); }

private:
    void run() {
        const std::string temp = path_ + ".tmp";
        for (bool a = true; !stop_.load(); a = !a) {
            const std::string_view content = a ? kContentA : kContentB;
            const std::string &target = atomic_ ? temp : path_;
            const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
            if (fd < 0) continue;
            // Two writes, so that a reader can also see a torn file in place.
            const std::size_t half = content.size() / 2;
            (void)!::write(fd, content.data(), half);
            (void)!::write(fd, content.data() + half, content.size() - half);
            ::close(fd);
            if (atomic_) ::rename(temp.c_str(), path_.c_str());
            ++rewrites_;
        }
    }

    std::string path_;
    bool atomic_;
    std::atomic<bool> stop_{false};
    std::atomic<long> rewrites_{0};
    std::thread thread_;
};

std::string seenByCallback;
aclError captureConfig(const char *config, size_t length, void *) {
    seenByCallback.assign(config, length);
    return ACL_SUCCESS;
}

// One init of a file being rewritten. The bytes the runtime keeps, the bytes the callback saw
// and the effective config must all describe one and the same read (F-2: read once).
// `identity` empty: no identity remembered; else the identity rule applies (L-4).
void initChangingFile(const std::string &path, bool atomic, const std::string &identity, int counts[4]) {
    seenByCallback.clear();
    const aclError code = aclInit(path.c_str());
    if (code == ACL_SUCCESS) {
        const std::string bytes = liveConfigBytes();
        INFO("bytes read: " << bytes);
        CHECK(seenByCallback == bytes);
        const bool isA = bytes == kContentA;
        const bool isB = bytes == kContentB;
        // In place, a reader may see the file between truncate and write: 0 bytes, i.e. {}.
        CHECK((isA || isB || (!atomic && bytes.empty())));
        if (!identity.empty()) CHECK(bytes == identity);
        const std::string effective = effectiveConfig();
        CHECK(effective.find(R"("/err_msg_mode":{"value":")" + std::string(isB ? "1" : "0")) != std::string::npos);
        CHECK(aclFinalize() == ACL_SUCCESS);
        ++counts[0];
    } else if (code == ACL_ERROR_PARSE_FILE) {
        CHECK(!atomic);           // a torn file only exists when rewritten in place
        CHECK(identity.empty());  // with an identity remembered, different bytes are 100000 first
        ++counts[1];
    } else if (code == ACL_ERROR_INVALID_PARAM) {
        CHECK(!identity.empty());  // L-4: differs from the remembered identity
        ++counts[2];
    } else {
        FAIL_CHECK("unexpected aclInit result " << code << ": " << recentError());
        ++counts[3];
    }
    (void)recentError();
    CHECK(lifecycleState().refCount == 0);
}

}  // namespace

TEST_CASE("F-2 L-4 a file rewritten while it is read: one consistent read per init", "[F-2][L-4][hostile]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string path = dir.write("acl.json", kContentA);
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, captureConfig, nullptr) == ACL_SUCCESS);
    for (const bool atomic : {false, true}) {
        int counts[4] = {0, 0, 0, 0};
        long rewrites = 0;
        {
            Rewriter rewriter(path, atomic);
            // No identity: every init reads afresh (the testing reset forgets it).
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(700);
            for (int i = 0; i < 20000 && std::chrono::steady_clock::now() < deadline; ++i) {
                initChangingFile(path, atomic, {}, counts);
                REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);
            }
            // With the identity of B remembered: only B is accepted, anything else is 100000.
            REQUIRE(aclppInitFromBuffer(kContentB.data(), kContentB.size()) == ACL_SUCCESS);
            REQUIRE(aclFinalize() == ACL_SUCCESS);
            const auto deadline2 = std::chrono::steady_clock::now() + std::chrono::milliseconds(700);
            for (int i = 0; i < 20000 && std::chrono::steady_clock::now() < deadline2; ++i) {
                initChangingFile(path, atomic, std::string(kContentB), counts);
            }
            REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);
            rewrites = rewriter.rewrites();
        }
        std::printf(
            "hostile: %s rewrite (%ld rewrites): %d accepted, %d torn (100006), %d identity (100000), %d other\n",
            atomic ? "atomic" : "in-place", rewrites, counts[0], counts[1], counts[2], counts[3]);
        std::fflush(stdout);
        CHECK(counts[0] > 0);
        CHECK(counts[3] == 0);
    }
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, captureConfig) == ACL_SUCCESS);
}

TEST_CASE("A-2 F-1 aclppInitFromBuffer(NULL, 0) is no config and reads no NULL pointer", "[A-2][F-1][hostile]") {
    // Regression: the empty view of a NULL buffer was copied with memcpy(dst, NULL, 0), undefined
    // behaviour that UBSan (the CI's sanitizer job, halt_on_error=1) stops at.
    FreshRuntime fresh;
    REQUIRE(aclppInitFromBuffer(nullptr, 0) == ACL_SUCCESS);
    CHECK(liveConfigBytes().empty());
    CHECK(effectiveConfig().find(R"("config_given":false)") != std::string::npos);
    CHECK(aclFinalize() == ACL_SUCCESS);
    // A non-NULL empty buffer is an empty file: a config ({}), same identity as no config.
    static const char empty[1] = {'\0'};
    REQUIRE(aclppInitFromBuffer(empty, 0) == ACL_SUCCESS);
    CHECK(effectiveConfig().find(R"("config_given":true)") != std::string::npos);
    CHECK(aclFinalize() == ACL_SUCCESS);
}
