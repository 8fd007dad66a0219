#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
