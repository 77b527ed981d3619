// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "cpf",
    products: [
        .library(name: "CPFKit", targets: ["CPFKit"]),
        .executable(name: "cpf", targets: ["cpf"]),
    ],
    targets: [
        // No unsafe flags: CPFKit must stay usable as a dependency of other packages.
        .target(name: "CPFKit"),
        // The C calls Swift's C library modules leave out (extended attributes, file leases).
        .target(name: "CSystemShims"),
        // For one commit the moved folders still build as one module; the
        // next commit makes them the targets their folders name.
        .executableTarget(
            name: "cpf", dependencies: ["CPFKit", "CSystemShims"], path: "Sources",
            sources: ["cpf", "CPFSystem", "CPFCommandLine"]),
        .testTarget(name: "CPFKitTests", dependencies: ["CPFKit"]),
        .testTarget(
            name: "cpfTests", dependencies: ["cpf", "CPFKit"], path: "Tests",
            sources: ["cpfTests", "CPFSystemTests", "CPFCommandLineTests"]),
    ],
    swiftLanguageModes: [.v6]
)
