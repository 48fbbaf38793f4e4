// Callback registry: CANN's codes as adapted by decision L-7.
#include <string>
#include <vector>

#include "catch.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;
using aclpp::test::recentError;

namespace {

std::vector<intptr_t> calls;

aclError okInit(const char *, size_t, void *tag) {
    calls.push_back(reinterpret_cast<intptr_t>(tag));
    return ACL_SUCCESS;
}
aclError failInit(const char *, size_t, void *) {
    return 500001;
}
aclError okFinalize(void *tag) {
    calls.push_back(reinterpret_cast<intptr_t>(tag));
    return ACL_SUCCESS;
}
aclError failFinalize(void *) {
    return 500001;
}

void *tag(intptr_t value) {
    return reinterpret_cast<void *>(value);
}

}  // namespace

TEST_CASE("L-7 registry codes, init and finalize alike", "[L-7]") {
    FreshRuntime fresh;
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, nullptr, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, okInit, nullptr) == ACL_SUCCESS);
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, okInit, nullptr) == ACL_ERROR_INTERNAL_ERROR);
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, okInit, nullptr) == ACL_SUCCESS);
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, okInit, nullptr) == ACL_SUCCESS);
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, okInit) == ACL_SUCCESS);
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, failInit) == ACL_ERROR_INTERNAL_ERROR);
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, okInit) == ACL_SUCCESS);
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, okInit) == ACL_SUCCESS);
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, okInit) == ACL_ERROR_INTERNAL_ERROR);

    CHECK(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_MODEL, nullptr, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_MODEL, okFinalize, nullptr) == ACL_SUCCESS);
    CHECK(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_MODEL, okFinalize, nullptr) == ACL_ERROR_INTERNAL_ERROR);
    CHECK(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, okFinalize, nullptr) == ACL_SUCCESS);
    CHECK(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, okFinalize, nullptr) == ACL_SUCCESS);
    CHECK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, okFinalize) == ACL_SUCCESS);
    CHECK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, failFinalize) == ACL_ERROR_INTERNAL_ERROR);
    CHECK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, okFinalize) == ACL_SUCCESS);
    CHECK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, okFinalize) == ACL_SUCCESS);
    CHECK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, okFinalize) == ACL_ERROR_INTERNAL_ERROR);
    CHECK(aclppRegisteredCallbackCount() == 0);
}

TEST_CASE("L-7 NULL functions and unknown types are rejected with 100000 by all four calls", "[L-7]") {
    FreshRuntime fresh;
    const auto unknown = static_cast<aclRegisterCallbackType>(100);
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclInitCallbackRegister(unknown, okInit, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclInitCallbackUnRegister(unknown, okInit) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclFinalizeCallbackRegister(unknown, okFinalize, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclFinalizeCallbackUnRegister(unknown, okFinalize) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclInitCallbackRegister(static_cast<aclRegisterCallbackType>(8), okInit, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclppRegisteredCallbackCount() == 0);
}

TEST_CASE("L-7 registering while initialised calls the init callback at once; failures do not change the result",
          "[L-7]") {
    FreshRuntime fresh;
    calls.clear();
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, okInit, tag(1)) == ACL_SUCCESS);  // C1
    CHECK(calls == std::vector<intptr_t>{1});
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, failInit) == ACL_ERROR_INTERNAL_ERROR);         // C2
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, failInit, nullptr) == ACL_ERROR_INTERNAL_ERROR);  // C3
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, okInit) == ACL_SUCCESS);                        // C4
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, failInit) == ACL_ERROR_INTERNAL_ERROR);         // C5
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, okInit, tag(2)) == ACL_SUCCESS);                  // C6
    (void)recentError();
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, okInit, tag(3)) == ACL_SUCCESS);     // C7
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, failInit, nullptr) == ACL_SUCCESS);  // result ignored
    CHECK(recentError().find("500001") != std::string::npos);                              // ...but reported (L-7)
    CHECK(calls == std::vector<intptr_t>{1, 2, 3});
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, okInit) == ACL_SUCCESS);  // C8
    CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, failInit) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    // Finalize callbacks are never called at registration.
    REQUIRE(aclppTestingReset(0) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);  // runs the MODEL init callback still registered
    calls.clear();
    CHECK(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, okFinalize, tag(7)) == ACL_SUCCESS);
    CHECK(calls.empty());
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(calls == std::vector<intptr_t>{7});
}

