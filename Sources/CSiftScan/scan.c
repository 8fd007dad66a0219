// The scanner's helpers are inline functions in include/sift_scan.h; SwiftPM needs a source file.
#include "sift_scan.h"
