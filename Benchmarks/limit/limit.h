// What the jobs of the C++ limit share (limit.cpp: the sign-up job and main; orders.cpp: the
// order-review job): the PCRE2 JIT regex, code points, the GB 11643 checksum, the counts, and
// the run over a file: mmapped, cut into N ranges at line ends, each checked by a thread of
// its own (its own parser, buffer and job, so its own match data), the counts summed.
//
// A job is a class with FIELDS (the number of counted fields), a constructor that compiles
// its regexes, and `void record(ondemand::object& obj, bool bad[FIELDS])`, which sets bad[i]
// when field i has at least one violation in the record (bad[] starts all false).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>
#include <vector>

#include <simdjson.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

using namespace simdjson;

// The jobs (each prints its counts).
void signup_job(const uint8_t* text, size_t size, int threads);
void order_review_job(const uint8_t* text, size_t size, int threads);

[[noreturn]] inline void bad_input(const char* what) {
    fprintf(stderr, "limit: %s\n", what);
    exit(3);
}

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
    ~Regex() { pcre2_match_data_free(data); pcre2_code_free(code); }
    Regex(const Regex&) = delete;
    Regex& operator=(const Regex&) = delete;
    // The text is valid UTF-8 (simdjson validates the input), so no UTF check here.
    bool match(std::string_view s) const {
        return pcre2_jit_match(code, (PCRE2_SPTR)s.data(), s.size(), 0, 0, data, nullptr) >= 0;
    }
};

inline size_t code_points(std::string_view s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

inline bool gb11643(std::string_view s) {  // s matched an id pattern: 17 digits + [0-9X]
    static const int W[17] = {7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};
    int sum = 0;
    for (int i = 0; i < 17; i++) sum += (s[i] - '0') * W[i];
    return "10X98765432"[sum % 11] == s[17];
}

template <int N> struct Counts {
    long total = 0, valid = 0, failed[N] = {};
    void add(const Counts& o) {
        total += o.total;
        valid += o.valid;
        for (int i = 0; i < N; i++) failed[i] += o.failed[i];
    }
    // The lines every program prints: total, valid, invalid, then one per field in job order.
    void print(const char* const (&names)[N]) const {
        printf("total %ld\nvalid %ld\ninvalid %ld\n", total, valid, total - valid);
        for (int i = 0; i < N; i++) printf("%s %ld\n", names[i], failed[i]);
    }
};

// Checks every record of a block of whole JSONL lines (padded as simdjson requires).
template <class Job>
void check_block(ondemand::parser& parser, Job& job, const uint8_t* buf, size_t len, Counts<Job::FIELDS>& c) {
    ondemand::document_stream docs;
    if (parser.iterate_many(buf, len).get(docs)) { fprintf(stderr, "limit: cannot parse\n"); exit(3); }
    for (auto doc : docs) {
        ondemand::object obj;
        if (doc.get_object().get(obj)) { fprintf(stderr, "limit: record %ld is not an object\n", c.total + 1); exit(3); }
        bool bad[Job::FIELDS] = {};
        job.record(obj, bad);
        bool all_ok = true;
        for (int i = 0; i < Job::FIELDS; i++) if (bad[i]) { c.failed[i]++; all_ok = false; }
        c.total++;
        c.valid += all_ok;
    }
    if (docs.truncated_bytes() != 0) { fprintf(stderr, "limit: %zu bytes truncated\n", docs.truncated_bytes()); exit(3); }
}

// Checks the lines of text[begin, end) (whole lines), 4 MiB at a time copied into a padded
// buffer of its own, with a job (regexes, match data) of its own.
template <class Job>
Counts<Job::FIELDS> check_range(const uint8_t* text, size_t begin, size_t end) {
    Job job;
    ondemand::parser parser;
#ifdef SIMDJSON_THREADS_ENABLED
    parser.threaded = false;  // one core per range
#endif
    Counts<Job::FIELDS> c;
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
        check_block(parser, job, buf.data(), len, c);
        at += len;
    }
    return c;
}

// The job over text[0, size) with N threads: N ranges of whole lines (each cut moved to just
// after the next line end), a thread each, the counts summed.
template <class Job>
Counts<Job::FIELDS> run_job(const uint8_t* text, size_t size, int threads) {
    std::vector<size_t> cuts = {0};
    for (int t = 1; t < threads; t++) {
        size_t at = size * (size_t)t / (size_t)threads;
        if (at < cuts.back()) at = cuts.back();
        while (at > 0 && at < size && text[at - 1] != '\n') at++;
        cuts.push_back(at);
    }
    cuts.push_back(size);
    std::vector<Counts<Job::FIELDS>> parts(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; t++) {
        pool.emplace_back([&, t] { parts[t] = check_range<Job>(text, cuts[t], cuts[t + 1]); });
    }
    for (auto& th : pool) th.join();
    Counts<Job::FIELDS> c;
    for (auto& p : parts) c.add(p);
    return c;
}
