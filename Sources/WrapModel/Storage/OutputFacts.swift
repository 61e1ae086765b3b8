/// The bits of a model's output facts word (see `ModelSlots.facts`).
enum OutputFacts {
    /// The model's JSON object has distinct, unescaped ASCII keys.
    static let keysPlain: UInt = 0b0010_0000
    /// The model's JSON object has other keys.
    static let keysNotPlain: UInt = 0b0100_0000
    /// A property of the model may hold a written value.
    static let mayHoldWrites: UInt = 0b1000_0000
}
