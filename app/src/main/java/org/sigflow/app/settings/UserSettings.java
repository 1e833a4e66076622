package org.sigflow.app.settings;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The designer's own settings (theme choice), a properties file in the config folder: {@code -Dsigflow.configDir},
 * else {@code $XDG_CONFIG_HOME/sigflow}, else {@code ~/.config/sigflow}. Unreadable or missing settings are defaults;
 * a failed write is reported, never fatal.
 */
public final class UserSettings {
    private final Path file;
    private final Properties props = new Properties();

    public UserSettings(Path dir) {
        this.file = dir.resolve("settings.properties");
        try (Reader r = Files.newBufferedReader(file)) {
            props.load(r);
        } catch (IOException | IllegalArgumentException e) {
            // no settings yet, or unreadable: defaults
        }
    }

    public static Path defaultDir() {
        String p = System.getProperty("sigflow.configDir");
        if (p != null && !p.isBlank()) {
            return Path.of(p);
        }
        String xdg = System.getenv("XDG_CONFIG_HOME");
        return (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config"))
                .resolve("sigflow");
    }

    public String get(String key, String fallback) {
        return props.getProperty(key, fallback);
    }

    /** Sets and saves; false when the file could not be written. */
    public boolean put(String key, String value) {
        props.setProperty(key, value);
        try {
            Files.createDirectories(file.getParent());
            try (Writer w = Files.newBufferedWriter(file)) {
                props.store(w, "SigFlow designer settings");
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
