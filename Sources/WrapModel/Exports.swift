// A model file names Foundation's types in its declarations (`Date`, `URL`, `UUID`, `Decimal`,
// `Data`), and every creation and output call takes or returns one: `import WrapModel` alone
// brings them, as a reader's new file expects.
@_exported import Foundation
