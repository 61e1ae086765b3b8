import Foundation

/// Implemented by the reference codecs (in the importing layer, which conforms to it; the optional
/// codec and the descriptors below it only ask): when a store imports an object, it imports the objects
/// embedded at their declarations' key paths into the referenced stores.
protocol EmbeddedReferenceImporting {
    func importEmbeddedObjects(from object: [String: Any], at path: KeyPathComponents, prefix: String,
                               issues: inout [WrapModelIssue])
}
