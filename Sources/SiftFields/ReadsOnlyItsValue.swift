// The fields family's checks read only the value they are given, so a pack made of them lets
// the batch runner skip what no rule names (`ValueCheck.readsOnlyItsValue`).
extension ChecksumCheck { var readsOnlyItsValue: Bool { true } }
extension DateCheck { var readsOnlyItsValue: Bool { true } }
extension DecimalsCheck { var readsOnlyItsValue: Bool { true } }
extension EnumCheck { var readsOnlyItsValue: Bool { true } }
extension LengthCheck { var readsOnlyItsValue: Bool { true } }
extension MultipleOfCheck { var readsOnlyItsValue: Bool { true } }
extension NotEmptyCheck { var readsOnlyItsValue: Bool { true } }
extension RangeCheck { var readsOnlyItsValue: Bool { true } }
extension RegexCheck { var readsOnlyItsValue: Bool { true } }
extension TrimmedCheck { var readsOnlyItsValue: Bool { true } }
extension TypeCheck { var readsOnlyItsValue: Bool { true } }
extension UniqueCheck { var readsOnlyItsValue: Bool { true } }
