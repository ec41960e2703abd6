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
  hostile.py facts-peer MODE       listen, print the port, serve TCP_STREAM
                                   as netserver-ng that can tell its host
                                   facts, to one client after another; MODE
                                   (bad, strings, stall, late) says how it
                                   answers the facts request and which
                                   strings it sends (facts_peer)

  hostile.py figures-peer MODE [PID]
                                   listen, print the port, serve TCP_STREAM
                                   as netserver-ng whose results' figures
                                   cannot be true, to one client after
                                   another; MODE absurd or hide (figures_peer)

  hostile.py unapplied-peer MODE   listen, print the port, serve TCP_STREAM
                                   as a netserver-ng that does not apply
                                   every request field it is sent, to one
                                   client after another; MODE old (0.1.0's
                                   echo) or mask (the applied word)

  hostile.py refusing-peer CODE    listen, print the port, refuse every
                                   request as netserver-ng (the extension
                                   words) with serv_errno CODE and no
                                   reason, to one client after another

  hostile.py facts-flood PORT N    ask the netserver on PORT for its host
                                   facts N times on one connection; every
                                   answer must be a facts reply

Third parties at HOSTILE_THIRD (127.0.0.2) while the client and netserver
are at HOSTILE_CLIENT (127.0.0.1): netserver counts all loopback addresses
as one peer, so tests/data_peer.test sets both to addresses of its own
network namespace (exit 0 when netserver keeps them out, 1 with the reason
when it does not):
  hostile.py forged-requests PORT  UDP_RR with 32 KiB responses: five forged
                                   1-byte requests come first; none may be
                                   answered, and the client must be served
  hostile.py first-connect PORT    TCP_MAERTS: the third party connects to
                                   the data port first; it must get no data
  hostile.py first-sender PORT     UDP_STREAM: the third party sends first;
                                   only the client's bytes may be counted
  hostile.py reuse-port PORT       a UDP service holds a port with
                                   SO_REUSEADDR; a request for that data port
                                   must be refused, and the service must
                                   still get all of its datagrams

Third parties behind netserver --data-peer declared (tests/declared.test):
the client has a second address, HOSTILE_DECLARED, that it declares as its
data address; the victim's address, HOSTILE_VICTIM, is one the forger's
namespace can send from but never receive at; netserver is at
HOSTILE_SERVER (HOSTILE_CLIENT when not set):
  hostile.py amplify PORT TEST KIND REQ,RSP SECONDS VPORT
                                   declare HOSTILE_VICTIM port VPORT as the
                                   data address of TEST (UDP_RR, UDP_CRR,
                                   UDP_STREAM) with REQ-byte requests and
                                   RSP-byte responses, asked as netperf 2.7.1
                                   asks (KIND
                                   classic) or as a netperf-ng that echoes
                                   cookies (KIND ng); then for SECONDS send
                                   1-byte datagrams from HOSTILE_VICTIM:VPORT to
                                   the data port.  Prints "refused serv_errno
                                   N" or "forged N datagrams B bytes"
  hostile.py count ADDR PORT SECONDS
                                   count what reaches ADDR:PORT for SECONDS;
                                   prints "listening", then "received B bytes
                                   in N datagrams"
  hostile.py classic-rr PORT REQ RSP
                                   netperf 2.7.1's UDP_RR -r REQ,RSP from
                                   HOSTILE_DECLARED: "refused serv_errno N", or
                                   20 transactions whose responses must all be
                                   RSP bytes, counted by netserver too

Clients whose end markers never arrive (exit 0 when netserver ends the
test on its own, at most a second after the last datagram):
  hostile.py lost-markers PORT TEST
                                   TEST (UDP_STREAM or UDP_RR) -l 1 from a
                                   client that sends for 1.2 s and then
                                   stops without its three empty datagrams
  hostile.py stranger-flood PORT   UDP_STREAM -l 1 whose client never sends
                                   while the third floods the data port: the
                                   test must still end at its l+4 s timer

