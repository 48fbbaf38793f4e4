// Shared main for every Catch2 test executable (v2 and v3). With v3 it replaces Catch2Main
// (link Catch2, not Catch2WithMain).
#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

int main(int argc, char *argv[]) {
    Catch::Session session;
#if __has_include(<catch2/catch_all.hpp>)
    // v3 runs the tests in random order by default, v2 in declaration order. Keep v2's default
    // so that both run the same sequence; --order rand still asks for a shuffle.
    session.configData().runOrder = Catch::TestRunOrder::Declared;
#endif
    return session.run(argc, argv);
}
