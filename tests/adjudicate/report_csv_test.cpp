// --format csv: RFC 4180 quoting, and rows that say what the JSON lines say.
#include "arbiter/adjudicate/report_csv.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/adjudicate/pipeline.h"
#include "cli/arbiter_run.h"
#include "test_support.h"

namespace arbiter::adjudicate {
namespace {

std::string csv_field(std::string_view text) {
  std::string out;
  append_csv_field(out, text);
  return out;
}

// Splits one CSV row (RFC 4180: quoted fields may hold commas and doubled quotes).
std::vector<std::string> split_row(std::string_view row) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (size_t i = 0; i < row.size(); ++i) {
    const char c = row[i];
    if (quoted && c == '"' && i + 1 < row.size() && row[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

std::string json_field(const std::string& line, const std::string& key) {
  std::smatch m;
  const std::regex pattern("\"" + key + "\":(null|\"([^\"]*)\"|[0-9]+|true|false)");
  if (!std::regex_search(line, m, pattern)) return "<missing>";
  if (m[1] == "null") return "";
  return m[2].matched ? m[2].str() : m[1].str();
}

TEST(ReportCsv, QuotesOnlyWhatMustBeQuoted) {
  EXPECT_EQ(csv_field("Carlsen, Magnus"), "\"Carlsen, Magnus\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field("Nf3"), "Nf3");
  EXPECT_EQ(csv_field(""), "");
  EXPECT_EQ(split_row("a,\"b, c\",\"d \"\"e\"\"\",f"),
            (std::vector<std::string>{"a", "b, c", "d \"e\"", "f"}));
}

TEST(ReportCsv, CommandPrintsAHeaderThenOneRowPerGameAndTheSummaryOnStderr) {
  test::ArbiterRun run = test::run_arbiter_args(
      "adjudicate --format csv " + test::quote(test::data_path("adjudicate-errors.pgn")));
  EXPECT_EQ(run.exit_code, 1);  // one game cannot be read
  const std::vector<std::string> lines = test::split_lines(run.out);
  ASSERT_EQ(lines.size(), 4u) << run.out;
  EXPECT_EQ(lines[0] + "\n", csv_header());
  const std::vector<std::string> first = split_row(lines[1]);
  const std::vector<std::string> header = split_row(lines[0]);
  ASSERT_EQ(first.size(), header.size());
  EXPECT_EQ(first[7], "1-0");
  EXPECT_EQ(first[8], "checkmate");
  EXPECT_EQ(first[9], "5.1.1");
  EXPECT_EQ(first[11], "Qxf7#");
  const std::vector<std::string> broken = split_row(lines[2]);
  EXPECT_EQ(broken[7], "*");
  EXPECT_NE(broken.back().find("illegal SAN 'Ke3'"), std::string::npos) << lines[2];
  EXPECT_NE(run.err.find("summary: 3 games, 2 judged, 1 with errors"), std::string::npos)
      << run.err;
}

// Every row carries the same verdict as the game's JSON line, on 200 real games.
TEST(ReportCsv, RowsAgreeWithTheJsonLines) {
  std::ifstream file(test::data_path("lichess-timeouts-200.pgn"));
  const std::string corpus((std::istreambuf_iterator<char>(file)),
                           std::istreambuf_iterator<char>());
  auto run = [&](OutputFormat format) {
    PipelineOptions options;
    options.format = format;
    options.threads = 2;
    std::string out;
    PipelineIo io;
    io.write = [&](std::string_view s) { out += s; };
    std::istringstream in(corpus);
    adjudicate_pgn_stream(in, "games, with a comma.pgn", options, io);
    return test::split_lines(out);
  };
  const std::vector<std::string> rows = run(OutputFormat::Csv);
  const std::vector<std::string> json = run(OutputFormat::Json);
  ASSERT_EQ(rows.size(), 200u);
  ASSERT_EQ(json.size(), rows.size());
  const std::vector<std::string> header =
      split_row(csv_header().substr(0, csv_header().size() - 1));
  for (size_t g = 0; g < rows.size(); ++g) {
    const std::vector<std::string> row = split_row(rows[g]);
    ASSERT_EQ(row.size(), header.size()) << rows[g];
    for (size_t f = 0; f < header.size(); ++f) {
      if (header[f] == "claims" || header[f] == "penalties") continue;  // counts, not lists
      EXPECT_EQ(row[f], json_field(json[g], header[f])) << header[f] << " of game " << g + 1;
    }
  }
}

}  // namespace
}  // namespace arbiter::adjudicate