Tools for the limit tests:
  hostile.py probe PORT TEST [src=ADDR] [word=value ...]
                                   send one request (TEST -l 1, words
                                   overridden) and print the reply:
                                   "serv_errno N" ("serv_errno 0 data_port P"
                                   when accepted) or "closed"
  hostile.py refusal PORT SRC [PASSPHRASE]
                                   netperf 2.7.1's first messages from SRC (its
                                   PASSPHRASE, when given, then a TCP_RR
                                   request: no extension) and the reply as it
                                   reads it: "type T serv_errno N bare" when
                                   every other byte is 0 ("... bytes at
                                   OFFSETS" when not), or "closed"
  hostile.py hold PORT SRC N       open N control connections from SRC, print
                                   "held N", keep them until killed
  hostile.py garbage PORT N        N connections, each sending a request
                                   netserver must refuse (direction 0)

Message layouts come from refpeer.py, the wire-compatible reference peer.
"""
import os
import select
import socket
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refpeer  # noqa: E402

MSG = refpeer.MSG
# Where the client (and netserver) and the third party are.
CLIENT = os.environ.get("HOSTILE_CLIENT", "127.0.0.1")
THIRD = os.environ.get("HOSTILE_THIRD", "127.0.0.2")


def request(test, length, netperf_port=0, **over):
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
    values.update(over)
    return refpeer.encode(refpeer.DO_OMNI, refpeer.REQ, values)


def control(port, src=CLIENT):
    return socket.create_connection((CLIENT, port), 5, source_address=(src, 0))


def accepted(s, msg):
    """Send a request; the response if netserver took it, else None (said)."""
    s.sendall(msg)
    r = refpeer.decode(refpeer.recv_exact(s, MSG, 5), refpeer.RSP)
    if r["word1"] != 0:
        print("hostile: request refused: serv_errno %d" % r["word1"])
        return None
    return r


def results(s):
    return refpeer.decode(refpeer.recv_exact(s, MSG, 15), refpeer.RES)


def udp(src):
    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    u.bind((src, 0))
    return u


def forged_requests(port):
    data, third = udp(CLIENT), udp(THIRD)
    s = control(port)
    r = accepted(s, request("UDP_RR", 2, data.getsockname()[1], response_size=32768))
    if r is None:
        return 1
    addr = (CLIENT, r["data_port"])
    for _ in range(5):
        third.sendto(b"x", addr)
    time.sleep(0.3)
    data.settimeout(2)
    done = 0
    for _ in range(20):
        data.sendto(b"x", addr)
        try:
            got = data.recv(65536)
        except socket.timeout:
            print("hostile: the client got no response: the forged requests took "
                  "the test over")
            return 1
        if len(got) == 32768:
            done += 1
    for _ in range(3):
        data.sendto(b"", addr)
    res = results(s)
    third.setblocking(False)
    reflected = 0
    try:
        while True:
            reflected += len(third.recv(65536))
    except BlockingIOError:
        pass
    if reflected:
        print("hostile: 5 forged bytes made netserver send %d bytes to the third "
              "party" % reflected)
        return 1
    if res["trans_received"] != done:
        print("hostile: server counted %d transactions, the client did %d" % (
            res["trans_received"], done))
        return 1
    print("hostile: forged requests unanswered; %d client transactions" % done)
    return 0


SERVER = os.environ.get("HOSTILE_SERVER", CLIENT)
DECLARED = os.environ.get("HOSTILE_DECLARED", CLIENT)
VICTIM = os.environ.get("HOSTILE_VICTIM", THIRD)
CAP_DATA_PROOF = 0x4
# netperf-ng's test ids and the parameter words of the tests' defaults
# (UDP_RR: --busy-poll 0, --batch 1).
NG_TESTS = {"UDP_RR": (0, [0, 1]), "UDP_CRR": (1, [])}


def declared_request(test, kind, req, rsp, length, addr, port):
    """A request declaring addr:port as the client's data address, as
    netperf 2.7.1 sends it (kind classic) or netperf-ng (ng: the
    extension words, with the cookie echo among its capabilities)."""
    m = bytearray(request("UDP_RR" if test == "UDP_CRR" else test, length, port,
                          request_size=req if test != "UDP_STREAM" else -1,
                          response_size=rsp if test != "UDP_STREAM" else -1,
                          netperf_ip=socket.inet_aton(addr) + bytes(12)))
    if kind == "ng":
        test_id, params = NG_TESTS[test]
        struct.pack_into(">8i", m, 0x260, *(params + [0] * (8 - len(params))))
        struct.pack_into(">IIII", m, 0x280, EXT_MAGIC, test_id, 1, CAP_HOST_FACTS | CAP_DATA_PROOF)
    return bytes(m)


def ask(port, msg, src):
    """The control connection from src and netserver's response: (socket,
    response), or (None, serv_errno) when it refused."""
    s = socket.create_connection((SERVER, port), 5, source_address=(src, 0))
    s.sendall(msg)
    r = refpeer.decode(refpeer.recv_exact(s, MSG, 10), refpeer.RSP)
    if r["word1"] != 0:
        s.close()
        return None, r["word1"]
    return s, r


def amplify(port, test, kind, sizes, seconds, vport):
    req, rsp = (int(v) for v in sizes.split(","))
    forged = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    forged.bind((VICTIM, vport))
    s, r = ask(port, declared_request(test, kind, req, rsp, max(1, int(seconds)), VICTIM,
                                      vport), CLIENT)
    if s is None:
        print("refused serv_errno %d" % r, flush=True)
        return 0
    addr = (SERVER, r["data_port"])
    n = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        forged.sendto(b"x", addr)
        n += 1
        time.sleep(0.01)
    if kind == "classic":
        for _ in range(3):
            forged.sendto(b"", addr)
        try:
            res = results(s)
            print("hostile: netserver counted %d transactions, sent %d bytes" % (
                res["trans_received"], refpeer.u64(res, "bytes_sent")))
        except OSError as e:
            print("hostile: no results: %s" % e)
    s.close()
    print("forged %d datagrams %d bytes" % (n, n), flush=True)
    return 0


def count(addr, port, seconds):
    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    u.bind((addr, port))
    u.settimeout(0.2)
    print("listening", flush=True)
    got = n = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            got += len(u.recv(65536))
            n += 1
        except socket.timeout:
            pass
    print("received %d bytes in %d datagrams" % (got, n), flush=True)
    return 0


def classic_rr(port, req, rsp):
    data = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    data.bind((DECLARED, 0))
    s, r = ask(port, declared_request("UDP_RR", "classic", req, rsp, 3, DECLARED,
                                      data.getsockname()[1]), CLIENT)
    if s is None:
        print("refused serv_errno %d" % r)
        return 0
    addr = (SERVER, r["data_port"])
    data.settimeout(5)
    for i in range(20):
        data.sendto(b"r" * req, addr)
        got = data.recv(65536)
        if len(got) != rsp:
            print("hostile: response %d is %d bytes, not %d" % (i, len(got), rsp))
            return 1
    for _ in range(3):
        data.sendto(b"", addr)
    res = results(s)
    if res["trans_received"] != 20:
        print("hostile: netserver counted %d transactions, not 20" % res["trans_received"])
        return 1
    print("served: 20 transactions of %d/%d bytes" % (req, rsp))
    return 0


def first_connect(port):
    s = control(port)
    r = accepted(s, request("TCP_MAERTS", 2))
    if r is None:
        return 1
    third = socket.socket()
    third.bind((THIRD, 0))
    third.settimeout(2)
    taken = 0
    try:
        third.connect((CLIENT, r["data_port"]))
        while True:
            chunk = third.recv(65536)
            if not chunk:
                break
            taken += len(chunk)
            if taken > 1 << 20:
                break
    except OSError:
        pass
    third.close()
    if taken:
        print("hostile: a third party that connected first received %d bytes" % taken)
        return 1
    client = socket.create_connection((CLIENT, r["data_port"]), 5,
                                      source_address=(CLIENT, 0))
    client.settimeout(5)
    got = client.recv(65536)
    client.close()
    res = results(s)
    if not got:
        print("hostile: the client got no data")
        return 1
    print("hostile: the third party was turned away; the client got data "
          "(server sent %d bytes)" % ((res["bytes_sent_hi"] << 32) + res["bytes_sent_lo"]))
    return 0


def first_sender(port):
    data, third = udp(CLIENT), udp(THIRD)
    s = control(port)
    r = accepted(s, request("UDP_STREAM", 2, data.getsockname()[1]))
    if r is None:
        return 1
    addr = (CLIENT, r["data_port"])
    for _ in range(50):
        third.sendto(b"y" * 1000, addr)
    time.sleep(0.2)
    sent = 0
    for _ in range(20):
        data.sendto(b"x" * 100, addr)
        sent += 100
        time.sleep(0.005)
    for _ in range(3):
        data.sendto(b"", addr)
        time.sleep(0.05)
    res = results(s)
    got = (res["bytes_received_hi"] << 32) + res["bytes_received_lo"]
    if got > sent or got == 0:
        print("hostile: server counted %d bytes, the client sent %d" % (got, sent))
        return 1
    print("hostile: only the client's datagrams counted (%d of %d bytes)" % (got, sent))
    return 0


def reuse_port(port):
    svc = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    svc.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    svc.bind((CLIENT, 0))
    sport = svc.getsockname()[1]
    s = control(port)
    s.sendall(request("UDP_RR", 2, 0, data_port=sport))
    r = refpeer.decode(refpeer.recv_exact(s, MSG, 5), refpeer.RSP)
    sender = udp(CLIENT)
    for i in range(20):
        sender.sendto(b"%d" % i, (CLIENT, sport))
    time.sleep(0.2)
    svc.setblocking(False)
    got = 0
    try:
        while True:
            svc.recv(100)
            got += 1
    except BlockingIOError:
        pass
    s.close()
    if r["word1"] == 0:
        print("hostile: netserver took data port %d, shared with a service" % sport)
    if got != 20:
        print("hostile: the service on port %d got %d of 20 datagrams" % (sport, got))
        return 1
    if r["word1"] == 0:
        return 1
    print("hostile: port %d refused (serv_errno %d); the service got 20 of 20" % (
        sport, r["word1"]))
    return 0


def lost_markers(port, test):
    data = udp(CLIENT)
    rr = test == "UDP_RR"
    s = control(port)
    r = accepted(s, request(test, 1, data.getsockname()[1]))
    if r is None:
        return 1
    addr = (CLIENT, r["data_port"])
    data.settimeout(2)
    sent = 0
    end = time.monotonic() + 1.2
    while time.monotonic() < end:
        data.sendto(b"x", addr)
        sent += 1
        if rr:
            data.recv(100)
        else:
            time.sleep(0.0005)
    last = time.monotonic()
    res = results(s)
    late = time.monotonic() - last
    if late > 1.0:
        print("hostile: %s results came %.2f s after the last datagram" % (test, late))
        return 1
    got = res["trans_received"] if rr else res["recv_calls"]
    if got == 0 or got > sent:
        print("hostile: %s server counted %d, the client sent %d" % (test, got, sent))
        return 1
    print("hostile: %s without end markers: results %.2f s after the last datagram "
          "(%d of %d counted)" % (test, late, got, sent))
    return 0


def stranger_flood(port):
    import threading
    data, third = udp(CLIENT), udp(THIRD)
    s = control(port)
    start = time.monotonic()
    r = accepted(s, request("UDP_STREAM", 1, data.getsockname()[1]))
    if r is None:
        return 1
    addr = (CLIENT, r["data_port"])
    stop = threading.Event()

    def flood():
        while not stop.is_set():
            try:
                third.sendto(b"z" * 100, addr)
            except OSError:
                pass
    t = threading.Thread(target=flood, daemon=True)
    t.start()
    try:
        res = results(s)
    except OSError as e:
        print("hostile: no results while a third party floods: %s" % e)
        return 1
    finally:
        stop.set()
        t.join()
    took = time.monotonic() - start
    got = (res["bytes_received_hi"] << 32) + res["bytes_received_lo"]
    if got:
        print("hostile: the third party's flood counted %d bytes" % got)
        return 1
    if took > 12:   # l + 4 s, with room for a loaded machine
        print("hostile: a flood held a -l 1 test for %.1f s" % took)
        return 1
    print("hostile: the flood did not hold the test: results after %.1f s" % took)
    return 0


def probe(port, test, args):
    src, over = CLIENT, {}
    for a in args:
        k, v = a.split("=", 1)
        if k == "src":
            src = v
        else:
            over[k] = int(v, 0)
    try:
        s = control(port, src)
        s.sendall(request(test, over.pop("test_length", 1), **over))
        m = refpeer.recv_exact(s, MSG, 10)
    except OSError as e:
        print("closed (%s)" % e)
        return 0
    if len(m) < MSG:
        print("closed")
        return 0
    r = refpeer.decode(m, refpeer.RSP)
    print("serv_errno %d" % r["word1"] + (" data_port %d" % r["data_port"]
                                          if r["word1"] == 0 else ""))
    s.close()
    return 0


def refusal(port, src, phrase=None):
    s = control(port, src)
    try:
        if phrase is not None:
            s.sendall(struct.pack(">ii", refpeer.PASSPHRASE, -1) +
                      phrase.encode().ljust(MSG - 8, b"\0"))
        s.sendall(request("TCP_RR", 1))
        m = refpeer.recv_exact(s, MSG, 10)
    except OSError as e:
        print("closed (%s)" % e)
        return 0
    if len(m) < MSG:
        print("closed")
        return 0
    kind, err = struct.unpack_from(">ii", m, 0)
    other = [i for i in range(8, MSG) if m[i]]
    print("type %d serv_errno %d %s" % (kind, err, "bare" if not other else
                                        "bytes at %s" % " ".join("%#x" % i for i in other[:8])))
    s.close()
    return 0


def hold(port, src, n):
    held = [control(port, src) for _ in range(n)]
    print("held %d" % len(held), flush=True)
    time.sleep(3600)
    return 0 if held else 1


def garbage(port, n):
    for _ in range(n):
        s = control(port)
        s.sendall(request("TCP_RR", 1, direction=0))
        try:
            refpeer.recv_exact(s, MSG, 5)
        except OSError:
            pass
        s.close()
    return 0


def early_close(port):
    s = control(port)
    s.sendall(request("TCP_STREAM", 60))
    s.close()
    return 0


def stray_marker(port):
    data = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    data.bind((CLIENT, 0))
    s = control(port)
    s.sendall(request("UDP_RR", 2, data.getsockname()[1]))
    r = refpeer.decode(refpeer.recv_exact(s, MSG, 5), refpeer.RSP)
    if r["word1"] != 0:
        print("hostile: request refused: %d" % r["word1"])
        return 1
    addr = (CLIENT, r["data_port"])
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
    """A free TCP port below the ephemeral range, which other tests'
    connections (TCP_CRR opens thousands) take theirs from."""
    import random
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            lo = int(f.read().split()[0])
    except (OSError, ValueError):
        lo = 32768
    top = lo if lo > 11000 else 65536
    for _ in range(500):
        port = random.randrange(10000, top)
        s = socket.socket()
        try:
            s.bind((CLIENT, port))
            return port
        except OSError:
            continue
        finally:
            s.close()
    raise OSError("no free port below %d" % top)


def crr_silent(port, netperf):
    """TCP_CRR with a third party holding one data connection silent: the
    server drops it after its idle timeout and the test still ends."""
    import subprocess
    dport = free_port()
    start = time.monotonic()
    client = subprocess.Popen([netperf, "-H", CLIENT, "-p", str(port), "-t", "TCP_CRR",
                               "-l", "2", "-P", "0", "--", "-P", ",%d" % dport],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    silent = None
    while silent is None and time.monotonic() - start < 5:
        try:
            silent = socket.create_connection((CLIENT, dport), 1)
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


EXT_MAGIC = 0x004E5047
CAP_HOST_FACTS = 0x2
NG_FACTS, NG_FACTS_REPLY = 0x4e47, 0x4e48


def one_client():
    """Listen on a free loopback port, print it, take one control
    connection and its first message."""
    ls = socket.socket()
    ls.bind((CLIENT, 0))
    ls.listen(5)
    print(ls.getsockname()[1], flush=True)
    c, _ = ls.accept()
    return c, refpeer.recv_exact(c, MSG)


def answer_stream(c, caps=None, echo=None, applied=0):
    """Answer a TCP_STREAM request with a data port, as netserver-ng with
    caps when they are given (and the parameter words echo, the applied
    word); the data socket, listening."""
    d = socket.socket()
    d.bind((CLIENT, 0))
    d.listen(1)
    rsp = dict((k, 0) for k in refpeer.RSP)
    rsp.update(recv_buf_size=131072, receive_size=131072, recv_width=2, send_buf_size=16384,
               send_size=-1, send_width=2, data_port=d.getsockname()[1], socket_prio=-1,
               socket_tos=-1, cpu_rate=0.0, word1=0)
    m = bytearray(refpeer.encode(refpeer.OMNI_RESPONSE, refpeer.RSP, rsp))
    if caps is not None:
        struct.pack_into(">IIII", m, 0x280, EXT_MAGIC, 0, 1, caps)
    if echo is not None:
        m[0x260:0x280] = echo
        struct.pack_into(">I", m, 0x258, applied)
    c.sendall(bytes(m))
    return d


def serve(answer):
    c, m = one_client()
    q = refpeer.decode(m, refpeer.REQ)
    if not answer:
        time.sleep(3600)
    d = answer_stream(c)
    conn, _ = d.accept()
    while conn.recv(65536):
        pass
    # Our peer has half-closed; we never do.
    time.sleep(3600)
    return q


def facts_reply(driver=b"lo", cpu_model=b""):
    """A netserver-ng facts reply: loopback, MTU 1500, 2 CPUs."""
    reply = bytearray(MSG)
    struct.pack_into(">ii", reply, 0, NG_FACTS_REPLY, 0)
    struct.pack_into(">iiIIiii", reply, 8, 1500, -1, 0, 0, -1, -1, 2)
    reply[0x24:0x27] = b"lo\0"
    reply[0x34:0x34 + len(driver)] = driver
    reply[0x174:0x174 + len(cpu_model)] = cpu_model
    struct.pack_into(">IIII", reply, 0x280, EXT_MAGIC, 0, 1, CAP_HOST_FACTS)
    return bytes(reply)


# The results' congestion control name of the strings peer: an escape
# and a newline that would forge a "THRU=9999" line under -k.
HOSTILE_CONG = b"\x1b[31m\nTHRU=9999"


def take_stream(d):
    """Accept TCP_STREAM's data connection on the listener d, read it to
    its end, close both: the bytes it carried."""
    conn, _ = d.accept()
    got = 0
    while True:
        b = conn.recv(65536)
        if not b:
            break
        got += len(b)
    conn.close()
    d.close()
    return got


def stream_iteration(c, cong=b"", num_cpus=0):
    """Answer the TCP_STREAM request just read as netserver-ng that can
    tell its host facts, take the data, send the results."""
    got = take_stream(answer_stream(c, CAP_HOST_FACTS))
    res = dict((k, 0) for k in refpeer.RES)
    res.update(bytes_received_lo=got & 0xffffffff, bytes_received_hi=got >> 32,
               recv_calls=1, recv_buf_size=131072, send_buf_size=16384,
               elapsed_time=1.0, transport_retrans=-1, num_cpus=num_cpus, word1=0)
    m = bytearray(refpeer.encode(99, refpeer.RES, res))
    m[refpeer.RES_CONG:refpeer.RES_CONG + len(cong)] = cong
    c.sendall(bytes(m))


def facts_peer(mode):
    """netserver-ng (the extension words, NP_EXT_CAP_HOST_FACTS) serving
    TCP_STREAM iterations, one client after another, until killed; its
    answer to the facts request after the first iteration is mode's:
      bad      a driver named "\\x1b[2J" (the decoder refuses it)
      strings  a CPU model with a comma and quotes, and HOSTILE_CONG as
               the results' congestion control
      stall    none, ever (the client goes on without)
      late     the reply 9 s later (4 s past netperf's wait, room for a
               loaded machine), before the next iteration's response
      cpus     results that claim 2^31 - 1 CPUs (the service demand's
               multiplier)
    """
    ls = socket.socket()
    ls.bind((CLIENT, 0))
    ls.listen(5)
    print(ls.getsockname()[1], flush=True)
    while True:
        c, _ = ls.accept()
        try:
            serve_facts_client(c, mode)
        except OSError as e:
            print("hostile: %s" % e, file=sys.stderr)
        c.close()


def serve_facts_client(c, mode):
    first = True
    while True:
        m = refpeer.recv_exact(c, MSG, 60)
        if len(m) != MSG:
            return
        typ = struct.unpack_from(">i", m, 0)[0]
        if typ == NG_FACTS and mode == "stall":
            continue
        if typ == NG_FACTS:
            if mode == "late":
                time.sleep(9)
            if mode == "bad":
                c.sendall(facts_reply(driver=b"\x1b[2J"))
            else:
                c.sendall(facts_reply(cpu_model=b'ACME "Fast", 8 cores'))
            continue
        if typ != refpeer.DO_OMNI:
            print("hostile: message type %d" % typ, file=sys.stderr)
            return
        stream_iteration(c, HOSTILE_CONG if mode == "strings" and first else b"",
                         0x7fffffff if mode == "cpus" else 0)
        first = False


CAP_APPLIED = 0x8


def unapplied_peer(mode):
    """netserver-ng (the extension words, no host facts) serving TCP_STREAM
    iterations, one client after another, until killed, that does not
    apply the test's request fields (doc/extension.md, "Request fields"):
      old   as netserver-ng 0.1.0 that knows the first field alone: no
            NP_EXT_CAP_APPLIED; its parameter words echo the first
            field's value, 0 for the others
      mask  NP_EXT_CAP_APPLIED; the words echo every value (as the echo
            alone cannot tell), the applied word says none was applied
    A netperf that does not see it runs the test to its end (exit 0)."""
    ls = socket.socket()
    ls.bind((CLIENT, 0))
    ls.listen(5)
    print(ls.getsockname()[1], flush=True)
    while True:
        c, _ = ls.accept()
        try:
            while True:
                m = refpeer.recv_exact(c, MSG, 60)
                if len(m) != MSG or struct.unpack_from(">i", m, 0)[0] != refpeer.DO_OMNI:
                    break
                words = m[0x260:0x280]
                if mode == "old":
                    d = answer_stream(c, 0x5, words[:4] + bytes(28))
                else:
                    d = answer_stream(c, 0x5 | CAP_APPLIED, words, 0)
                # A netperf that stopped at the response closes instead.
                if d not in select.select([d, c], [], [], 30)[0]:
                    d.close()
                    break
                conn, _ = d.accept()
                got = 0
                while True:
                    b = conn.recv(65536)
                    if not b:
                        break
                    got += len(b)
                conn.close()
                d.close()
                res = dict((k, 0) for k in refpeer.RES)
                res.update(bytes_received_lo=got & 0xffffffff, bytes_received_hi=got >> 32,
                           recv_calls=1, recv_buf_size=131072, send_buf_size=16384,
                           elapsed_time=1.0, transport_retrans=-1, word1=0)
                c.sendall(refpeer.encode(99, refpeer.RES, res))
        except OSError as e:
            print("hostile: %s" % e, file=sys.stderr)
        c.close()


def refusing_peer(code):
    """netserver-ng refusing each request with serv_errno code, its
    extension words (the request's test id echoed) and no reason text:
    what netperf-ng prints then is the code's own (doc/protocol.md,
    "Refusals"), whatever the number means to strerror()."""
    ls = socket.socket()
    ls.bind((CLIENT, 0))
    ls.listen(5)
    print(ls.getsockname()[1], flush=True)
    while True:
        c, _ = ls.accept()
        try:
            m = refpeer.recv_exact(c, MSG, 60)
            if len(m) == MSG:
                rsp = bytearray(MSG)
                struct.pack_into(">ii", rsp, 0, refpeer.OMNI_RESPONSE, code)
                struct.pack_into(">IIII", rsp, 0x280, EXT_MAGIC,
                                 struct.unpack_from(">I", m, 0x284)[0], 1, 0)
                c.sendall(bytes(rsp))
        except OSError as e:
            print("hostile: %s" % e, file=sys.stderr)
        c.close()


def boot_id():
    """This host's boot id as the results' two 64-bit words."""
    with open("/proc/sys/kernel/random/boot_id") as f:
        b = bytes.fromhex(f.read().strip().replace("-", ""))
    return struct.unpack(">QQ", b)


def start_ticks(pid):
    """Field 22 of /proc/PID/stat: the process's start, ticks after boot."""
    with open("/proc/%d/stat" % pid) as f:
        return int(f.read().rsplit(")", 1)[1].split()[19])


