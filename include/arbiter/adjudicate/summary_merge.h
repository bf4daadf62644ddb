// Summaries of several runs made into one: when a database is judged in pieces
// (GNU parallel on one machine or many), each piece ends with its own
// {"summary":{...}} line; `arbiter adjudicate --merge-summaries` reads them back
// and adds them up.
#pragma once

#include <istream>
#include <string_view>

#include "arbiter/adjudicate/report.h"
#include "arbiter/core/result.h"

namespace arbiter::adjudicate {

// Whether a line of JSON output is a summary line (and not a game's).
bool is_summary_line(std::string_view line);

// The counts of one summary_json() line. Errors name the field or the offset:
// anything but our own format (an unknown or missing field, a count that is not
// a non-negative integer, trailing text) is refused rather than half-read.
Result<Summary> parse_summary_json(std::string_view line);

// Adds every summary line of `in` (game lines and blank lines are skipped) into
// `total`; returns the number of summaries read, or the first error, located as
// "SOURCE:LINE: message".
Result<uint64_t> merge_summaries(std::istream& in, std::string_view source, Summary& total);

}  // namespace arbiter::adjudicate
