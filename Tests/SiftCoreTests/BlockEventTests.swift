import Foundation
import Testing

@testable import SiftCore
@_spi(Batch) @testable import SiftJSON

/// What a settler keeps in memory follows its blocks (`BlockEvent`): a block sent stays until it
/// is kept; when one is dropped (a ledger's block lost a race), every block since the last one
/// kept is undone, the block in flight and the one settled after it alike.
@Suite struct BlockEventTests {
    @Test func aSettlerUndoesEveryBlockNotKept() throws {
        let yaml = "pack: orders\nfields:\n  order_no: {unique_in_run: true}\n"
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "orders.yaml").pipeline)
        var found: (stage: any Stage, settler: any Settler)?
        for stage in p.packs[0].stages { if let s = try stage.makeSettler(RunEnvironment()) { found = (stage, s) } }
        let (stage, settler) = try #require(found)
        func settle(_ order: String) throws -> [String] {
            let doc = try JSONDocument(bytes: Array(#"{"order_no":"\#(order)"}"#.utf8))
            let context = EvaluationContext(record: doc.root, asOfMillis: 0)
            var result = stage.evaluate(doc.root, in: context)
            settler.settle(&result, context: context)
            return result.violations.map(\.reason.description)
        }
        #expect(try settle("a") == [])
        settler.blockEnded(.sent)
        #expect(try settle("b") == [])
        #expect(try settle("a") == ["order_no.duplicate"])  // the block in flight is seen
        settler.blockEnded(.dropped)
        #expect(try settle("a") == [])
        #expect(try settle("b") == [])
        settler.blockEnded(.sent)
        settler.blockEnded(.kept)
        #expect(try settle("c") == [])
        settler.blockEnded(.sent)
        settler.blockEnded(.dropped)  // only the block sent since the last kept one
        #expect(try settle("a") == ["order_no.duplicate"])
        #expect(try settle("b") == ["order_no.duplicate"])
        #expect(try settle("c") == [])
    }
}