def figures_results(got, mode, pid):
    """TCP_STREAM results of netserver-ng, got bytes received, whose
    netperf-ng words (doc/extension.md, words 137..151) say what mode says."""
    res = dict((k, 0) for k in refpeer.RES)
    res.update(bytes_received_lo=got & 0xffffffff, bytes_received_hi=got >> 32,
               recv_calls=1, recv_buf_size=131072, send_buf_size=16384,
               elapsed_time=1e-38 if mode == "absurd" else 1.0, transport_retrans=-1,
               word1=0)
    m = bytearray(refpeer.encode(99, refpeer.RES, res))
    struct.pack_into(">IIII", m, 0x280, EXT_MAGIC, 0, 1, 0)
    if mode == "absurd":
        # Another host's boot id: netserver's figures have a line of their
        # own.  Its other processes took 2^44 us in 1e-38 s; its loop ran
        # on CPU -1 and moved 2^32 - 1 times.
        hi, lo = 0x0123456789abcdef, 0x0fedcba987654321
        struct.pack_into(">IQQ", m, 0x22c, 4242, 1 << 44, 1000)
        struct.pack_into(">QQIiiI", m, 0x240, hi, lo, 0x3f, -1, -1, 0xffffffff)
    else:
        # This host's boot id: the spinner's pid as the session's, with its
        # real start time, and an own CPU time that would cover it.
        hi, lo = boot_id()
        struct.pack_into(">QIQQ", m, 0x224, start_ticks(pid), pid, 1000, 1 << 40)
        struct.pack_into(">QQIiiI", m, 0x240, hi, lo, 0x7f, 0, 0, 0)
    return bytes(m)


