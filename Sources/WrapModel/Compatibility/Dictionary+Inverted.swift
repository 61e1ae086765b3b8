// Public in 1.3.7, so code written against it may call it; the library itself does not.

extension Dictionary where Value: Hashable {
    /// The dictionary with keys and values swapped; where several keys share a value, the last
    /// one in iteration order wins.
    public func inverted() -> [Value: Key] {
        var result: [Value: Key] = [:]
        result.reserveCapacity(count)
        for (key, value) in self { result[value] = key }
        return result
    }
}
