package org.sigflow.blocks.fec;

/**
 * One of GNU Radio's FEC decoder objects ({@code generic_decoder}): decodes one frame of soft symbols into
 * {@link #outputSize()} unpacked bits. Soft symbols are floats (positive: bit 1), or, for a decoder with
 * {@link #ucharInput()}, bytes made from them as GNU Radio's deployments do (×48, + {@link #shift()}).
 */
interface FecDecoder {
    int inputSize();

    int outputSize();

    /** Information bits per code symbol (GNU Radio's {@code rate()} of a decoder). */
    double rate();

    /** Symbols past the frame that decoding a frame reads (GNU Radio's {@code get_history()}). */
    default int history() {
        return 0;
    }

    /** Added to the symbols after scaling ({@code get_shift()}). */
    default float shift() {
        return 0;
    }

    /** GNU Radio's {@code get_input_conversion() == "uchar"}. */
    default boolean ucharInput() {
        return false;
    }

    boolean setFrameSize(int bits);

    /** Iterations the last decoding took (GNU Radio's {@code get_iterations()}; -1: not an iterative decoder). */
    default float iterations() {
        return -1;
    }

    /**
     * Decodes one frame. {@code in} is a {@code float[]}, or a {@code byte[]} of unsigned symbols for a decoder with
     * {@link #ucharInput()}; it must hold {@link #inputSize()} + {@link #history()} symbols from {@code ip}.
     */
    void decode(Object in, int ip, byte[] out, int op);
}
