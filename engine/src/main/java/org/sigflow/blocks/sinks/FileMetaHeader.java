package org.sigflow.blocks.sinks;

import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtCodec;

/**
 * GNU Radio's metadata file header ({@code gr::blocks::file_meta_sink}, {@code parse_file_metadata.py}): a PMT dict
 * serialised with {@code pmt::serialize_str}, always {@value #SIZE} bytes, followed by the serialised extra dict.
 * Keys as GNU Radio adds them ({@code dict_add} puts a new or changed key first): version, rx_rate, rx_time (a
 * tuple of uint64 seconds and double fraction), size (item bytes), type ({@code gr_file_types}), cplx, strt (bytes
 * from the header's start to the data) and bytes (the segment's data bytes).
 */
final class FileMetaHeader {
    /** {@code METADATA_HEADER_SIZE}. */
    static final int SIZE = 149;

    private FileMetaHeader() {}

    static Pmt key(String name) {
        return Pmt.symbol(name);
    }

    /** GNU Radio's {@code gr_file_types} number of an item type: byte 0, short 1, int 2, float (and complex) 5. */
    static int fileType(Dtype dtype) {
        return switch (dtype.storage()) {
            case BYTE -> 0;
            case SHORT -> 1;
            case INT -> 2;
            case FLOAT -> 5;
        };
    }

    /** The header GNU Radio's sink starts with (rx_time 0, bytes 0). */
    static Pmt.Dict initial(double sampleRate, int itemBytes, int fileType, boolean complex, int extraBytes) {
        Pmt.Dict h = Pmt.Dict.EMPTY;
        h = h.with(key("version"), Pmt.of(0L));
        h = h.with(key("rx_rate"), Pmt.of(sampleRate));
        h = h.with(key("rx_time"), new Pmt.Tuple(java.util.List.of(new Pmt.UInt64(0), Pmt.of(0.0))));
        h = h.with(key("size"), Pmt.of((long) itemBytes));
        h = h.with(key("type"), Pmt.of((long) fileType));
        h = h.with(key("cplx"), Pmt.of(complex));
        h = h.with(key("strt"), new Pmt.UInt64(SIZE + extraBytes));
        return h.with(key("bytes"), new Pmt.UInt64(0));
    }

    static byte[] bytes(Pmt p) {
        return PmtCodec.bytes(p);
    }
}
