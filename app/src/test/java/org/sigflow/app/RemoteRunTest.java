package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.views.LiveView;
import org.sigflow.cli.Main;
import org.sigflow.remote.RemoteRun;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Run ▸ Run on Remote Engine… against a real {@code sigflow serve} process: the live-views sample runs there, every
 * view draws the frames it streams back, a runtime edit applies there, Stop stops it; a wrong token is refused with
 * the server's reason on the status line.
 */
@ExtendWith(ApplicationExtension.class)
class RemoteRunTest {
    private static final String TOKEN = "designer-test-token";
    private MainWindow window;
    private Process serve;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @AfterEach
    void stopServe() throws InterruptedException {
        if (serve != null) {
            serve.destroy();
            serve.waitFor(20, TimeUnit.SECONDS);
        }
    }

    /** Starts {@code sigflow serve} on a free loopback port; its host:port. */
    private String startServe() throws Exception {
        Path work = Files.createTempDirectory("sigflow-serve-work");
        serve = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve", "--listen", "127.0.0.1:0",
                "--token", TOKEN, "--work", work.toString()).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) { // a dead server ends the stream: no endless wait
            if (line.contains("listening on http://")) {
                Thread.ofPlatform().daemon(true).start(() -> out.lines().forEach(l -> { })); // keep the pipe drained
                return line.replaceAll(".*http://(\\S+).*", "$1");
            }
        }
        throw new AssertionError("sigflow serve ended without listening (exit " + serve.waitFor() + ")");
    }

    private void runRemotely(FxRobot robot, String address, String token) {
        MenuBar bar = robot.lookup("#menu-bar").queryAs(MenuBar.class);
        MenuItem item = bar.getMenus().stream().flatMap(m -> m.getItems().stream())
                .filter(i -> "menu-run-remote".equals(i.getId())).findFirst().orElseThrow();
        Platform.runLater(item::fire); // the dialog waits on the FX thread: not inside interact()
        DesignerFixture.await("the remote dialog", () -> robot.lookup("#remote-address").tryQuery().isPresent());
        DesignerFixture.fx(robot, () -> {
            robot.lookup("#remote-address").queryAs(TextField.class).setText(address);
            robot.lookup("#remote-token").queryAs(TextField.class).setText(token);
        });
        robot.clickOn("#remote-run");
    }

    private static void awaitLong(String what, java.util.concurrent.Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, condition);
    }

    @Test
    void theSampleRunsOnTheRemoteEngineWithLiveViews(FxRobot robot) throws Exception {
        String address = startServe();
        DesignerFixture.fx(robot, () -> window.files().open(DesignerFixture.SAMPLES.resolve(
                "throttled-live-views.graph")));
        runRemotely(robot, address, TOKEN);
        awaitLong("the remote run to start",
                () -> window.statusText().equals("Running on the remote engine at " + address));
        assertInstanceOf(RemoteRun.class, window.runner().running(), window.statusText());
        Map<String, LiveView> views = window.views().views().stream()
                .collect(Collectors.toMap(v -> v.getId().substring("view-".length()), Function.identity()));
        awaitLong("every view to draw remote frames",
                () -> views.values().stream().allMatch(v -> v.framesDrawn() >= 3));
        assertTrue(window.runner().running().metrics().stream().anyMatch(m -> m.id().equals("carrier")));

        DesignerFixture.fx(robot, () -> window.document().select(List.of("carrier")));
        robot.doubleClickOn("#param-frequency").eraseText(8).write("100e3").type(javafx.scene.input.KeyCode.ENTER);
        awaitLong("the change to apply remotely",
                () -> window.statusText().startsWith("Applied carrier.frequency"));

        robot.clickOn("#stop-button");
        awaitLong("the remote run to stop", () -> window.runner().running() == null
                && !window.statusText().equals("Stopping…"));
        assertTrue(window.statusText().startsWith("Stopped after"), window.statusText());
    }

    @Test
    void aWrongTokenIsRefusedOnTheStatusLine(FxRobot robot) throws Exception {
        String address = startServe();
        DesignerFixture.fx(robot, () -> window.files().open(DesignerFixture.SAMPLES.resolve(
                "throttled-live-views.graph")));
        runRemotely(robot, address, "not-the-token");
        awaitLong("the refusal", () -> window.statusText().startsWith("Cannot run remotely"));
        assertTrue(window.statusText().contains("refused the token (HTTP 401)"), window.statusText());
        assertEquals(null, window.runner().running());
    }
}
