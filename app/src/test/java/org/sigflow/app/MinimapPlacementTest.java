package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.canvas.BlockNode;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The minimap never covers a block: a fit leaves its lower-right corner free (a fit used to put the sinks under it);
 * a block panned into that corner moves it to a corner where no block is; when every corner it may use shows a block
 * it fades out and lets clicks through.
 */
@ExtendWith(ApplicationExtension.class)
class MinimapPlacementTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    private void showFitted(FxRobot robot, double[][] positions) {
        var def = window.document().catalog().find("multiply_const").orElseThrow();
        Graph g = Graph.EMPTY;
        for (int i = 0; i < positions.length; i++) {
            g = GraphEdits.addBlock(def, "b" + i, positions[i][0], positions[i][1]).apply(g);
        }
        Graph built = g;
        DesignerFixture.fx(robot, () -> {
            window.document().load(built, null);
            window.canvas().fitToContent();
        });
    }

    private static Bounds onScene(Node n) {
        return n.localToScene(n.getBoundsInLocal());
    }

    /** Whether the minimap, as shown, covers any block. */
    private boolean minimapCoversABlock(FxRobot robot) {
        return onFx(() -> {
            if (!window.minimap().showing()) {
                return false;
            }
            Bounds map = onScene(window.minimap());
            return blocks().anyMatch(b -> onScene(b).intersects(map));
        });
    }

    private java.util.stream.Stream<BlockNode> blocks() {
        return window.document().graph().blocks().stream()
                .map(b -> window.canvas().node(b.id()).orElseThrow());
    }

    /** The value of {@code c} computed on the JavaFX thread. */
    private static <T> T onFx(java.util.concurrent.Callable<T> c) {
        return org.testfx.util.WaitForAsyncUtils.waitFor(org.testfx.util.WaitForAsyncUtils.asyncFx(c));
    }

    @Test
    void aFitLeavesTheMinimapsCornerFree(FxRobot robot) throws Exception {
        showFitted(robot, new double[][] {{0, 0}, {400, 0}, {800, 0}, {400, 300}, {800, 600}});
        assertShownInTheLowerRightCorner(robot);
        Screenshots.save(robot, window.getScene(), "designer-minimap-fit");
    }

    @Test
    void aBlockPannedIntoTheLowerRightCornerMovesTheMinimapToAFreeCorner(FxRobot robot) throws Exception {
        showFitted(robot, new double[][] {{0, 0}, {400, 0}, {800, 0}, {400, 300}, {800, 600}});
        DesignerFixture.fx(robot, () -> { // b4's lower-right corner 20 px inside the canvas's
            Bounds b4 = window.canvas().node("b4").orElseThrow().getBoundsInParent();
            double z = window.canvas().zoomFactor();
            window.canvas().centreOn(b4.getMaxX() + 20 / z - window.canvas().getWidth() / 2 / z,
                    b4.getMaxY() + 20 / z - window.canvas().getHeight() / 2 / z);
        });
        Bounds lastBlock = onFx(() -> onScene(window.canvas().node("b4").orElseThrow()));
        Bounds canvas = onFx(() -> onScene(window.canvas()));
        assertTrue(lastBlock.getMaxX() > canvas.getMaxX() - 200 && lastBlock.getMaxY() > canvas.getMaxY() - 130,
                "a block in the lower-right corner: " + lastBlock + " in " + canvas);
        assertTrue(onFx(() -> window.minimap().showing()), "the lower-left corner is free");
        assertFalse(minimapCoversABlock(robot));
        Bounds map = onFx(() -> onScene(window.minimap()));
        assertTrue(map.getMinX() < canvas.getMinX() + 20 && map.getMaxY() > canvas.getMaxY() - 20,
                "in the lower-left corner: " + map);
        Screenshots.save(robot, window.getScene(), "designer-minimap-free-corner");
    }

    @Test
    void withEveryCornerCoveredItFadesOutAndLetsClicksThrough(FxRobot robot) {
        // one block in each corner the minimap may use, at 100 % with the view centred on (0, 0)
        double w = onFx(() -> window.canvas().getWidth());
        double h = onFx(() -> window.canvas().getHeight());
        showFitted(robot, new double[][] {{w / 2 - 150, h / 2 - 90}, {-w / 2 + 20, h / 2 - 90},
            {-w / 2 + 20, -h / 2 + 20}});
        DesignerFixture.fx(robot, () -> {
            window.canvas().zoomBy(1 / window.canvas().zoomFactor());
            window.canvas().centreOn(0, 0);
        });
        assertFalse(onFx(() -> window.minimap().showing()));
        assertTrue(onFx(() -> window.minimap().getOpacity() == 0 && window.minimap().isMouseTransparent()));
        // Panning the blocks out of the view brings it back to the lower-right corner.
        DesignerFixture.fx(robot, () -> window.canvas().centreOn(0, -h));
        assertShownInTheLowerRightCorner(robot);
    }

    private void assertShownInTheLowerRightCorner(FxRobot robot) {
        assertTrue(onFx(() -> window.minimap().showing()));
        assertFalse(minimapCoversABlock(robot));
        Bounds map = onFx(() -> onScene(window.minimap()));
        Bounds canvas = onFx(() -> onScene(window.canvas()));
        assertTrue(map.getMaxX() > canvas.getMaxX() - 20 && map.getMaxY() > canvas.getMaxY() - 20,
                "in the lower-right corner: " + map);
    }
}
