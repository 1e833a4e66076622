package org.sigflow.catalog;

/**
 * A problem in a catalog file.
 *
 * @param file the file, as a path relative to the catalog folder (or {@code jar!/entry})
 * @param path JSON path in the file, e.g. {@code $.params[1].default}
 */
public record CatalogProblem(String file, String path, String message) {
    @Override
    public String toString() {
        return file + " " + path + ": " + message;
    }
}
