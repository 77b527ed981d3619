// swift-tools-version: 6.0
import PackageDescription

// The targets are the layers; each may import only those listed as its
// dependencies, so the compiler keeps the order (docs/architecture.md):
//
//   CSystemShims   C: the calls Swift's C library modules leave out
//   CPFSystem      the only Swift target that imports the C library
//   CPFDecoders    gzip, text encodings, MIME: pure computation on bytes
//   CPFKit         everything about a CPF; imports nothing of the project
//   CPFTextField   the text field's observable boxes and view models: CPFKit
//   CPFCommandLine the commands, engines, readers, writers, tree, prompt
//   cpf            the executable: main.swift only

let package = Package(
    name: "cpf",
    // What CPFKit needs: String(unsafeUninitializedCapacity:initializingUTF8With:)
    // is macOS 11 / iOS 14. Only Linux is built and tested in CI.
    platforms: [.macOS(.v11), .iOS(.v14), .tvOS(.v14), .watchOS(.v7)],
    products: [
        .library(name: "CPFKit", targets: ["CPFKit"]),
        .library(name: "CPFTextField", targets: ["CPFTextField"]),
        .library(name: "CPFDecoders", targets: ["CPFDecoders"]),
        .executable(name: "cpf", targets: ["cpf"]),
    ],
    targets: [
        // No unsafe flags: CPFKit must stay usable as a dependency of other packages.
        .target(name: "CPFKit"),
        // The text field of an app's user interface, on CPFKit's mask editors:
        // observable boxes, the field view models and the protocols a view
        // binds through. Apart so that CPFKit stays what the number is.
        .target(name: "CPFTextField", dependencies: ["CPFKit"]),
        // The decoders of compressed, encoded and transcoded input (gzip, MIME
        // transfer encodings, UTF-16/32, Windows-1252): pure computation on
        // bytes, depending on nothing, so the command and other packages can
        // use them alike (between the readers and CPFKit in docs/architecture.md).
        .target(name: "CPFDecoders"),
        // Fixtures/ holds documents written by real libraries, read by path (#filePath), not as resources.
        .testTarget(
            name: "CPFDecodersTests", dependencies: ["CPFDecoders", "CPFTestSupport"], exclude: ["Fixtures"]),
        // The C calls Swift's C library modules leave out (extended attributes, file leases).
        .target(name: "CSystemShims"),
        .target(name: "CPFSystem", dependencies: ["CSystemShims"]),
        .target(name: "CPFCommandLine", dependencies: ["CPFSystem", "CPFDecoders", "CPFKit", "CPFTextField"]),
        .executableTarget(name: "cpf", dependencies: ["CPFCommandLine", "CPFSystem"]),
        .testTarget(name: "CPFKitTests", dependencies: ["CPFKit"]),
        .testTarget(name: "CPFTextFieldTests", dependencies: ["CPFTextField", "CPFKit"]),
        // What the tests below share: temporary folders, descriptors holding
        // given bytes, running the built binary. Not a product.
        .target(
            name: "CPFTestSupport", dependencies: ["CPFSystem"], path: "Tests/CPFTestSupport"),
        .testTarget(
            name: "CPFSystemTests", dependencies: ["CPFSystem", "CPFTestSupport"]),
        .testTarget(
            name: "CPFCommandLineTests",
            dependencies: [
                "CPFCommandLine", "CPFSystem", "CPFDecoders", "CPFKit", "CPFTextField", "CPFTestSupport",
            ]),
        // The end-to-end tests run the built binary; depending on the
        // executable makes `swift build --build-tests` build it.
        .testTarget(
            name: "cpfTests", dependencies: ["cpf", "CPFCommandLine", "CPFKit", "CPFTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
