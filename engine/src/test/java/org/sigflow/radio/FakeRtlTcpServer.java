package org.sigflow.radio;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An rtl_tcp server as librtlsdr's {@code rtl_tcp.c} behaves on the wire, on loopback: it sends the 12-byte
 * dongle header on accept, then streams unsigned 8-bit I/Q at once (commands or not) while a second thread reads
 * 5-byte commands. The samples are a counter (byte k is k mod 256), so a reader can check every one. It can stop
 * after {@code streamBytes} (vanish: the client reads the end of the stream), or send a wrong header.
 */
public final class FakeRtlTcpServer implements AutoCloseable {
    /** One command as the server decoded it. */
    public record Command(int code, int param) {}

    public static final long FOREVER = -1;
    public static final long SILENT = -2;

    private final ServerSocket server;
    private final List<Command> commands = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile Socket client;

    /**
     * @param header      what to send first (use {@link RtlTcpProtocol#header})
     * @param streamBytes bytes of samples to send before closing the connection; {@link #FOREVER} streams until
     *                    closed; {@link #SILENT} sends nothing after the header but keeps the connection open
     */
    public FakeRtlTcpServer(byte[] header, long streamBytes) throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        thread = Thread.ofPlatform().daemon().name("fake-rtl_tcp").start(() -> serve(header, streamBytes));
    }

    public int port() {
        return server.getLocalPort();
    }

    public List<Command> commands() {
        return commands;
    }

    private void serve(byte[] header, long streamBytes) {
        try (Socket s = server.accept()) {
            client = s;
            Thread reader = Thread.ofPlatform().daemon().name("fake-rtl_tcp-commands").start(() -> readCommands(s));
            try {
                stream(s.getOutputStream(), header, streamBytes);
                s.shutdownOutput(); // vanish: the client reads the end of the stream; its commands still arrive
            } catch (IOException e) {
                // the client went away, or close() stopped us
            }
            // The client's last commands may still be queued here, unread: closing the socket now would drop them
            // under the reader (on a loaded machine all but the first runtime command were lost so). The reader ends
            // by itself at the client's end of stream.
            reader.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the server socket was closed by close(): nothing was accepted
        }
    }

    private void stream(OutputStream out, byte[] header, long streamBytes) throws IOException, InterruptedException {
        out.write(header);
        if (streamBytes == SILENT) {
            Thread.sleep(Long.MAX_VALUE); // until close() interrupts it
        }
        byte[] chunk = new byte[4096];
        long sent = 0;
        while (streamBytes < 0 || sent < streamBytes) {
            int n = (int) (streamBytes < 0 ? chunk.length : Math.min(chunk.length, streamBytes - sent));
            for (int i = 0; i < n; i++) {
                chunk[i] = (byte) (sent + i);
            }
            out.write(chunk, 0, n);
            sent += n;
        }
        out.flush();
    }

    private void readCommands(Socket s) {
        try {
            DataInputStream in = new DataInputStream(s.getInputStream());
            byte[] c = new byte[RtlTcpProtocol.COMMAND_BYTES];
            while (true) {
                in.readFully(c);
                commands.add(new Command(c[0] & 0xff, ByteBuffer.wrap(c, 1, 4).getInt()));
            }
        } catch (IOException e) {
            // connection closed
        }
    }

    @Override
    public void close() throws IOException {
        thread.interrupt();
        server.close();
        Socket c = client;
        if (c != null) {
            c.close();
        }
    }
}
