import Foundation
import WrapModelFormats

/// Turns framed elements into what a stream delivers, applying the caller's choice for an
/// element that does not give a model.
struct ElementDecoding: Sendable {
    let mutable: Bool
    let strict: Bool
    let options: WrapStreamOptions

    enum Outcome<T> {
        case deliver(T)
        case skip
        case end
    }

    /// The model of `element`'s bytes, made exactly as `model(parsing:)` makes it (polymorphic
    /// selection, migrations, strict validation when asked).
    func model<Model: WrapModel>(_ element: FramedElement, as _: Model.Type) throws(WrapStreamError) -> Outcome<Model> {
        do {
            return .deliver(try Model.model(parsing: element.bytes, mutable: mutable, strict: strict))
        } catch {
            return try handle(error, of: element)
        }
    }

    /// The event of `element`, whose bytes are the event's data.
    func event<Model: WrapModel>(_ element: FramedElement, as _: Model.Type) throws(WrapStreamError) -> Outcome<WrapServerSentEvent<Model>> {
        switch try model(element, as: Model.self) {
        case .deliver(let model):
            let fields = element.event ?? FramedElement.EventFields(name: "message", id: nil, retry: nil)
            return .deliver(WrapServerSentEvent(model: model, name: fields.name, id: fields.id, retry: fields.retry, index: element.index))
        case .skip: return .skip
        case .end: return .end
        }
    }

    /// Applies ``WrapStreamOptions/onBadElement`` to an element's error; an element that nests
    /// too deep ends the stream whatever the options say, as the other limits do.
    func handle<T>(_ error: WrapModelError, of element: FramedElement) throws(WrapStreamError) -> Outcome<T> {
        if case .malformedJSON = error {
            // Only a line that ended in the chunk where it began reaches the parser unfollowed
            // (the framers follow everything else), so this runs on the rare failing element only.
            var nesting = NestingTracker()
            if let at = nesting.follow(element.bytes) {
                throw WrapStreamError(elementIndex: element.index, offset: element.offset + at, kind: .nestingTooDeep(limit: NestingTracker.limit))
            }
        }
        let failure = streamError(error, of: element)
        switch options.onBadElement {
        case .fail: throw failure
        case .skip:
            options.onSkip?(failure)
            return .skip
        case .endStream: return .end
        }
    }

    /// `error` placed in the stream: the element's offset plus the error's own, when it has one.
    func streamError(_ error: WrapModelError, of element: FramedElement) -> WrapStreamError {
        var offset = element.offset
        if case .malformedJSON(_, let inner?) = error { offset += inner }
        return WrapStreamError(elementIndex: element.index, offset: offset, kind: .badElement(error))
    }
}
