#!/usr/bin/env python3
"""hostile.py - misbehaving peers for netperf-ng's tests, on loopback.

  hostile.py early-close PORT      send a TCP_STREAM -l 60 request to the
                                   netserver on PORT and close at once
  hostile.py stray-marker PORT     UDP_RR: a third party sends an empty
                                   datagram to the data port; the test must
                                   go on for the real client (exit 0 if so)
  hostile.py crr-silent PORT NETPERF
                                   TCP_CRR while a third party holds a data
                                   connection silent: it must still end
  hostile.py silent-server         listen, print the port, read a request,
                                   never answer (until killed)
  hostile.py no-close-server       listen, print the port, answer one
                                   request, take the data and never close
                                   (until killed)

Message layouts come from refpeer.py, the wire-compatible reference peer.
"""
import os
import socket
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refpeer  # noqa: E402

MSG = refpeer.MSG


def request(test, length, netperf_port=0):
    udp, direction, crr = refpeer.TESTS[test]
    rr = direction == refpeer.XMIT | refpeer.RECV
    values = dict(refpeer.FIXED)
    values.update(send_buf_size=-1, send_size=-1, send_width=1 if rr else 2,
                  request_size=1 if rr else -1, recv_buf_size=-1, receive_size=-1,
                  recv_width=1 if rr else 0, response_size=1 if rr else -1,
                  flags=refpeer.F_ROUTING, cpu_rate=0.0, test_length=length,
                  data_port=0, ipfamily=4, socket_type=2 if udp else 1,
                  protocol=17 if udp else 6, direction=direction,
                  netperf_port=netperf_port, netperf_ip=bytes(16), netserver_ip=bytes(16))
    return refpeer.encode(refpeer.DO_OMNI, refpeer.REQ, values)


def control(port):
    return socket.create_connection(("127.0.0.1", port), 5)


def early_close(port):
    s = control(port)
    s.sendall(request("TCP_STREAM", 60))
    s.close()
    return 0


def stray_marker(port):
    data = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    data.bind(("127.0.0.1", 0))
    s = control(port)
    s.sendall(request("UDP_RR", 2, data.getsockname()[1]))
    r = refpeer.decode(refpeer.recv_exact(s, MSG, 5), refpeer.RSP)
    if r["word1"] != 0:
        print("hostile: request refused: %d" % r["word1"])
        return 1
    addr = ("127.0.0.1", r["data_port"])
    other = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    other.sendto(b"", addr)
    time.sleep(0.1)
    data.settimeout(2)
    done = 0
    end = time.monotonic() + 1.0
    while time.monotonic() < end:
        data.sendto(b"x", addr)
        try:
            if len(data.recv(100)) == 1:
                done += 1
        except socket.timeout:
            print("hostile: no response after %d transactions: the stray "
                  "empty datagram ended the test" % done)
            return 1
    for _ in range(3):
        data.sendto(b"", addr)
    res = refpeer.decode(refpeer.recv_exact(s, MSG, 10), refpeer.RES)
    s.close()
    if res["trans_received"] < done:
        print("hostile: server counted %d transactions, we did %d" % (res["trans_received"], done))
        return 1
    print("hostile: %d transactions despite a stray end marker" % done)
    return 0


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def crr_silent(port, netperf):
    """TCP_CRR with a third party holding one data connection silent: the
    server drops it after its idle timeout and the test still ends."""
    import subprocess
    dport = free_port()
    start = time.monotonic()
    client = subprocess.Popen([netperf, "-H", "127.0.0.1", "-p", str(port), "-t", "TCP_CRR",
                               "-l", "2", "-P", "0", "--", "-P", ",%d" % dport],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    silent = None
    while silent is None and time.monotonic() - start < 5:
        try:
            silent = socket.create_connection(("127.0.0.1", dport), 1)
        except OSError:
            time.sleep(0.01)
    if silent is None:
        client.kill()
        print("hostile: could not reach the data port %d" % dport)
        return 1
    out, err = client.communicate(timeout=120)
    silent.close()
    took = time.monotonic() - start
    if client.returncode != 0:
        print("hostile: TCP_CRR beside a silent connection: exit %d: %s" % (
            client.returncode, err.decode(errors="replace").strip()))
        return 1
    print("hostile: TCP_CRR beside a silent connection ended after %.1f s" % took)
    return 0


def serve(answer):
    ls = socket.socket()
    ls.bind(("127.0.0.1", 0))
    ls.listen(5)
    print(ls.getsockname()[1], flush=True)
    c, _ = ls.accept()
    q = refpeer.decode(refpeer.recv_exact(c, MSG), refpeer.REQ)
    if not answer:
        time.sleep(3600)
    d = socket.socket()
    d.bind(("127.0.0.1", 0))
    d.listen(1)
    rsp = dict((k, 0) for k in refpeer.RSP)
    rsp.update(recv_buf_size=131072, receive_size=131072, recv_width=2, send_buf_size=16384,
               send_size=-1, send_width=2, data_port=d.getsockname()[1], socket_prio=-1,
               socket_tos=-1, cpu_rate=0.0)
    rsp["word1"] = 0
    c.sendall(refpeer.encode(refpeer.OMNI_RESPONSE, refpeer.RSP, rsp))
    conn, _ = d.accept()
    while conn.recv(65536):
        pass
    # Our peer has half-closed; we never do.
    time.sleep(3600)
    return q


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    if argv[1] == "early-close":
        return early_close(int(argv[2]))
    if argv[1] == "stray-marker":
        return stray_marker(int(argv[2]))
    if argv[1] == "crr-silent":
        return crr_silent(int(argv[2]), argv[3])
    if argv[1] == "silent-server":
        serve(False)
        return 0
    if argv[1] == "no-close-server":
        serve(True)
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
