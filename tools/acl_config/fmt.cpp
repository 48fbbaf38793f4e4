// acl-config fmt: the canonical layout of an acl.json. Only whitespace changes: keys stay in
// the file's order, duplicates stay (check reports them), and every number and string keeps
// its exact text, so the runtime reads the formatted file exactly as it read the original.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "commands.hpp"

namespace aclconfig {

namespace {

std::string readWholeFile(const std::string &file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw UsageError("cannot open \"" + file + "\": " + std::strerror(errno));
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) throw UsageError("cannot read \"" + file + "\"");
    return buffer.str();
}

std::size_t firstDifferentLine(std::string_view a, std::string_view b) {
    std::size_t line = 1;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        if (a[i] != b[i]) return line;
        if (a[i] == '\n') ++line;
    }
    return line;
}

// Write beside the file and rename over it, so that a crash or a full disk never leaves a
// half-written acl.json behind; the original permissions are kept.
void replaceFile(const std::string &file, const std::string &content) {
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0) throw UsageError("cannot stat \"" + file + "\": " + std::strerror(errno));
    std::string temp = file + ".acl-config-XXXXXX";
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) throw UsageError("cannot create a temporary file next to \"" + file + "\": " + std::strerror(errno));
    bool ok = ::fchmod(fd, info.st_mode & 07777) == 0;
    std::size_t written = 0;
    while (ok && written < content.size()) {
        const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
        if (n < 0 && errno == EINTR) continue;
        ok = n > 0;
        if (ok) written += static_cast<std::size_t>(n);
    }
    ok = ::fsync(fd) == 0 && ok;
    const int savedErrno = errno;
    ok = ::close(fd) == 0 && ok;
    if (!ok || ::rename(temp.c_str(), file.c_str()) != 0) {
        const std::string reason = std::strerror(ok ? errno : savedErrno);
        ::unlink(temp.c_str());
        throw UsageError("cannot rewrite \"" + file + "\": " + reason);
    }
}

}  // namespace

int runFmt(const FmtOptions &options, const Style &style, std::ostream &out) {
    // The core decides whether the file is readable and well-formed JSON, so that fmt and check
    // never disagree about it. Schema errors do not matter here: a config with a bad value can
    // still be laid out.
    if (options.inPlace && options.file == kStdinArgument) {
        throw UsageError("--in-place needs a file; standard input (-) can only be printed or checked");
    }
    const Validation v = validateFile(options.file, nullptr, 0);
    if (v.result == ACL_ERROR_INVALID_FILE || v.result == ACL_ERROR_PARSE_FILE) {
        printFindings(out, style, v);
        if (v.result == ACL_ERROR_INVALID_FILE) return kExitUsage;
        out << style.bold(v.file + ":") << " not formatted: the file is not valid JSON\n";
        return kExitFindings;
    }

    const std::string original = v.stdinText ? *v.stdinText : readWholeFile(options.file);
    const std::string canonical = canonicalJson(original);

    if (options.check) {
        if (canonical == original) return kExitOk;
        out << style.bold(v.file + ":" + std::to_string(firstDifferentLine(original, canonical)) + ":")
            << " not in canonical form (`acl-config fmt --in-place " << options.file << "` fixes it)\n";
        return kExitFindings;
    }
    if (options.inPlace) {
        if (canonical == original) return kExitOk;
        replaceFile(options.file, canonical);
        out << "reformatted " << options.file << '\n';
        return kExitOk;
    }
    out << canonical;
    return kExitOk;
}

}  // namespace aclconfig
