# Runs a command under a new pseudo-terminal of a given size, as a terminal window would: the
# command's session leader owns the terminal, so a Ctrl-C typed (byte 0x03) is SIGINT to it.
# Every byte the command writes to the terminal is copied to this process's stdout, for a
# terminal emulator to draw (test/e2e/terminal-screen.test.ts). Python's standard library only.
#
# usage: pty.py COLUMNS ROWS INTERRUPT_AFTER -- COMMAND ARGS...
#   INTERRUPT_AFTER: text that, once the command has written it, makes this type Ctrl-C; "" never.
# Exits with the command's exit code (128 + n when a signal n ended it).
import fcntl
import os
import select
import struct
import subprocess
import sys
import termios

columns, rows, interrupt_after = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].encode()
command = sys.argv[5:]
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', rows, columns, 0, 0))


def own_terminal():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


child = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, preexec_fn=own_terminal, close_fds=True)
os.close(slave)
seen = b''
interrupted = interrupt_after == b''
while True:
    ready, _, _ = select.select([master], [], [], 0.5)
    if not ready:
        if child.poll() is not None:
            break
        continue
    try:
        data = os.read(master, 65536)
    except OSError:
        break
    if not data:
        break
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()
    if not interrupted:
        seen += data
        if interrupt_after in seen:
            interrupted = True
            os.write(master, b'\x03')
code = child.wait()
sys.exit(128 - code if code < 0 else code)
