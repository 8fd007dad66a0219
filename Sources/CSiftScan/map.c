#define _GNU_SOURCE
#include "sift_map.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SIFT_MAP_SLOTS 64

/// A slot is free while `base` is 0, taken (not yet readable) while it is 1. The handler reads
/// only atomics: `length` is 0 whenever `base` is not a live mapping's.
static struct {
    _Atomic(uintptr_t) base;
    _Atomic(size_t) length;
    atomic_int damaged;
} slots[SIFT_MAP_SLOTS];

static struct sigaction previous;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int guarded;
static uintptr_t page;

static void on_sigbus(int signal, siginfo_t *info, void *context) {
    (void)signal;
    (void)context;
    uintptr_t at = (uintptr_t)info->si_addr;
    for (int i = 0; i < SIFT_MAP_SLOTS; i++) {
        uintptr_t base = atomic_load(&slots[i].base);
        size_t length = atomic_load(&slots[i].length);
        if (at < base || at - base >= length) continue;
        void *zeros = (void *)(at & ~(page - 1));
        if (mmap(zeros, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) break;
        atomic_store(&slots[i].damaged, 1);
        return;  // the read runs again and finds zeros
    }
    // Not a guarded mapping's: the handler before takes it, when the read runs again (a fault)
    // or at once (a signal sent by a program, which no read repeats).
    sigaction(SIGBUS, &previous, NULL);
    if (info->si_code <= 0) raise(SIGBUS);
}

static void install(void) {
    page = (uintptr_t)sysconf(_SC_PAGESIZE);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    guarded = sigaction(SIGBUS, &action, &previous) == 0;
}

const uint8_t *sift_map_open(int fd, size_t length, int *slot) {
    pthread_once(&once, install);
    if (!guarded || length == 0) return NULL;
    void *bytes = mmap(NULL, length, PROT_READ, MAP_PRIVATE, fd, 0);
    if (bytes == MAP_FAILED) return NULL;
    madvise(bytes, length, MADV_SEQUENTIAL);
    for (int i = 0; i < SIFT_MAP_SLOTS; i++) {
        uintptr_t free = 0;
        if (!atomic_compare_exchange_strong(&slots[i].base, &free, (uintptr_t)1)) continue;
        atomic_store(&slots[i].damaged, 0);
        atomic_store(&slots[i].base, (uintptr_t)bytes);
        atomic_store(&slots[i].length, length);
        *slot = i;
        return bytes;
    }
    munmap(bytes, length);
    return NULL;
}

int sift_map_damaged(int slot) { return atomic_load(&slots[slot].damaged); }

void sift_map_release(int slot, size_t from, size_t to) {
    uintptr_t base = atomic_load(&slots[slot].base);
    size_t length = atomic_load(&slots[slot].length);
    // Whole pages inside the range, and never past the mapping: MADV_DONTNEED on the memory after
    // it would zero someone else's pages.
    size_t start = (from + page - 1) & ~(size_t)(page - 1);
    size_t end = (to < length ? to : length) & ~(size_t)(page - 1);
    if (end > start) madvise((void *)(base + start), end - start, MADV_DONTNEED);
}

void sift_map_close(int slot) {
    uintptr_t base = atomic_load(&slots[slot].base);
    size_t length = atomic_load(&slots[slot].length);
    atomic_store(&slots[slot].length, 0);
    munmap((void *)base, length);
    atomic_store(&slots[slot].base, 0);
}
