package org.sigflow.app.panels;

/** Told when the user commits a new param value (the run controller forwards runtime params to a running graph). */
@FunctionalInterface
public interface ParamListener {
    void committed(String blockId, String paramId, String text);
}
