#ifndef SIFT_MAP_H
#define SIFT_MAP_H

#include <stddef.h>
#include <stdint.h>

/// A regular file mapped read-only, guarded against the file shrinking under it.
///
/// Reading a mapped page that lies past the end of a file which another program truncated
/// raises SIGBUS, which would end the process. While a mapping is open, a SIGBUS handler
/// (installed once, chained to the one before) maps a page of zeros over the faulting page of
/// that mapping and marks the mapping damaged: the read goes on, sees zeros, and the caller
/// asks `sift_map_damaged` before it trusts what it read. A fault elsewhere goes to the
/// handler that was there before (which then stays). A file cut short inside a page reads as
/// zeros past its new end without a fault: `sift_map_damaged` does not see that, the caller
/// compares the file's size with the mapping's.

/// Maps the first `length` bytes of `fd` (length > 0). Returns NULL when the file cannot be
/// mapped or guarded (the caller then reads it), else the bytes, with `*slot` set for the
/// calls below.
const uint8_t *sift_map_open(int fd, size_t length, int *slot);

/// Nonzero once a read of the mapping in `slot` faulted because its file had shrunk.
int sift_map_damaged(int slot);

/// Drops the mapping's whole pages between `from` and `to` from this process's memory; they
/// are read from the file again if touched. Keeps a long file's mapped pages from counting
/// against the process as it is read.
void sift_map_release(int slot, size_t from, size_t to);

/// Unmaps the mapping in `slot`.
void sift_map_close(int slot);

#endif
