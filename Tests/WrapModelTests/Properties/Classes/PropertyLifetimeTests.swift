import Foundation
import Testing
@testable import WrapModel

final class LifetimeModel: WrapModel, @unchecked Sendable {
    @IntProperty("count") var count
    @MutStrProperty("note") var note
    let title = WPStr("title")
    var countProperty: WrapPropertyInt { $count }
    var noteProperty: WrapPropertyString { $note }
}

/// A classic property converted by a custom converter and read through a wrapper with a read
/// modifier: both live in the property's one out-of-line hooks object.
final class HookedModel: WrapModel, @unchecked Sendable {
    @ROProperty(HookedModel.makeScaled(), modifier: { $0 + 1 }) var scaled: Int
    var scaledProperty: WrapProperty<Int> { $scaled }

    static func makeScaled() -> WrapProperty<Int> {
        let property = WrapProperty<Int>("n", defaultValue: -1)
        property.toModelConverter = { (($0 as? Int) ?? 0) * 10 }
        property.fromModelConverter = { "\($0)" }
        return property
    }
}

@Suite("Property objects and the model they belong to")
struct PropertyLifetimeTests {
    @Test("a property object kept after its model is released still reads the model's data, and has no model")
    func propertyOutlivesModel() throws {
        var model: LifetimeModel? = try LifetimeModel(parsing: #"{"count": 3, "title": "t", "note": "n"}"#)
        let count = try #require(model?.countProperty)
        let title = try #require(model?.title)
        #expect(count.model === model)
        model = nil
        #expect(count.model == nil)
        #expect(title.model == nil)
        #expect(count.value == 3)
        #expect(title.value == "t")
    }

    @Test("the model's slots live while the model or any of its property objects does, and no longer")
    func slotsLifetime() throws {
        weak var binding: ModelSlots?
        var kept: WrapProperty<String>?
        do {
            let model = try LifetimeModel(parsing: #"{"count": 3, "title": "t", "note": "n"}"#, mutable: true)
            binding = model.slots
            #expect(binding != nil)
            #expect(model.note == "n")
            // Read, then written twice: the replaced boxes are retired to the slots.
            model.note = "a"
            model.note = "b"
            #expect(model.retiredCacheBoxCount == 2)
            kept = model.noteProperty
        }
        #expect(binding != nil)
        #expect(kept?.value == "b")
        kept = nil
        #expect(binding == nil)
    }

    @Test("a model's classic property objects share one reference to its slots: they live while the model or any of the objects does")
    func classicObjectsShareSlots() throws {
        weak var slots: ModelSlots?
        var number: WrapPropertyInt?
        var shipping: WrapPropertyModel<Address>?
        do {
            let order = try Order(parsing: #"{"number": 5, "shipping": {"city": "Oslo"}}"#)
            slots = order.slots
            number = order.number
            shipping = order.shipping
            #expect(order.number.model === order)
        }
        #expect(slots != nil)
        #expect(number?.model == nil)
        #expect(number?.value == 5)
        number = nil
        #expect(slots != nil)
        #expect(shipping?.value?.city.value == "Oslo")
        shipping = nil
        #expect(slots == nil)
    }

    @Test("a classic property object is a 40-byte object that finds its model's slots from its slot")
    func objectLayout() throws {
        // The end of the object's last stored property, from the runtime's field metadata.
        var end = 0
        for index in 0..<runtimeFieldCount(WrapPropertyInt.self) {
            var info = RuntimeFieldInfo()
            let type = runtimeFieldMetadata(WrapPropertyInt.self, index: index, info: &info)
            info.freeName?(info.name)
            func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
            end = Swift.max(end, runtimeFieldOffset(WrapPropertyInt.self, index: index) + _openExistential(type, do: size))
        }
        #expect(end == 40)   // 64-bit: a 48-byte allocation
        let order = try Order(parsing: #"{"number": 5}"#)
        let slots = order.slots
        for ordinal in 0..<slots.count {
            #expect(ModelSlots.address(ofSlot: slots.slot(ordinal), ordinal: ordinal) == UnsafeRawPointer(Unmanaged.passUnretained(slots).toOpaque()))
        }
        #expect(order.number.slots === slots)
        #expect(order.billing.slots === slots)
    }

    @Test("a model's data lives as long as its slots; data replaced by newer data is released then")
    func storageLifetime() throws {
        weak var first: ModelStorage?
        weak var second: ModelStorage?
        do {
            let order = try Order(parsing: #"{"number": 1}"#, mutable: true)
            first = order.storage
            #expect(order.number.value == 1)
            order.replaceOriginalData(["number": 2])
            second = order.storage
            #expect(first == nil)
            #expect(second != nil)
            #expect(order.number.value == 2)
        }
        #expect(second == nil)
    }

    @Test("a model released with all its classic property objects frees its slots")
    func classicObjectsReleasedWithModel() throws {
        weak var slots: ModelSlots?
        weak var number: WrapPropertyInt?
        do {
            let order = try Order(parsing: #"{"number": 5}"#)
            slots = order.slots
            number = order.number
            #expect(order.number.value == 5)
        }
        #expect(slots == nil)
        #expect(number == nil)
    }

    @Test("converters and a wrapper's read modifier on one property all apply")
    func convertersAndModifiers() {
        let model = HookedModel(data: ["n": 4], mutable: false)
        #expect(model.scaled == 41)
        #expect(model.scaledProperty.value == 40)
        #expect(model.scaledProperty.rawValue(withNulls: false, forOutput: true) as? String == "40")
        #expect(model.scaledProperty.readModifier != nil)
        #expect(model.scaledProperty.writeModifier == nil)
    }

    @Test("declaration flags: serializeForOutput, transient")
    func declarationFlags() {
        let hidden = WPInt("a", serializeForOutput: false)
        let shown = WPStr("b").transient()
        #expect(hidden.serializeForOutput == false)
        #expect(hidden.isTransient == false)
        #expect(shown.serializeForOutput == true)
        #expect(shown.isTransient == true)
    }

    @Test("more declarations than the thread's initial stack holds: the model claims its own, released orphans give their positions back")
    func manyAnnouncements() {
        let depthBefore = ConstructionContext.current.depth
        weak var firstOrphan: WrapPropertyInt?
        weak var lastOrphan: WrapPropertyInt?
        do {
            var orphans: [WrapPropertyInt] = (0..<150).map { WPInt("k\($0)") }
            firstOrphan = orphans.first
            lastOrphan = orphans.last
            orphans.removeAll()
        }
        let model = LifetimeModel(data: ["count": 2, "title": "x"], mutable: false)
        #expect(model.count == 2)
        #expect(model.title.value == "x")
        #expect(firstOrphan == nil)
        #expect(lastOrphan == nil)
        #expect(ConstructionContext.current.depth == depthBefore)
    }
}
