/// The bits of `WrapModel.outputFacts`.
enum OutputFacts {
    /// The output plan (`WrapModel.outputPlanDecided()`).
    static let planMask: UInt8 = 0b0000_0111
    /// The model's JSON object has distinct, unescaped ASCII keys.
    static let keysPlain: UInt8 = 0b0010_0000
    /// The model's JSON object has other keys.
    static let keysNotPlain: UInt8 = 0b0100_0000
    /// A property of the model may hold a written value.
    static let mayHoldWrites: UInt8 = 0b1000_0000
}