def figures_peer(mode, pid):
    """netserver-ng (the extension words, no host facts) serving TCP_STREAM
    iterations, one client after another, until killed, whose results'
    figures cannot be true:
      absurd   another host's boot id; other processes' CPU time 2^44 us
               over an elapsed_time of 1e-38 s; the data loop on CPU -1 at
               both ends, with 2^32 - 1 migrations
      hide     this host's boot id; the session pid PID (another process,
               a spinner) with that process's start time, and an own CPU
               time of 2^40 us (which, taken away, would hide the rest)
    """
    ls = socket.socket()
    ls.bind((CLIENT, 0))
    ls.listen(5)
    print(ls.getsockname()[1], flush=True)
    while True:
        c, _ = ls.accept()
        try:
            while True:
                m = refpeer.recv_exact(c, MSG, 60)
                if len(m) != MSG or struct.unpack_from(">i", m, 0)[0] != refpeer.DO_OMNI:
                    break
                got = take_stream(answer_stream(c, 0))
                c.sendall(figures_results(got, mode, pid))
        except OSError as e:
            print("hostile: %s" % e, file=sys.stderr)
        c.close()


def facts_flood(port, n):
    """N NP_NG_FACTS requests in a row: each answered (netserver reads its
    facts once; the test counts its log lines)."""
    c = control(port)
    c.settimeout(10)
    q = bytearray(MSG)
    struct.pack_into(">ii", q, 0, NG_FACTS, 0)
    struct.pack_into(">IIII", q, 0x280, EXT_MAGIC, 0, 1, CAP_HOST_FACTS)
    for i in range(n):
        c.sendall(bytes(q))
        r = refpeer.recv_exact(c, MSG, 10)
        if len(r) != MSG or struct.unpack_from(">ii", r, 0) != (NG_FACTS_REPLY, 0):
            print("hostile: facts request %d not answered with a facts reply" % i)
            return 1
    c.close()
    return 0


