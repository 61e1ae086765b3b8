import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking   // URLSession on Linux
#endif
import WrapModel

// The whole round trip against an HTTP API with URLSession: GET a customer, change its email,
// PATCH the change as a JSON Merge Patch, POST the whole customer back without losing what the
// model does not declare, and print what the server received. Then two streams, read as they
// arrive: the customer's changes as server-sent events, an export as JSON Lines, and one document
// read while it is written (a partial document). The server is a small stand-in
// started in this process on 127.0.0.1 (see StandInServer.swift); the client code is what you
// would write against your own API.

let resource = Data("""
    {"id": 7, "name": "Ada Lovelace", "email": "ada@example.com",
     "address": {"street": "12 St James's Square", "city": "London"},
     "preferences": {"newsletter": true, "language": "en-GB"}, "tags": ["vip", "early"]}
    """.utf8)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("wrapmodel-http-example: \(message)\n".utf8))
    exit(1)
}

/// Sends `body` with `method` and checks for a 2xx answer.
func upload(_ method: String, _ body: Data, to url: URL, contentType: String) async throws {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    request.httpBody = body
    let (_, response) = try await URLSession.shared.data(for: request)
    guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
        fail("\(method) \(url.path) was refused")
    }
}

// The live feed of changes (server-sent events, ending with the `[DONE]` some APIs send) and
// the export (JSON Lines), each sent by the stand-in server in pieces, a moment apart.
let changeEvents = StandInServer.Stream(contentType: "text/event-stream", pieces: [
    ": connected\n\n",
    "event: change\nid: 1\ndata: {\"id\": 7, \"field\": \"email\", \"value\": \"ada@analytical.example\"}\n\n",
    "event: change\nid: 2\ndata: {\"id\": 7, \"field\": \"city\",\ndata:  \"value\": \"Paris\"}\n\n",
    "data: [DONE]\n\n",
].map { Data($0.utf8) })
let export = StandInServer.Stream(contentType: "application/x-ndjson", pieces: [
    "{\"id\": 7, \"field\": \"name\", \"value\": \"Ada King\"}\n{\"id\": 8, \"fi",
    "eld\": \"name\", \"value\": \"Charles Babbage\"}\n",
].map { Data($0.utf8) })

// One document, written a few bytes at a time, as an assistant's structured answer arrives.
let recipeDocument = #"{"title": "Cr\u00eapes for four", "servings": 4, "steps": [{"text": "Whisk the flour, eggs and milk"}, {"text": "Fry thin, one ladle at a time"}]}"#
let recipeStream = StandInServer.Stream(contentType: "application/json", pieces: stride(from: 0, to: recipeDocument.utf8.count, by: 23).map {
    Data(Array(recipeDocument.utf8)[$0..<min($0 + 23, recipeDocument.utf8.count)])
})

let server: StandInServer
do {
    server = try StandInServer(resource: resource, streams: ["/customers/7/changes": changeEvents, "/changes.jsonl": export,
                                                             "/recipes/1": recipeStream])
} catch {
    fail("cannot start the stand-in server on 127.0.0.1: \(error)")
}
server.start(serving: 6)
guard let url = URL(string: "http://127.0.0.1:\(server.port)/customers/7") else { fail("bad URL") }

do {
    // 1. GET: the model wraps the response; nothing is converted until a property is read.
    let (data, _) = try await URLSession.shared.data(from: url)
    let customer = try Customer(parsing: data, mutable: true)
    print("GET   \(url.path): #\(customer.id) \(customer.name) <\(customer.email)> in \(customer.city ?? "-")")

    // 2. Change one field.
    customer.email = "ada@analytical.example"

    // 3. PATCH only the change (RFC 7396 JSON Merge Patch).
    try await upload("PATCH", try customer.mergePatchData(), to: url, contentType: "application/merge-patch+json")

    // 4. POST the whole resource back: unwritten values exactly as received, the change applied.
    try await upload("POST", try customer.jsonData(), to: url, contentType: "application/json")

    // 5. Server-sent events: each event's model as soon as its blank line arrives. `[DONE]` is
    //    not JSON: `.endStream` makes it end the stream.
    let changesURL = URL(string: "http://127.0.0.1:\(server.port)/customers/7/changes")!
    var request = URLRequest(url: changesURL)
    request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
    for try await event in CustomerChange.events(streaming: ResponseChunks.chunks(for: request),
                                                 options: WrapStreamOptions(onBadElement: .endStream)) {
        print("EVENT \(event.name) #\(event.id ?? "-"): customer \(event.model.id) \(event.model.field) = \(event.model.value)")
    }

    // 6. JSON Lines: each line's model as soon as its line feed arrives, even when a line
    //    spans two pieces of the response.
    let exportURL = URL(string: "http://127.0.0.1:\(server.port)/changes.jsonl")!
    for try await change in CustomerChange.models(streaming: ResponseChunks.chunks(for: URLRequest(url: exportURL)), format: .jsonLines) {
        print("LINE  customer \(change.id) \(change.field) = \(change.value)")
    }

    // 7. One document read while it arrives: the model fills in piece by piece, a string shows
    //    the text received so far, and the end is what init(parsing:) makes of the whole.
    let recipeURL = URL(string: "http://127.0.0.1:\(server.port)/recipes/1")!
    let reply = WrapPartialDocument<Recipe>()
    let recipe = reply.model
    for try await piece in ResponseChunks.chunks(for: URLRequest(url: recipeURL)) {
        try reply.append(piece)
        let steps = recipe.steps.map { $0.$text.receivedText ?? "…" }
        print("PART  \(reply.byteCount) bytes: \(recipe.$title.receivedText ?? "…") (\(recipe.$servings.arrival)) \(steps)")
    }
    try reply.finish()
    print("DONE  \(recipe.title), serves \(recipe.servings), \(recipe.steps.count) steps")
} catch {
    fail("\(error)")
}

print("\nThe server received:")
for request in server.requests {
    print("\(request.method) \(request.path)\(request.body.isEmpty ? "" : " (\(request.contentType))")")
    if !request.body.isEmpty { print("  \(request.body)") }
}
