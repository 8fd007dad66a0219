/// How a fuzz target fails: loudly, with the input (escaped, cut to 2,000 characters), so that
/// libFuzzer saves it as a crash and the message says what disagreed. Shared by SiftFuzz's targets.
package enum FuzzCheck {
    /// Stops the run with `what` and the input.
    package static func fail(_ what: String, _ input: [UInt8], file: StaticString = #fileID, line: UInt = #line) -> Never {
        var shown = String(decoding: input, as: UTF8.self).debugDescription
        if shown.count > 2_000 { shown = String(shown.prefix(2_000)) + "…" }
        fatalError("\(what)\ninput (\(input.count) bytes): \(shown)", file: file, line: line)
    }

    /// Fails unless `condition` holds.
    package static func check(
        _ condition: @autoclosure () -> Bool, _ what: @autoclosure () -> String, _ input: [UInt8], file: StaticString = #fileID,
        line: UInt = #line
    ) {
        if !condition() { fail(what(), input, file: file, line: line) }
    }
}
