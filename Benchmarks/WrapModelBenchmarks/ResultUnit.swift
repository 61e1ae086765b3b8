/// The quantity a row of the report measures: time per operation, or retained bytes.
enum ResultUnit {
    case seconds, bytes
}
