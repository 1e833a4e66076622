package org.sigflow.format;

import java.util.ArrayList;
import java.util.List;

/** Collects errors and warnings while reading, each located through the parsed document. */
final class Problems {
    private final LocatedJson doc;
    final List<FormatProblem> errors = new ArrayList<>();
    final List<FormatProblem> warnings = new ArrayList<>();

    Problems(LocatedJson doc) {
        this.doc = doc;
        errors.addAll(doc.duplicateKeys());
    }

    void error(String path, String message) {
        errors.add(doc.problem(path, message));
    }

    void warning(String path, String message) {
        warnings.add(doc.problem(path, message));
    }
}
