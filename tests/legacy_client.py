#!/usr/bin/env python3
"""legacy_client.py - netperf 2.7.1 built with --enable-omni=no, on the wire.

Python 3.7+, standard library only; written from the captures in
tests/data/vectors/legacy_*.txt (netperf 2.7.1 built with --enable-omni=no).

  legacy_client.py --port P [--host H] --vectors DIR [--length L]
      For every legacy_*.txt capture: sends its request (test length and
      data port adjusted) to the netserver under test, checks the response,
      runs the data phase as the legacy netperf does (no UDP end markers; the
      RR data connection stays open until the results come), checks the
      results.  Then a CPU-measured test, two tests on one connection, and
      out-of-range requests, which must be refused with a serv_errno.  One
      'ok' or 'FAIL' line per check; exit 0 only if nothing failed.

The layouts below are shared with old_server.py, which plays a netserver
built without omni.
"""
import argparse, errno, os, re, socket, struct, sys, time

MSG = 656
FILL = b'netperf\0'
TYPES = {'TCP_STREAM': 10, 'TCP_RR': 13, 'UDP_STREAM': 16, 'UDP_RR': 19,
         'TCP_CRR': 34, 'TCP_MAERTS': 94}          # response = +1, results = +2
VECTORS = {10: 'legacy_tcp_stream', 13: 'legacy_tcp_rr', 16: 'legacy_udp_stream',
           19: 'legacy_udp_rr', 34: 'legacy_tcp_crr', 94: 'legacy_tcp_maerts'}


def layout(spec):
    """'name:fmt ...' -> [(name, fmt)]; fmt i/I/f is one word, d two (a double)."""
    return [tuple(f.split(':')) for f in spec.split()]


RR_REQ = layout('recv_buf_size:i send_buf_size:i recv_alignment:i recv_offset:i '
                'send_alignment:i send_offset:i request_size:i response_size:i '
                'no_delay:i measure_cpu:i cpu_rate:f test_length:i so_rcvavoid:i '
                'so_sndavoid:i port:i ipfamily:i')
RR_RSP = layout('recv_buf_size:i no_delay:i measure_cpu:i test_length:i send_buf_size:i '
                'data_port_number:i cpu_rate:f so_rcvavoid:i so_sndavoid:i')
RR_RES = layout('bytes_received:I recv_calls:I trans_received:I elapsed_time:f '
                'cpu_util:f serv_dem:f cpu_method:i num_cpus:i')
LAYOUTS = {  # request type: (request, response, results)
    10: (layout('send_buf_size:i recv_buf_size:i receive_size:i recv_alignment:i '
                'recv_offset:i no_delay:i measure_cpu:i cpu_rate:f test_length:i '
                'so_rcvavoid:i so_sndavoid:i dirty_count:i clean_count:i port:i '
                'ipfamily:i recv_aio:i'),
         layout('recv_buf_size:i receive_size:i no_delay:i measure_cpu:i test_length:i '
                'send_buf_size:i data_port_number:i cpu_rate:f so_rcvavoid:i '
                'so_sndavoid:i'),
         layout('bytes_received:d recv_calls:I elapsed_time:f cpu_util:f serv_dem:f '
                'cpu_method:i num_cpus:i recv_buf_size:i send_buf_size:i')),
    94: (layout('send_buf_size:i recv_buf_size:i send_size:i send_alignment:i '
                'send_offset:i no_delay:i measure_cpu:i cpu_rate:f test_length:i '
                'so_rcvavoid:i so_sndavoid:i dirty_count:i clean_count:i port:i '
                'ipfamily:i'),
         layout('recv_buf_size:i send_size:i no_delay:i measure_cpu:i test_length:i '
                'send_buf_size:i data_port_number:i cpu_rate:f so_rcvavoid:i '
                'so_sndavoid:i'),
         layout('bytes_sent:d send_calls:I elapsed_time:f cpu_util:f serv_dem:f '
                'cpu_method:i num_cpus:i')),
    13: (RR_REQ, RR_RSP, RR_RES), 19: (RR_REQ, RR_RSP, RR_RES), 34: (RR_REQ, RR_RSP, RR_RES),
    16: (layout('recv_buf_size:i message_size:i recv_connected:i recv_alignment:i '
                'recv_offset:i checksum_off:i measure_cpu:i cpu_rate:f test_length:i '
                'so_rcvavoid:i so_sndavoid:i port:i ipfamily:i'),
         layout('recv_buf_size:i send_buf_size:i measure_cpu:i test_length:i '
                'data_port_number:i cpu_rate:f so_rcvavoid:i so_sndavoid:i'),
         layout('messages_recvd:I bytes_received:I elapsed_time:f cpu_util:f '
                'cpu_method:i num_cpus:i')),
}


def decode(msg, fields):
    """The header words and the fields of a whole-message-converted legacy message."""
    out = {'type': struct.unpack_from('>I', msg, 0)[0],
           'word1': struct.unpack_from('>i', msg, 4)[0]}
    off = 8
    for name, fmt in fields:
        out[name] = struct.unpack_from('>' + fmt, msg, off)[0]
        off += 8 if fmt == 'd' else 4
    return out


