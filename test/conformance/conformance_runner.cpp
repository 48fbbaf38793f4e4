// Runs every fixture of test/fixtures/conformance through aclInit, each in a fresh process
// under the conditions of its README, and compares the code and the JSON pointer with
// expected.tsv.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "fixture_dir.hpp"

namespace {

struct Row {
    std::string file;
    int code = 0;
    std::string pointer;
    std::string why;
    std::string needs;
};

std::vector<Row> readRows(const std::string &path) {
    std::vector<Row> rows;
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::stringstream fields(line);
        Row row;
        std::string code;
        std::getline(fields, row.file, '\t');
        std::getline(fields, code, '\t');
        std::getline(fields, row.pointer, '\t');
        std::getline(fields, row.why, '\t');
        std::getline(fields, row.needs, '\t');
        row.code = std::atoi(code.c_str());
        rows.push_back(row);
    }
    return rows;
}

// "abs path /home/ absent": when that directory exists the row's other outcome (0) applies.
int expectedCode(const Row &row, std::string &note) {
    const std::string prefix = "abs path ";
    if (row.needs.rfind(prefix, 0) != 0) return row.code;
    std::string path = row.needs.substr(prefix.size());
    path = path.substr(0, path.find(' '));
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode) && ::access(path.c_str(), R_OK | W_OK) == 0) {
        note = " (" + path + " exists here, so the other outcome 0 applies)";
        return 0;
    }
    return row.code;
}

// The child: a fresh process, an empty writable cwd with output/ and dump/, no runtime env.
[[noreturn]] void runChild(const std::string &fixture, int writeFd) {
    for (const char *name :
         {"ACLPP_SOC", "ACLPP_DEVICE_COUNT", "ASCEND_WORK_PATH", "ASCEND_DUMP_PATH", "NPU_COLLECT_PATH",
          "ASCEND_DUMP_SCENE", "PROFILER_SAMPLECONFIG", "ASCEND_LOG_DEVICE_FLUSH_TIMEOUT", "AUTO_USE_UC_MEMORY"}) {
        ::unsetenv(name);
    }
    char pattern[] = "/tmp/aclpp-conformance-XXXXXX";
    if (::mkdtemp(pattern) == nullptr || ::chdir(pattern) != 0) ::_exit(3);
    ::mkdir("output", 0755);
    ::mkdir("dump", 0755);
    const aclError code = aclInit(fixture.c_str());
    const char *message = aclGetRecentErrMsg();
    std::string out = std::to_string(code) + "\n" + (message != nullptr ? message : "");
    if (::write(writeFd, out.data(), out.size()) < 0) ::_exit(4);
    (void)aclFinalize();
    ::rmdir("output");
    ::rmdir("dump");
    ::chdir("/");
    ::rmdir(pattern);
    ::_exit(0);
}

bool runRow(const std::string &root, const Row &row) {
    int fds[2];
    if (::pipe(fds) != 0) return false;
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        runChild(root + "/" + row.file, fds[1]);
    }
    ::close(fds[1]);
    std::string result;
    char buffer[4096];
    ssize_t n = 0;
    while ((n = ::read(fds[0], buffer, sizeof buffer)) > 0) result.append(buffer, static_cast<std::size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);

    const std::size_t newline = result.find('\n');
    const int code = std::atoi(result.substr(0, newline).c_str());
    const std::string message = newline == std::string::npos ? "" : result.substr(newline + 1);
    std::string note;
    const int expected = expectedCode(row, note);
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && code == expected;
    if (ok && expected != 0 && row.pointer != "-" && message.find(row.pointer) == std::string::npos) ok = false;
    std::printf("%s %-62s expected %6d got %6d%s\n", ok ? "ok  " : "FAIL", row.file.c_str(), expected, code,
                note.c_str());
    if (!ok) std::printf("     why: %s\n     message: %s\n", row.why.c_str(), message.c_str());
    return ok;
}

}  // namespace

int main() {
    std::string problem;
    const std::string dir = aclpp::test::conformanceFixtureDir(problem);
    if (dir.empty()) {
        std::printf("FAIL: %s\n", problem.c_str());
        return 1;
    }
    const std::vector<Row> rows = readRows(dir + "/expected.tsv");
    int passed = 0;
    int failed = 0;
    for (const Row &row : rows) (runRow(dir, row) ? passed : failed)++;
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
