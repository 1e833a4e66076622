#!/usr/bin/env python3
"""The machine's TCP loopback ceiling right now: one process sends 1 MiB blocks to another over 127.0.0.1 for
SECONDS (default 5) and prints the rate, in MB/s and in cf32 Msps (8 bytes an item). No ZeroMQ, no Java: what any
link on this machine could reach at best (tools/zmq/throughput.sh prints it beside the ZMQ legs)."""
import os
import socket
import sys
import time

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
srv = socket.socket()
srv.bind(("127.0.0.1", 0))
srv.listen(1)
port = srv.getsockname()[1]
if os.fork() == 0:  # the sender
    s = socket.create_connection(("127.0.0.1", port))
    block = bytes(1 << 20)
    try:
        while True:
            s.sendall(block)
    except OSError:
        os._exit(0)
conn, _ = srv.accept()
buf = bytearray(1 << 20)
view = memoryview(buf)
end = time.time() + 1.0  # warm-up
while time.time() < end:
    conn.recv_into(view)
n, t0 = 0, time.time()
while time.time() - t0 < seconds:
    n += conn.recv_into(view)
dt = time.time() - t0
conn.close()
os.wait()
print("loopback TCP ceiling: %.0f MB/s = %.1f Msps cf32" % (n / dt / 1e6, n / dt / 8e6))