def encode(mtype, word1, fields, values):
    """A legacy message; fields missing from values are 0."""
    msg = bytearray(MSG)
    struct.pack_into('>Ii', msg, 0, mtype, word1)
    off = 8
    for name, fmt in fields:
        struct.pack_into('>' + fmt, msg, off, values.get(name, 0))
        off += 8 if fmt == 'd' else 4
    return bytes(msg)


def recv_exact(sock, n, timeout):
    sock.settimeout(timeout)
    buf = b''
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise EOFError('closed after %d of %d bytes' % (len(buf), n))
        buf += chunk
    return buf


def vector_request(vdir, rtype):
    """The captured request (message 1) of a legacy vector, as bytes."""
    path = os.path.join(vdir, VECTORS[rtype] + '.txt')
    with open(path) as f:
        for line in f:
            m = re.match(r'RAW C->S 1 ([0-9a-f]{1312})$', line.strip())
            if m:
                return bytes.fromhex(m.group(1))
    raise ValueError('%s: no RAW C->S 1 line' % path)


class Checks:
    def __init__(self):
        self.failed = 0

    def check(self, cond, what):
        print(('ok   ' if cond else 'FAIL ') + what, flush=True)
        if not cond:
            self.failed += 1
        return cond


# ------------------------------------------------------------ data phases

def drain(sock, timeout):
    sock.settimeout(timeout)
    n = 0
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return n
        n += len(chunk)


def run_data(rtype, q, port, host, length):
    """The legacy netperf's data phase; what the client counted."""
    udp = rtype in (16, 19)
    fam = socket.AF_INET6 if ':' in host else socket.AF_INET
    c = {'sent': 0, 'recvd': 0, 'trans': 0, 'msgs': 0}
    end = time.monotonic() + length if length > 0 else None
    count = -length if length < 0 else None
    if rtype == 34:                                  # TCP_CRR: a connection per transaction
        while (end and time.monotonic() < end) or (count and c['trans'] < count):
            with socket.socket(fam, socket.SOCK_STREAM) as s:
                s.settimeout(10)
                s.connect((host, port))
                s.sendall(FILL[:1] * q['request_size'])
                recv_exact(s, q['response_size'], 10)
                drain(s, 10)                         # the server closes first
                c['trans'] += 1
        return c, None
    s = socket.socket(fam, socket.SOCK_DGRAM if udp else socket.SOCK_STREAM)
    s.settimeout(10)
    s.connect((host, port))
    if rtype == 10:
        buf = FILL * 2048
        while (end and time.monotonic() < end) or (count and c['sent'] < count):
            s.sendall(buf)
            c['sent'] += len(buf)
        s.shutdown(socket.SHUT_WR)
        drain(s, 10)
    elif rtype == 94:
        c['recvd'] = drain(s, length + 10 if length > 0 else 10)
    elif rtype == 16:                                # no end marker, as the legacy client
        buf = (FILL * 8192)[:q['message_size']]
        while end and time.monotonic() < end:
            try:
                s.send(buf)
                c['msgs'] += 1
            except OSError as e:
                if e.errno != errno.ENOBUFS:
                    raise
    else:                                            # TCP_RR, UDP_RR in lockstep
        req = (FILL * 8192)[:q['request_size']]
        while (end and time.monotonic() < end) or (count and c['trans'] < count):
            s.send(req) if udp else s.sendall(req)
            try:
                if udp:
                    s.settimeout(1)
                    s.recv(65536)
                else:
                    recv_exact(s, q['response_size'], 10)
            except socket.timeout:
                break                                # a lost datagram ends the run
            c['trans'] += 1
        if count and not udp:
            drain(s, 10)                             # the server closes at the count
    if rtype in (13, 19):
        return c, s                                  # left open until the results
    s.close()
    return c, None


# ------------------------------------------------------------------ checks

def adjust(rtype, msg, length, **extra):
    """The captured request with our test length (and other words changed)."""
    req_l = LAYOUTS[rtype][0]
    q = decode(msg, req_l)
    q['test_length'] = length
    if rtype == 16:
        q['message_size'] = 1024                     # few drops on a busy loopback
    q.update(extra)
    return q, encode(rtype, q['word1'], req_l, q)


