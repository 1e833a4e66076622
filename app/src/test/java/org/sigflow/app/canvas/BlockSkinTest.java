package org.sigflow.app.canvas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogException;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.catalog.Domain;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.validate.GraphValidator;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Block skins: a CUDA block looks unlike a CPU block; rotation moves the port sides clockwise. */
@ExtendWith(ApplicationExtension.class)
class BlockSkinTest {
    /** A real CUDA block of the catalog: GPU-memory input and output. */
    private static final BlockDef GPU_GAIN = cudaBlock();

    private static BlockDef cudaBlock() {
        try {
            return CatalogLoader.loadDefault().find("multiply_const_cuda").orElseThrow();
        } catch (CatalogException e) {
            throw new AssertionError(e);
        }
    }

    @Start
    void start(Stage stage) {
        stage.show();
    }

    private static BlockNode skin(BlockInstance b, BlockDef def) {
        Catalog catalog = Catalog.of(List.of(def));
        BlockLayout layout = BlockLayout.of(b, def, GraphValidator.resolveBlock(b, catalog, Map.of()).orElseThrow());
        return new BlockNode(b, def, layout, false, List.of());
    }

    @Test
    void aCudaBlockHasAGreenTitleBarATagAndGreenRimmedPorts(FxRobot robot) {
        BlockNode[] n = new BlockNode[1];
        robot.interact(() -> n[0] = skin(BlockInstance.of("g", "multiply_const_cuda"), GPU_GAIN));
        Rectangle header = (Rectangle) n[0].getChildren().get(1);
        assertEquals(DtypeColors.CUDA, header.getFill());
        assertTrue(n[0].getChildren().stream().anyMatch(c -> c instanceof Text t && t.getText().equals("CUDA")));
        PortView in = n[0].blockLayout().port("in", true);
        assertEquals(Domain.CUDA, in.domain());
        Rectangle port = (Rectangle) n[0].lookup("#port-g-in-in");
        assertEquals(3, port.getStrokeWidth(), 0);
    }

    @Test
    void rotationTurnsThePortSidesClockwise(FxRobot robot) {
        BlockInstance b = new BlockInstance("g", "multiply_const_cuda", Map.of(), BlockState.ENABLED, 0, 0, 0, null);
        int[][] expected = {{-1, 0}, {0, -1}, {1, 0}, {0, 1}}; // input faces left, up, right, down
        for (int r = 0; r < 4; r++) {
            BlockLayout l = BlockLayout.of(b.withRotation(r * 90), GPU_GAIN, null);
            PortView in = l.port("in", true);
            PortView out = l.port("out", false);
            assertEquals(expected[r][0], in.dirX(), 0, "rotation " + r * 90);
            assertEquals(expected[r][1], in.dirY(), 0, "rotation " + r * 90);
            assertEquals(-in.dirX(), out.dirX(), 0);
            assertEquals(-in.dirY(), out.dirY(), 0);
        }
    }
}
