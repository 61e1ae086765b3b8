import WrapModel

/// A recipe as the API's assistant writes it: one JSON document, sent a few bytes at a time.
final class Recipe: WrapModel, @unchecked Sendable {
    @Property var title: String
    @Property var servings: Int
    @Property var steps: [RecipeStep]
}

final class RecipeStep: WrapModel, @unchecked Sendable {
    @Property var text: String
}
