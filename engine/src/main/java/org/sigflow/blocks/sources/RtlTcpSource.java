package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Map;
import org.sigflow.blocks.common.FileFormat;
import org.sigflow.expr.Value;
import org.sigflow.radio.RtlTcpProtocol;
import org.sigflow.radio.RtlTcpProtocol.DongleInfo;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;
import org.sigflow.sigmf.SigmfTags;

/**
 * {@code rtl_tcp_source}: streams an RTL-SDR dongle served by {@code rtl_tcp} (on this or another machine). Tunes
 * it on start and again whenever a runtime param changes (each change is one 5-byte command); {@code rx_freq} and
 * {@code rx_rate} tags mark sample 0 and every retune. A refused connection, a server that is not rtl_tcp, one that
 * falls silent or one that goes away mid-stream stops the graph with a message saying which.
 */
@AutoService(BlockFactory.class)
public final class RtlTcpSource implements BlockFactory {
    static final int CHUNK_BYTES = 1 << 16;
    /** Socket read timeout: how often a waiting read checks for a stop request. */
    static final int POLL_MS = 100;

    @Override
    public String id() {
        return "rtl_tcp_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        Settings s = new Settings(setup.real("freq"), setup.real("samp_rate"), setup.bool("gain_auto"),
                setup.real("gain"), setup.bool("agc"), setup.integer("ppm"), setup.bool("bias_tee"));
        String host = setup.string("host").trim();
        return new Receiver(setup.instanceId(), host.isEmpty() ? "127.0.0.1" : host, setup.integer("port"), s,
                setup.real("timeout"));
    }

    /** The tuning the dongle gets on connect; runtime changes update it. */
    record Settings(double freq, double sampRate, boolean gainAuto, double gain, boolean agc, int ppm,
                    boolean biasTee) {}

    static final class Receiver implements Block {
        private final String instance;
        private final String host;
        private final int port;
        private final double timeoutSeconds;
        private Settings settings;
        private final ArrayDeque<byte[]> pending = new ArrayDeque<>();
        private final byte[] bytes = new byte[CHUNK_BYTES];
        private Socket socket;
        private InputStream in;
        private OutputStream out;
        private volatile DongleInfo info;
        /** A lone I byte waiting for its Q. */
        private int carried = -1;
        private long silentSince;
        private boolean tagTuning = true;
        private long samples;

        Receiver(String instance, String host, int port, Settings settings, double timeoutSeconds) {
            this.instance = instance;
            this.host = host;
            this.port = port;
            this.settings = settings;
            this.timeoutSeconds = timeoutSeconds;
        }

        private String where() {
            return "rtl_tcp_source '" + instance + "': rtl_tcp at " + host + ":" + port;
        }

        @Override
        public void start() throws IOException {
            socket = new Socket();
            int timeoutMs = (int) Math.max(1, timeoutSeconds * 1000);
            try {
                socket.connect(new InetSocketAddress(host, port), timeoutMs);
            } catch (ConnectException e) {
                socket.close();
                throw new IOException(where() + " refused the connection (is rtl_tcp running there? e.g. "
                        + "rtl_tcp -a " + host + " -p " + port + ")");
            } catch (SocketTimeoutException e) {
                socket.close();
                throw new IOException(where() + " did not answer within " + timeoutSeconds + " s");
            } catch (IOException e) {
                socket.close();
                throw new IOException(where() + ": cannot connect: " + e.getMessage());
            }
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(timeoutMs);
            in = socket.getInputStream();
            out = socket.getOutputStream();
            byte[] header = in.readNBytes(RtlTcpProtocol.HEADER_BYTES);
            DongleInfo d = header.length == RtlTcpProtocol.HEADER_BYTES ? RtlTcpProtocol.parseHeader(header) : null;
            if (d == null) {
                throw new IOException(where() + " is not an rtl_tcp server: it sent " + header.length + " bytes "
                        + "without the 12-byte RTL0 dongle header");
            }
            info = d;
            socket.setSoTimeout(POLL_MS);
            queueAll(settings);
            send();
            silentSince = System.nanoTime();
        }

        /** The commands that set the dongle to {@code s}: rate first (it resets the tuner), then frequency, gain. */
        private void queueAll(Settings s) {
            pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_SAMPLE_RATE, Math.round(s.sampRate())));
            pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_FREQUENCY, Math.round(s.freq())));
            pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_FREQ_CORRECTION, s.ppm()));
            pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_GAIN_MODE, s.gainAuto() ? 0 : 1));
            if (!s.gainAuto()) {
                pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_GAIN, Math.round(s.gain() * 10)));
            }
            pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_AGC_MODE, s.agc() ? 1 : 0));
            pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_BIAS_TEE, s.biasTee() ? 1 : 0));
        }

        private void send() throws IOException {
            try {
                while (!pending.isEmpty()) {
                    out.write(pending.poll());
                }
                out.flush();
            } catch (IOException e) {
                throw new IOException(where() + " went away (sending a command failed: " + e.getMessage() + ")");
            }
        }

        @Override
        public void applyParam(String paramId, Value value) {
            Settings s = settings;
            switch (paramId) {
                case "freq" -> {
                    settings = new Settings(value.asDouble(), s.sampRate(), s.gainAuto(), s.gain(), s.agc(), s.ppm(),
                            s.biasTee());
                    pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_FREQUENCY, Math.round(value.asDouble())));
                    tagTuning = true;
                }
                case "samp_rate" -> {
                    settings = new Settings(s.freq(), value.asDouble(), s.gainAuto(), s.gain(), s.agc(), s.ppm(),
                            s.biasTee());
                    pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_SAMPLE_RATE, Math.round(value.asDouble())));
                    tagTuning = true;
                }
                case "gain" -> {
                    settings = new Settings(s.freq(), s.sampRate(), s.gainAuto(), value.asDouble(), s.agc(), s.ppm(),
                            s.biasTee());
                    if (!s.gainAuto()) {
                        pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_GAIN, Math.round(value.asDouble() * 10)));
                    }
                }
                case "gain_auto" -> {
                    boolean auto = value.asBoolean();
                    settings = new Settings(s.freq(), s.sampRate(), auto, s.gain(), s.agc(), s.ppm(), s.biasTee());
                    pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_GAIN_MODE, auto ? 0 : 1));
                    if (!auto) {
                        pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_GAIN, Math.round(s.gain() * 10)));
                    }
                }
                case "agc" -> {
                    settings = new Settings(s.freq(), s.sampRate(), s.gainAuto(), s.gain(), value.asBoolean(), s.ppm(),
                            s.biasTee());
                    pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_AGC_MODE, value.asBoolean() ? 1 : 0));
                }
                case "ppm" -> {
                    settings = new Settings(s.freq(), s.sampRate(), s.gainAuto(), s.gain(), s.agc(), value.asInt(),
                            s.biasTee());
                    pending.add(RtlTcpProtocol.command(RtlTcpProtocol.SET_FREQ_CORRECTION, value.asInt()));
                }
                default -> throw new IllegalArgumentException("parameter '" + paramId + "' cannot be changed while "
                        + "running");
            }
        }

        @Override
        public WorkResult work(WorkIo io) throws IOException {
            send();
            OutputView o = io.out(0);
            int space = o.space();
            if (space == 0) {
                return WorkResult.CONTINUE;
            }
            int off = carried >= 0 ? 1 : 0;
            if (carried >= 0) {
                bytes[0] = (byte) carried;
            }
            int want = Math.min(bytes.length, 2 * space) - off;
            int got;
            try {
                got = in.read(bytes, off, want);
            } catch (SocketTimeoutException e) {
                got = 0;
            } catch (IOException e) {
                throw new IOException(where() + " went away after " + samples + " samples (" + e.getMessage() + ")");
            }
            if (got < 0) {
                throw new IOException(where() + " closed the connection after " + samples + " samples (the server "
                        + "stopped or the dongle was unplugged)");
            }
            if (got == 0) {
                if ((System.nanoTime() - silentSince) / 1e9 > timeoutSeconds) {
                    throw new IOException(where() + " sent no samples for " + timeoutSeconds + " s (is the dongle "
                            + "busy or unplugged?)");
                }
                return WorkResult.CONTINUE;
            }
            silentSince = System.nanoTime();
            int total = off + got;
            int n = total / 2;
            carried = (total & 1) == 1 ? bytes[total - 1] & 0xff : -1;
            if (tagTuning) {
                tagTuning = false;
                o.addTag(o.position(), SigmfTags.FREQ, settings.freq());
                o.addTag(o.position(), SigmfTags.RATE, settings.sampRate());
            }
            FileFormat.CU8.read(ByteBuffer.wrap(bytes, 0, 2 * n), o.floats(), o.offset(), 2 * n);
            samples += n;
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }

        @Override
        public Map<String, Double> extraMetrics() {
            DongleInfo d = info;
            return d == null ? Map.of() : Map.of("tuner_type", (double) d.tunerType(), "tuner_gains",
                    (double) d.gainCount());
        }

        @Override
        public void stop() throws IOException {
            if (socket != null) {
                socket.close();
                socket = null;
            }
        }
    }
}
