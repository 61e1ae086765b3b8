#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// A stand-in for your API, started in this process on 127.0.0.1 so the example needs no network.
///
/// It is a test fixture, not a web server: it answers each request with one canned JSON resource
/// (or `204 No Content` for anything but GET), closes the connection after every response, serves
/// a fixed number of requests and stops by itself, also when nothing connects for a few seconds.
/// A GET of one of the `streams` paths is answered piece by piece, a moment apart, as a live feed
/// would be. It records what it received so the example can print it.
final class StandInServer: Sendable {
    /// A response sent in pieces, with no length: the connection's end ends it.
    struct Stream: Sendable {
        let contentType: String
        let pieces: [Data]
    }

    /// A request as the server read it off the socket.
    struct Request: Sendable {
        let method: String
        let path: String
        let contentType: String
        let body: String
    }

    /// The port the server listens on, chosen by the system.
    let port: UInt16
    private let listener: Int32
    private let resource: Data
    private let streams: [String: Stream]
    private let received = Mutex<[Request]>([])

    /// Listens on 127.0.0.1 on a free port; GET requests get `resource`, or the stream for their path.
    init(resource: Data, streams: [String: Stream] = [:]) throws {
        self.resource = resource
        self.streams = streams
        let fd = socket(AF_INET, Self.streamSocket, 0)
        var address = sockaddr_in()
        #if canImport(Darwin)
        // BSD sockets carry the address's length (`sin_len: __uint8_t`); Linux's have no such field.
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            if fd >= 0 { close(fd) }
            throw POSIXError(.EADDRNOTAVAIL)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    /// What the server has received so far, oldest first.
    var requests: [Request] { received.withLock { $0 } }

    /// Serves `count` requests on a background thread, then closes the listening socket.
    func start(serving count: Int) {
        Thread { [self] in
            for _ in 0..<count {
                var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 5_000) == 1 else { break }   // nobody came: stop
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { break }
                serve(connection)
                close(connection)
            }
            close(listener)
        }.start()
    }

    private func serve(_ connection: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(connection) else { return }
        received.withLock { $0.append(request) }
        if request.method == "GET", let stream = streams[request.path] {
            write(Data("HTTP/1.1 200 OK\r\nContent-Type: \(stream.contentType)\r\nConnection: close\r\n\r\n".utf8), to: connection)
            for piece in stream.pieces {
                usleep(150_000)
                write(piece, to: connection)
            }
            return
        }
        let body = request.method == "GET" ? resource : Data()
        let status = request.method == "GET" ? "200 OK" : "204 No Content"
        let head = "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        write(Data(head.utf8) + body, to: connection)
    }

    private func write(_ data: Data, to connection: Int32) {
        _ = data.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
    }

    /// Reads the request line, the headers and `Content-Length` bytes of body.
    private func readRequest(_ connection: Int32) -> Request? {
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = bytes.range(of: separator) {
                let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let header = { (name: String) in
                    lines.dropFirst().first { $0.lowercased().hasPrefix(name + ":") }
                        .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) } ?? ""
                }
                let length = Int(header("content-length")) ?? 0
                if bytes.count - end.upperBound >= length {
                    let parts = lines[0].split(separator: " ")
                    guard parts.count >= 2 else { return nil }
                    let body = bytes[end.upperBound..<(end.upperBound + length)]
                    return Request(method: String(parts[0]), path: String(parts[1]),
                                   contentType: header("content-type"), body: String(decoding: body, as: UTF8.self))
                }
            }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    // glibc declares the socket types as an enum (`__socket_type`), which Swift imports as a
    // struct; Darwin and Musl define `SOCK_STREAM` as a macro, an `Int32` (`var SOCK_STREAM:
    // Int32 { get }` on Darwin).
    #if canImport(Glibc)
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamSocket = SOCK_STREAM
    #endif
}
