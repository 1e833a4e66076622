package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;

/**
 * {@code memory_d2h}'s download in pieces, on the CPU: the piece arithmetic {@link DeviceDownload} follows, and a
 * staging page unpacked piece by piece into a ring whose space comes in uneven amounts gives the floats of the
 * whole-page unpacking bit for bit (the GPU half: {@code GpuPackedWireTest}).
 */
class DownloadPiecesTest {
    @Test
    void piecesAreWholeItemsAndEndWhereTheNextBegins() {
        long piece = DownloadPieces.pieceElements(6); // vlen 3 of cf32
        assertEquals(0, piece % 6);
        assertTrue(piece <= PackingThreads.PIECE && piece > PackingThreads.PIECE - 6);
        assertEquals(1, DownloadPieces.itemsToPieceEnd(piece / 6 - 1, 6, piece));
        assertEquals(piece / 6, DownloadPieces.itemsToPieceEnd(piece / 6, 6, piece));
        assertEquals(1, DownloadPieces.index(piece / 6, 6, piece));
        assertEquals(0, DownloadPieces.index(piece / 6 - 1, 6, piece));
        assertEquals(3, DownloadPieces.count(2 * piece + 1, piece));
        assertFalse(DownloadPieces.applies(PackingThreads.PIECE, 2), "a page of one piece keeps the whole-page copy");
        assertEquals(DownloadPieces.enabled(), DownloadPieces.applies(PackingThreads.PIECE + 2, 2));
    }

    @Test
    void unpackingPieceByPieceGivesTheWholePagesFloats() {
        for (int itemSize : new int[] {2, 1024}) {
            long piece = DownloadPieces.pieceElements(itemSize);
            int items = (int) ((5 * piece / 2) / itemSize) + 3; // two and a half pieces and a few items: a short last
            int elements = items * itemSize;
            for (WireFormat w : new WireFormat[] {WireFormat.FP16, WireFormat.INT16, WireFormat.INT8}) {
                try (Arena a = Arena.ofConfined()) {
                    MemorySegment src = a.allocate(4L * elements, 64);
                    Random r = new Random(itemSize + w.ordinal());
                    for (int i = 0; i < elements; i++) {
                        src.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) (r.nextGaussian() * 0.4));
                    }
                    ByteBuffer page = ByteBuffer.allocateDirect(elements * w.bytes()).order(ByteOrder.nativeOrder());
                    new HostPacking(Dtype.Storage.FLOAT, w, page).packSegment(src, 0, elements, 0);
                    MemorySegment whole = a.allocate(4L * elements, 64);
                    HostPacking wholeUnpacker = new HostPacking(Dtype.Storage.FLOAT, w, page);
                    wholeUnpacker.unpackSegment(0, whole, 0, elements);
                    MemorySegment pieced = a.allocate(4L * elements, 64);
                    HostPacking pieceUnpacker = new HostPacking(Dtype.Storage.FLOAT, w, page);
                    long within = 0;
                    int calls = 0;
                    while (within < items) { // deliver()'s steps: to the piece's end, at most the ring's space
                        long landed = Math.min(items - within, DownloadPieces.itemsToPieceEnd(within, itemSize, piece));
                        long space = 1 + r.nextInt(items / 3);
                        int n = (int) Math.min(space, landed);
                        pieceUnpacker.unpackSegment((int) (within * itemSize), pieced, within * itemSize, n * itemSize);
                        within += n;
                        calls++;
                    }
                    assertTrue(calls > 3, "more than one step per piece");
                    assertEquals(-1, whole.mismatch(pieced), w + ", items of " + itemSize + ": floats differ");
                    assertEquals(wholeUnpacker.snrDb(), pieceUnpacker.snrDb(), 1e-3, w + ": the d2h SNR estimate");
                }
            }
        }
    }
}
