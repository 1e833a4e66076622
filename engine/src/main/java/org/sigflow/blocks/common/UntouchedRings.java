package org.sigflow.blocks.common;

/**
 * The ring a block asks for ({@link org.sigflow.runtime.Block#offHeapChunkBytes()}) on an off-heap ring whose items
 * it never touches after the first lap: a null source (its zeros stay), a null sink. Beside a zero-copy memory node
 * the node's DMA keeps up to one chunk of the ring in flight, two pieces of half a chunk: with the memory nodes'
 * 4 MiB chunks each 2 MiB piece's wake-ups (the DMA's waiter, the node, the source refilling) took about as long as
 * the piece, and the link idled between pieces (multiply const 3.3–3.8 against 4.5–5.4 Gsps with 16 MiB, H100,
 * 2026-11-27, docs/performance.md "The link without the source bound"). A source that writes every sample keeps
 * the 4 MiB chunk: with 64 MiB rings it fell out of the caches and its chain lost a third (multiply const 1.4–1.5
 * against 1.9–2.3 Gsps, {@code -Dsigflow.nullSource.rewrite=true}). 32 MiB chunks gave the cs16 512-point FFT
 * stream 49.0–49.3 against 51.8–54.9 ns per FFT (H100, 2026-11-27, docs/performance.md "The link with more in
 * flight") but cost the cf32 chains 2–6 % in another call. Their 128 MiB rings, while freed only when the garbage
 * collector found them, filled the 6.3 GB of direct memory of a JVM running the sample graphs one after another;
 * rings are now freed when their graph ends ({@link org.sigflow.runtime.buffer.RingArena}), so 32 MiB is back.
 * {@code -Dsigflow.untouchedRingChunkBytes=N} sets it (0: no larger rings).
 */
public final class UntouchedRings {
    public static final long CHUNK_BYTES = Long.getLong("sigflow.untouchedRingChunkBytes", 32L << 20);

    private UntouchedRings() {}
}
