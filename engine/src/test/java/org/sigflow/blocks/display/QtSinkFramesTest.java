package org.sigflow.blocks.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.display.DisplayFrame;
import org.sigflow.display.DisplaySink;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;

/**
 * The frames of the Qt-style display sinks (histogram, vector plot, time raster, eye, auto-correlator, matrix)
 * against numpy float64 references ({@code tools/reference/gen_qtgui_sinks.py}), and two of them in a running graph.
 */
class QtSinkFramesTest {
    private static JsonNode ref;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        try (InputStream in = QtSinkFramesTest.class.getResourceAsStream("/reference/qtgui_sinks.json")) {
            ref = new ObjectMapper().readTree(in);
        }
    }

    private static float[] floats(JsonNode a) {
        float[] out = new float[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (float) a.get(i).asDouble();
        }
        return out;
    }

    private static float[] interleave(JsonNode re, JsonNode im) {
        float[] out = new float[2 * re.size()];
        for (int i = 0; i < re.size(); i++) {
            out[2 * i] = (float) re.get(i).asDouble();
            out[2 * i + 1] = (float) im.get(i).asDouble();
        }
        return out;
    }

    private static void assertTraces(JsonNode expected, List<float[]> actual, double tol, String what) {
        assertEquals(expected.size(), actual.size(), what + ": traces");
        for (int t = 0; t < actual.size(); t++) {
            float[] e = floats(expected.get(t));
            assertEquals(e.length, actual.get(t).length, what + ": length of trace " + t);
            for (int i = 0; i < e.length; i++) {
                assertEquals(e[i], actual.get(t)[i], tol * Math.max(1, Math.abs(e[i])), what + " trace " + t + "[" + i + "]");
            }
        }
    }

    @Test
    void histogramCountsEqualNumpysBinsAroundGnuRadiosCentres() {
        for (JsonNode c : ref.get("histogram")) {
            float[] x = floats(c.get("x"));
            var sink = new HistogramSink.Histogram(x.length, c.get("bins").asInt(), c.get("x_min").asDouble(),
                    c.get("x_max").asDouble(), false, 10);
            List<float[]> frame = sink.traces(x);
            assertTraces(mapper().createArrayNode().add(c.get("counts")), frame, 0, "histogram");
            assertEquals(c.get("x_min").asDouble(), sink.xStart(), 0);
            assertEquals((c.get("x_max").asDouble() - c.get("x_min").asDouble()) / c.get("bins").asInt(),
                    sink.xStep(), 1e-15);
            // accumulating: a second frame of the same samples doubles every count
            var acc = new HistogramSink.Histogram(x.length, c.get("bins").asInt(), c.get("x_min").asDouble(),
                    c.get("x_max").asDouble(), true, 10);
            acc.traces(x);
            float[] twice = acc.traces(x).getFirst();
            for (int k = 0; k < twice.length; k++) {
                assertEquals(2 * c.get("counts").get(k).asDouble(), twice[k], 0);
            }
        }
    }

    private static ObjectMapper mapper() {
        return new ObjectMapper();
    }

    @Test
    void vectorPlotAveragesAsGnuRadiosVectorSinkFromZeros() {
        JsonNode c = ref.get("vector_average");
        var sink = new VectorPlotSink.Plot(16, 0, 1, c.get("average").asDouble(), 10);
        List<float[]> frame = null;
        for (JsonNode v : c.get("vectors")) {
            frame = sink.traces(floats(v));
        }
        assertTraces(mapper().createArrayNode().add(c.get("expected")), frame, 1e-6, "vector average");
    }

    @Test
    void timeRasterRowsAreTheNewestWholeRowsCountedFromTheFirstSample() {
        JsonNode c = ref.get("time_raster");
        float[] stream = floats(c.get("stream"));
        int rows = c.get("rows").asInt();
        int cols = c.get("columns").asInt();
        var sink = new TimeRasterSink.Raster(rows, cols, 1000, c.get("mult").asDouble(), c.get("offset").asDouble(),
                10, false);
        int cap = (rows + 1) * cols;
        float[] newest = java.util.Arrays.copyOfRange(stream, stream.length - cap, stream.length);
        assertTraces(c.get("expected"), sink.traces(newest, stream.length), 1e-6, "raster");
    }

    @Test
    void eyeTracesAreGnuRadiosTwoSymbolSpans() {
        JsonNode c = ref.get("eye");
        float[] x = interleave(c.get("re"), c.get("im"));
        var sink = new EyeSink.Eye(x.length / 2, c.get("sps").asInt(), true, 8000, 10);
        assertTraces(c.get("expected"), sink.traces(x), 0, "eye");
    }

    @Test
    void autoCorrelationIsTheFftOfTheMagnitudeSpectrum() {
        JsonNode c = ref.get("autocorrelator");
        float[] x = interleave(c.get("re"), c.get("im"));
        var db = new AutoCorrelatorSink.Correlator(x.length / 2, true, 1000, 10);
        // float32 FFTs of 256 points: a few 1e-5 dB near the largest lags, more where r is tiny
        float[] dbFrame = db.traces(x).getFirst();
        float[] expectedDb = floats(c.get("db"));
        for (int k = 0; k < expectedDb.length; k++) {
            assertEquals(expectedDb[k], dbFrame[k], 2e-3, "dB lag " + k);
        }
        var norm = new AutoCorrelatorSink.Correlator(x.length / 2, false, 1000, 10);
        assertTraces(mapper().createArrayNode().add(c.get("normalized")), norm.traces(x), 1e-5, "normalised");
    }

    @Test
    void matrixRowsAreTheVectorRowAfterRow() {
        JsonNode c = ref.get("matrix");
        float[] v = floats(c.get("vector"));
        assertTraces(c.get("rows10"), new MatrixSink.Matrix(100, 10, 10).traces(v), 0, "10 columns");
        assertTraces(c.get("rows25"), new MatrixSink.Matrix(100, 25, 10).traces(v), 0, "25 columns");
    }

    @Test
    void runningGraphsPublishVectorAndHistogramFrames() throws Exception {
        Engine engine = Engine.loadDefault();
        Path f = tmp.resolve("g.graph");
        Files.writeString(f, """
                {"format": "sigflow-graph", "version": 1, "variables": {},
                 "blocks": [
                  {"id": "vec", "type": "vector_source", "params": {"type": "f32", "vector": "[0, 1, 2, 3, 4, 5, 6, 7]",
                   "vlen": "8", "repeat": "True"}},
                  {"id": "head", "type": "head", "params": {"type": "f32", "vlen": "8", "num_items": "500"}},
                  {"id": "plot", "type": "vector_plot_sink", "params": {"vlen": "8", "x_start": "-1",
                   "x_step": "0.25"}},
                  {"id": "flat", "type": "vector_source", "params": {"type": "f32", "vector": "[-0.9, 0.1, 0.1, 0.5]"}},
                  {"id": "head2", "type": "head", "params": {"type": "f32", "num_items": "5000"}},
                  {"id": "hist", "type": "histogram_sink", "params": {"points": "400", "bins": "4", "x_min": "-1",
                   "x_max": "1"}}],
                 "connections": [
                  {"fromBlock": "vec", "fromPort": "out", "toBlock": "head", "toPort": "in"},
                  {"fromBlock": "head", "fromPort": "out", "toBlock": "plot", "toPort": "in"},
                  {"fromBlock": "flat", "fromPort": "out", "toBlock": "head2", "toPort": "in"},
                  {"fromBlock": "head2", "fromPort": "out", "toBlock": "hist", "toPort": "in"}]}
                """);
        try (RunningGraph run = engine.start(engine.open(f, Map.of()), RunOptions.DEFAULT)) {
            assertEquals(RunOutcome.Kind.COMPLETED, run.await().kind());
            DisplayFrame plot = ((DisplaySink) run.block("plot")).frames().take();
            assertNotNull(plot);
            assertEquals(-1, plot.xStart(), 0);
            assertEquals(0.25, plot.xStep(), 0);
            for (int i = 0; i < 8; i++) {
                assertEquals(i, plot.traces().getFirst()[i], 0, "the vector as it came (average 1)");
            }
            DisplayFrame hist = ((DisplaySink) run.block("hist")).frames().take();
            assertNotNull(hist);
            // 400 samples of the repeated 4: centres -1, -0.5, 0, 0.5 (width 0.5): -0.9 → bin 0, 0.1 → 2, 0.5 → 3
            assertEquals(List.of(100f, 0f, 200f, 100f), List.of(hist.traces().getFirst()[0], hist.traces().getFirst()[1],
                    hist.traces().getFirst()[2], hist.traces().getFirst()[3]));
        }
    }

    @Test
    void aByteRasterReadsSignedBytesAsGnuRadiosByteRaster() throws Exception {
        Engine engine = Engine.loadDefault();
        Path f = tmp.resolve("bytes.graph");
        Files.writeString(f, """
                {"format": "sigflow-graph", "version": 1, "variables": {},
                 "blocks": [
                  {"id": "src", "type": "vector_source", "params": {"type": "u8", "vector": "[0, 1, 2, 250] * 25",
                   "repeat": "False"}},
                  {"id": "raster", "type": "time_raster_sink", "params": {"type": "u8", "rows": "3", "columns": "4",
                   "mult": "[2]", "offset": "[1]"}}],
                 "connections": [{"fromBlock": "src", "fromPort": "out", "toBlock": "raster", "toPort": "in"}]}
                """);
        try (RunningGraph run = engine.start(engine.open(f, Map.of()), RunOptions.DEFAULT)) {
            assertEquals(RunOutcome.Kind.COMPLETED, run.await().kind());
            DisplayFrame frame = ((DisplaySink) run.block("raster")).frames().take();
            assertNotNull(frame);
            assertEquals(3, frame.traces().size());
            for (float[] row : frame.traces()) { // 250 is int8 -6: 2 * -6 + 1
                assertEquals(List.of(1f, 3f, 5f, -11f), List.of(row[0], row[1], row[2], row[3]));
            }
        }
    }
}
