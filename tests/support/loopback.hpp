// A TCP listener on 127.0.0.1 at a port the kernel picks, for the tests that
// check a sandboxed process cannot reach one: accept() on it (non-blocking)
// says whether anything connected.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace np::test {

struct Loopback {
    int fd = -1;
    sockaddr_in address{};

    Loopback() {
        fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || listen(fd, 4) != 0 ||
            getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
            if (fd >= 0) close(fd);
            fd = -1;
        }
    }
    ~Loopback() {
        if (fd >= 0) close(fd);
    }
    Loopback(const Loopback&) = delete;
    Loopback& operator=(const Loopback&) = delete;

    bool listening() const { return fd >= 0; }
    int port() const { return ntohs(address.sin_port); }
    // Something connected (and is waiting to be accepted).
    bool reached() const { return accept(fd, nullptr, nullptr) >= 0; }
};

}  // namespace np::test
