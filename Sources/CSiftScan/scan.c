// The scanner's helpers are inline functions in include/sift_scan.h; SwiftPM needs a source file.
#include "sift_scan.h"

// The commit a build was made from: scripts/release-build writes sift_commit.h into a folder only
// its build has on the include path (.build-release/commit); other builds say "unknown".
#if __has_include("sift_commit.h")
#include "sift_commit.h"
#endif
#ifndef SIFT_COMMIT
#define SIFT_COMMIT "unknown"
#endif

const char *sift_build_commit(void) { return SIFT_COMMIT; }
