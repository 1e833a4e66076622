package org.sigflow.app.views;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Graph;
import org.sigflow.graph.ViewLayout;

class ViewKindsTest {

    @Test
    void theFilesViewsComeFirstThenViewsForUncoveredSinksAndATimingView() {
        ViewLayout spec = new ViewLayout("spec", "spectrum", "s1", 5, 5, 300, 200, Map.of("y_min", "-80"));
        Graph g = Graph.EMPTY.withBlock(BlockInstance.of("s1", "spectrum_sink"))
                .withBlock(BlockInstance.of("w", "waterfall_sink"))
                .withBlock(BlockInstance.of("off", "time_sink").withState(BlockState.DISABLED))
                .withBlock(BlockInstance.of("n", "null_sink"))
                .withViews(List.of(spec));
        List<ViewLayout> views = ViewKinds.effective(g);
        assertEquals(List.of("spec", "view_w", "timing"), views.stream().map(ViewLayout::id).toList());
        assertEquals(215, views.get(1).y(), 0, "placed below the file's views");
        assertEquals(-80, ViewKinds.option(spec, "y_min", -120), 0);
        assertEquals(-120, ViewKinds.option(spec.withOptions(Map.of("y_min", "oops +")), "y_min", -120), 0);
    }

    @Test
    void axisStepsAreOneTwoFive() {
        assertEquals(20, Axes.niceStep(130, 6), 1e-12);
        assertEquals(50e3, Axes.niceStep(500e3, 9), 1e-6);
        assertEquals(0.5, Axes.niceStep(2.2, 5), 1e-12);
        assertEquals("-250 kHz", Axes.hz(-250e3));
        assertEquals("1.5 MHz", Axes.hz(1.5e6));
        assertEquals("150 µs", Axes.seconds(150e-6));
    }

    @Test
    void theSpectrumReadoutNamesFrequencyAndLevel() {
        org.sigflow.display.DisplayFrame f = new org.sigflow.display.DisplayFrame(1, -500e3, 1e3,
                List.of(new float[] {-90, -6.04f, -80}), 0);
        assertEquals("-499 kHz  -6.0 dB", SpectrumView.readout(f, 1));
        org.sigflow.display.DisplayFrame g = new org.sigflow.display.DisplayFrame(1, -250e3, 488.28125,
                List.of(new float[200]), 0);
        assertEquals("-180.2 kHz  0.0 dB", SpectrumView.readout(g, 143), "rounded to the bin spacing's digits");
    }
}
