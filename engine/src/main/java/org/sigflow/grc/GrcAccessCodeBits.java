package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The Python idiom of GNU Radio's packet examples for the default access code as a list of bits,
 * {@code list(map(lambda x: int(x), list(digital.packet_utils.default_access_code)))} (or {@code map(int, …)}), in
 * a GRC variable: rewritten as the literal list of its 64 bits, which SigFlow's expressions read.
 */
final class GrcAccessCodeBits {
    private static final Pattern IDIOM = Pattern.compile("\\A\\s*list\\s*\\(\\s*map\\s*\\(\\s*(?:lambda\\s+(\\w+)\\s*:"
            + "\\s*int\\s*\\(\\s*\\1\\s*\\)|int)\\s*,\\s*(?:list\\s*\\(\\s*)?(?:gnuradio\\.)?digital\\.packet_utils\\."
            + "default_access_code\\s*\\)?\\s*\\)\\s*\\)\\s*\\z");
    /** gnuradio/digital/packet_utils.py's default_access_code. */
    private static final String CODE = "1010110011011101101001001110001011110010100011000010000011111100";

    private GrcAccessCodeBits() {}

    static GrcFlowgraph apply(GrcFlowgraph fg) {
        boolean changed = false;
        List<GrcBlock> blocks = new ArrayList<>();
        for (GrcBlock b : fg.blocks()) {
            if (b.id().equals("variable") && IDIOM.matcher(b.params().getOrDefault("value", "")).matches()) {
                Map<String, String> p = new LinkedHashMap<>(b.params());
                p.put("value", "[" + String.join(", ", CODE.split("")) + "]");
                blocks.add(new GrcBlock(b.name(), b.id(), p, b.x(), b.y(), b.rotation(), b.state()));
                changed = true;
            } else {
                blocks.add(b);
            }
        }
        return changed ? new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems()) : fg;
    }
}
