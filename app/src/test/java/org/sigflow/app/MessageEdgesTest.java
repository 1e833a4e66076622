package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.canvas.DtypeColors;
import org.sigflow.app.canvas.EdgeView;
import org.sigflow.app.model.ConnectionCheck;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Message ports and edges on the canvas: grey ports, dashed edges; a message port refuses a stream wire. */
@ExtendWith(ApplicationExtension.class)
class MessageEdgesTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void messageEdgesAreDashedAndStreamEdgesSolid(FxRobot robot) {
        DesignerFixture.fx(robot, () -> window.files().open(DesignerFixture.SAMPLES.resolve("noise-spectrum.graph")));
        DesignerFixture.fx(robot, () -> window.document().apply("Add messages", g -> g
                .withBlock(new BlockInstance("strobe", "message_strobe", Map.of(), BlockState.ENABLED, 100, 400, 0,
                        null))
                .withBlock(new BlockInstance("dbg", "message_debug", Map.of(), BlockState.ENABLED, 400, 400, 0, null))
                .withConnection(new Connection("strobe", "strobe", "dbg", "print"))));
        EdgeView message = robot.lookup("#edge-strobe-strobe-dbg-print").queryAs(EdgeView.class);
        EdgeView stream = robot.lookup("#edge-noise-out-gain-in").queryAs(EdgeView.class);
        assertEquals(List.of(9.0, 6.0), message.dashes(), "a message edge is dashed");
        assertTrue(message.getStyleClass().contains("message-edge"));
        assertEquals(List.of(), stream.dashes(), "a stream edge is solid");
        Rectangle port = robot.lookup("#port-dbg-in-print").queryAs(Rectangle.class);
        assertEquals(DtypeColors.MESSAGE, port.getFill());
        assertTrue(window.document().validation().errors().stream()
                .noneMatch(p -> p.where().contains("strobe")), "the message edge validates");
        String refusal = ConnectionCheck.refusal(window.document().graph(), window.document().catalog(),
                new Connection("strobe", "strobe", "gain", "in")).orElseThrow();
        assertTrue(refusal.startsWith("message output 'strobe:strobe' cannot feed stream input 'gain:in': message "
                + "ports connect only to message ports"), refusal);
    }
}
