package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtCodec;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code file_meta_source}: reads GNU Radio's metadata files ({@code file_meta_sink}'s, GNU Radio's or SigFlow's) as
 * GNU Radio's {@code file_meta_source}: each header's {@code bytes} of items follow it (inline) or the headers are in
 * the header file (detached); at each header the item it starts carries the tags {@code rx_rate}, {@code rx_time} and
 * one per extra-dict entry, in GNU Radio's order. A header that cannot be read is an error naming the file; a file
 * whose items are of another size than the block's type and vector length is refused. With {@code repeat} the file
 * starts over at its end (detached: both files; GNU Radio rewinds only the data file there and stalls).
 */
public final class FileMetaSource implements Block {
    private static final int HEADER = 149;
    private final Path data;
    private final Path headerFile;
    private final boolean repeat;
    private final Dtype.Storage storage;
    private final int elementsPerItem;
    private final int itemBytes;
    private FileChannel in;
    private FileChannel headers;
    private long segmentItems;
    private List<Object[]> pendingTags = new ArrayList<>();
    /** True when the last header read found the end: no more segments. */
    private boolean rewoundEmpty;

    FileMetaSource(Path data, Path headerFile, boolean repeat, Dtype dtype, int vlen) {
        this.data = data;
        this.headerFile = headerFile;
        this.repeat = repeat;
        this.storage = dtype.storage();
        this.elementsPerItem = dtype.components() * vlen;
        this.itemBytes = dtype.bytes() * vlen;
    }

    @Override
    public void start() throws IOException {
        in = FileChannel.open(data, StandardOpenOption.READ);
        headers = headerFile == null ? in : FileChannel.open(headerFile, StandardOpenOption.READ);
        if (!readHeader()) {
            throw new IOException("file_meta_source: '" + (headerFile == null ? data : headerFile) + "' has no "
                    + "GNU Radio metadata header");
        }
    }

    /** Reads {@code n} bytes from the header channel; null at its end. */
    private ByteBuffer readBytes(int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining()) {
            if (headers.read(b) < 0) {
                return null;
            }
        }
        return b.flip();
    }

    /** Reads the next header and queues its tags; false at the end of the headers. */
    private boolean readHeader() throws IOException {
        Path where = headerFile == null ? data : headerFile;
        ByteBuffer h = readBytes(HEADER);
        if (h == null) {
            return false;
        }
        Pmt.Dict header;
        Pmt.Dict extras = Pmt.Dict.EMPTY;
        try {
            header = (Pmt.Dict) PmtCodec.read(h);
            long start = ((Pmt.UInt64) header.get(Pmt.symbol("strt"))).bits();
            if (start > HEADER) {
                ByteBuffer e = readBytes((int) (start - HEADER));
                if (e == null) {
                    return false;
                }
                Pmt x = PmtCodec.read(e);
                extras = x instanceof Pmt.Nil ? Pmt.Dict.EMPTY : (Pmt.Dict) x;   // an empty dict is written as nil
            }
        } catch (RuntimeException e) {
            throw new IOException("file_meta_source: '" + where + "' at byte " + headers.position() + ": not a GNU "
                    + "Radio metadata header (" + e.getMessage() + ")");
        }
        Pmt rate = header.get(Pmt.symbol("rx_rate"));
        Pmt time = header.get(Pmt.symbol("rx_time"));
        Pmt size = header.get(Pmt.symbol("size"));
        Pmt bytes = header.get(Pmt.symbol("bytes"));
        if (rate == null || time == null || !(size instanceof Pmt.Int s) || !(bytes instanceof Pmt.UInt64 b)) {
            throw new IOException("file_meta_source: '" + where + "': a header without rx_rate, rx_time, size or "
                    + "bytes");
        }
        if (s.value() != itemBytes) {
            throw new IOException("file_meta_source: '" + where + "' holds " + s.value() + "-byte items; the block "
                    + "reads " + itemBytes + "-byte items (set its type and vector length to the file's)");
        }
        segmentItems = b.bits() / itemBytes;
        List<Object[]> tags = new ArrayList<>();
        tags.add(new Object[] {"rx_rate", rate});
        tags.add(new Object[] {"rx_time", time});
        for (Pmt.Entry e : extras.entries()) {
            tags.add(new Object[] {((Pmt.Symbol) e.key()).name(), e.value()});
        }
        pendingTags = tags;
        return true;
    }

    @Override
    public WorkResult work(WorkIo io) throws IOException {
        OutputView out = io.out(0);
        if (segmentItems == 0) {
            if (!readHeader()) {
                if (!repeat || rewoundEmpty) {
                    return WorkResult.DONE;
                }
                in.position(0);
                headers.position(0);
                rewoundEmpty = true;                       // a file of no items must not spin
                return WorkResult.CONTINUE;
            }
        }
        for (int i = pendingTags.size() - 1; i >= 0; i--) {  // GNU Radio adds them from the back
            Object[] t = pendingTags.get(i);
            out.addTag(out.position(), (String) t[0], TagValues.fromPmt((Pmt) t[1]));
        }
        pendingTags = new ArrayList<>();
        int n = (int) Math.min(out.space(), segmentItems);
        if (n == 0) {
            return WorkResult.CONTINUE;
        }
        ByteBuffer b = ByteBuffer.allocate(n * itemBytes).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining() && in.read(b) >= 0) {
            // read until full or the end of the file
        }
        int items = b.position() / itemBytes;
        if (items == 0) {
            return WorkResult.DONE;                         // the data ends before the header said
        }
        rewoundEmpty = false;
        b.flip();
        int elements = items * elementsPerItem;
        int at = out.offset();
        switch (storage) {
            case FLOAT -> b.asFloatBuffer().get(out.floats(), at, elements);
            case SHORT -> b.asShortBuffer().get(out.shorts(), at, elements);
            case INT -> b.asIntBuffer().get(out.ints(), at, elements);
            case BYTE -> b.get(out.bytes(), at, elements);
        }
        segmentItems -= items;
        io.produce(0, items);
        return items < n ? WorkResult.DONE : WorkResult.CONTINUE;
    }

    @Override
    public void stop() throws IOException {
        if (headers != null && headers != in) {
            headers.close();
        }
        if (in != null) {
            in.close();
        }
        in = null;
        headers = null;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "file_meta_source";
        }

        @Override
        public Block create(BlockSetup s) throws IOException {
            Path path = s.path("file");
            checkReadable(path);
            Path hdr = null;
            if (s.bool("detached")) {
                hdr = s.string("hdr_file").isEmpty() ? Path.of(path + ".hdr") : s.path("hdr_file");
                checkReadable(hdr);
            }
            return new FileMetaSource(path, hdr, s.bool("repeat"), StreamType.dtype(s), StreamType.vlen(s));
        }

        private static void checkReadable(Path path) throws IOException {
            if (!Files.exists(path)) {
                throw new IOException("file_meta_source: file '" + path + "' does not exist");
            }
            if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
                throw new IOException("file_meta_source: '" + path + "' is not a readable file");
            }
        }
    }
}
