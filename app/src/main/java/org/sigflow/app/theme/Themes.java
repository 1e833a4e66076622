package org.sigflow.app.theme;

import java.util.Locale;
import javafx.application.ColorScheme;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import org.sigflow.app.canvas.CanvasPalette;
import org.sigflow.app.settings.UserSettings;

/**
 * Light and dark themes. {@link Choice#SYSTEM} (the default) follows the desktop's colour scheme as JavaFX reports
 * it, also when it changes while the designer runs; View ▸ Theme picks one by hand and the choice is saved.
 * {@code SIGFLOW_THEME=light|dark|system} overrides the saved choice for one run.
 */
public final class Themes {
    /** The user's choice. */
    public enum Choice { SYSTEM, LIGHT, DARK }

    private static final String DARK_CSS = Themes.class.getResource("/org/sigflow/app/designer-dark.css")
            .toExternalForm();
    private final Scene scene;
    private final UserSettings settings;
    private final Runnable redrawCanvas;
    private final ObjectProperty<Choice> choice = new SimpleObjectProperty<>(Choice.SYSTEM);

    public Themes(Scene scene, UserSettings settings, Runnable redrawCanvas) {
        this.scene = scene;
        this.settings = settings;
        this.redrawCanvas = redrawCanvas;
        choice.set(parse(System.getenv("SIGFLOW_THEME"), parse(settings.get("theme", "system"), Choice.SYSTEM)));
        choice.addListener(o -> apply());
        // The dark sheet overrides the base sheet only when it comes after it, whenever that one is added.
        scene.getStylesheets().addListener((javafx.collections.ListChangeListener<String>) c -> {
            var sheets = scene.getStylesheets();
            if (sheets.contains(DARK_CSS) && !sheets.getLast().equals(DARK_CSS)) {
                Platform.runLater(() -> {
                    if (sheets.remove(DARK_CSS)) {
                        sheets.add(DARK_CSS);
                    }
                });
            }
        });
        Platform.getPreferences().colorSchemeProperty().addListener(o -> apply());
        apply();
    }

    private static Choice parse(String s, Choice fallback) {
        if (s == null) {
            return fallback;
        }
        try {
            return Choice.valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return fallback;
        }
    }

    public ObjectProperty<Choice> choiceProperty() {
        return choice;
    }

    /** Picks a theme by hand (or back to following the system) and saves the choice. */
    public void choose(Choice c) {
        choice.set(c);
        settings.put("theme", c.name().toLowerCase(Locale.ROOT));
    }

    /** Whether the dark theme is showing now. */
    public boolean isDark() {
        return switch (choice.get()) {
            case DARK -> true;
            case LIGHT -> false;
            case SYSTEM -> Platform.getPreferences().getColorScheme() == ColorScheme.DARK;
        };
    }

    private void apply() {
        boolean dark = isDark();
        if (dark && !scene.getStylesheets().contains(DARK_CSS)) {
            scene.getStylesheets().add(DARK_CSS);
        } else if (!dark) {
            scene.getStylesheets().remove(DARK_CSS);
        }
        CanvasPalette.use(dark ? CanvasPalette.DARK : CanvasPalette.LIGHT);
        redrawCanvas.run();
    }
}
