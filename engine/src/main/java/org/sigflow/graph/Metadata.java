package org.sigflow.graph;

import java.util.Objects;

/** Free-text information about a graph, shown in the designer's title bar and graph properties. */
public record Metadata(String title, String description, String author) {

    public static final Metadata EMPTY = new Metadata("", "", "");

    public Metadata {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(author, "author");
    }

    public Metadata withTitle(String title) {
        return new Metadata(title, description, author);
    }

    public Metadata withDescription(String description) {
        return new Metadata(title, description, author);
    }

    public Metadata withAuthor(String author) {
        return new Metadata(title, description, author);
    }
}
