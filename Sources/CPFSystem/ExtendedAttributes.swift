import CSystemShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The extended attributes of files (`flistxattr(2)`, `fgetxattr(2)`,
/// `fsetxattr(2)`), as much as `redact --in-place` needs to give a
/// rewritten file the attributes of the original: `user.*` attributes and
/// the POSIX access ACL (`system.posix_acl_access`) among them.
///
/// ```swift
/// try ExtendedAttributes.copy(from: original, to: temporary)
/// ```
package enum ExtendedAttributes {
    /// An attribute that could not be read or set.
    package struct CopyError: Error, Equatable, CustomStringConvertible {
        /// The attribute's name; empty when listing them failed.
        package let name: String
        package let error: Errno

        package var description: String {
            name.isEmpty
                ? "cannot list its extended attributes: \(error)"
                : "cannot copy its extended attribute \(name): \(error)"
        }
    }

    /// Attributes the system sets on a new file itself, by its own policy
    /// (an SELinux label): copied where permitted, never a reason to fail.
    package static let setBySystem: Set<String> = ["security.selinux"]

    /// The names of the extended attributes of the file open at
    /// `descriptor` (none where the file system has none).
    package static func names(of descriptor: FileDescriptor) throws(Errno) -> [[UInt8]] {
        while true {
            let size = cpf_list_attributes(descriptor.rawValue, nil, 0)
            if size < 0 {
                if errno == ENOTSUP || errno == ENOSYS { return [] }
                throw .current
            }
            if size == 0 { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            let got = cpf_list_attributes(descriptor.rawValue, &buffer, size)
            if got < 0 {
                if errno == ERANGE { continue }  // one was added meanwhile: ask again
                throw .current
            }
            return buffer.prefix(got).split(separator: 0).map { $0.map { UInt8(bitPattern: $0) } }
        }
    }

    /// The value of the attribute `name` of the file open at `descriptor`.
    package static func value(of name: [UInt8], in descriptor: FileDescriptor) throws(Errno) -> [UInt8] {
        let cName = (name + [0]).map { CChar(bitPattern: $0) }
        while true {
            let size = cpf_get_attribute(descriptor.rawValue, cName, nil, 0)
            guard size >= 0 else { throw .current }
            var value = [UInt8](repeating: 0, count: size)
            let got = value.withUnsafeMutableBytes {
                cpf_get_attribute(descriptor.rawValue, cName, $0.baseAddress, size)
            }
            if got < 0 {
                if errno == ERANGE { continue }  // it grew meanwhile: ask again
                throw .current
            }
            return Array(value.prefix(got))
        }
    }

    /// Sets the attribute `name` of the file open at `descriptor`.
    package static func set(_ name: [UInt8], to value: [UInt8], in descriptor: FileDescriptor) throws(Errno) {
        let result = RawText(name).withCString { cName in
            value.withUnsafeBytes { cpf_set_attribute(descriptor.rawValue, cName, $0.baseAddress, $0.count) }
        }
        guard result == 0 else { throw .current }
    }

    /// Gives `target` every extended attribute of `source`, the access ACL
    /// included (which also sets the group permission bits to the ACL's
    /// mask, as they were on `source`).
    ///
    /// - Throws: The first attribute that could not be copied, except one
    ///   in ``setBySystem``.
    package static func copy(from source: FileDescriptor, to target: FileDescriptor) throws(CopyError) {
        let names: [[UInt8]]
        do { names = try Self.names(of: source) } catch { throw CopyError(name: "", error: error) }
        for name in names {
            do {
                try set(name, to: try value(of: name, in: source), in: target)
            } catch {
                // Gone meanwhile: nothing to copy.
                if error.rawValue == ENODATA { continue }
                let text = String(decoding: name, as: UTF8.self)
                if setBySystem.contains(text) { continue }
                throw CopyError(name: text, error: error)
            }
        }
    }
}

extension FileDescriptor {
    /// Takes a read lease on this file, open for reading only: `false` with
    /// `EAGAIN` while another process has it open for writing. Where leases
    /// are not available (not Linux, a file system without them, a file of
    /// another user without `CAP_LEASE`), the error says so.
    package func takeReadLease() throws(Errno) {
        guard cpf_take_read_lease(rawValue) == 0 else { throw .current }
    }

    /// Gives a lease back.
    package func releaseLease() {
        _ = cpf_release_lease(rawValue)
    }
}
