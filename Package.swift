// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WrapModel",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "WrapModel", targets: ["WrapModel"]),
        .executable(name: "wrapgen", targets: ["wrapgen"]),
        .executable(name: "wrapmodel-example", targets: ["WrapModelExample"]),
        .executable(name: "wrapmodel-bench", targets: ["WrapModelBenchmarks"]),
        .plugin(name: "WrapGenPlugin", targets: ["WrapGenPlugin"]),
    ],
    targets: [
        .target(name: "WrapModel"),
        .executableTarget(
            name: "WrapModelExample",
            dependencies: ["WrapModel"],
            resources: [.copy("Resources")]
        ),
        .target(name: "WrapGenKit", dependencies: ["WrapModel"]),
        .executableTarget(name: "wrapgen", dependencies: ["WrapGenKit"]),
        .plugin(
            name: "WrapGenPlugin",
            capability: .command(
                intent: .custom(verb: "wrapgen", description: "Generate WrapModel classes or check responses against them"),
                permissions: [.writeToPackageDirectory(reason: "wrapgen writes the generated Swift files where --output says")]
            ),
            dependencies: ["wrapgen"]
        ),
        .executableTarget(
            name: "WrapModelBenchmarks",
            dependencies: ["WrapModel"],
            path: "Benchmarks/WrapModelBenchmarks",
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "WrapModelTests",
            dependencies: ["WrapModel"],
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
