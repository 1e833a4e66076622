package org.sigflow.app.canvas;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import javafx.geometry.Bounds;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.CubicCurve;
import javafx.scene.shape.Rectangle;
import javafx.scene.transform.Scale;
import javafx.scene.transform.Translate;
import org.sigflow.app.model.ConnectionCheck;
import org.sigflow.app.model.DomainSwitch;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.app.model.NoOverlap;
import org.sigflow.catalog.BlockDef;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.validate.GraphValidator;

/**
 * The flowgraph canvas: a skin over {@link GraphDocument}. It redraws from the document after every change and turns
 * gestures into edits: drag blocks (snapped to the grid on release), drag from an output port to an input port to
 * connect (refused with the validator's reason), rubber-band selection, pan (right or middle drag), zoom (wheel).
 */
public final class GraphCanvas extends Region {
    public static final double GRID = 10;
    /** Drag-and-drop payload prefix of palette entries. */
    public static final String DRAG_PREFIX = "sigflow-block:";

    private final GraphDocument doc;
    private final Consumer<String> status;
    private final Canvas grid = new Canvas();
    private final Group world = new Group();
    /** Size, pan and zoom the grid was last drawn for, and in which palette. */
    private double[] gridDrawn = {};
    private CanvasPalette gridPalette;
    /** Layers over the blocks in graph coordinates, outside the canvas's layout (null until the first). */
    private Group layers;
    private final Group edgeLayer = new Group();
    private final Group nodeLayer = new Group();
    private final Group overlay = new Group();
    private final Rectangle band = new Rectangle();
    private final Translate pan = new Translate();
    private final Scale zoom = new Scale(1, 1, 0, 0);
    private final Map<String, BlockNode> nodes = new LinkedHashMap<>();
    private final List<EdgeView> edges = new ArrayList<>();

    private enum Gesture { NONE, MOVE, WIRE, BAND, PAN }

    private Gesture gesture = Gesture.NONE;
    private boolean fitPending;
    private double pressX;
    private double pressY;
    private final Map<String, double[]> moveOrigins = new HashMap<>();
    private boolean moved;
    private BlockNode wireNode;
    private PortView wirePort;
    private final CubicCurve wireCurve = new CubicCurve();
    private java.util.function.Supplier<javafx.scene.control.ContextMenu> blockMenu;
    private Predicate<Connection> confirmMemoryNode = c -> MemoryNodeOffer.ask(getScene().getWindow(), c);
    private javafx.scene.control.ContextMenu shownMenu;
    private final List<Runnable> viewListeners = new ArrayList<>();
    private final List<Runnable> rebuiltListeners = new ArrayList<>();
    private double reservedW;
    private double reservedH;
    private double pointerX = Double.NaN;
    private double pointerY = Double.NaN;

