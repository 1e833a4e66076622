package org.sigflow.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.expr.Value;

/** The file blocks' format/type assert: each format accepts exactly its stream type, others get one clear message. */
class FileFormatAssertTest {
    private static final Map<String, String> TYPE_OF = Map.of("cf32_le", "cf32", "ci16_le", "cf32", "ci8", "cf32",
            "cu8", "cf32", "f32_le", "f32", "u8", "u8", "s16_le", "s16", "s32_le", "s32");

    @ParameterizedTest
    @ValueSource(strings = {"file_sink", "file_source"})
    void eachFormatTakesOnlyItsType(String block) throws Exception {
        BlockDef def = CatalogLoader.loadDefault().find(block).orElseThrow();
        for (String format : TYPE_OF.keySet()) {
            for (String type : List.of("cf32", "f32", "u8", "s16", "s32")) {
                List<Problem> problems = new ArrayList<>();
                BlockResolver.checkAsserts("b", def, Map.of("format", Value.of(format), "type", Value.of(type)), problems);
                List<String> want = type.equals(TYPE_OF.get(format)) ? List.of() : List.of("IO Type must match the file "
                        + "format: f32 for f32_le, cf32 for the complex formats (cf32_le, ci16_le, ci8, cu8), u8 for u8, "
                        + "s16 for s16_le, s32 for s32_le");
                assertEquals(want, problems.stream().map(Problem::message).toList(), block + " " + format + " " + type);
            }
        }
    }
}
