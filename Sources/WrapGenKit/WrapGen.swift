// The model generator is added by the code-generation work (issue 9).
enum WrapGenPlaceholder {}
