import Foundation
import Testing
import WrapModel

/// Reads the samples through the generated (golden) classes and checks exact values.
@Suite struct GeneratedModelTests {
    private func day(_ date: Date?) -> String? { WrapDateOutputType.yyyymmddDashes.string(from: date) }
    private func instant(_ date: Date?) -> String? { WrapDateOutputType.iso8601.string(from: date) }

    @Test func nestedCustomer() throws {
        let customer = try #require(NestedCustomer(json: try Fixtures.sampleText("nested_customer.json")))
        #expect(customer.id == 1017)
        #expect(customer.name == "Ada Lovelace")
        #expect(customer.active == true)
        #expect(customer.balance == 1250.75)
        #expect(customer.preferences.isEmpty)
        let address = try #require(customer.address)
        #expect(address.street == "12 St James's Square")
        #expect(address.city == "London")
        #expect(address.geo?.lat == 51.5074)
        #expect(address.geo?.lng == -0.1347)
        let company = try #require(customer.company)
        #expect(company.name == "Analytical Engines Ltd")
        #expect(day(company.founded) == "1843-07-01")
        #expect(company.address?.street == "1 Babbage Way")
        #expect(company.address?.postcode == "NW1 2DB")
    }

    @Test func optionalKeysAcrossSamples() throws {
        let a = try #require(Profile(json: try Fixtures.sampleText("profile_a.json")))
        #expect(a.userId == 7)
        #expect(a.nickname == "ada")
        #expect(a.score == 10)
        #expect(a.rating == 4)
        #expect(a.email == nil)
        #expect(a.verified == true)
        #expect(a.bio == "Mathematician")
        #expect(a.tags == ["math", "poetry"])
        #expect(a.manager?.name == "Charles Babbage")
        #expect(a.manager?.level == 3)
        #expect(a.extra == nil)

        let b = try #require(Profile(json: try Fixtures.sampleText("profile_b.json")))
        #expect(b.userId == 8)
        #expect(b.nickname == nil)
        #expect(b.score == 12.5)
        #expect(b.email == "grace@example.com")
        #expect(b.verified == false)
        #expect(b.bio == nil)
        #expect(b.tags == nil)
        #expect(b.manager?.name == "Howard Aiken")
        #expect(b.manager?.level == nil)
    }

    @Test func mutableWrappersWrite() throws {
        let profile = try #require(Profile(json: try Fixtures.sampleText("profile_b.json"), mutable: true))
        profile.nickname = "grace"
        profile.score = 99.5
        profile.tags = ["navy"]
        let data = profile.currentModelData(withNulls: false)
        #expect(data["nickname"] as? String == "grace")
        #expect(data["score"] as? Double == 99.5)
        #expect(data["tags"] as? [String] == ["navy"])
        #expect(data["user_id"] as? Int == 8)
    }

    @Test func datesOfEveryDetectedType() throws {
        let event = try #require(Event(json: try Fixtures.sampleText("events_1.json")))
        #expect(event.title.value == "Launch")
        #expect(event.createdAt.value == Date(timeIntervalSince1970: 1_478_034_873))
        #expect(event.updated.value == Date(timeIntervalSince1970: 1_486_324_993))
        #expect(event.legacy.value == Date(timeIntervalSince1970: 1_212_491_130))
        #expect(day(event.day.value) == "2018-02-15")
        #expect(day(event.slashed.value) == "2018-02-15")
        #expect(day(event.compact.value) == "2018-02-15")
        #expect(day(event.usDate.value) == "2018-05-06")
        #expect(day(event.usDashes.value) == "2018-05-06")
        #expect(day(event.euDate.value) == "2017-02-28")
        #expect(day(event.euDashes.value) == "2017-02-28")
        #expect(event.mixed.value == "2018-02-15")
        #expect(event.notADate.value == "2018-13-45")
        #expect(event.zip.value == 90210)
        let attendees = event.attendees.value
        #expect(attendees.map { $0.name.value } == ["Ada", "Charles"])
        #expect(attendees.first?.checkedIn.value == Date(timeIntervalSince1970: 1_518_685_200))
        #expect(attendees.last?.checkedIn.value == nil)

        let second = try #require(Event(json: try Fixtures.sampleText("events_2.json")))
        #expect(second.createdAt.value == Date(timeIntervalSince1970: 1_482_566_400))
        #expect(day(second.usDate.value) == "2018-12-31")
        #expect(day(second.euDate.value) == "2018-12-31")
        #expect(second.mixed.value == "15/02/2018")
        #expect(second.attendees.value.isEmpty)
    }

