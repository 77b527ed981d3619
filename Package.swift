// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "cpf",
    products: [
        .library(name: "CPFKit", targets: ["CPFKit"]),
        .library(name: "CPFDecoders", targets: ["CPFDecoders"]),
        .executable(name: "cpf", targets: ["cpf"]),
    ],
    targets: [
        // No unsafe flags: CPFKit must stay usable as a dependency of other packages.
        .target(name: "CPFKit"),
        // The decoders of compressed, encoded and transcoded input (gzip, MIME
        // transfer encodings, UTF-16/32, Windows-1252): pure computation on
        // bytes, depending on nothing, so the command and other packages can
        // use them alike.
        .target(name: "CPFDecoders"),
        .executableTarget(name: "cpf", dependencies: ["CPFKit"]),
        .testTarget(name: "CPFKitTests", dependencies: ["CPFKit"]),
        .testTarget(name: "CPFDecodersTests", dependencies: ["CPFDecoders"]),
        .testTarget(name: "cpfTests", dependencies: ["cpf", "CPFKit"]),
    ],
    swiftLanguageModes: [.v6]
)
