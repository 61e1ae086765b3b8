/// Why an object or value could not be imported, and where (relative to it).
struct ImportProblem: Error {
    let kind: WrapModelIssue.Kind
    var keyPath: String = ""
}
