// The parser half of the job, for scripts/parser-compare: simdjson's DOM parser (full
// validation of structure, UTF-8, numbers and escapes, as Sift's tape parser does) over every
// line of a JSONL file. Usage: parse FILE.jsonl -> "lines N valid V seconds S".
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <simdjson.h>

int main(int argc, char** argv) {
    if (argc != 2) { fprintf(stderr, "usage: parse FILE.jsonl\n"); return 2; }
    auto start = std::chrono::steady_clock::now();
    simdjson::padded_string file;
    if (simdjson::padded_string::load(argv[1]).get(file)) { fprintf(stderr, "parse: cannot read %s\n", argv[1]); return 2; }
    simdjson::dom::parser parser;
    const char* p = file.data();
    const char* end = p + file.size();
    size_t lines = 0, valid = 0;
    while (p < end) {
        const char* nl = static_cast<const char*>(memchr(p, '\n', end - p));
        const char* stop = nl ? nl : end;
        if (stop > p) {
            lines++;
            simdjson::dom::element doc;
            // The file is padded, and a line is followed by the rest of it: no copy needed.
            if (!parser.parse(p, stop - p, false).get(doc)) valid++;
        }
        p = stop + 1;
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    printf("lines %zu valid %zu seconds %.3f\n", lines, valid, seconds);
    return 0;
}
