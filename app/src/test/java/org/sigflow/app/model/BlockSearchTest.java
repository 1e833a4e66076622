package org.sigflow.app.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.app.model.BlockSearch.Hit;
import org.sigflow.catalog.Catalog;
import org.sigflow.session.Engine;

/** Search over the real catalog: concepts (tags, option labels) and typo tolerance. */
class BlockSearchTest {
    private static Catalog catalog;

    @BeforeAll
    static void load() throws Exception {
        catalog = Engine.loadDefault().catalog();
    }

    private static List<Hit> search(String q) {
        return BlockSearch.search(catalog, q, 40);
    }

    @Test
    void lowPassFindsTheFirFiltersLowPassDesignFirst() {
        Hit first = search("low pass").getFirst();
        assertEquals("fir_filter", first.def().id());
        assertEquals("filter", first.param());
        assertEquals("low_pass", first.option());
        assertEquals("FIR Filter — Filter: Low Pass", first.title());
        Hit high = search("highpass").getFirst();
        assertEquals("fir_filter", high.def().id(), "one-word spelling from the tags");
    }

    @Test
    void audioFindsTheAudioBlocks() {
        List<String> ids = search("audio").stream().map(h -> h.def().id()).toList();
        assertTrue(ids.containsAll(List.of("audio_sink", "audio_source", "wav_source", "wav_sink")), ids.toString());
        assertEquals(List.of("audio_sink", "audio_source"), ids.subList(0, 2), "label and category beat a tag");
        assertFalse(ids.contains("multiply_const"));
    }

    @Test
    void typosAreForgiven() {
        assertEquals("multiply_const", search("multply cnst").getFirst().def().id());
        assertEquals("fir_filter", search("fir fliter").getFirst().def().id(), "swapped letters");
        assertEquals("throttle", search("throtle").getFirst().def().id());
        assertEquals("quadrature_demod", search("fm demod").getFirst().def().id(), "a concept of the tags");
        assertTrue(search("xqzv").isEmpty(), "nothing near it");
    }

    @Test
    void matchesIsWhatThePaletteFiltersBy() {
        assertTrue(BlockSearch.matches(catalog.find("fir_filter").orElseThrow(), "band stop"));
        assertTrue(BlockSearch.matches(catalog.find("fir_filter").orElseThrow(), ""));
        assertFalse(BlockSearch.matches(catalog.find("head").orElseThrow(), "low pass"));
    }

    @Test
    void wordMatchQuality() {
        assertEquals(1, BlockSearch.quality("fliter", "filter"), "a swap is one edit");
        assertEquals(0, BlockSearch.quality("mltpl", "multiply"), "two edits in a 5-letter word are too many");
        assertEquals(3, BlockSearch.quality("fir", "fir"));
        assertEquals(2, BlockSearch.quality("mult", "multiply"));
        assertEquals(0, BlockSearch.quality("fm", "fir"));
    }
}