    /// Every date the sample holds, `updated` included: dibs is written in UTC ("+00:00"), so a
    /// sample with another offset comes back as the same instant in another text.
    @Test func detectedDateTypesWriteTheSamplesBackUnchangedOrAsTheSameInstantInUTC() throws {
        let text = try Fixtures.sampleText("events_1.json")
        let event = try #require(Event(json: text))
        let original = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let output = event.currentModelData(withNulls: false, forOutput: true)
        for key in ["created_at", "legacy", "day", "slashed", "compact", "us_date", "eu_date", "us_dashes", "eu_dashes"] {
            #expect(output[key] as? String == original[key] as? String, "\(key)")
        }
        #expect(original["updated"] as? String == "2017-02-05T17:03:13.000-03:00")
        #expect(output["updated"] as? String == "2017-02-05T20:03:13.000+00:00")
        let again = try #require(Event(json: String(decoding: try JSONSerialization.data(withJSONObject: output), as: UTF8.self)))
        #expect(again.updated.value == event.updated.value)
        #expect(event.updated.value == Date(timeIntervalSince1970: 1_486_324_993))
    }

    @Test func arraysOfScalarsAndModels() throws {
        let catalog = try #require(Catalog(json: try Fixtures.sampleText("catalog.json")))
        #expect(catalog.ids == [1, 2, 3])
        #expect(catalog.prices == [1.0, 2.5])
        #expect(catalog.labels == ["new", "sale"])
        #expect(catalog.flags == [true, false, true])
        #expect(catalog.sizes == [38, 40])
        #expect(catalog.empty?.count == 0)
        #expect(catalog.matrix?.count == 2)
        #expect(catalog.mixed?.count == 2)
        #expect(catalog.blobs.count == 2)
        #expect(catalog.categories.map(\.name) == ["Tools", "Toys"])
        let products = catalog.products
        #expect(products.map(\.sku) == ["A1", "B2"])
        #expect(products.map(\.price) == [10.0, 12.5])
        #expect(products.map(\.stock) == [3, nil])
        #expect(products.map(\.discontinued) == [nil, true])
    }

    @Test("a generated Order reads UUIDs, URLs and integers sent as strings, and writes them back as the server sent them")
    func orderValueTypes() throws {
        let order = try #require(Order(json: try Fixtures.sampleText("order_1.json")))
        #expect(order.id == UUID(uuidString: "9B2E6C1A-4F3D-4A8E-9C1B-2F6E8D7A5B4C"))
        #expect(order.link == URL(string: "https://shop.example/orders/12"))
        #expect(order.mirror?.host == "files.example.org")
        #expect(order.receipt?.pathExtension == "pdf")
        #expect(order.quantity == 12)
        #expect(order.ref == "6F9619FF-8B86-D011-B42D-00C04FC964FF")
        let edited = try #require(PropOrder(json: try Fixtures.sampleText("order_1.json"), mutable: true))
        edited.quantity = 13
        edited.link = URL(string: "https://shop.example/orders/13")
        let output = try #require(try JSONSerialization.jsonObject(with: edited.jsonData(options: .declaredOnly)) as? [String: Any])
        #expect(output["quantity"] as? String == "13")
        #expect(output["link"] as? String == "https://shop.example/orders/13")
        #expect(output["mirror"] as? String == "ftp://files.example.org/orders/12.csv")
        // UUID's codec writes upper case.
        #expect(output["customer_id"] as? String == "0F8FAD5B-D9CB-469F-A165-70867728950E")
    }

