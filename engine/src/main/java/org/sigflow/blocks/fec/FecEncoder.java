package org.sigflow.blocks.fec;

/**
 * One of GNU Radio's FEC encoder objects ({@code generic_encoder}): encodes one frame of unpacked bits (one per byte)
 * into {@link #outputSize()} unpacked code bits. The frame size may change between frames (tagged and async use).
 */
interface FecEncoder {
    /** Bits read per frame. */
    int inputSize();

    /** Code bits written per frame. */
    int outputSize();

    /** Code bits per information bit (GNU Radio's {@code rate()} of an encoder). */
    double rate();

    /**
     * Sets the frame size in bits, at most the size the encoder was made with (larger: that size, and false), as
     * GNU Radio's {@code set_frame_size}.
     */
    boolean setFrameSize(int bits);

    /** GNU Radio's {@code get_input_conversion() == "pack"}: the encoder reads packed bytes (CCSDS). */
    default boolean packedInput() {
        return false;
    }

    /** Encodes one frame: {@link #inputSize()} bits from {@code in[ip]}, {@link #outputSize()} bits to {@code out[op]}. */
    void encode(byte[] in, int ip, byte[] out, int op);
}
