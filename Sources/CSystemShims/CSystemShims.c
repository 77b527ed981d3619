#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include "CSystemShims.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/xattr.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

ssize_t cpf_list_attributes(int fd, char *names, size_t size) {
#if defined(__APPLE__)
    return flistxattr(fd, names, size, 0);
#else
    return flistxattr(fd, names, size);
#endif
}

ssize_t cpf_get_attribute(int fd, const char *name, void *value, size_t size) {
#if defined(__APPLE__)
    return fgetxattr(fd, name, value, size, 0, 0);
#else
    return fgetxattr(fd, name, value, size);
#endif
}

int cpf_set_attribute(int fd, const char *name, const void *value, size_t size) {
#if defined(__APPLE__)
    return fsetxattr(fd, name, value, size, 0, 0);
#else
    return fsetxattr(fd, name, value, size, 0);
#endif
}

int cpf_take_read_lease(int fd) {
#if defined(F_SETLEASE) && defined(F_SETSIG)
    if (fcntl(fd, F_SETSIG, SIGURG) == -1) return -1;
    return fcntl(fd, F_SETLEASE, F_RDLCK);
#else
    (void)fd;
    errno = EINVAL;
    return -1;
#endif
}

int cpf_release_lease(int fd) {
#if defined(F_SETLEASE)
    return fcntl(fd, F_SETLEASE, F_UNLCK);
#else
    (void)fd;
    return 0;
#endif
}

int cpf_use_one_memory_arena(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    return mallopt(M_ARENA_MAX, 1);
#else
    return 0;
#endif
}

int cpf_pipe_close_on_exec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}
