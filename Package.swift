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
