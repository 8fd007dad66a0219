// The C++ "limit" of scripts/compare: a job done about as fast as one core allows.
// simdjson on-demand (iterate_many over 4 MiB blocks of whole lines) + PCRE2 JIT (8-bit, UTF,
// DOLLAR_ENDONLY so "$" means the very end and a trailing "\n" fails) + the checksums.
// Usage: limit [--job signup|order-review] [--threads N] FILE.jsonl -> the job's counts (same
// lines as every program; the default job is signup). With --threads N the file is cut into N
// ranges at line ends, each checked by a thread of its own (its own parser, buffer and match
// data), and the counts are summed: the same work split over N cores, as `sift run --workers N`
// splits it. This file: main and the sign-up job (Benchmarks/job/signup-job.yaml); the
// order-review job is in orders.cpp, what both share in limit.h.
#include "limit.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

enum Field { PHONE, EMAIL, PASSWORD, PLATE, ID_NUMBER, FIELD_COUNT };
const char* const NAMES[FIELD_COUNT] = {"phone", "email", "password", "plate", "id_number"};
const char* const PATTERNS[FIELD_COUNT] = {
    "^1(3[0-9]|4[57]|5[0-35-9]|6[2567]|7[0-35-8]|8[0-9]|9[0-35-9])[0-9]{8}$",
    "^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,63}$",
    "^[a-zA-Z0-9]{6,20}$",
    "^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z]"
    "([A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9][0-9]{4}|[0-9]{5}[DF])$",
    "^[1-9][0-9]{5}(18|19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[0-9]{3}[0-9X]$",
};
const size_t EMAIL_MAX = 254;  // characters (code points)

int field_index(std::string_view key) {
    for (int i = 0; i < FIELD_COUNT; i++) if (key == NAMES[i]) return i;
    return -1;
}

// Five top-level fields, each required, a string matching its pattern (email also at most 254
// characters, id_number also with a good GB 11643 check character).
struct SignUp {
    static constexpr int FIELDS = FIELD_COUNT;
    Regex phone{PATTERNS[PHONE]}, email{PATTERNS[EMAIL]}, password{PATTERNS[PASSWORD]}, plate{PATTERNS[PLATE]},
        id_number{PATTERNS[ID_NUMBER]};
    const Regex* re[FIELD_COUNT] = {&phone, &email, &password, &plate, &id_number};

    void record(ondemand::object& obj, bool bad[FIELDS]) {
        for (int i = 0; i < FIELDS; i++) bad[i] = true;  // missing until seen
        for (auto field : obj) {
            std::string_view key;
            if (field.unescaped_key().get(key)) bad_input("bad key");
            int f = field_index(key);
            if (f < 0) continue;  // noise: skipped unread
            std::string_view s;
            if (field.value().get_string().get(s)) continue;  // null or not a string: fails
            bool ok = re[f]->match(s);
            if (f == EMAIL) ok = ok && code_points(s) <= EMAIL_MAX;
            if (f == ID_NUMBER) ok = ok && gb11643(s);
            bad[f] = !ok;
        }
    }
};

}  // namespace

void signup_job(const uint8_t* text, size_t size, int threads) {
    run_job<SignUp>(text, size, threads).print(NAMES);
}

int main(int argc, char** argv) {
    const char* usage = "usage: limit [--job signup|order-review] [--threads N] FILE.jsonl\n";
    int threads = 1;
    void (*job)(const uint8_t*, size_t, int) = signup_job;
    int arg = 1;
    while (arg + 2 < argc) {  // options, each with a value, before the file
        if (strcmp(argv[arg], "--threads") == 0) {
            threads = atoi(argv[arg + 1]);
        } else if (strcmp(argv[arg], "--job") == 0 && strcmp(argv[arg + 1], "signup") == 0) {
            job = signup_job;
        } else if (strcmp(argv[arg], "--job") == 0 && strcmp(argv[arg + 1], "order-review") == 0) {
            job = order_review_job;
        } else {
            break;
        }
        arg += 2;
    }
    if (argc != arg + 1 || threads < 1) { fputs(usage, stderr); return 2; }
    int fd = open(argv[arg], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { fprintf(stderr, "limit: cannot read %s\n", argv[arg]); return 3; }
    size_t size = (size_t)st.st_size;
    const uint8_t* text = size ? (const uint8_t*)mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0) : nullptr;
    if (size && text == MAP_FAILED) { fprintf(stderr, "limit: cannot map %s\n", argv[arg]); return 3; }
    job(text, size, threads);
    return 0;
}
