import Foundation

/// One element cut out of a stream: its own copy of the bytes, so that the model made from it
/// keeps nothing of the chunks it came in, and releasing the model frees them.
struct FramedElement {
    /// The element's bytes (for an event, its data lines joined with line feeds).
    let bytes: Data
    /// The element's index among the framed elements.
    let index: Int
    /// The stream offset of its first byte (for an event, of its first `data:` line).
    let offset: Int
    /// The event's fields, for server-sent events.
    let event: EventFields?

    struct EventFields {
        let name: String
        let id: String?
        let retry: Int?
    }
}
