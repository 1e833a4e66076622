package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.Group;
import javafx.scene.input.KeyCode;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Several GPUs in the designer: every CUDA block and memory node wears a "GPU n" badge in its device's colour (none on
 * CPU blocks), Ctrl+Alt+digit puts the selection's GPU blocks on that device in one undoable edit (CPU blocks keep
 * their params), Ctrl+Alt+G hands them back to the graph's GPU, and a graph variable gpu_device moves those.
 */
@ExtendWith(ApplicationExtension.class)
class GpuDeviceDesignerTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    private Graph graph() {
        return window.document().graph();
    }

    private String badge(FxRobot robot, String block) {
        Group g = robot.lookup("#device-badge-" + block).queryAs(Group.class);
        return ((Text) g.getChildren().get(1)).getText();
    }

    private Object badgeColour(FxRobot robot, String block) {
        return ((Rectangle) robot.lookup("#device-badge-" + block).queryAs(Group.class).getChildren().get(0)).getFill();
    }

    @Test
    void theSelectionsGpuBlocksMoveToAnotherDeviceAndShowIt(FxRobot robot) throws Exception {
        DesignerFixture.fx(robot, () -> window.document().apply("Add", g -> g
                .withBlock(BlockInstance.of("src", "null_source").withPosition(60, 100))
                .withBlock(BlockInstance.of("h2d", "memory_h2d").withPosition(280, 100))
                .withBlock(BlockInstance.of("gain", "multiply_const_cuda").withPosition(520, 100))
                .withBlock(BlockInstance.of("d2h", "memory_d2h").withPosition(760, 100))
                .withBlock(BlockInstance.of("snk", "null_sink").withPosition(1000, 100))
                .withConnection(new Connection("src", "out", "h2d", "in"))
                .withConnection(new Connection("h2d", "out", "gain", "in"))
                .withConnection(new Connection("gain", "out", "d2h", "in"))
                .withConnection(new Connection("d2h", "out", "snk", "in"))));
        assertEquals("GPU 0", badge(robot, "gain"));
        assertEquals("GPU 0", badge(robot, "h2d"));
        assertTrue(robot.lookup("#device-badge-src").tryQuery().isEmpty(), "CPU blocks wear no badge");
        Object gpu0 = badgeColour(robot, "gain");
        Graph before = graph();

        DesignerFixture.fx(robot, () -> window.document().select(List.of("src", "gain", "d2h")));
        robot.clickOn("#block-gain", javafx.scene.input.MouseButton.PRIMARY); // focus the canvas, keep a selection
        DesignerFixture.fx(robot, () -> window.document().select(List.of("src", "gain", "d2h")));
        robot.press(KeyCode.CONTROL, KeyCode.ALT).type(KeyCode.DIGIT1).release(KeyCode.ALT, KeyCode.CONTROL);
        assertEquals("1", graph().block("gain").orElseThrow().params().get("device"));
        assertEquals("1", graph().block("d2h").orElseThrow().params().get("device"));
        assertNull(graph().block("src").orElseThrow().params().get("device"), "a CPU block gets no device");
        assertNull(graph().block("h2d").orElseThrow().params().get("device"), "unselected blocks stay");
        assertEquals("GPU 1", badge(robot, "gain"));
        assertEquals("GPU 0", badge(robot, "h2d"));
        assertNotEquals(gpu0, badgeColour(robot, "gain"), "each device has its colour");
        assertEquals(badgeColour(robot, "gain"), badgeColour(robot, "d2h"));
        assertTrue(window.statusText().startsWith("Put gain, d2h on GPU 1"), window.statusText());
        assertTrue(window.document().validation().errors().isEmpty(), () -> window.document().validation().errors()
                .toString()); // without two GPUs here the index is not checked: blocks run wherever CUDA is
        Screenshots.save(robot, window.getScene(), "designer-gpu-devices");

        robot.press(KeyCode.CONTROL, KeyCode.ALT).type(KeyCode.G).release(KeyCode.ALT, KeyCode.CONTROL);
        assertFalse(graph().block("gain").orElseThrow().params().containsKey("device"), "back to the graph's GPU");
        assertEquals("GPU 0", badge(robot, "gain"));
        DesignerFixture.fx(robot, () -> window.document().apply("gpu_device", g -> g.withVariable("gpu_device", "2")));
        assertEquals("GPU 2", badge(robot, "gain"), "the graph's GPU is the variable gpu_device");
        assertEquals("GPU 2", badge(robot, "h2d"));

        robot.clickOn("#undo-button").clickOn("#undo-button").clickOn("#undo-button");
        assertEquals(before, graph(), "each move is one edit");
    }
}
