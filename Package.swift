// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WrapModel",
    // The floor is set by the Synchronization module (Mutex, Atomic), which the model's lock-free
    // caches and the shared per-class metadata use: it ships with these OS versions.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "WrapModel", targets: ["WrapModel"]),
        .executable(name: "wrapgen", targets: ["wrapgen"]),
        .executable(name: "wrapmodel-example", targets: ["WrapModelExample"]),
        .executable(name: "wrapmodel-http-example", targets: ["WrapModelHTTPExample"]),
        .executable(name: "wrapmodel-bench", targets: ["WrapModelBenchmarks"]),
        .plugin(name: "WrapGenPlugin", targets: ["WrapGenPlugin"]),
        .plugin(name: "WrapGenCheckPlugin", targets: ["WrapGenCheckPlugin"]),
    ],
    targets: [
        // The C layer under the JSON reader: sixteen-byte scans (SSE2 on x86-64, NEON on arm64).
        // Swift's portable SIMD types have no movemask, which finding the first interesting byte
        // of a block needs. Tests/ByteScanDifferential (run by .ci/arm64-check) tests every branch.
        .target(name: "WrapModelJSONIndex"),
        // The JSON engine: the tape reader, the writer and the values they share. It knows nothing
        // of models; the model library reaches what it needs beyond the public API through
        // `package` access, and the compiler keeps the dependency one way.
        .target(name: "WrapModelJSON", dependencies: ["WrapModelJSONIndex"]),
        // Formats that name no model, below the model library beside the engine: property lists
        // read and written exactly. Package access only: the model library reports their errors
        // as its own, so nothing here is public.
        .target(name: "WrapModelFormats", dependencies: ["WrapModelJSON"]),
        // The model library imports the C layer for one function: the acquiring load of a cache slot
        // that inlined getters make (Sources/WrapModelJSONIndex/include/SlotLoad.h says why it is C).
        .target(name: "WrapModel", dependencies: ["WrapModelJSON", "WrapModelFormats", "WrapModelJSONIndex"]),
        .executableTarget(
            name: "WrapModelExample",
            dependencies: ["WrapModel"],
            resources: [.copy("Resources")]
        ),
        .executableTarget(name: "WrapModelHTTPExample", dependencies: ["WrapModel"]),
        .target(name: "WrapGenKit", dependencies: ["WrapModel", "WrapModelJSON"]),
        .executableTarget(name: "wrapgen", dependencies: ["WrapGenKit"]),
        .plugin(
            name: "WrapGenPlugin",
            capability: .command(
                intent: .custom(verb: "wrapgen", description: "Generate WrapModel classes or check responses against them"),
                permissions: [.writeToPackageDirectory(reason: "wrapgen writes the generated Swift files where --output says")]
            ),
            dependencies: ["wrapgen"]
        ),
        // `wrapgen check` only reads: a verb of its own that asks for no permission.
        .plugin(
            name: "WrapGenCheckPlugin",
            capability: .command(
                intent: .custom(verb: "wrapgen-check", description: "Check recorded JSON responses against generated WrapModel classes (reads only)")
            ),
            dependencies: ["wrapgen"]
        ),
        // The benchmark's memory rows read the C library's allocation statistics.
        .target(name: "MallocStatistics", path: "Benchmarks/MallocStatistics"),
        .executableTarget(
            name: "WrapModelBenchmarks",
            dependencies: ["WrapModel", "WrapModelJSON", "MallocStatistics"],
            path: "Benchmarks/WrapModelBenchmarks",
            resources: [.copy("Resources")]
        ),
        // The engine's tests: they import the engine alone, as the engine knows nothing of models.
        .testTarget(name: "WrapModelJSONTests", dependencies: ["WrapModelJSON", "WrapModelJSONIndex"]),
        .testTarget(name: "WrapModelFormatsTests", dependencies: ["WrapModelFormats"]),
        .testTarget(
            name: "WrapModelTests",
            dependencies: ["WrapModel", "WrapModelJSON", "WrapModelJSONIndex"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "WrapGenKitTests",
            dependencies: ["WrapGenKit", "WrapModel"],
            resources: [.copy("Resources")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
