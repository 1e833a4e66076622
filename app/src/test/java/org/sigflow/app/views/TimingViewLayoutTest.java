package org.sigflow.app.views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.runtime.BlockMetrics;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The timing view's columns never overlap: long block ids (a flattened hier block's {@code rx_0/costas_loop_0}) widen
 * the block column, and one too long for the widest column is cut in the middle and shown whole in a tooltip. Every
 * text drawn is measured with the view's font; on each row no two texts may share a pixel and none may leave the view.
 */
@ExtendWith(ApplicationExtension.class)
class TimingViewLayoutTest {
    private static final String HIER = "rx_0/costas_loop_0";
    private static final String VERY_LONG = "receiver_chain_0/timing_recovery_0/symbol_sync_interpolator_0";
    private TimingView view;
    private Pane root;

    @Start
    void start(Stage stage) {
        view = new TimingView(type -> type.endsWith("_cuda"));
        root = new Pane(view);
        view.setPrefSize(420, 160);
        stage.setScene(new Scene(root, 900, 200));
        stage.show();
    }

    private static BlockMetrics block(String id, String type, Map<String, Double> extra) {
        return new BlockMetrics(id, type, 1000, 1000, 1_000_000, 10, 0.42, 0.37, 12.5e6, List.of(0.93), extra);
    }

    private static final List<BlockMetrics> METRICS = List.of(
            block("src", "signal_source", Map.of()),
            block(HIER, "costas_loop", Map.of()),
            block("mul_0", "multiply_const_cuda", Map.of()), // no kernel time: CPU fallback
            block("h2d_0", "memory_cpu_to_gpu", Map.of("copy_ms", 0.25, "wire_snr_db", 96.3)),
            block(VERY_LONG, "symbol_sync", Map.of()));

    private void show(FxRobot robot, double width) {
        robot.interact(() -> {
            view.setPrefSize(width, 160); // the pane lays the view out at its preferred size
            root.layout();
            view.layout();
            view.reset();
            view.poll(new StubRun("none", null, METRICS));
        });
    }

    private void assertNoOverlap(double width) {
        List<TimingView.DrawnText> texts = view.drawnTexts();
        assertTrue(texts.size() > 20, "texts drawn: " + texts);
        for (TimingView.DrawnText a : texts) {
            assertTrue(a.x0() >= 0 && a.x1() <= width, a + " inside the view of width " + width);
            for (TimingView.DrawnText b : texts) {
                if (a != b && a.y() == b.y()) {
                    assertTrue(a.x1() <= b.x0() || b.x1() <= a.x0(), a + " overlaps " + b + " at width " + width);
                }
            }
        }
    }

    @Test
    void noTextsOverlapAtAnyWidthAndLongIdsAreElidedWithATooltip(FxRobot robot) throws Exception {
        for (double width : new double[] {420, 600, 900}) {
            show(robot, width);
            assertNoOverlap(width);
        }
        // wide enough: the hier id is shown whole
        assertTrue(view.drawnTexts().stream().anyMatch(t -> t.text().equals(HIER)), view.drawnTexts().toString());
        // narrow: the longest id is cut in the middle, keeping both ends, and the tooltip names it whole
        show(robot, 420);
        assertNoOverlap(420);
        TimingView.DrawnText cut = view.drawnTexts().stream().filter(t -> t.text().startsWith("rec"))
                .findFirst().orElseThrow();
        assertNotEquals(VERY_LONG, cut.text());
        assertTrue(cut.text().contains("\u2026") && cut.text().endsWith("_0"), cut.text());
        robot.interact(() -> view.hover(cut.y()));
        assertEquals(VERY_LONG, view.tooltipText());
        TimingView.DrawnText src = view.drawnTexts().stream().filter(t -> t.text().equals("src")).findFirst()
                .orElseThrow();
        robot.interact(() -> view.hover(src.y()));
        assertNull(view.tooltipText(), "a name shown whole needs no tooltip");
        show(robot, 640);
        org.sigflow.app.Screenshots.save(robot, view.getScene(), "designer-timing-columns");
        // the CUDA block without kernel time says so in the kernel column
        assertTrue(view.drawnTexts().stream().anyMatch(t -> t.text().equals("CPU fallback")
                || t.text().startsWith("CPU")), view.drawnTexts().toString());
    }
}
