package org.sigflow.cli;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.sigflow.session.Engine;

/** {@code --hier-path DIR[:DIR…]}: folders searched for hier block files before the user's library. */
final class HierPathOption {
    private HierPathOption() {}

    static final String NAME = "--hier-path";

    static void apply(Engine engine, Args a) {
        String v = a.options.get(NAME);
        if (v != null) {
            List<Path> dirs = Arrays.stream(v.split(File.pathSeparator)).filter(s -> !s.isBlank())
                    .map(s -> Path.of(s.trim())).toList();
            engine.setHierLibrary(engine.hierLibrary().withFirst(dirs));
        }
    }
}
