package org.entangle.app;

import java.util.Map;
import java.util.function.Supplier;

/**
 * A panel's part of the workspace file: what the panel needs to come back as the user left it (an editor's text, a
 * result or what recomputes it, a display mode). A panel registers one with {@link WorkbenchModel#addPanelState};
 * the workspace saves each under its {@link #key()} in the file's {@code "panels"} object as text fields, and gives
 * each back the fields saved under its key when a workspace is restored. A file from a build without the panel, or
 * from before panels were saved, has no fields for it, and the panel keeps its state; fields a panel does not know
 * it ignores. Saving must not slow the UI: {@link #capture()} takes immutable values on the UI thread, and the
 * supplier it returns turns them into text on the saving job.
 */
public interface PanelState {

    /** The panel's key in the workspace file: its name, e.g. {@code "generalise"}; unique among the panels. */
    String key();

    /** On the UI thread: the panel's state as values; the supplier gives its fields as text, on the saving job. */
    Supplier<Map<String, String>> capture();

    /** On the UI thread, after the networks and the program are back: puts back the fields saved for this panel. */
    void restore(Map<String, String> fields);
}
