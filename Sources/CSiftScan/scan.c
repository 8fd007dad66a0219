// The scanner's helpers are inline functions in include/sift_scan.h; SwiftPM needs a source file.
#include "sift_scan.h"

// The commit a build was made from: scripts/package passes -Xcc -DSIFT_COMMIT='"<sha>"'.
#ifndef SIFT_COMMIT
#define SIFT_COMMIT "unknown"
#endif

const char *sift_build_commit(void) { return SIFT_COMMIT; }
