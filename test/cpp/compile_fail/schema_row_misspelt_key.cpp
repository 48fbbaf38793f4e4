// C-4: code that names a key row by its text cannot name a key the table lacks: ruleFor is
// consteval, so a misspelt key is a compile error rather than some other row.
#include <aclpp/schema/profiler.hpp>

constexpr const auto &kMisspelt = aclpp::schema::profiler_rules::ruleFor("swtich");
