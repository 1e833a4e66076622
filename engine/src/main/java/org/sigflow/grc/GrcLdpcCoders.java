package org.sigflow.grc;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * GRC's LDPC definitions as calls the FEC blocks' mappings read (see {@link GrcFecCoders}). The matrix objects
 * ({@code variable_ldpc_G_matrix_def}: {@code fec.ldpc_G_matrix(filename)}, {@code variable_ldpc_H_matrix_def}:
 * {@code fec.ldpc_H_matrix(filename, gap)}) only configure coders: a coder naming one takes its file (and gap), so
 * {@code variable_ldpc_encoder_G_def} becomes {@code fec.ldpc_gen_mtrx_encoder_of_file(filename)},
 * {@code variable_ldpc_encoder_H_def} GNU Radio's {@code fec.ldpc_par_mtrx_encoder.make(filename, gap)} and
 * {@code variable_ldpc_bit_flip_decoder_def} {@code fec.ldpc_bit_flip_decoder_of_G_file(filename, max_iterations)}
 * or {@code _of_H_file(filename, gap, max_iterations)}. A coder naming anything else keeps GNU Radio's call, which
 * no mapping reads, so its FEC block needs attention. The alist files are read when the graph runs, never
 * executed.
 */
final class GrcLdpcCoders {
    private static final String G_MATRIX = "variable_ldpc_G_matrix_def";
    private static final String H_MATRIX = "variable_ldpc_H_matrix_def";
    private static final String ENCODER = "variable_ldpc_encoder_def";
    private static final String DECODER = "variable_ldpc_decoder_def";
    private static final String ENCODER_G = "variable_ldpc_encoder_G_def";
    private static final String ENCODER_H = "variable_ldpc_encoder_H_def";
    private static final String BIT_FLIP = "variable_ldpc_bit_flip_decoder_def";

    static final Set<String> KINDS = Set.of(G_MATRIX, H_MATRIX, ENCODER, DECODER, ENCODER_G, ENCODER_H, BIT_FLIP);

    private GrcLdpcCoders() {}

    /** The call of the block's params ({@code byName}: every block of the file, for the matrix a coder names). */
    static String call(String kind, Map<String, String> p, Map<String, GrcBlock> byName) {
        return switch (kind) {
            case G_MATRIX -> "fec.ldpc_G_matrix(" + args(p, "filename") + ")";
            case H_MATRIX -> "fec.ldpc_H_matrix(" + args(p, "filename", "gap") + ")";
            case ENCODER -> "fec.ldpc_encoder_make(" + args(p, "file") + ")";
            // GRC's defaults where a file leaves a param out (the examples leave sigma out)
            case DECODER -> "fec.ldpc_decoder.make(" + args(p, "file") + ", " + param(p, "sigma", "0.5") + ", "
                    + param(p, "max_iter", "50") + ")";
            case ENCODER_G -> viaMatrix(p.get("G"), byName, "fec.ldpc_gen_mtrx_encoder_of_file(%s)", null,
                    "fec.ldpc_gen_mtrx_encoder_make(" + args(p, "G") + ")");
            case ENCODER_H -> viaMatrix(p.get("H"), byName, null, "fec.ldpc_par_mtrx_encoder.make(%s)",
                    "fec.ldpc_par_mtrx_encoder_make_H(" + args(p, "H") + ")");
            case BIT_FLIP -> viaMatrix(p.get("matrix_object"), byName,
                    "fec.ldpc_bit_flip_decoder_of_G_file(%s, " + param(p, "max_iterations", "100") + ")",
                    "fec.ldpc_bit_flip_decoder_of_H_file(%s, " + param(p, "max_iterations", "100") + ")",
                    "fec.ldpc_bit_flip_decoder.make(" + args(p, "matrix_object") + ".get_base_sptr(), "
                            + param(p, "max_iterations", "100") + ")");
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** The call for the matrix variable {@code name}: {@code g} or {@code h} with its arguments, else {@code other}. */
    private static String viaMatrix(String name, Map<String, GrcBlock> byName, String g, String h, String other) {
        GrcBlock m = name == null ? null : byName.get(name.strip());
        if (m != null && m.id().equals(G_MATRIX) && g != null) {
            return g.replace("%s", args(m.params(), "filename"));
        }
        if (m != null && m.id().equals(H_MATRIX) && h != null) {
            return h.replace("%s", args(m.params(), "filename", "gap"));
        }
        return other;
    }

    /** A param, or GRC's default when the file leaves it out. */
    private static String param(Map<String, String> p, String name, String grcDefault) {
        String v = p.getOrDefault(name, "").strip();
        return v.isEmpty() ? grcDefault : v;
    }

    private static String args(Map<String, String> p, String... names) {
        return Stream.of(names).map(a -> p.getOrDefault(a, "").strip()).collect(Collectors.joining(", "));
    }
}
