package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code time_raster_sink}: GNU Radio's Qt time raster. The stream is cut into rows of {@code columns} samples,
 * counted from its first sample (so a signal periodic in {@code columns} stands still); a frame holds the newest
 * {@code rows} complete rows, oldest first, each sample as {@code x * mult + offset}. GNU Radio takes a list of
 * {@code mult} and {@code offset} values, one per input; SigFlow's sink has one input and takes the first (an
 * empty list: 1 and 0). A byte stream is read as signed int8 values, as GNU Radio's {@code time_raster_sink_b}.
 */
@AutoService(BlockFactory.class)
public final class TimeRasterSink implements BlockFactory {

    @Override
    public String id() {
        return "time_raster_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        float[] mult = setup.reals("mult");
        float[] offset = setup.reals("offset");
        boolean bytes = StreamType.dtype(setup, Dtype.F32, Dtype.U8) == Dtype.U8;
        return new Raster(setup.integer("rows"), setup.integer("columns"), setup.real("samp_rate"),
                mult.length == 0 ? 1 : mult[0], offset.length == 0 ? 0 : offset[0], setup.real("update_rate"), bytes);
    }

    /**
     * The newest {@code rows} whole rows of {@code samples}, whose last sample is item {@code count - 1} of the stream
     * and which holds at least {@code (rows + 1) * columns} samples.
     */
    static List<float[]> rows(float[] samples, long count, int rows, int columns, double mult, double offset) {
        int end = samples.length - (int) (count % columns); // one past the newest whole row's last sample
        List<float[]> out = new ArrayList<>(rows);
        for (int r = 0; r < rows; r++) {
            int start = end - (rows - r) * columns;
            float[] row = new float[columns];
            for (int c = 0; c < columns; c++) {
                row[c] = (float) (samples[start + c] * mult + offset);
            }
            out.add(row);
        }
        return out;
    }

    static final class Raster extends FrameSink {
        private final int rows;
        private final int columns;
        private final double sampleRate;
        private final double mult;
        private final double offset;
        private final boolean bytes;

        Raster(int rows, int columns, double sampleRate, double mult, double offset, double updateRate,
               boolean bytes) {
            super((rows + 1) * columns, 1, updateRate);
            this.bytes = bytes;
            this.rows = rows;
            this.columns = columns;
            this.sampleRate = sampleRate;
            this.mult = mult;
            this.offset = offset;
        }

        @Override
        boolean byteInput() {
            return bytes;
        }

        @Override
        List<float[]> traces(float[] samples) {
            return traces(samples, samples.length);
        }

        @Override
        List<float[]> traces(float[] samples, long sampleCount) {
            return rows(samples, sampleCount, rows, columns, mult, offset);
        }

        @Override
        double xStep() {
            return 1 / sampleRate;
        }
    }
}
