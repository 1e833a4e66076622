package org.sigflow.blocks.zmq;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.runtime.BlockSetup;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;

/**
 * The params every ZMQ block shares (gr-zeromq's address, timeout, high-water mark, pass_tags, key, plus SigFlow's
 * bind and peer timeout) and the socket they describe: opened on the block's thread in {@code start()}, closed in
 * {@code stop()}, with user-worded errors for a bad address or a port in use, and a watch on the socket's peers so a
 * vanished peer ends the run with a message instead of a silent wait.
 */
final class ZmqEndpoint {
    /** Longest single wait in a work call, whatever the timeout param: a stop request is seen within this. */
    static final int MAX_WAIT_MS = 200;
    /** gr-zeromq's LINGER: a closing socket tries this long to deliver what it has queued. */
    static final int LINGER_MS = 1000;
    /**
     * Bytes a lossless sink (PUSH, REP) may queue when no high-water mark is set: ZeroMQ's default of 1000 frames is
     * up to 1 GB of 1 MiB frames, more than a slow receiver takes within any linger, so the stream's tail was lost
     * when the sink closed. Bounded, the queue drains within the peer timeout.
     */
    static final int LOSSLESS_QUEUE_BYTES = 32 << 20;
    /**
     * Handshake timer of a connecting socket (ms): JeroMQ 0.6.0 now and then never starts the handshake of a freshly
     * connected TCP socket (its poller's connect hand-off race, zeromq/jeromq#1022, about 1-6 % of connections, more
     * under load); the link then stays silent until this timer closes the connection and JeroMQ reconnects. ZeroMQ's
     * default is 30 s.
     */
    static final int HANDSHAKE_MS = 2000;
    private static final AtomicLong MONITORS = new AtomicLong();

    final String blockLabel;
    final String address;
    final SocketType type;
    final boolean bind;
    final int timeoutMs;
    final int hwm;
    final boolean passTags;
    final String key;
    /** Seconds without any peer, after having had one, before the block gives up; 0 waits forever. */
    final double peerTimeout;
    final ItemBytes items;

    /**
     * How long a lossless sink's close lingers, after its stream's end, when its queue cannot be watched (a JeroMQ
     * without the fields {@link PushPipes} reads) and no peer timeout is set: never forever, so the run ends.
     */
    static final int LOSSLESS_LINGER_MS = 60_000;

    /** How long closing waits for queued frames (ms; bounded). */
    private final int lingerMs;
    private ZContext context;
    private ZMQ.Socket socket;
    private ZMQ.Socket monitor;
    private int peers;
    private boolean hadPeer;
    private long peerlessSince;

    ZmqEndpoint(BlockSetup setup, SocketType type, boolean bindByDefault) {
        this.blockLabel = setup.blockId() + " '" + setup.instanceId() + "'";
        this.type = type;
        this.address = setup.string("address").trim();
        this.bind = setup.has("bind") ? setup.bool("bind") : bindByDefault;
        this.timeoutMs = (int) Math.max(0, Math.min(Integer.MAX_VALUE, Math.round(setup.real("timeout"))));
        this.hwm = setup.has("hwm") ? setup.integer("hwm") : -1;
        this.passTags = setup.has("pass_tags") && setup.bool("pass_tags");
        this.key = setup.has("key") ? setup.string("key") : "";
        this.peerTimeout = setup.has("peer_timeout") ? setup.real("peer_timeout") : 0;
        this.items = new ItemBytes(StreamType.dtype(setup), StreamType.vlen(setup));
        // a lossless sink delivers its queue before it closes, as long as a peer may still take it (the peer timeout,
        // else a minute); gr-zeromq's 1 s dropped the tail of a long stream to a slower receiver. A sink that watches
        // its queue (PushPipes) waits for it in work instead, where a stop ends the wait, and lingers little.
        this.lingerMs = !lossless() ? LINGER_MS : peerTimeout > 0
                ? (int) Math.max(LINGER_MS, Math.min(Integer.MAX_VALUE, peerTimeout * 1000)) : LOSSLESS_LINGER_MS;
        checkAddress(address);
    }

    private void checkAddress(String a) {
        if (!(a.startsWith("tcp://") || a.startsWith("ipc://") || a.startsWith("inproc://"))) {
            throw new IllegalArgumentException(blockLabel + ": address '" + a
                    + "' must start with tcp://, ipc:// or inproc:// (e.g. tcp://127.0.0.1:5555)");
        }
    }

    /** Opens, configures and binds or connects the socket. */
    ZMQ.Socket open() throws IOException {
        return open(null);
    }

