// The C++ "limit" of scripts/compare: the job done about as fast as one core allows.
// simdjson on-demand (iterate_many over 4 MiB blocks of whole lines) + PCRE2 JIT (8-bit, UTF,
// DOLLAR_ENDONLY so "$" means the very end and a trailing "\n" fails) + the GB 11643
// checksum. Usage: limit [--threads N] FILE.jsonl -> the job's counts (same lines as every
// program). With --threads N the file is cut into N ranges at line ends, each checked by a
// thread of its own (its own parser, buffer and match data), and the counts are summed: the
// same work split over N cores, as `sift run --workers N` splits it.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <simdjson.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

using namespace simdjson;

enum Field { PHONE, EMAIL, PASSWORD, PLATE, ID_NUMBER, FIELD_COUNT };
static const char* const NAMES[FIELD_COUNT] = {"phone", "email", "password", "plate", "id_number"};
static const char* const PATTERNS[FIELD_COUNT] = {
    "^1(3[0-9]|4[57]|5[0-35-9]|6[2567]|7[0-35-8]|8[0-9]|9[0-35-9])[0-9]{8}$",
    "^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,63}$",
    "^[a-zA-Z0-9]{6,20}$",
    "^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z]"
    "([A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9][0-9]{4}|[0-9]{5}[DF])$",
    "^[1-9][0-9]{5}(18|19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[0-9]{3}[0-9X]$",
};
static const size_t EMAIL_MAX = 254;  // characters (code points)

struct Regex {
    pcre2_code* code;
    pcre2_match_data* data;
    explicit Regex(const char* pattern) {
        int err; PCRE2_SIZE offset;
        code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_DOLLAR_ENDONLY,
                             &err, &offset, nullptr);
        if (!code) { fprintf(stderr, "limit: bad pattern %s at %zu\n", pattern, (size_t)offset); exit(2); }
        if (pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) != 0) { fprintf(stderr, "limit: no JIT\n"); exit(2); }
        data = pcre2_match_data_create_from_pattern(code, nullptr);
    }
    // The text is valid UTF-8 (simdjson validates the input), so no UTF check here.
    bool match(std::string_view s) const {
        return pcre2_jit_match(code, (PCRE2_SPTR)s.data(), s.size(), 0, 0, data, nullptr) >= 0;
    }
};

static size_t code_points(std::string_view s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

static bool gb11643(std::string_view s) {  // s matched the id_number pattern: 17 digits + [0-9X]
    static const int W[17] = {7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};
    int sum = 0;
    for (int i = 0; i < 17; i++) sum += (s[i] - '0') * W[i];
    return "10X98765432"[sum % 11] == s[17];
}

static int field_index(std::string_view key) {
    for (int i = 0; i < FIELD_COUNT; i++) if (key == NAMES[i]) return i;
    return -1;
}

struct Counts {
    long total = 0, valid = 0, failed[FIELD_COUNT] = {};
    void add(const Counts& o) {
        total += o.total;
        valid += o.valid;
        for (int i = 0; i < FIELD_COUNT; i++) failed[i] += o.failed[i];
    }
};

// Checks every record of a block of whole JSONL lines (padded as simdjson requires).
static void check_block(ondemand::parser& parser, Regex* const* re, const uint8_t* buf, size_t len, Counts& c) {
    ondemand::document_stream docs;
    if (parser.iterate_many(buf, len).get(docs)) { fprintf(stderr, "limit: cannot parse\n"); exit(3); }
    for (auto doc : docs) {
        ondemand::object obj;
        if (doc.get_object().get(obj)) { fprintf(stderr, "limit: record %ld is not an object\n", c.total + 1); exit(3); }
        bool bad[FIELD_COUNT] = {true, true, true, true, true};  // missing until seen
        for (auto field : obj) {
            std::string_view key;
            if (field.unescaped_key().get(key)) { fprintf(stderr, "limit: bad key in record %ld\n", c.total + 1); exit(3); }
            int f = field_index(key);
            if (f < 0) continue;  // noise: skipped unread
            std::string_view s;
            if (field.value().get_string().get(s)) continue;  // null or not a string: fails
            bool ok = re[f]->match(s);
            if (f == EMAIL) ok = ok && code_points(s) <= EMAIL_MAX;
            if (f == ID_NUMBER) ok = ok && gb11643(s);
            bad[f] = !ok;
        }
        bool all_ok = true;
        for (int i = 0; i < FIELD_COUNT; i++) if (bad[i]) { c.failed[i]++; all_ok = false; }
        c.total++;
        c.valid += all_ok;
    }
    if (docs.truncated_bytes() != 0) { fprintf(stderr, "limit: %zu bytes truncated\n", docs.truncated_bytes()); exit(3); }
}

// Checks the lines of text[begin, end) (whole lines), 4 MiB at a time copied into a padded
// buffer of its own, with regexes of its own.
static Counts check_range(const uint8_t* text, size_t begin, size_t end) {
    Regex* re[FIELD_COUNT];
    for (int i = 0; i < FIELD_COUNT; i++) re[i] = new Regex(PATTERNS[i]);
    ondemand::parser parser;
#ifdef SIMDJSON_THREADS_ENABLED
    parser.threaded = false;  // one core per range
#endif
    Counts c;
    size_t block = 4 << 20;
    std::vector<uint8_t> buf(block + SIMDJSON_PADDING);
    size_t at = begin;
    while (at < end) {
        size_t len = end - at < block ? end - at : block;
        if (at + len < end) {  // cut at the last line end in the block
            while (len > 0 && text[at + len - 1] != '\n') len--;
            if (len == 0) {  // a line longer than the block: grow it
                block *= 2;
                buf.resize(block + SIMDJSON_PADDING);
                continue;
            }
        }
        memcpy(buf.data(), text + at, len);
        check_block(parser, re, buf.data(), len, c);
        at += len;
    }
    for (int i = 0; i < FIELD_COUNT; i++) delete re[i];
    return c;
}

int main(int argc, char** argv) {
    int threads = 1;
    int arg = 1;
    if (argc == 4 && strcmp(argv[1], "--threads") == 0) {
        threads = atoi(argv[2]);
        arg = 3;
    }
    if (argc != arg + 1 || threads < 1) { fprintf(stderr, "usage: limit [--threads N] FILE.jsonl\n"); return 2; }
    int fd = open(argv[arg], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { fprintf(stderr, "limit: cannot read %s\n", argv[arg]); return 3; }
    size_t size = (size_t)st.st_size;
    const uint8_t* text = size ? (const uint8_t*)mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0) : nullptr;
    if (size && text == MAP_FAILED) { fprintf(stderr, "limit: cannot map %s\n", argv[arg]); return 3; }

    // N ranges of whole lines: each cut moved to just after the next line end.
    std::vector<size_t> cuts = {0};
    for (int t = 1; t < threads; t++) {
        size_t at = size * (size_t)t / (size_t)threads;
        if (at < cuts.back()) at = cuts.back();
        while (at > 0 && at < size && text[at - 1] != '\n') at++;
        cuts.push_back(at);
    }
    cuts.push_back(size);
    std::vector<Counts> parts(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; t++) pool.emplace_back([&, t] { parts[t] = check_range(text, cuts[t], cuts[t + 1]); });
    for (auto& th : pool) th.join();
    Counts c;
    for (auto& p : parts) c.add(p);

    printf("total %ld\nvalid %ld\ninvalid %ld\n", c.total, c.valid, c.total - c.valid);
    for (int i = 0; i < FIELD_COUNT; i++) printf("%s %ld\n", NAMES[i], c.failed[i]);
    return 0;
}