def bad_calibrate():
    """A netserver whose CPU_CALIBRATE reply (REM_CPU) names -7 CPUs."""
    c, _ = one_client()
    reply = bytearray(MSG)
    struct.pack_into(">ii", reply, 0, 5, 0)
    struct.pack_into(">fi", reply, 8, 100.0, -7)
    c.sendall(bytes(reply))
    time.sleep(30)


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
    modes = {"forged-requests": forged_requests, "first-connect": first_connect,
             "first-sender": first_sender, "reuse-port": reuse_port}
    if argv[1] in modes:
        return modes[argv[1]](int(argv[2]))
    if argv[1] == "amplify":
        return amplify(int(argv[2]), argv[3], argv[4], argv[5], float(argv[6]),
                       int(argv[7]))
    if argv[1] == "count":
        return count(argv[2], int(argv[3]), float(argv[4]))
    if argv[1] == "classic-rr":
        return classic_rr(int(argv[2]), int(argv[3]), int(argv[4]))
    if argv[1] == "lost-markers":
        return lost_markers(int(argv[2]), argv[3])
    if argv[1] == "stranger-flood":
        return stranger_flood(int(argv[2]))
    if argv[1] == "probe":
        return probe(int(argv[2]), argv[3], argv[4:])
    if argv[1] == "hold":
        return hold(int(argv[2]), argv[3], int(argv[4]))
    if argv[1] == "refusal":
        return refusal(int(argv[2]), argv[3], argv[4] if len(argv) > 4 else None)
    if argv[1] == "facts-flood":
        return facts_flood(int(argv[2]), int(argv[3]))
    if argv[1] == "garbage":
        return garbage(int(argv[2]), int(argv[3]))
    if argv[1] == "silent-server":
        serve(False)
        return 0
    if argv[1] == "bad-calibrate":
        bad_calibrate()
        return 0
    if argv[1] == "facts-peer":
        facts_peer(argv[2])
        return 0
    if argv[1] == "figures-peer":
        figures_peer(argv[2], int(argv[3]) if len(argv) > 3 else 0)
        return 0
    if argv[1] == "refusing-peer":
        refusing_peer(int(argv[2]))
        return 0
    if argv[1] == "unapplied-peer":
        unapplied_peer(argv[2])
        return 0
    if argv[1] == "no-close-server":
        serve(True)
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
