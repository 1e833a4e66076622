package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Slider;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.views.ControlView;
import org.sigflow.blocks.display.NumberSink;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.ViewLayout;
import org.sigflow.runtime.RunningGraph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Control views (GRC's Qt GUI widgets, docs/graph-format.md) change a running graph: a constant source whose level
 * is a variable feeds a number sink; moving the slider and ticking the check box set the variable in the graph and
 * the running sink shows the new level (level × gain, exactly: a float32 constant of a value on a 0.5 grid).
 */
@ExtendWith(ApplicationExtension.class)
class ControlViewsTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void aSliderAndACheckBoxChangeTheRunningGraph(FxRobot robot) {
        DesignerFixture.fx(robot, () -> window.document().apply("Build", g -> g
                .withVariable("level", "1").withVariable("gain", "1")
                .withBlock(BlockInstance.of("src", "signal_source").withParam("type", "f32")
                        .withParam("waveform", "constant").withParam("amplitude", "0")
                        .withParam("offset", "level * gain"))
                .withBlock(BlockInstance.of("thr", "throttle").withParam("type", "f32")
                        .withParam("samples_per_second", "20e3"))
                .withBlock(BlockInstance.of("num", "number_sink"))
                .withConnection(new Connection("src", "out", "thr", "in"))
                .withConnection(new Connection("thr", "out", "num", "in0"))
                .withViews(List.of(
                        new ViewLayout("control_level", "control", null, 10, 10, 360, 60, Map.of("variable", "level",
                                "widget", "slider", "label", "Level", "min", "0", "max", "10", "step", "0.5")),
                        new ViewLayout("control_gain", "control", null, 10, 80, 360, 60, Map.of("variable", "gain",
                                "widget", "check_box", "label", "Double", "on", "2", "off", "1"))))));
        ControlView level = (ControlView) window.views().views().getFirst();
        assertEquals("level", level.variable());
        Slider slider = robot.lookup("#control-level").queryAs(Slider.class);
        assertEquals(1, slider.getValue(), 0, "the slider starts at the variable's value");
        assertEquals(0, slider.getMin());
        assertEquals(10, slider.getMax());

        robot.clickOn("#run-button");
        assertNotNull(window.runner().running(), window.statusText());
        NumberSink.Readout num = (NumberSink.Readout) ((RunningGraph) window.runner().running()).block("num");
        DesignerFixture.await("the first level", () -> num.values()[0] == 1);

        robot.clickOn("#control-level").type(KeyCode.HOME).type(KeyCode.RIGHT).type(KeyCode.RIGHT);
        DesignerFixture.await("the slider's variable", () -> "1".equals(window.document().graph().variables()
                .get("level")) || window.statusText().startsWith("Applied variable level = 1"));
        DesignerFixture.await("the running graph to show level 1",
                () -> window.statusText().startsWith("Applied variable level = 1") && num.values()[0] == 1.0);
        assertEquals("1", window.document().graph().variables().get("level"), window.statusText());

        robot.type(KeyCode.RIGHT).type(KeyCode.RIGHT).type(KeyCode.RIGHT);
        DesignerFixture.await("level 2.5 to reach the running sink", () -> num.values()[0] == 2.5);
        assertEquals("2.5", window.document().graph().variables().get("level"));

        robot.clickOn("#control-gain");
        assertTrue(robot.lookup("#control-gain").queryAs(CheckBox.class).isSelected());
        DesignerFixture.await("the check box's gain to reach the running sink", () -> num.values()[0] == 5);
        assertEquals("2", window.document().graph().variables().get("gain"));

        robot.clickOn("#stop-button");
        DesignerFixture.await("the graph to stop", () -> window.runner().running() == null);
    }
}