    public GraphCanvas(GraphDocument doc, Consumer<String> status) {
        this.doc = doc;
        this.status = status;
        setId("graph-canvas");
        setFocusTraversable(true);
        setMinSize(200, 200);
        world.getTransforms().setAll(pan, zoom);
        GestureCache.install(pan, zoom, nodeLayer); // blocks as bitmaps while the view moves
        world.getChildren().addAll(edgeLayer, nodeLayer, overlay);
        band.setFill(Color.web("#1e88e522"));
        band.setStroke(Color.web("#1e88e5"));
        band.setVisible(false);
        band.setManaged(false);
        wireCurve.setFill(null);
        wireCurve.setStroke(Color.web("#455a64"));
        wireCurve.setStrokeWidth(2);
        wireCurve.getStrokeDashArray().setAll(6.0, 4.0);
        wireCurve.setMouseTransparent(true);
        getChildren().addAll(grid, world, band);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(widthProperty());
        clip.heightProperty().bind(heightProperty());
        setClip(clip);

        doc.graphProperty().addListener(o -> rebuild());
        doc.selectedBlocks().addListener((javafx.collections.SetChangeListener<String>) c -> rebuild());
        doc.selectedConnections().addListener((javafx.collections.SetChangeListener<Connection>) c -> rebuild());
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        addEventHandler(MouseEvent.MOUSE_RELEASED, this::released);
        addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        addEventHandler(MouseEvent.MOUSE_MOVED, e -> {
            pointerX = e.getX();
            pointerY = e.getY();
        });
        setOnContextMenuRequested(e -> {
            BlockNode block = ancestor(e.getPickResult().getIntersectedNode(), BlockNode.class);
            if (block == null || blockMenu == null) {
                return;
            }
            if (!doc.selectedBlocks().contains(block.block().id())) {
                doc.select(List.of(block.block().id()));
            }
            if (shownMenu != null) {
                shownMenu.hide();
            }
            shownMenu = blockMenu.get();
            shownMenu.show(this, e.getScreenX(), e.getScreenY());
            e.consume();
        });
        setOnDragOver(e -> {
            if (e.getDragboard().hasString() && e.getDragboard().getString().startsWith(DRAG_PREFIX)) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        setOnDragDropped(e -> {
            String s = e.getDragboard().getString();
            boolean ok = s != null && s.startsWith(DRAG_PREFIX);
            if (ok) {
                double[] w = toWorld(e.getX(), e.getY());
                doc.catalog().find(s.substring(DRAG_PREFIX.length())).ifPresent(def -> addBlock(def, w[0], w[1]));
            }
            e.setDropCompleted(ok);
            e.consume();
        });
        rebuild();
    }

    // ---- drawing ----

    private void rebuild() {
        Graph g = doc.graph();
        Map<String, Value> variables = VariableResolver.resolve(g.variables(), Map.of()).values();
        nodes.clear();
        List<Node> blockNodes = new ArrayList<>();
        for (BlockInstance b : g.blocks()) {
            BlockDef def = doc.catalog().find(b.type()).orElse(null);
            BlockLayout layout = BlockLayout.of(b, def,
                    GraphValidator.resolveBlock(b, doc.catalog(), variables).orElse(null));
            String prefix = "block '" + b.id() + "'";
            List<String> errors = doc.validation().errors().stream().filter(p -> p.where().equals(prefix)
                    || p.where().startsWith(prefix + " ")).map(p -> "⚠ " + p.message()).toList();
            BlockNode n = new BlockNode(b, def, layout, doc.selectedBlocks().contains(b.id()), errors);
            nodes.put(b.id(), n);
            blockNodes.add(n);
        }
        nodeLayer.getChildren().setAll(blockNodes);
        edges.clear();
        for (Connection c : g.connections()) {
            BlockNode from = nodes.get(c.fromBlock());
            BlockNode to = nodes.get(c.toBlock());
            if (from == null || to == null) {
                continue; // names an unknown block: the problems panel says so
            }
            PortView out = from.blockLayout().port(c.fromPort(), false);
            PortView in = to.blockLayout().port(c.toPort(), true);
            if (out == null || in == null) {
                continue;
            }
            boolean inactive = from.block().state() == BlockState.DISABLED
                    || to.block().state() == BlockState.DISABLED;
            edges.add(new EdgeView(c, out.message() ? DtypeColors.MESSAGE : DtypeColors.of(out.dtype()),
                    doc.selectedConnections().contains(c), inactive, out.domain() == org.sigflow.catalog.Domain.CUDA,
                    out.message() && in.message()));
        }
        edgeLayer.getChildren().setAll(edges);
        routeEdges();
        viewListeners.forEach(Runnable::run);
        rebuiltListeners.forEach(Runnable::run);
    }

    private void routeEdges() {
        for (EdgeView e : edges) {
            Connection c = e.connection();
            BlockNode from = nodes.get(c.fromBlock());
            BlockNode to = nodes.get(c.toBlock());
            PortView out = from.blockLayout().port(c.fromPort(), false);
            PortView in = to.blockLayout().port(c.toPort(), true);
            double[] a = from.portPoint(out);
            double[] b = to.portPoint(in);
            e.route(a[0], a[1], out.dirX(), out.dirY(), b[0], b[1], in.dirX(), in.dirY());
        }
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth();
        double h = getHeight();
        if (grid.getWidth() != w || grid.getHeight() != h) {
            grid.setWidth(w);
            grid.setHeight(h);
        }
        drawGrid();
        if (fitPending && w > 0 && h > 0) {
            fitToContent();
        }
    }

    /**
     * Fits the graph now and again whenever the canvas is resized until the user zooms or pans: right after an open
     * the window may not have its final size yet, and a fit made then left the sinks off-screen.
     */
    public void fitWhenSized() {
        fitPending = true;
        fitToContent();
        requestLayout();
    }

    private void drawGrid() {
        GraphicsContext gc = grid.getGraphicsContext2D();
        double w = grid.getWidth();
        double h = grid.getHeight();
        // drawn again only when it changed: a redrawn grid repaints the whole canvas with every block and edge on it,
        // and layout passes (which fit and draw) come with any change of size inside the canvas
        double[] now = {w, h, pan.getX(), pan.getY(), zoom.getX()};
        if (java.util.Arrays.equals(now, gridDrawn) && gridPalette == CanvasPalette.current()) {
            return;
        }
        gridDrawn = now;
        gridPalette = CanvasPalette.current();
        gc.setFill(CanvasPalette.current().background());
        gc.fillRect(0, 0, w, h);
        double step = GRID * zoom.getX();
        while (step < 8) {
            step *= 5;
        }
        double major = step * 5;
        gc.setFill(CanvasPalette.current().gridDot());
        double x0 = mod(pan.getX(), step);
        double y0 = mod(pan.getY(), step);
        for (double x = x0; x < w; x += step) {
            for (double y = y0; y < h; y += step) {
                double s = isMajor(x - pan.getX(), major) && isMajor(y - pan.getY(), major) ? 2.2 : 1.1;
                gc.fillRect(x - s / 2, y - s / 2, s, s);
            }
        }
    }

    private static boolean isMajor(double v, double major) {
        double m = mod(v, major);
        return m < 0.5 || major - m < 0.5;
    }

    private static double mod(double a, double m) {
        double r = a % m;
        return r < 0 ? r + m : r;
    }

    // ---- coordinates, zoom, pan ----

    /** Canvas-local point to graph coordinates. */
    public double[] toWorld(double x, double y) {
        return new double[] {(x - pan.getX()) / zoom.getX(), (y - pan.getY()) / zoom.getY()};
    }

    public double zoomFactor() {
        return zoom.getX();
    }

    public void zoomBy(double factor, double aroundX, double aroundY) {
        fitPending = false;
        double s = Math.clamp(zoom.getX() * factor, 0.2, 4);
        double[] w = toWorld(aroundX, aroundY);
        zoom.setX(s);
        zoom.setY(s);
        pan.setX(aroundX - w[0] * s);
        pan.setY(aroundY - w[1] * s);
        drawGrid();
    }

    public void zoomBy(double factor) {
        zoomBy(factor, getWidth() / 2, getHeight() / 2);
    }

    /** A corner (bottom-right, width and height in pixels) that {@link #fitToContent} leaves free; 0, 0 for none. */
    public void reserveCorner(double width, double height) {
        reservedW = width;
        reservedH = height;
    }

    /** Shows the whole graph (at most at 100 %). */
    public void fitToContent() {
        Bounds b = nodeLayer.getBoundsInParent();
        if (nodes.isEmpty() || getWidth() <= 0) {
            zoom.setX(1);
            zoom.setY(1);
            pan.setX(20);
            pan.setY(20);
        } else {
            double w = getWidth() - 60;
            double h = getHeight() - 60;
            // Leave the reserved corner (the minimap's) free: the graph ends left of it or above it, whichever
            // leaves it larger.
            double s = Math.clamp(Math.max(Math.min((w - reservedW) / b.getWidth(), h / b.getHeight()),
                    Math.min(w / b.getWidth(), (h - reservedH) / b.getHeight())), 0.3, 1);
            zoom.setX(s);
            zoom.setY(s);
            pan.setX(30 - b.getMinX() * s);
            pan.setY(30 - b.getMinY() * s);
        }
        drawGrid();
    }

    private void scrolled(ScrollEvent e) {
        if (e.getDeltaY() != 0) {
            zoomBy(Math.pow(1.1, e.getDeltaY() / 40), e.getX(), e.getY());
        }
        e.consume();
    }

    // ---- editing helpers used by menus and the palette ----

    /** Adds a block with its catalog defaults at a graph point (snapped) and selects it. */
    public String addBlock(BlockDef def, double x, double y) {
        String id = GraphEdits.newId(doc.graph(), def.id());
        doc.apply("Add " + def.label(), GraphEdits.addBlock(def, id, snap(x), snap(y)));
        doc.select(List.of(id));
        return id;
    }

    /**
     * {@code change} followed by moving the blocks it added (ids new to the graph) clear of all others, as one edit.
     */
    public UnaryOperator<Graph> placingNewBlocks(UnaryOperator<Graph> change) {
        return g -> {
            Graph after = change.apply(g);
            Set<String> added = new HashSet<>();
            after.blocks().forEach(b -> added.add(b.id()));
            g.blocks().forEach(b -> added.remove(b.id()));
            return NoOverlap.separate(after, added, footprints(after));
        };
    }

    /** Moves every block of {@code g} clear of the others (for a graph whose positions came from elsewhere). */
    public Graph separateAll(Graph g) {
        Set<String> all = new HashSet<>();
        g.blocks().forEach(b -> all.add(b.id()));
        return NoOverlap.separate(g, all, footprints(g));
    }

    /** A block's bounds as drawn (body, ports, id and comment lines), relative to its position. */
    public java.util.function.Function<BlockInstance, double[]> footprints(Graph g) {
        Map<String, Value> variables = VariableResolver.resolve(g.variables(), Map.of()).values();
        return b -> {
            BlockDef def = doc.catalog().find(b.type()).orElse(null);
            BlockLayout layout = BlockLayout.of(b, def,
                    GraphValidator.resolveBlock(b, doc.catalog(), variables).orElse(null));
            Bounds r = new BlockNode(b.withPosition(0, 0), def, layout, false, List.of()).getBoundsInParent();
            return new double[] {r.getMinX(), r.getMinY(), r.getMaxX(), r.getMaxY()};
        };
    }

    /** Adds a block near the middle of the visible area, moved right/down until it overlaps no other block. */
    public String addBlockInView(BlockDef def) {
        double[] c = toWorld(getWidth() / 2 - 80, getHeight() / 3);
        double x = snap(c[0]);
        double y = snap(c[1]);
        for (int i = 0; i < 60 && overlapsBlock(x, y); i++) {
            x += 40;
            if (i % 6 == 5) {
                x -= 240;
                y += 90;
            }
        }
        return addBlock(def, x, y);
    }

    private boolean overlapsBlock(double x, double y) {
        return nodes.values().stream().anyMatch(n -> n.getBoundsInParent().intersects(x - 30, y - 30, 200, 130));
    }

    static double snap(double v) {
        return Math.round(v / GRID) * GRID;
    }

    /** Redraws grid and blocks (after a theme change). */
    public void redraw() {
        rebuild();
        drawGrid();
    }

    /** Where the mouse was last seen over the canvas (canvas-local), or the middle of the view. */
    public double[] pointer() {
        return Double.isNaN(pointerX) ? new double[] {getWidth() / 2, getHeight() / 3}
                : new double[] {pointerX, pointerY};
    }

    /** Shows a node above the graph at canvas-local coordinates (it is laid out by whoever adds it). */
    public void addFloating(Node n) {
        n.setManaged(false);
        if (!getChildren().contains(n)) {
            getChildren().add(n);
        }
    }

    /**
     * Adds a layer drawn in graph coordinates above the blocks (it pans and zooms with them). The layers sit in a group
     * of their own that the canvas does not lay out: a run badge's new text, 4 times a second, changed the bounds of
     * the blocks' group, which laid out the canvas and so refitted it and redrew its grid (the whole canvas repainted).
     */
    public void addWorldLayer(Node layer) {
        if (layers == null) {
            layers = new Group();
            layers.setManaged(false);
            Translate t = new Translate();
            t.xProperty().bind(pan.xProperty());
            t.yProperty().bind(pan.yProperty());
            Scale s = new Scale();
            s.xProperty().bind(zoom.xProperty());
            s.yProperty().bind(zoom.yProperty());
            layers.getTransforms().setAll(t, s);
            getChildren().add(getChildren().indexOf(world) + 1, layers);
        }
        layers.getChildren().add(layer);
    }

    public void removeFloating(Node n) {
        getChildren().remove(n);
    }

    /** A block's drawn bounds in graph coordinates, for the minimap. */
    public record BlockBox(String id, Bounds bounds, boolean cuda, boolean selected) {}

    public List<BlockBox> blockBoxes() {
        return nodes.values().stream().map(n -> new BlockBox(n.block().id(), n.getBoundsInParent(),
                doc.catalog().find(n.block().type()).map(d -> d.domain() == org.sigflow.catalog.Domain.CUDA)
                        .orElse(false),
                doc.selectedBlocks().contains(n.block().id()))).toList();
    }

    /** The part of the graph the canvas shows, in graph coordinates. */
    public Bounds visibleWorld() {
        double[] a = toWorld(0, 0);
        double[] b = toWorld(getWidth(), getHeight());
        return new javafx.geometry.BoundingBox(a[0], a[1], b[0] - a[0], b[1] - a[1]);
    }

    /** Pans so that a graph point is in the middle of the view (zoom unchanged). */
    public void centreOn(double worldX, double worldY) {
        fitPending = false;
        pan.setX(getWidth() / 2 - worldX * zoom.getX());
        pan.setY(getHeight() / 2 - worldY * zoom.getY());
        drawGrid();
    }

    /** Runs after every pan, zoom, resize or graph change (the minimap redraws then). */
    public void onViewChange(Runnable r) {
        javafx.beans.InvalidationListener l = o -> r.run();
        pan.xProperty().addListener(l);
        pan.yProperty().addListener(l);
        zoom.xProperty().addListener(l);
        widthProperty().addListener(l);
        heightProperty().addListener(l);
        viewListeners.add(r);
    }

    /** Runs after the blocks were drawn anew from the document (a graph, selection or theme change). */
    public void onRebuilt(Runnable r) {
        rebuiltListeners.add(r);
    }

    public Optional<BlockNode> node(String id) {
        return Optional.ofNullable(nodes.get(id));
    }

    /** Asks whether a hand-drawn CPU↔CUDA wire gets the memory node it needs (replaceable for tests). */
    public void setConfirmMemoryNode(Predicate<Connection> confirm) {
        confirmMemoryNode = confirm;
    }

    /** The menu shown when a block is right-clicked. */
    public void setBlockMenu(java.util.function.Supplier<javafx.scene.control.ContextMenu> menu) {
        blockMenu = menu;
    }

    // ---- gestures ----

    private void pressed(MouseEvent e) {
        requestFocus();
        pointerX = e.getX();
        pointerY = e.getY();
        pressX = e.getX();
        pressY = e.getY();
        moved = false;
        Node target = e.getPickResult().getIntersectedNode();
        if (e.getButton() == MouseButton.SECONDARY || e.getButton() == MouseButton.MIDDLE) {
            gesture = Gesture.PAN;
            fitPending = false;
            return;
        }
        PortView port = target == null ? null : (PortView) target.getProperties().get(PortView.class);
        BlockNode block = ancestor(target, BlockNode.class);
        EdgeView edge = ancestor(target, EdgeView.class);
        if (port != null && block != null) {
            gesture = Gesture.WIRE;
            wireNode = block;
            wirePort = port;
            overlay.getChildren().setAll(wireCurve);
            updateWire(e);
        } else if (block != null) {
            String id = block.block().id();
            if (e.isShiftDown() || e.isShortcutDown()) {
                if (!doc.selectedBlocks().remove(id)) {
                    doc.selectedBlocks().add(id);
                }
            } else if (!doc.selectedBlocks().contains(id)) {
                doc.select(List.of(id));
            }
            gesture = Gesture.MOVE;
            moveOrigins.clear();
            for (String s : doc.selectedBlocks()) {
                doc.graph().block(s).ifPresent(b -> moveOrigins.put(s, new double[] {b.x(), b.y()}));
            }
        } else if (edge != null) {
            doc.selectedBlocks().clear();
            doc.selectedConnections().clear();
            doc.selectedConnections().add(edge.connection());
            gesture = Gesture.NONE;
        } else {
            if (!e.isShiftDown()) {
                doc.selectedBlocks().clear();
                doc.selectedConnections().clear();
            }
            gesture = Gesture.BAND;
            band.setX(pressX);
            band.setY(pressY);
            band.setWidth(0);
            band.setHeight(0);
            band.setVisible(true);
        }
        e.consume();
    }

    private void dragged(MouseEvent e) {
        double dx = e.getX() - pressX;
        double dy = e.getY() - pressY;
        switch (gesture) {
            case PAN -> {
                pan.setX(pan.getX() + dx);
                pan.setY(pan.getY() + dy);
                pressX = e.getX();
                pressY = e.getY();
                drawGrid();
            }
            case MOVE -> {
                moved |= Math.abs(dx) > 2 || Math.abs(dy) > 2;
                moveOrigins.forEach((id, o) -> {
                    BlockNode n = nodes.get(id);
                    n.setLayoutX(o[0] + dx / zoom.getX());
                    n.setLayoutY(o[1] + dy / zoom.getY());
                });
                routeEdges();
            }
            case WIRE -> updateWire(e);
            case BAND -> {
                band.setX(Math.min(pressX, e.getX()));
                band.setY(Math.min(pressY, e.getY()));
                band.setWidth(Math.abs(dx));
                band.setHeight(Math.abs(dy));
            }
            case NONE -> { }
        }
        e.consume();
    }

    private void released(MouseEvent e) {
        switch (gesture) {
            case MOVE -> {
                if (moved) {
                    Map<String, double[]> to = new LinkedHashMap<>();
                    moveOrigins.keySet().forEach(id -> {
                        BlockNode n = nodes.get(id);
                        to.put(id, new double[] {snap(n.getLayoutX()), snap(n.getLayoutY())});
                    });
                    doc.apply(to.size() == 1 ? "Move " + to.keySet().iterator().next() : "Move " + to.size()
                            + " blocks", GraphEdits.moveTo(to));
                    rebuild(); // snaps the nodes even when the graph did not change
                }
            }
            case WIRE -> finishWire(e);
            case BAND -> {
                band.setVisible(false);
                double[] a = toWorld(band.getX(), band.getY());
                double[] b = toWorld(band.getX() + band.getWidth(), band.getY() + band.getHeight());
                List<String> hit = new ArrayList<>(doc.selectedBlocks());
                nodes.forEach((id, n) -> {
                    Bounds nb = n.getBoundsInParent();
                    if (nb.intersects(a[0], a[1], b[0] - a[0], b[1] - a[1]) && !hit.contains(id)) {
                        hit.add(id);
                    }
                });
                if (band.getWidth() > 2 || band.getHeight() > 2) {
                    doc.select(hit);
                }
            }
            default -> { }
        }
        gesture = Gesture.NONE;
        e.consume();
    }

    private void updateWire(MouseEvent e) {
        double[] a = wireNode.portPoint(wirePort);
        double[] m = toWorld(e.getX(), e.getY());
        wireCurve.setStartX(a[0]);
        wireCurve.setStartY(a[1]);
        wireCurve.setControlX1(a[0] + wirePort.dirX() * 50);
        wireCurve.setControlY1(a[1] + wirePort.dirY() * 50);
        wireCurve.setControlX2(m[0]);
        wireCurve.setControlY2(m[1]);
        wireCurve.setEndX(m[0]);
        wireCurve.setEndY(m[1]);
    }

    private void finishWire(MouseEvent e) {
        overlay.getChildren().clear();
        double[] m = toWorld(e.getX(), e.getY());
        BlockNode bestNode = null;
        PortView best = null;
        double bestD = 14 / zoom.getX();
        for (BlockNode n : nodes.values()) {
            for (PortView p : n.blockLayout().ports) {
                double[] q = n.portPoint(p);
                // Measure to the middle of the port tab, not its outer end.
                double d = Math.hypot(q[0] - p.dirX() * 6 - m[0], q[1] - p.dirY() * 6 - m[1]);
                if (p.input() != wirePort.input() && d < bestD) {
                    bestD = d;
                    best = p;
                    bestNode = n;
                }
            }
        }
        if (best == null) {
            if (Math.hypot(e.getX() - pressX, e.getY() - pressY) > 4) {
                status.accept("Drop the connection on an " + (wirePort.input() ? "output" : "input") + " port");
            }
            return;
        }
        Connection c = wirePort.input()
                ? new Connection(bestNode.block().id(), best.name(), wireNode.block().id(), wirePort.name())
                : new Connection(wireNode.block().id(), wirePort.name(), bestNode.block().id(), best.name());
        connect(c);
    }

    /** Adds a connection unless the engine's rules refuse it; the refusal goes to the status line. */
    public boolean connect(Connection c) {
        Optional<String> refusal = ConnectionCheck.refusal(doc.graph(), doc.catalog(), c);
        if (refusal.isPresent() && DomainSwitch.crossesDomains(doc.graph(), doc.catalog(), c)) {
            if (!confirmMemoryNode.test(c)) {
                status.accept("Not connected: " + c + " joins CPU and CUDA memory without a memory node");
                return false;
            }
            doc.apply("Connect " + c + " through a memory node",
                    placingNewBlocks(DomainSwitch.connectThroughMemoryNode(c, doc.catalog())));
            status.accept("Connected " + c + " through a memory node");
            return true;
        }
        if (refusal.isPresent()) {
            status.accept("Cannot connect " + c + ": " + refusal.get());
            return false;
        }
        doc.apply("Connect " + c, GraphEdits.connect(c));
        status.accept("Connected " + c);
        return true;
    }

    private static <T> T ancestor(Node n, Class<T> type) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (type.isInstance(p)) {
                return type.cast(p);
            }
        }
        return null;
    }
}
