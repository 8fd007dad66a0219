#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable byte buffer with value semantics, for the writers on the hot path: an append
/// copies into spare capacity with `memcpy`, without the generic `Array` paths (about a
/// hundred instructions per call there, which a result line pays about ten times).
///
/// Inlinable in the modules of the package that write result lines (the core, the batch runner).
@usableFromInline package struct ByteBuffer: @unchecked Sendable {  // copy-on-write: storage is only mutated when unique
    @usableFromInline final class Storage: @unchecked Sendable {  // written only through a uniquely referenced ByteBuffer
        @usableFromInline let base: UnsafeMutablePointer<UInt8>
        @usableFromInline let capacity: Int

        @usableFromInline init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }
    }

    @usableFromInline var storage: Storage
    @usableFromInline var written = 0
    /// How many bytes are written.
    @inlinable package var count: Int { written }

    /// An empty buffer with room for `capacity` bytes.
    @inlinable package init(capacity: Int = 256) { storage = Storage(capacity: capacity) }

    /// The bytes, copied into an array.
    @inlinable package var array: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: count)) }

    /// True when nothing is written.
    @inlinable package var isEmpty: Bool { count == 0 }

    /// Room for `n` more bytes in storage of its own; returns where they go.
    @inlinable @inline(__always)
    package mutating func spare(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(!isKnownUniquelyReferenced(&storage) || count + n > storage.capacity) { grow(count + n) }
        return storage.base + count
    }

    @usableFromInline @inline(never)
    package mutating func grow(_ needed: Int) {
        let bigger = Storage(capacity: max(needed, storage.capacity * 2))
        bigger.base.update(from: storage.base, count: count)
        storage = bigger
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        spare(1).pointee = byte
        written += 1
    }

    /// Appends bytes.
    @inlinable @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress, bytes.count > 0 else { return }
        spare(bytes.count).update(from: from, count: bytes.count)
        written += bytes.count
    }

    /// Appends bytes.
    @inlinable package mutating func append(_ bytes: UnsafeRawBufferPointer) { append(bytes.assumingMemoryBound(to: UInt8.self)) }

    /// Appends bytes.
    @inlinable package mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

    /// Drops the last byte.
    @inlinable package mutating func removeLast() {
        precondition(count > 0, "removeLast on an empty ByteBuffer")
        written -= 1
    }

    /// The last byte written, if any.
    @inlinable package var last: UInt8? { count > 0 ? storage.base[count - 1] : nil }

    /// Removes `n` bytes at `offset`, moving the bytes after them down.
    @inlinable package mutating func remove(at offset: Int, count n: Int) {
        precondition(offset >= 0 && n >= 0 && offset + n <= count, "remove past the end of a ByteBuffer")
        _ = spare(0)  // makes the storage unique
        let at = storage.base + offset
        at.update(from: at + n, count: count - offset - n)  // overlapping ranges are fine (memmove)
        written -= n
    }

    /// Drops what was written after the first `length` bytes.
    @inlinable package mutating func truncate(to length: Int) {
        precondition(length >= 0 && length <= count, "truncate past the end of a ByteBuffer")
        written = length
    }

    /// Empties the buffer, keeping its capacity when it is not shared.
    @inlinable package mutating func removeAll() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(capacity: storage.capacity) }
        written = 0
    }

    /// Calls `body` with the bytes written.
    @inlinable package func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.base, count: count)) }
    }
}
