// The machine formats of `acl-config check` for CI: GitHub Actions workflow commands (one
// annotation per finding) and SARIF 2.1.0 (code scanning). Both print the core's findings as
// they are; only the encoding differs from the text format.
#pragma once

#include <ostream>
#include <vector>

#include "output.hpp"

namespace aclconfig {

/// `::error file=F,line=L,col=C::message` (`::warning`, `::notice`), one line per finding.
void printGithub(std::ostream &out, const std::vector<Validation> &validations);

/// One SARIF 2.1.0 log with one run: a rule per finding id, a result per finding.
void printSarif(std::ostream &out, const std::vector<Validation> &validations);

}  // namespace aclconfig
