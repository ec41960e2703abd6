#!/usr/bin/env python3
"""sinks.py - the plain services netperf -N sends to, on loopback.

  sinks.py PORT_FILE [--drop-every N]

Binds 127.0.0.1 on a free port and writes it to PORT_FILE; serves there:
  TCP discard (RFC 863): read and drop until EOF; the first 64 bytes of
  the latest connection go to PORT_FILE.first (what the sender filled its
  buffers with);
  UDP echo (RFC 862): answer each datagram with itself, except every N-th
  (--drop-every), which is dropped, as a lossy path would.
Runs until killed.  Standard library only.
"""
import os
import selectors
import socket
import sys
import threading


def discard(conn, first_file):
    head = b''
    with conn:
        while True:
            data = conn.recv(65536)
            if not data:
                break
            if len(head) < 64:
                head += data[:64 - len(head)]
                if len(head) == 64:
                    with open(first_file + '.tmp', 'wb') as f:
                        f.write(head)
                    os.rename(first_file + '.tmp', first_file)


def main():
    port_file = sys.argv[1]
    drop_every = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[2] == '--drop-every' else 0
    for _ in range(100):
        tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        tcp.bind(('127.0.0.1', 0))
        port = tcp.getsockname()[1]
        udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            udp.bind(('127.0.0.1', port))
            break
        except OSError:
            tcp.close()
            udp.close()
    else:
        sys.exit('sinks.py: no port free for both TCP and UDP')
    tcp.listen(16)
    with open(port_file + '.tmp', 'w') as f:
        f.write('%d\n' % port)
    os.rename(port_file + '.tmp', port_file)
    sel = selectors.DefaultSelector()
    sel.register(tcp, selectors.EVENT_READ)
    sel.register(udp, selectors.EVENT_READ)
    n = 0
    while True:
        for key, _ in sel.select():
            if key.fileobj is tcp:
                conn, _ = tcp.accept()
                threading.Thread(target=discard, args=(conn, port_file + '.first'),
                                 daemon=True).start()
            else:
                data, peer = udp.recvfrom(65536)
                n += 1
                if drop_every and n % drop_every == 0:
                    continue
                udp.sendto(data, peer)


if __name__ == '__main__':
    main()
