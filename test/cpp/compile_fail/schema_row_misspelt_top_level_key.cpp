// C-4: as schema_row_misspelt_key.cpp, for the top-level key table.
#include <aclpp/schema/top_level.hpp>

constexpr const auto &kMisspelt = aclpp::schema::top_level_rules::ruleFor("event_mdoe");