TEST_CASE("L-7 the first failing init callback's code is what aclInit returns", "[L-7]") {
    struct Row {
        aclRegisterCallbackType type;
        bool needsPath;
    };
    for (const Row row : {Row{ACL_REG_TYPE_ACL_MODEL, false}, Row{ACL_REG_TYPE_ACL_OP_EXECUTOR, true},
                          Row{ACL_REG_TYPE_ACL_DVPP, false}, Row{ACL_REG_TYPE_OTHER, false}}) {
        DYNAMIC_SECTION("type " << static_cast<int>(row.type)) {
            FreshRuntime fresh;
            aclpp::test::TempDir dir;
            const std::string path = row.needsPath ? dir.write("handleOpConfig.json", "{}") : std::string();
            REQUIRE(aclInitCallbackRegister(row.type, failInit, nullptr) == ACL_SUCCESS);
            CHECK(aclInit(row.needsPath ? path.c_str() : nullptr) == 500001);
            CHECK(lifecycleState().refCount == 0);
            REQUIRE(aclInitCallbackUnRegister(row.type, failInit) == ACL_SUCCESS);
            CHECK(aclInit(row.needsPath ? path.c_str() : nullptr) == ACL_SUCCESS);  // C13
            CHECK(aclFinalize() == ACL_SUCCESS);
        }
    }
}

TEST_CASE("L-7 a failing finalize callback's code is what aclFinalize returns", "[L-7]") {
    for (aclRegisterCallbackType type :
         {ACL_REG_TYPE_ACL_MODEL, ACL_REG_TYPE_ACL_OP_COMPILER, ACL_REG_TYPE_ACL_DVPP, ACL_REG_TYPE_OTHER}) {
        DYNAMIC_SECTION("type " << static_cast<int>(type)) {
            FreshRuntime fresh;
            REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
            REQUIRE(aclFinalizeCallbackRegister(type, failFinalize, nullptr) == ACL_SUCCESS);
            CHECK(aclFinalize() == 500001);
            CHECK(lifecycleState().initialized == 1);
            REQUIRE(aclFinalizeCallbackUnRegister(type, failFinalize) == ACL_SUCCESS);
            CHECK(aclFinalize() == ACL_SUCCESS);
        }
    }
}

TEST_CASE("L-7 OTHER callbacks run in registration order, duplicates included", "[L-7]") {
    FreshRuntime fresh;
    calls.clear();
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, okInit, tag(1)) == ACL_SUCCESS);
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, okInit, tag(2)) == ACL_SUCCESS);
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, okFinalize, tag(3)) == ACL_SUCCESS);
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, okFinalize, tag(4)) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(calls == std::vector<intptr_t>{1, 2, 3, 4});
    // Unregister removes the first entry with that function; userData is not compared.
    REQUIRE(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, okInit) == ACL_SUCCESS);
    calls.clear();
    REQUIRE(aclppTestingReset(0) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(calls == std::vector<intptr_t>{2});
    CHECK(aclFinalize() == ACL_SUCCESS);
}

namespace {
int selfRemovals = 0;
aclError removeSelf(void *) {
    ++selfRemovals;
    // L-7: (un)registering from inside a callback is safe (the notify runs on a snapshot).
    (void)aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, removeSelf);
    (void)aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_DVPP, okFinalize, nullptr);
    return ACL_SUCCESS;
}
}  // namespace

TEST_CASE("L-7 callbacks may unregister and register from inside a callback", "[L-7]") {
    FreshRuntime fresh;
    selfRemovals = 0;
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, removeSelf, nullptr) == ACL_SUCCESS);
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, removeSelf, nullptr) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(selfRemovals == 2);                    // both snapshot entries ran
    CHECK(aclppRegisteredCallbackCount() == 1);  // both removed, one DVPP added (the second add was a duplicate)
}

