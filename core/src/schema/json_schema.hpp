// The JSON Schema (draft 2020-12) of acl.json, for editors and CI (aclppGetConfigSchema,
// `acl-config schema`). It is generated from the tables the validator itself walks (the schema
// in base/include/aclpp/schema/, devices/limits.hpp and the product table), so the two cannot
// disagree about a key, a type, a value list or a range.
//
// The schema only says what JSON Schema can say about one key at a time, and it never rejects
// a config the validator accepts: unknown keys stay allowed (K-7) except in `profiler`, whose
// allow-list the validator enforces (K-5), and a rule that depends on another key, on the
// product (without a SoC), on the environment or on the file system is left to the validator.
#pragma once

#include <string>

#include "platform/products.hpp"

namespace aclpp::core {

/// The schema as compact JSON text. `product` nullptr: the rules every product shares, with each
/// key's product support in its description; otherwise the rules of that product.
[[nodiscard]] std::string configJsonSchema(const Product *product);

}  // namespace aclpp::core
