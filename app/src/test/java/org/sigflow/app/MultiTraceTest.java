package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.app.views.LiveView;
import org.sigflow.display.DisplayFrame;
import org.sigflow.graph.Connection;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A spectrum view drawing a second sink's trace over its own, chosen from the view's title-bar menu. */
@ExtendWith(ApplicationExtension.class)
class MultiTraceTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    private LiveView view(String id) {
        return window.views().views().stream().filter(v -> ("view-" + id).equals(v.getId())).findFirst()
                .orElseThrow();
    }

    private javafx.scene.Node titleBar(FxRobot robot) {
        return ((javafx.scene.Parent) robot.lookup("#view-spec").query().getParent()).getChildrenUnmodifiable()
                .getFirst();
    }

    @Test
    void aSecondSpectrumIsOverlaidAndShowsItsOwnTone(FxRobot robot) throws Exception {
        DesignerFixture.fx(robot, () -> {
            window.files().open(DesignerFixture.SAMPLES.resolve("throttled-live-views.graph"));
            var def = window.document().catalog().find("spectrum_sink").orElseThrow();
            window.document().apply("Add a second spectrum", g -> GraphEdits.addBlock(def, "spec_carrier", 700, 600)
                    .apply(g).withBlockEdited("spec_carrier", b -> b.withParam("samp_rate", "samp_rate")
                            .withParam("fft_size", "1024").withParam("update_rate", "30"))
                    .withConnection(new Connection("carrier", "out", "spec_carrier", "in")));
        });
        robot.rightClickOn(titleBar(robot)).clickOn("Overlay spec_carrier");
        assertEquals("'spec_carrier'", window.document().graph().views().getFirst().options().get("overlay"));
        assertEquals(List.of("spec_carrier"), view("spec").overlays());
        robot.clickOn("#run-button");
        DesignerFixture.await("frames of both sinks", () -> view("spec").framesDrawn() >= 2
                && view("spec").overlayFrame("spec_carrier") != null);
        DisplayFrame f = view("spec").overlayFrame("spec_carrier");
        float[] db = f.traces().getFirst();
        int peak = 0;
        for (int k = 1; k < db.length; k++) {
            peak = db[k] > db[peak] ? k : peak;
        }
        // The overlaid sink sees only the carrier: its peak is the carrier's frequency (variable carrier = -150 kHz).
        assertEquals(-150e3, f.xStart() + peak * f.xStep(), f.xStep(), "the overlaid trace's tone");
        Screenshots.save(robot, window.getScene(), "designer-multi-trace");
        robot.clickOn("#stop-button");
        DesignerFixture.await("the graph to stop", () -> window.runner().running() == null);
        robot.rightClickOn(titleBar(robot)).clickOn("Overlay spec_carrier"); // the views were rebuilt
        assertTrue(view("spec").overlays().isEmpty(), "the menu removes it again");
    }
}
