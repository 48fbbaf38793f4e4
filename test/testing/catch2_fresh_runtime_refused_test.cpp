// The fresh-runtime listener with a runtime held outside the test cases: it cannot reset, so the
// run must stop before the first test case with the reason (check_fresh_runtime_refused.py).
#include <acl/testing/catch2.hpp>  // first: with Catch2 v2 it must precede catch.hpp

#include <acl/scoped_init.hpp>

ACLPP_CATCH2_FRESH_RUNTIME_LISTENER();

namespace {

// A runtime reference for the whole process, as a static holder in a user's test file would take.
const acl::ScopedInit held_for_the_process;

}  // namespace

TEST_CASE("fresh runtime refused: this test case must not run") {
    FAIL("the listener let a test case run on a runtime it could not reset");
}