def one_test(ck, ctl, rtype, vdir, port, host, length, **extra):
    """Request, response, data phase, results on the control connection ctl."""
    name = VECTORS[rtype]
    _, rsp_l, res_l = LAYOUTS[rtype]
    q, msg = adjust(rtype, vector_request(vdir, rtype), length, **extra)
    ctl.sendall(msg)
    r = decode(recv_exact(ctl, MSG, 30), rsp_l)
    if not ck.check(r['word1'] == 0 and r['type'] == rtype + 1,
                    '%s: response type %d serv_errno %d' % (name, r['type'], r['word1'])):
        return None
    ok = 0 < r['data_port_number'] < 65536 and r['recv_buf_size'] > 0
    ok = ok and r['measure_cpu'] == q['measure_cpu'] and r['so_rcvavoid'] == 0
    if rtype == 10:
        ok = ok and r['receive_size'] == r['recv_buf_size']   # as the capture shows
    if rtype == 94:
        ok = ok and r['send_size'] == min(r['send_buf_size'], 1 << 22)
    if rtype != 16:
        ok = ok and r['send_buf_size'] > 0
    ck.check(ok, '%s: response fields %s' % (name, r))
    t0 = time.monotonic()
    c, held = run_data(rtype, q, r['data_port_number'], host, length)
    res = decode(recv_exact(ctl, MSG, length + 15 if length > 0 else 30), res_l)
    waited = time.monotonic() - t0
    if held:
        held.close()
    if not ck.check(res['word1'] == 0, '%s: results serv_errno %d' % (name, res['word1'])):
        return None
    el = res['elapsed_time']
    # TCP_CRR's server times until its last transaction ends: one that
    # this client began just before its end can take a second more when
    # the machine is loaded (a connection, a request, a response, a close).
    ok = length < 0 or abs(el - length) < (1.6 if rtype == 34 else 0.6)
    if rtype == 10:
        ok = ok and res['bytes_received'] == c['sent'] and res['recv_calls'] > 0
    elif rtype == 94:
        ok = ok and res['bytes_sent'] == c['recvd'] > 0 and res['send_calls'] > 0
    elif rtype == 16:
        ok = ok and 0 < res['messages_recvd'] <= c['msgs']
        ok = ok and res['bytes_received'] == res['messages_recvd'] * q['message_size']
    else:
        ok = ok and c['trans'] > 0 and res['trans_received'] - c['trans'] in (0, 1)
        ok = ok and res['recv_calls'] >= res['trans_received']
    ck.check(ok, '%s: results %s, client counted %s, %.1f s' % (name, res, c, waited))
    return r, res, waited


def refused(ck, vdir, server, rtype, want, what, **extra):
    """A request with a word out of range: serv_errno want, then the close."""
    _, msg = adjust(rtype, vector_request(vdir, rtype), 1, **extra)
    with socket.create_connection(server, timeout=10) as ctl:
        ctl.sendall(msg)
        r = decode(recv_exact(ctl, MSG, 30), [])
        try:
            closed = ctl.recv(1) == b''
        except OSError:
            closed = True
    ck.check(r['word1'] == want and r['type'] == rtype + 1 and closed,
             '%s refused: type %d serv_errno %d (want %d), closed %s'
             % (what, r['type'], r['word1'], want, closed))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--port', type=int, required=True)
    ap.add_argument('--host', default='127.0.0.1')
    ap.add_argument('--vectors', required=True)
    ap.add_argument('--length', type=int, default=1)
    a = ap.parse_args()
    ck = Checks()
    L = a.length

    for rtype in (10, 94, 16, 19, 34, 13):
        with socket.create_connection((a.host, a.port), timeout=10) as ctl:
            got = one_test(ck, ctl, rtype, a.vectors, a.port, a.host, L)
        if got and rtype == 13:
            # The legacy client holds the connection: netserver's l+4 s
            # timer ends the test (and takes the 4 s off its elapsed time).
            ck.check(got[2] > L + 3, 'legacy_tcp_rr: results after %.1f s (l+4)' % got[2])

    with socket.create_connection((a.host, a.port), timeout=10) as ctl:
        got = one_test(ck, ctl, 13, a.vectors, a.port, a.host, -2000, measure_cpu=1)
        if got:
            r, res, _ = got
            ck.check(r['cpu_rate'] > 0 and res['cpu_method'] == 8 and res['num_cpus'] > 0,
                     'measured CPU: rate %g method %d cpus %d'
                     % (r['cpu_rate'], res['cpu_method'], res['num_cpus']))
        # A second test on the same connection, as -i does.
        one_test(ck, ctl, 10, a.vectors, a.port, a.host, -1 << 20)

    E, srv = errno, (a.host, a.port)
    refused(ck, a.vectors, srv, 13, E.EINVAL, 'TCP_RR request_size 0', request_size=0)
    refused(ck, a.vectors, srv, 10, E.EINVAL, 'TCP_STREAM no_delay 7', no_delay=7)
    refused(ck, a.vectors, srv, 19, E.EACCES, 'UDP_RR port 80', port=80)
    refused(ck, a.vectors, srv, 94, E.EINVAL, 'TCP_MAERTS test_length 10^6',
            test_length=1000000)
    refused(ck, a.vectors, srv, 34, E.EAFNOSUPPORT, 'TCP_CRR ipfamily 9', ipfamily=9)
    refused(ck, a.vectors, srv, 16, E.EMSGSIZE, 'UDP_STREAM message_size 70000',
            message_size=70000)
    print('%s' % ('all passed' if not ck.failed else '%d failed' % ck.failed))
    return 1 if ck.failed else 0


if __name__ == '__main__':
    sys.exit(main())
