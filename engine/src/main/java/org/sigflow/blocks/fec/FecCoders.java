package org.sigflow.blocks.fec;

import org.sigflow.runtime.BlockSetup;

/** Builds the coder object a FEC block's params describe (GNU Radio's {@code variable_*_def} blocks). */
final class FecCoders {
    private FecCoders() {}

    static FecEncoder encoder(BlockSetup s) {
        int frame = s.integer("frame_bits");
        return switch (s.string("coder")) {
            case "dummy" -> new SimpleCoders.Dummy(frame);
            case "repetition" -> new SimpleCoders.RepetitionEncoder(frame, s.integer("rep"));
            case "cc" -> new CcEncoder(frame, s.integer("k"), s.integer("rate"), polys(s), s.integer("start_state"),
                    CcMode.of(s.string("mode")), s.bool("padding"), -1, false);
            case "ccsds" -> CcEncoder.ccsds(frame, s.integer("start_state"), CcMode.of(s.string("mode")));
            case "polar" -> PolarCoders.encoder(polar(s));
            case "ldpc" -> LdpcCoders.alistEncoder(new LdpcCode(LdpcAlist.read(s.path("alist_file"))));
            case "ldpc_g" -> new LdpcCoders.MatrixEncoder(LdpcGMatrix.read(s.path("alist_file")));
            case "ldpc_h" -> new LdpcCoders.MatrixEncoder(LdpcHMatrix.read(s.path("alist_file"), s.integer("gap")));
            default -> throw new IllegalArgumentException("unknown encoder '" + s.string("coder") + "'");
        };
    }

    static FecDecoder decoder(BlockSetup s) {
        int frame = s.integer("frame_bits");
        return switch (s.string("coder")) {
            case "dummy" -> new SimpleCoders.Dummy(frame);
            case "repetition" -> new SimpleCoders.RepetitionDecoder(frame, s.integer("rep"), (float) s.real("prob"));
            case "cc" -> new CcDecoder(frame, s.integer("k"), s.integer("rate"), polys(s), s.integer("start_state"),
                    s.integer("end_state"), CcMode.of(s.string("mode")), s.bool("padding"));
            case "polar" -> new PolarCoders.ScDecoder(polar(s));
            case "polar_list" -> new PolarListDecoder(polar(s), s.integer("list_size"));
            case "ldpc" -> sumProduct(s);
            case "ldpc_g" -> new LdpcCoders.BitFlipDecoder(LdpcGMatrix.read(s.path("alist_file")),
                    s.integer("max_iter"));
            case "ldpc_h" -> new LdpcCoders.BitFlipDecoder(LdpcHMatrix.read(s.path("alist_file"), s.integer("gap")),
                    s.integer("max_iter"));
            default -> throw new IllegalArgumentException("unknown decoder '" + s.string("coder") + "'");
        };
    }

    /** GNU Radio's {@code ldpc_decoder} of an alist file: sum-product decoding for noise deviation sigma. */
    private static FecDecoder sumProduct(BlockSetup s) {
        LdpcAlist alist = LdpcAlist.read(s.path("alist_file"));
        return new LdpcCoders.SumProductDecoder(new LdpcCode(alist), alist, (float) s.real("sigma"),
                s.integer("max_iter"));
    }

    /** A polar code of block_size bits carrying frame_bits, frozen bits chosen for a BEC at design_snr dB. */
    private static PolarCode polar(BlockSetup s) {
        return new PolarCode(s.integer("block_size"), s.integer("frame_bits"), s.real("design_snr"));
    }

    private static int[] polys(BlockSetup s) {
        float[] p = s.reals("polys");
        int[] out = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            if (p[i] != Math.rint(p[i])) {
                throw new IllegalArgumentException("polys must be whole numbers, got " + p[i]);
            }
            out[i] = (int) p[i];
        }
        return out;
    }

    /** GNU Radio applies a puncture block unless the pattern is '11'; SigFlow has none yet. */
    static void checkPuncturing(BlockSetup s) {
        String p = s.has("puncpat") ? s.string("puncpat") : "11";
        if (!p.equals("11")) {
            throw new IllegalArgumentException("puncturing pattern '" + p + "' is not supported yet (only '11', no "
                    + "puncturing)");
        }
    }

    /** The MTU in bits (GNU Radio's tagged and async blocks take it in bytes). */
    static int mtuBits(BlockSetup s) {
        if (s.integer("mtu") < 1) {
            throw new IllegalArgumentException("mtu must be at least 1 byte, got " + s.integer("mtu"));
        }
        return s.integer("mtu") * 8;
    }

    /** A packet length tag key, or null for the plain stream ("" or GNU Radio's "None"). */
    static String lengthTag(BlockSetup s) {
        String key = s.string("len_tag_key");
        return key.isEmpty() || key.equalsIgnoreCase("none") ? null : key;
    }

    /** Soft symbols to bytes as GNU Radio's stream deployment: ×48, + shift, rounded (half to even), clipped. */
    static byte streamUchar(float x, float shift) {
        float v = x * 48f + shift;
        return (byte) (int) Math.max(0, Math.min(255, Math.rint(v)));
    }

    /** Soft symbols to bytes as GNU Radio 3.10's async decoder: ×48, + shift, then C's cast (truncation). */
    static byte asyncUchar(float x, float shift) {
        float v = x * 48f + shift;
        return (byte) (int) v;
    }
}