    @Test func awkwardKeys() throws {
        let model = try #require(Awkward(json: try Fixtures.sampleText("awkward.json"), mutable: true))
        #expect(model.ref == "#/definitions/a")
        #expect(model._2fa == true)
        #expect(model.htmlBody == "<p>hi</p>")
        #expect(model.type == "kind")
        #expect(model.url == URL(string: "https://example.com"))
        #expect(model.private == 3)
        #expect(model.café == "latte")
        #expect(model.class == "first")
        #expect(model.default == 1)
        #expect(model.descriptionField == "described")
        #expect(model.firstName == "Ada")
        #expect(model.firstName2 == "Grace")
        #expect(model.firstName3 == "Hedy")
        #expect(model.hashField == 5)
        #expect(model.in == "inside")
        #expect(model.selfField == "me")
        #expect(model.true == false)
        #expect(model.userID == 42)
        #expect(model.date?.iso == Date(timeIntervalSince1970: 1_478_034_873))
        // WrapModel reads "nested.key" as a path into {"nested": {"key": …}}, so the dotted key is not found.
        #expect(model.nestedKey == "")

        model.default = 2
        model.firstName3 = "Hedy Lamarr"
        let data = model.currentModelData(withNulls: false)
        #expect(data["default"] as? Int == 2)
        #expect(data["first_name"] as? String == "Hedy Lamarr")
        #expect(data["first-name"] as? String == "Ada")
    }

    private static let bookJSON = """
        {
          "id": 5, "title": "Notes", "created_at": "2016-11-01T21:14:33Z", "meta": { "isbn": "978-0-00" },
          "pages": 250, "price": 19.99, "rating": 4.5, "status": "available", "tags": ["classic"],
          "inPrint": false, "genre": "poetry", "extras": { "signed": true }, "coverImage": "AAEC",
          "written_by": { "id": 1, "name": "Ada", "books": [{ "id": 6, "title": "Sketch" }] }
        }
        """

    @Test func dataModelClasses() throws {
        WrapValueTransformers.register(name: "ISODateTransformer",
                                       forward: { ($0 as? String).flatMap { WrapDateOutputType.iso8601.date(from: $0, fallbackToOtherFormats: false) } },
                                       reverse: { WrapDateOutputType.iso8601.string(from: $0 as? Date) })
        WrapValueTransformers.register(name: "StatusTransformer", forward: { ($0 as? String)?.uppercased() },
                                       reverse: { ($0 as? String)?.lowercased() })
        let book = try #require(Book(json: Self.bookJSON, mutable: true))
        #expect(book.itemID == 5)
        #expect(book.title == "Notes")
        #expect(book.createdAt == Date(timeIntervalSince1970: 1_478_034_873))
        #expect(book.isbn == "978-0-00")
        #expect(book.pageCount == 250)
        #expect(book.price == 19.99)
        #expect(book.rating == 4.5)
        #expect(book.status == "AVAILABLE")
        #expect(book.tags == ["classic"])
        #expect(book.inPrint == false)
        #expect(book.genre == .poetry)
        #expect(book.extras?["signed"] as? Bool == true)
        #expect(book.coverImage == "AAEC")
        let author = try #require(book.author)
        #expect(author.authorID == 1)
        #expect(author.name == "Ada")
        #expect(author.books?.map(\.title) == ["Sketch"])
        #expect(author.books?.first?.itemID == 6)

        book.genre = .fiction
        book.pageCount = 300
        book.status = "LENT"
        let data = book.currentModelData(withNulls: false)
        #expect(data["status"] as? String == "lent")   // the transformer's reverse
        #expect(data["created_at"] as? String == "2016-11-01T21:14:33Z")
        #expect(data["genre"] as? String == "fiction")
        #expect(data["pages"] as? Int == 300)
        #expect((data["meta"] as? [String: Any])?["isbn"] as? String == "978-0-00")
    }

    @Test func dataModelDefaults() {
        let book = Book()
        #expect(book.pageCount == 100)   // State.Value wins over the attribute's default 0
        #expect(book.inPrint == true)    // defaultValueString YES
        #expect(book.rating == 2.5)      // defaultValueString 2.5
        #expect(book.genre == .nonFiction)  // State.Value names the case by its data string
        #expect(book.price == nil)
        #expect(Author().name == "Anonymous")
        #expect(Publisher().authors.isEmpty)
        #expect(Genre.conversionDict() == ["fiction": .fiction, "non-fiction": .nonFiction, "poetry": .poetry])
    }
}
