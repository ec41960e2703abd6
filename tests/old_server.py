#!/usr/bin/env python3
"""old_server.py - a netserver 2.7.1 built with --enable-omni=no, on the wire.

Python 3.7+, standard library only; written from the legacy_*.txt captures and
the captures in tests/data/vectors (the layouts come from legacy_client.py).

  old_server.py [--host H] [--pad S] [--log FILE]

Listens on a free port of H (127.0.0.1) and prints 'port N'.  Each control
connection gets a thread that answers DO_OMNI, and any type it does not know,
with the reference's 998 reply (type word 0 on a fresh connection, serv_errno
998, the connection kept), and serves the six legacy requests as that server
does: the response, the data phase, then results whose type word is the
response's byte-swapped (UDP_STREAM's excepted), byte counts of the stream
tests as big-endian doubles.  Receivers stop at the client's EOF or, for UDP,
at a datagram of the wrong size; netserver's l+pad timer (4 s in the
reference; --pad) ends the rest, and pad is taken off the elapsed time.  An
empty datagram in UDP_RR gets what the reference sends: an error reply, and
the connection closes.  --log appends one line per request type received.
"""
import argparse, os, socket, struct, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from legacy_client import LAYOUTS, MSG, FILL, encode, decode, recv_exact  # noqa: E402

DO_OMNI, UNKNOWN = 97, 998
EINVAL = 22


def swap32(v):
    return struct.unpack('<I', struct.pack('>I', v))[0]


def bufsizes(s):
    return (s.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF),
            s.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF))


