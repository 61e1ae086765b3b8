/// One key of an object shape.
final class FieldShape {
    /// In how many of the merged objects the key appeared (null included).
    var present = 0
    let value = ValueShape()
}
