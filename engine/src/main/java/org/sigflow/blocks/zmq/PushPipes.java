package org.sigflow.blocks.zmq;

import java.lang.reflect.Field;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.zeromq.ZMQ;

/**
 * What JeroMQ does not say about a PUSH socket, read from its internals: its pipes (one per connection, from its load
 * balancer) and how many frames each holds that the connection's I/O engine has not yet taken. A REP socket's queue is
 * read the same way, from the pipes its router sends replies into (one per identified requester). Only the socket's own
 * thread changes the pipe list (pipes attach and detach while it calls the socket); the engine's count is a plain
 * field of the I/O thread, read late at worst. If the fields are not there (another JeroMQ version), {@link #available}
 * is false and callers keep JeroMQ's own behaviour.
 */
final class PushPipes {
    private static final Field LB = field("zmq.socket.pipeline.Push", "lb");
    private static final Field PIPES = field("zmq.socket.LB", "pipes");
    private static final Field WRITTEN = field("zmq.pipe.Pipe", "msgsWritten");
    private static final Field PEER = field("zmq.pipe.Pipe", "peer");
    private static final Field READ = field("zmq.pipe.Pipe", "msgsRead");
    private static final Field SINK = field("zmq.pipe.Pipe", "sink");
    private static final Field ENGINE = field("zmq.io.SessionBase", "engine");
    private static final Field HANDSHAKING = field("zmq.io.StreamEngine", "handshaking");
    private static final Field STATE = field("zmq.pipe.Pipe", "state");
    private static final Field OUTPIPES = field("zmq.socket.reqrep.Router", "outpipes");
    private static final Field OUTPIPE = field("zmq.socket.reqrep.Router$Outpipe", "pipe");

    private final ZMQ.Socket socket;
    /** The pipes seen at the last look: one that has gone since is checked for frames its engine never took. */
    private Map<Object, Boolean> seen = new IdentityHashMap<>();
    private long lost;

    PushPipes(ZMQ.Socket socket) {
        this.socket = socket;
    }

    private static Field field(String cls, String name) {
        try {
            Field f = Class.forName(cls).getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // another JeroMQ
        }
    }

    /** Whether a PUSH socket's queue can be read from this JeroMQ's internals. */
    static boolean available() {
        return LB != null && PIPES != null && WRITTEN != null && PEER != null && READ != null;
    }

    /** Whether the queue of a socket of {@code type} (PUSH or REP) can be read from this JeroMQ's internals. */
    static boolean available(org.zeromq.SocketType type) {
        return switch (type) {
            case PUSH -> available();
            case REP -> OUTPIPES != null && OUTPIPE != null && WRITTEN != null && PEER != null && READ != null;
            default -> false;
        };
    }

    /** The pipes frames are sent into: a router's (REP) per-requester pipes, else the load balancer's (PUSH). */
    private List<?> sendPipes() {
        Object base = socket.base();
        if (OUTPIPES == null || OUTPIPE == null || !OUTPIPES.getDeclaringClass().isInstance(base)) {
            return pipes(socket);
        }
        try {
            List<Object> out = new java.util.ArrayList<>();
            for (Object o : ((Map<?, ?>) OUTPIPES.get(base)).values()) {
                out.add(OUTPIPE.get(o));
            }
            return out;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** The socket's pipes, or null when they cannot be read. */
    static List<?> pipes(ZMQ.Socket socket) {
        if (LB == null || PIPES == null) {
            return null;
        }
        try {
            return (List<?>) PIPES.get(LB.get(socket.base()));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Frames written into the socket's pipes that their I/O engines have not taken yet (after letting the socket
     * attach and detach pipes); a pipe gone since the last call whose engine never took all its frames (the
     * connection closed and ZeroMQ dropped them) adds those to {@link #lost()}.
     */
    long queued() {
        socket.getEvents(); // processes the socket's commands: pipes of new and closed connections
        List<?> pipes = sendPipes();
        if (pipes == null) {
            return 0;
        }
        Map<Object, Boolean> now = new IdentityHashMap<>();
        long total = 0;
        for (Object p : pipes) {
            if (closing(p)) {
                continue; // its connection has gone: counted below like a pipe already detached
            }
            now.put(p, Boolean.TRUE);
            total += untaken(p);
        }
        for (Object p : seen.keySet()) {
            if (!now.containsKey(p)) {
                lost += untaken(p); // its counts are final once it has gone
            }
        }
        seen = now;
        return total;
    }

    /**
     * Whether pipe {@code p} is being terminated (its connection closed): no engine takes its frames any more. A
     * router's pipe stays attached until the socket has read the requests still in it, which a REP sink whose stream
     * has ended never does.
     */
    private static boolean closing(Object p) {
        try {
            return STATE != null && !"ACTIVE".equals(String.valueOf(STATE.get(p)));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    /** Frames written into pipe {@code p} that the other end has not read (0 when that cannot be read). */
    private static long untaken(Object p) {
        try {
            return Math.max(0, WRITTEN.getLong(p) - READ.getLong(PEER.get(p)));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * Whether every connection with a pipe has finished its handshake (and there is one). JeroMQ 0.6.0 gives a
     * <em>bound</em> socket's accepted connection its pipe before the handshake. When the connecting side then
     * stalls in JeroMQ's connect hand-off race (zeromq/jeromq#1022: it never sends its greeting) and reconnects after
     * its handshake timer, the frames PUSH put into the stalled connection's pipe are dropped with it, and a close
     * that lingers for them waits forever: so a bound PUSH sink sends only while this holds. True when the internals
     * cannot be read (JeroMQ's own behaviour then).
     */
    boolean handshaken() {
        if (SINK == null || ENGINE == null || HANDSHAKING == null) {
            return true;
        }
        socket.getEvents(); // attaches the pipes of new connections
        List<?> pipes = pipes(socket);
        if (pipes == null) {
            return true;
        }
        try {
            for (Object p : pipes) {
                Object session = SINK.get(PEER.get(p)); // the connection's session (another socket for inproc)
                if (!ENGINE.getDeclaringClass().isInstance(session)) {
                    continue; // inproc: no handshake
                }
                Object engine = ENGINE.get(session);
                if (engine == null || HANDSHAKING.getDeclaringClass().isInstance(engine)
                        && HANDSHAKING.getBoolean(engine)) {
                    return false; // still handshaking, or its connection just closed
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true;
        }
        return !pipes.isEmpty();
    }

    /** Frames that were in a pipe when its connection closed before the engine took them (at least these). */
    long lost() {
        return lost;
    }
}