class Session:
    def __init__(self, ctl, pad, log):
        self.ctl, self.pad, self.log = ctl, pad, log

    def note(self, text):
        if self.log:
            with open(self.log, 'a') as f:
                f.write(text + '\n')

    def serve(self):
        with self.ctl:
            while True:
                try:
                    msg = recv_exact(self.ctl, MSG, 60)
                except (EOFError, OSError):
                    return
                rtype = struct.unpack_from('>I', msg, 0)[0]
                self.note('request %d' % rtype)
                if rtype not in LAYOUTS:
                    # A fresh buffer: type word 0, only serv_errno set.
                    self.ctl.sendall(encode(0, UNKNOWN, [], {}))
                    continue
                if not self.legacy_test(rtype, decode(msg, LAYOUTS[rtype][0])):
                    return

    def legacy_test(self, rtype, q):
        udp = rtype in (16, 19)
        _, rsp_l, res_l = LAYOUTS[rtype]
        fam = socket.AF_INET6 if q['ipfamily'] == 6 else socket.AF_INET
        d = socket.socket(fam, socket.SOCK_DGRAM if udp else socket.SOCK_STREAM)
        d.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        d.bind(('::' if fam == socket.AF_INET6 else '0.0.0.0', q['port']))
        if not udp:
            d.listen(5)
        sss, srs = bufsizes(d)
        length = q['test_length']
        rsp = dict(recv_buf_size=srs, send_buf_size=sss, receive_size=srs,
                   send_size=min(sss, 65507), no_delay=q.get('no_delay', 0),
                   measure_cpu=0, test_length=length,
                   data_port_number=d.getsockname()[1])
        self.ctl.sendall(encode(rtype + 1, 0, rsp_l, rsp))
        # Transmit-only roles end at l, the others at l + pad; counts none.
        end = (time.monotonic() + length + (0 if rtype == 94 else self.pad)
               if length > 0 else None)
        count = -length if length < 0 else None
        t0 = time.monotonic()
        res, err = {}, 0
        try:
            res, err = getattr(self, 'run_%d' % rtype)(d, q, end, count)
        finally:
            d.close()
        elapsed = time.monotonic() - t0
        if end and time.monotonic() >= end and rtype != 94:
            elapsed -= self.pad
        if err:
            # What recv_udp_rr does with a datagram of the wrong size.
            self.ctl.sendall(encode(rtype + 1, err, rsp_l, rsp))
            return False
        res.update(elapsed_time=elapsed, cpu_util=-1.0)
        rtype_word = rtype + 2 if rtype == 16 else swap32(rtype + 1)
        self.ctl.sendall(encode(rtype_word, 0, res_l, res))
        return True

    @staticmethod
    def timeout_left(sock, end):
        left = end - time.monotonic() if end else 30
        if left <= 0:
            raise socket.timeout
        sock.settimeout(min(left, 30))

    def accept(self, d, end):
        self.timeout_left(d, end)
        c, _ = d.accept()
        return c

    def run_10(self, d, q, end, count):                     # TCP_STREAM
        n = calls = 0
        try:
            c = self.accept(d, end)
            with c:
                while True:
                    self.timeout_left(c, end)
                    chunk = c.recv(q['receive_size'] or 65536)
                    if not chunk:
                        break
                    n, calls = n + len(chunk), calls + 1
        except socket.timeout:
            pass
        return dict(bytes_received=float(n), recv_calls=calls), 0

    def run_94(self, d, q, end, count):                     # TCP_MAERTS
        n = calls = 0
        buf = FILL * 2048
        try:
            c = self.accept(d, end)
            with c:
                while (end and time.monotonic() < end) or (count and n < count):
                    c.sendall(buf)
                    n, calls = n + len(buf), calls + 1
        except (socket.timeout, OSError):
            pass
        return dict(bytes_sent=float(n), send_calls=calls), 0

    def run_13(self, d, q, end, count):                     # TCP_RR
        trans = 0
        rsp = (FILL * 8192)[:q['response_size']]
        try:
            c = self.accept(d, end)
            with c:
                while not count or trans < count:
                    self.timeout_left(c, end)
                    recv_exact(c, q['request_size'], c.gettimeout())
                    c.sendall(rsp)
                    trans += 1
        except (socket.timeout, EOFError, OSError):
            pass
        return self.rr_results(q, trans), 0

    def run_34(self, d, q, end, count):                     # TCP_CRR
        trans = 0
        rsp = (FILL * 8192)[:q['response_size']]
        try:
            while not count or trans < count:
                c = self.accept(d, end)
                with c:
                    recv_exact(c, q['request_size'], 10)
                    c.sendall(rsp)
                trans += 1
        except (socket.timeout, EOFError, OSError):
            pass
        return self.rr_results(q, trans), 0

    def run_16(self, d, q, end, count):                     # UDP_STREAM
        msgs, last = 0, -1
        try:
            while True:
                self.timeout_left(d, end)
                last = len(d.recv(65536))
                if last != q['message_size']:
                    break
                msgs += 1
        except socket.timeout:
            last = -1                                        # as the reference counts
        return dict(messages_recvd=msgs,
                    bytes_received=(msgs * q['message_size'] + last) & 0xffffffff), 0

    def run_19(self, d, q, end, count):                     # UDP_RR
        trans = 0
        rsp = (FILL * 8192)[:q['response_size']]
        try:
            while not count or trans < count:
                self.timeout_left(d, end)
                req, peer = d.recvfrom(65536)
                if len(req) != q['request_size']:
                    return {}, EINVAL
                d.sendto(rsp, peer)
                trans += 1
        except socket.timeout:
            pass
        return self.rr_results(q, trans), 0

    @staticmethod
    def rr_results(q, trans):
        return dict(bytes_received=trans * (q['request_size'] + q['response_size']),
                    recv_calls=trans, trans_received=trans)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--host', default='127.0.0.1')
    ap.add_argument('--pad', type=float, default=4.0)
    ap.add_argument('--log')
    a = ap.parse_args()
    ls = socket.socket(socket.AF_INET6 if ':' in a.host else socket.AF_INET)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind((a.host, 0))
    ls.listen(16)
    print('port %d' % ls.getsockname()[1], flush=True)
    while True:
        ctl, _ = ls.accept()
        threading.Thread(target=Session(ctl, a.pad, a.log).serve, daemon=True).start()


if __name__ == '__main__':
    sys.exit(main())
