/// Whether the `count` bytes at `a` and at `b` are equal: compared a machine word at a time,
/// the last word overlapping the one before, and never reading outside either range. For
/// the short keys of JSON members this costs a few instructions, where a call to `memcmp`
/// through the dynamic linker's table costs more than the comparison.
@inlinable @inline(__always)
package func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count n: Int) -> Bool {
    let a = UnsafeRawPointer(a), b = UnsafeRawPointer(b)
    if n >= 8 {
        var i = 0
        while i &+ 8 < n {
            guard a.loadUnaligned(fromByteOffset: i, as: UInt64.self) == b.loadUnaligned(fromByteOffset: i, as: UInt64.self) else {
                return false
            }
            i &+= 8
        }
        return a.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
    }
    if n >= 4 {
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
            && a.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
    }
    var i = 0
    while i < n {
        guard a.load(fromByteOffset: i, as: UInt8.self) == b.load(fromByteOffset: i, as: UInt8.self) else { return false }
        i &+= 1
    }
    return true
}
