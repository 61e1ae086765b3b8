/// One server-sent event whose data is a JSON object, with its model.
///
/// The fields are those of the HTML standard's event stream: ``name`` is the `event:` field
/// (`"message"` when the event has none), ``id`` the last event ID (set by an `id:` field of this
/// event or of an earlier one, as the standard says; nil while none was given), and ``retry`` the
/// reconnection time the stream last asked for with a `retry:` field, in milliseconds.
public struct WrapServerSentEvent<Model: WrapModel>: Sendable {
    /// The model of the event's data (its `data:` lines joined with line feeds).
    public let model: Model
    /// The event type: the `event:` field, `"message"` when absent.
    public let name: String
    /// The last event ID, which a client sends back as `Last-Event-ID` when it reconnects.
    public let id: String?
    /// The reconnection time, in milliseconds, of the last valid `retry:` field so far (in this
    /// event or an earlier one); nil while there was none.
    public let retry: Int?
    /// The event's index among the events with data, counted from 0, skipped ones included.
    public let index: Int
}