namespace {
std::vector<intptr_t> released;
void releaseTag(void *tag) {
    released.push_back(reinterpret_cast<intptr_t>(tag));
}
}  // namespace

TEST_CASE("C-5 tokens of one function are removed by handle and released once", "[C-5]") {
    FreshRuntime fresh;
    calls.clear();
    released.clear();
    aclppCallbackHandle first = 0;
    aclppCallbackHandle second = 0;
    aclppCallbackHandle last = 0;
    REQUIRE(aclppAddInitCallback(ACL_REG_TYPE_OTHER, okInit, tag(1), releaseTag, &first) == ACL_SUCCESS);
    REQUIRE(aclppAddInitCallback(ACL_REG_TYPE_OTHER, okInit, tag(2), releaseTag, &second) == ACL_SUCCESS);
    REQUIRE(aclppAddFinalizeCallback(ACL_REG_TYPE_OTHER, okFinalize, tag(3), releaseTag, &last) == ACL_SUCCESS);
    CHECK(first != 0);
    CHECK(first != second);
    CHECK(aclppRegisteredCallbackCount() == 3);
    REQUIRE(aclppRemoveCallback(second) == ACL_SUCCESS);  // not the first entry of okInit
    CHECK(released == std::vector<intptr_t>{2});
    CHECK(aclppRemoveCallback(second) == ACL_ERROR_INVALID_PARAM);  // a handle is removed once
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(calls == std::vector<intptr_t>{1, 3});
    // Gone from the registry already (the testing reset): the unregister's 500000, released anyway.
    REQUIRE(aclppTestingReset(ACLPP_RESET_CALLBACKS) == ACL_SUCCESS);
    CHECK(aclppRemoveCallback(first) == ACL_ERROR_INTERNAL_ERROR);
    CHECK(aclppRemoveCallback(last) == ACL_ERROR_INTERNAL_ERROR);
    CHECK(released == std::vector<intptr_t>{2, 1, 3});
    CHECK(aclppRemoveCallback(0) == ACL_ERROR_INVALID_PARAM);
}

TEST_CASE("C-5 adding a token has the register calls' codes; a failed add releases nothing", "[C-5][L-7]") {
    FreshRuntime fresh;
    released.clear();
    aclppCallbackHandle model = 0;
    aclppCallbackHandle refused = 7;
    CHECK(aclppAddInitCallback(ACL_REG_TYPE_OTHER, nullptr, nullptr, releaseTag, &refused) == ACL_ERROR_INVALID_PARAM);
    CHECK(refused == 0);
    CHECK(aclppAddInitCallback(ACL_REG_TYPE_OTHER, okInit, nullptr, releaseTag, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclppAddFinalizeCallback(static_cast<aclRegisterCallbackType>(42), okFinalize, nullptr, releaseTag,
                                   &refused) == ACL_ERROR_INVALID_PARAM);
    REQUIRE(aclppAddInitCallback(ACL_REG_TYPE_ACL_MODEL, okInit, tag(1), releaseTag, &model) == ACL_SUCCESS);
    CHECK(aclppAddInitCallback(ACL_REG_TYPE_ACL_MODEL, okInit, tag(2), releaseTag, &refused) ==
          ACL_ERROR_INTERNAL_ERROR);
    CHECK(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, okInit, nullptr) == ACL_ERROR_INTERNAL_ERROR);
    CHECK(released.empty());
    // Registered while initialised: called at once (L-7).
    calls.clear();
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    aclppCallbackHandle late = 0;
    REQUIRE(aclppAddInitCallback(ACL_REG_TYPE_OTHER, okInit, tag(5), nullptr, &late) == ACL_SUCCESS);
    CHECK(calls == std::vector<intptr_t>{1, 5});
    CHECK(aclppRemoveCallback(late) == ACL_SUCCESS);
    CHECK(aclppRemoveCallback(model) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(released == std::vector<intptr_t>{1});
}