    /** The same, with received messages allocated by {@code allocator} (null: JeroMQ's own). */
    ZMQ.Socket open(zmq.msg.MsgAllocator allocator) throws IOException {
        context = new ZContext(1);
        context.setLinger(LINGER_MS); // ZContext gives new sockets its linger
        socket = context.createSocket(type);
        socket.setLinger(LINGER_MS);
        if (allocator != null) {
            socket.setMsgAllocator(allocator);
        }
        if (hwm >= 0) {
            socket.setSndHWM(hwm);
            socket.setRcvHWM(hwm);
        } else if (lossless()) {
            socket.setSndHWM(Math.max(4, LOSSLESS_QUEUE_BYTES / ZmqSink.MAX_FRAME_BYTES));
        }
        String monitorAddress = "inproc://sigflow-zmq-monitor-" + MONITORS.incrementAndGet();
        socket.monitor(monitorAddress, ZMQ.EVENT_CONNECTED | ZMQ.EVENT_ACCEPTED | ZMQ.EVENT_DISCONNECTED);
        monitor = context.createSocket(SocketType.PAIR);
        monitor.connect(monitorAddress);
        try {
            if (bind) {
                if (type == SocketType.PUSH) {
                    socket.setHandshakeIvl(HANDSHAKE_MS); // a connection that never speaks holds the sink (PushPipes)
                }
                socket.bind(address);
            } else {
                socket.setHandshakeIvl(HANDSHAKE_MS);
                socket.connect(address);
            }
        } catch (ZMQException | IllegalArgumentException e) {
            close();
            throw new IOException("cannot " + (bind ? "bind " : "connect to ") + address + ": "
                    + reason(e), e);
        }
        return socket;
    }

    private static String reason(RuntimeException e) {
        if (e instanceof ZMQException z) {
            int code = z.getErrorCode();
            if (code == zmq.ZError.EADDRINUSE) {
                return "the address is in use (another program, or another block, listens there)";
            }
            if (code == zmq.ZError.EADDRNOTAVAIL) {
                return "no interface of this machine has that address";
            }
            if (code == zmq.ZError.EINVAL) {
                return "the address is malformed";
            }
            return zmq.ZError.toString(code);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /**
     * Reads the peer events that arrived since the last call and fails when the socket has had no peer for longer
     * than the peer timeout after having had one (the peer process ended or the link broke).
     */
    void checkPeers() throws IOException {
        ZMQ.Event e;
        while ((e = ZMQ.Event.recv(monitor, ZMQ.DONTWAIT)) != null) {
            switch (e.getEvent()) {
                case ZMQ.EVENT_CONNECTED, ZMQ.EVENT_ACCEPTED -> {
                    peers++;
                    hadPeer = true;
                }
                case ZMQ.EVENT_DISCONNECTED -> {
                    // a disconnect proves there was a peer, even when its accept event was lost (the monitor's
                    // inproc pipe may attach after the first events under load)
                    hadPeer = true;
                    peers = Math.max(0, peers - 1);
                    if (peers == 0) {
                        peerlessSince = System.nanoTime();
                    }
                }
                default -> { }
            }
        }
        if (peerTimeout > 0 && hadPeer && peers == 0
                && System.nanoTime() - peerlessSince > (long) (peerTimeout * 1e9)) {
            throw new IOException("the peer at " + address + " went away and did not come back within "
                    + formatSeconds(peerTimeout) + " (peer timeout)");
        }
    }

    /** A sink that must not lose frames: PUSH and REP (PUB drops by design; sources have nothing to deliver). */
    private boolean lossless() {
        return type == SocketType.PUSH || type == SocketType.REP;
    }

    boolean hasPeer() {
        return peers > 0;
    }

    /** Waits at most the timeout param, capped so that a stop request is seen soon. */
    int waitMs() {
        return Math.min(timeoutMs, MAX_WAIT_MS);
    }

    static String formatSeconds(double s) {
        return (s == Math.rint(s) ? String.valueOf((long) s) : String.valueOf(s)) + " s";
    }

    /** Closes without lingering: for sources, which have nothing queued to deliver. */
    void closeNow() {
        if (socket != null) {
            socket.setLinger(0); // the socket's own linger counts at close, not the context's
        }
        close();
    }

    /**
     * Closes after the stream's end: a lossless sink first delivers its queue, bounded by the peer timeout (else by
     * {@link #LOSSLESS_LINGER_MS}). (A stop request or a failure closes with {@link #close()}, which waits
     * gr-zeromq's 1 s at most.)
     */
    void closeDelivering() {
        if (socket != null) {
            socket.setLinger(lingerMs); // ZContext.close() closes each socket with the socket's own linger
        }
        close();
    }

    void close() {
        if (context != null) {
            if (socket != null) {
                socket.monitor(null, 0); // stop the socket's monitor first: it holds an inproc socket of the context
            }
            context.close(); // closes the sockets, lingering for queued frames
            context = null;
            socket = null;
            monitor = null;
        }
    }
}
