"""netperf_systemd_exec: an argv as the value of a systemd unit's
ExecStart=, each word reaching the program exactly as given.

systemd reads a command line its own way, not a shell's
(systemd.service(5), "Command lines"; systemd.syntax(7)): it resolves
specifiers (% followed by a letter: %%, a %), substitutes environment
variables ($VAR as a word, ${VAR} anywhere; $$, a $), undoes C escapes
(\\x41 is an A; \\\\, a backslash) and splits words at whitespace outside
quotes, a lone ; ending the command.  So a shell's quoting is wrong for
it: '-L fe80::1%eth0' is refused ("Failed to resolve unit specifiers"),
and 'pa%z\\x41$VAR' loses its %, its backslash and its $VAR.

Here every word is put in double quotes with % as %%, $ as $$, \\ and "
behind a backslash, and a control character as \\xHH; NUL cannot be
passed at all.  The program's path must be absolute (systemd reads a
leading - @ : + ! as its flags).  tests/fleet.test has systemd-analyze
parse the result and compares the words it dumps with the argv given.

Plain Python (Ansible's error class only when there): tests import it
with plain python3.
"""

try:  # Ansible then prints the message alone, as a filter's error
    from ansible.errors import AnsibleFilterError as _Base
except ImportError:
    _Base = Exception


class SystemdQuoteError(_Base):
    pass


def systemd_word(word):
    """One word of an ExecStart= command line, quoted for systemd."""
    word = str(word)
    if "\0" in word:
        raise SystemdQuoteError("a command-line word cannot hold a NUL: %r" % word)
    out = ['"']
    for c in word:
        if c == "%":
            out.append("%%")
        elif c == "$":
            out.append("$$")
        elif c in '\\"':
            out.append("\\" + c)
        elif ord(c) < 0x20 or ord(c) == 0x7f:
            out.append("\\x%02x" % ord(c))
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def netperf_systemd_exec(argv):
    """argv (a list: the program's absolute path, then its arguments) as
    one ExecStart= value."""
    if isinstance(argv, (str, bytes)) or not isinstance(argv, (list, tuple)) or not argv:
        raise SystemdQuoteError("netperf_systemd_exec: a list of words, not %r" % (argv,))
    if not str(argv[0]).startswith("/"):
        raise SystemdQuoteError("netperf_systemd_exec: the program %r is not an absolute path"
                                % (argv[0],))
    return " ".join(systemd_word(w) for w in argv)


class FilterModule(object):
    def filters(self):
        return {"netperf_systemd_exec": netperf_systemd_exec}
