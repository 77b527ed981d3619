// The few C library calls that Swift's Glibc, Musl and Darwin modules do not
// bring in: extended attributes (<sys/xattr.h>, whose functions differ
// between Linux and Darwin) and the Linux file lease. Each is a thin
// wrapper with one signature on every platform; `cpf` reaches them only
// through the CPFSystem target (Sources/CPFSystem), the only one that
// depends on this one.
#ifndef CPF_SYSTEM_SHIMS_H
#define CPF_SYSTEM_SHIMS_H

#include <stddef.h>
#include <sys/types.h>

/// flistxattr(2): the names of the extended attributes of an open file,
/// each NUL-terminated; -1 and errno on failure.
ssize_t cpf_list_attributes(int fd, char *names, size_t size);

/// fgetxattr(2): the value of one extended attribute; -1 and errno on failure.
ssize_t cpf_get_attribute(int fd, const char *name, void *value, size_t size);

/// fsetxattr(2): sets one extended attribute; -1 and errno on failure.
int cpf_set_attribute(int fd, const char *name, const void *value, size_t size);

/// Takes a read lease on a file open for reading only (Linux F_SETLEASE):
/// it fails with EAGAIN while any process has the file open for writing.
/// The lease-break signal is set to SIGURG, which is ignored by default, so
/// a writer that opens the file meanwhile cannot end the process. -1 and
/// EINVAL where the system has no leases.
int cpf_take_read_lease(int fd);

/// Gives the lease back (F_UNLCK).
int cpf_release_lease(int fd);

/// Keeps glibc's malloc to one arena (mallopt M_ARENA_MAX); 0 and nothing
/// done elsewhere.
int cpf_use_one_memory_arena(void);

/// pipe2(2) with O_CLOEXEC where the system has it (Linux), else pipe(2)
/// and FD_CLOEXEC set on both ends; -1 and errno on failure.
int cpf_pipe_close_on_exec(int fds[2]);

#endif
