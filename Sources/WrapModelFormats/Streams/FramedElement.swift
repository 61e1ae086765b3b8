import Foundation

/// One element cut out of a stream: its own copy of the bytes, so that the model made from it
/// keeps nothing of the chunks it came in, and releasing the model frees them.
package struct FramedElement {
    /// The element's bytes (for an event, its data lines joined with line feeds).
    package let bytes: Data
    /// The element's index among the framed elements.
    package let index: Int
    /// The stream offset of its first byte (for an event, of its first `data:` line).
    package let offset: Int
    /// The event's fields, for server-sent events.
    package let event: EventFields?

    package struct EventFields {
        package let name: String
        package let id: String?
        package let retry: Int?

        package init(name: String, id: String?, retry: Int?) {
            self.name = name
            self.id = id
            self.retry = retry
        }
    }
}
